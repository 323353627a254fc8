"""The guided first game of Codename: Chimera: you against the greedy bot, from the torso to the last fight."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.learn import Lesson, Step


def _phase(*phases: str) -> Any:
    def when(view: Any, legal: Sequence[str]) -> bool:
        return view.phase.value in phases

    return when


STEPS = (
    Step(
        "Choose torso halves",
        "Your monster grows from a torso of two halves, each with a Defense and edges for parts. Players take "
        "halves in turn, twice. Enter on a half takes it; the card beside the board describes it.",
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
        "In private, stitch parts onto your torso for free: a part fits an open edge of its shape (neck, limb, "
        "tail, joint). Enter on a part in your hand shows where it goes; n when you are done.",
        "building",
        _phase("build"),
        "#zone-hand",
    ),
    Step(
        "Your turn in the arena",
        "You refill to 5 energy and use your parts: attack an outer part or the torso of the other monster. "
        "Enter on one of your parts shows its attacks and their chances; n ends the turn. Destroy the torso!",
        "arena",
        _phase("turn"),
        "#zone-monster-0",
    ),
    Step(
        "Join the attack, then roll",
        "More of your unused parts may join this attack on the same target, each paying its energy; n rolls.",
        "attacking",
        _phase("join"),
    ),
    Step(
        "You are attacked: react?",
        "Before the dice roll, you may use reaction abilities (a Dodge, a Shell) or attach from your "
        "inventory; n lets the dice roll.",
        "abilities",
        _phase("react"),
    ),
    Step(
        "Attach on their turn?",
        "Between attacks on another player's turn you may attach a part from your inventory for 2 energy, or "
        "wait (n) until your next turn.",
        "attaching",
        _phase("window"),
        "#zone-hand",
    ),
)

LESSON = Lesson(
    game_id="codename",
    title="Learn to play Codename: Chimera",
    seed=7,
    options={"youngest": "1", "shortest": "1"},
    opponent="greedy",
    steps=STEPS,
    welcome=(
        "Two mad scientists stitch monsters together, then send them into the arena: pick a torso, win parts "
        "in the draft, build, and fight until one monster stands. The guide explains each phase as it comes."
    ),
    farewell=(
        "That was a whole game of Codename: Chimera. r shows the results; Esc goes back to the menu, where New "
        "game starts a real one."
    ),
)
