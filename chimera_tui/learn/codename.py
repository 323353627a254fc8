"""The guided first game of Codename: Chimera: you against the greedy bot, from the torso to the last fight."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.learn import Lesson, Step, Suggestion


def _phase(*phases: str) -> Any:
    def when(view: Any, legal: Sequence[str]) -> bool:
        return view.phase.value in phases

    return when


STEPS = (
    Step(
        "Choose torso halves",
        "Your monster grows from a torso of two halves, joined into one card with a Defense and edges for "
        "parts. Each player takes a half in turn, then a second in reverse order. Enter on a half takes it.",
        "torso-choice",
        _phase("torso"),
        "#zone-torsos",
    ),
    Step(
        "Deal: take a card for 1 energy?",
        "In the draft everyone starts with 15 energy. The dealer turns three parts face up and may take one "
        "for 1 energy; the others go to auction. Enter on a card takes it; n takes none.",
        "drafting",
        _phase("deal"),
        "#zone-row",
    ),
    Step(
        "Bid in the auction",
        "The winner of the auction picks one of the cards left. Bids go round the table; each must beat the "
        "last, and passing now does not stop you raising later. b bids one more, n passes, c lists every bid.",
        "auction",
        _phase("auction"),
        "#zone-row",
    ),
    Step(
        "Pick your card",
        "You won the auction: take one of the face-up cards (the rest are discarded). Enter on the one you want.",
        "auction",
        _phase("pick"),
        "#zone-row",
    ),
    Step(
        "Build your monster",
        "In private, stitch parts on for free: a part's base fits an open edge of its shape (neck, limb, tail, "
        "joint) on your torso or a part on it. Parts left in hand are your inventory, attached later for 2 "
        "energy. n when done.",
        "building",
        _phase("build"),
        "#zone-hand",
    ),
    Step(
        "Your turn in the arena",
        "You refill to 5 energy; each part acts once a round, paying its energy. Attack an outer card of the "
        "other monster (its torso only while one of its edges is open); destroy the torso to win. c "
        "lists attacks; n ends the turn.",
        "arena",
        _phase("turn"),
        "#zone-monster-0",
    ),
    Step(
        "Join the attack, then roll",
        "More of your unused parts that can reach the target may join this attack, each paying its energy; "
        "their dice add up against the target's Defense. n rolls.",
        "attacking",
        _phase("join"),
    ),
    Step(
        "You are attacked: react?",
        "Before the dice roll, you may use reaction abilities (a Dodge, a Shell), each paying its energy, or "
        "attach from your inventory for 2 energy; n lets the dice roll.",
        "abilities",
        _phase("react"),
    ),
    Step(
        "Attach on their turn?",
        "On the other's turn, at its start and after each attack, you may attach parts from your inventory "
        "for 2 energy each, or wait (n): then you are not asked again this turn.",
        "attaching",
        _phase("window"),
        "#zone-hand",
    ),
)

REACT, WINDOW = (next(i for i, s in enumerate(STEPS) if s.topic == t) for t in ("abilities", "attaching"))

KEEP = 4
"""The energy at or below which the guide suggests ending the attack or the turn, while what is done on the
other's turn is still to learn (the dearest part costs 3, so at least 2 are left for attaching)."""


def _keep_energy(view: Any, legal: Sequence[str], done: frozenset[int]) -> Suggestion | None:
    """While reacting and attaching on the other's turn are still to learn: stop spending at `KEEP` energy."""
    if REACT in done and WINDOW in done:
        return None
    phase, energy = view.phase.value, view.players[0].energy
    if energy > KEEP or phase not in ("turn", "join"):
        return None
    stop = "end" if phase == "turn" else "go"
    if stop not in legal:
        return None
    if phase == "turn":
        why = f"ending your turn now (n), keeping {energy} energy: on the other's turn it pays for reactions "
        return Suggestion(stop, why + "and for attaching from your inventory (2 energy).", "n")
    return Suggestion(stop, "rolling now (n): keep your energy for the other's turn.", "n")


LESSON = Lesson(
    game_id="codename",
    title="Learn to play Codename: Chimera",
    seed=31,
    options={"youngest": "1", "shortest": "1"},
    opponent="greedy",
    steps=STEPS,
    suggest=_keep_energy,
    welcome=(
        "Two mad scientists stitch monsters together, then send them into the arena: pick a torso, win parts "
        "in the draft, build, and fight until one monster stands. The guide explains each phase as it comes."
    ),
    farewell=(
        "That was a whole game of Codename: Chimera. r shows the results; Esc goes back to the menu, where New "
        "game starts a real one."
    ),
)
