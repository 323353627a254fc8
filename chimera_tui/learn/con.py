"""The guided first game of Chimera Con: you against the greedy bot, one round (first to 1 point)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.games.con.work import totals
from chimera_tui.learn import Lesson, Step, Suggestion


def _ask(view: Any) -> str:
    return str(view.asks[-1].kind) if view.asks and view.asks[-1].seat == 0 else ""


def _step(phase: str, step: str = "") -> Any:
    def when(view: Any, legal: Sequence[str]) -> bool:
        return view.phase == phase and not _ask(view) and (not step or view.step == step)

    return when


def _asked(kind: str) -> Any:
    def when(view: Any, legal: Sequence[str]) -> bool:
        return _ask(view) == kind

    return when


def _total(action: str, view: Any) -> int:
    """The four stats of the chimera ``build H B R`` lays, added up."""
    head, body, rear = ("" if code == "-" else code for code in action.split()[1:4])
    return sum(totals((head, body, rear), 0, view.petrified))


def _default(view: Any, legal: Sequence[str], done: frozenset[int]) -> Suggestion | None:
    """The choice the list highlights where its first would be a poor default: the strongest chimera to lay
    (the first listed may be the weakest), keeping the chimera (the first listed swaps a part in) and ending
    the Discard step (the first listed throws a card away). It says why while its step is new."""
    if _ask(view):
        return None
    step = STEP_OF.get(view.step if view.phase == "turn" else view.phase)
    said = step is not None and step not in done
    if view.phase == "build":
        lays = [a for a in legal if a.startswith("build ")]
        if len(lays) > 1:
            why = "the highlighted one: its four stats add up to the most."
            return Suggestion(max(lays, key=lambda a: _total(a, view)), why if said else "")
    elif view.phase == "turn" and view.step == "sub" and "keep" in legal:
        why = "keeping it as it is (highlighted), unless a card in your hand is better."
        return Suggestion("keep", why if said else "")
    elif view.phase == "turn" and view.step == "discard" and "end" in legal:
        why = "ending the step (highlighted) keeps the rest of your hand."
        return Suggestion("end", why if said else "")
    return None


CHOICES = "#generic-actions"
"""The list of choices, where every decision of Chimera Con is taken."""

STEPS = (
    Step(
        "Lay your chimera",
        "Lay a chimera from your hand: a head, a body and a rear; its Health, Might, Speed and Magic are its "
        "cards' sums (an Unsupported part adds none). The line under the list previews the highlighted one; "
        "Enter lays it.",
        "building",
        _step("build"),
        CHOICES,
    ),
    Step(
        "A cheat window",
        "At the start of every turn and after every attack's dice, whoever holds a cheat they could play "
        "is asked. The first choice plays none; p plays none for the rest of the turn. Illegal cheats can "
        "fail on a roll of 1.",
        "cheat-windows",
        _asked("cheat"),
        CHOICES,
    ),
    Step(
        "Draw",
        "Your turn has four steps: draw, substitute, act, discard. Draw up to 2 cards, one at a time, from "
        "the creature deck or the cheat deck (a third creature card if both were creatures), or stop.",
        "draw",
        _step("turn", "draw"),
        CHOICES,
    ),
    Step(
        "Substitute a part?",
        "You may swap one part for a card of the same slot from your hand (the old part goes to the Market "
        "Pile), or keep it. A part of another family costs this turn's action; damage taken stays, so less "
        "Health can put you out.",
        "substitute",
        _step("turn", "sub"),
        CHOICES,
    ),
    Step(
        "Act: attack or use a part",
        "Take one action, or none: the plain attack (your Might against their Speed), a part's printed "
        "action, mutate (a swap of any family) or fly. A chimera whose damage reaches its Health is out; the "
        "last one standing scores.",
        "actions",
        _step("turn", "act"),
        CHOICES,
    ),
    Step(
        "Discard down",
        "Your turn ends with the discard: at most 5 creature and 5 cheat cards may stay in your hand, the "
        "rest go to the Market Pile. You may throw more away, to the Discard Pile; end when you are done.",
        "discard",
        _step("turn", "discard"),
        CHOICES,
    ),
    Step(
        "The Market",
        "After the Merchant's second turn, everyone still in takes one card from the Market Pile or none, in "
        "order of Magic.",
        "market-phase",
        _asked("market"),
        CHOICES,
    ),
    Step(
        "Get Greedy?",
        "Then each may Get Greedy: swap the whole hand (but the card just taken) for the Market Pile. "
        "Content keeps your hand.",
        "getting-greedy",
        _asked("greedy"),
        CHOICES,
    ),
)

STEP_OF = {
    key: next(i for i, s in enumerate(STEPS) if s.title == title)
    for key, title in (
        ("build", "Lay your chimera"),
        ("sub", "Substitute a part?"),
        ("discard", "Discard down"),
    )
}
"""The step (by index) that teaches the turn step or phase a default is for."""

LESSON = Lesson(
    game_id="con",
    title="Learn to play Chimera Con",
    seed=8,
    options={"points": "1"},
    opponent="greedy",
    steps=STEPS,
    suggest=_default,
    out=lambda state: not state.alive[0],
    out_words="is eliminated",
    welcome=(
        "Build a chimera of three cards, then fight: the last chimera standing wins the round. This lesson "
        "plays one round, first to 1 point; every choice is in the list on the right, Enter plays it."
    ),
    farewell=(
        "That was a round of Chimera Con: a real game goes on to 3 points. r shows the results; Esc goes back "
        "to the menu."
    ),
)
