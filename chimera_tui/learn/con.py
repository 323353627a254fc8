"""The guided first game of Chimera Con: you against the greedy bot, one round (first to 1 point)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.learn import Lesson, Step


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


CHOICES = "#generic-actions"
"""The list of choices, where every decision of Chimera Con is taken."""

STEPS = (
    Step(
        "Lay your chimera",
        "Lay a chimera of three cards from your hand: a head, a body and a rear; its Health, Might, Speed and "
        "Magic are the cards' sums. Each choice names three cards; the line under it previews them.",
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
        "You may swap one part of your chimera for a card of the same slot from your hand (the old part goes "
        "to the Market Pile), or keep it as it is. A part of another family costs you this turn's action.",
        "substitute",
        _step("turn", "sub"),
        CHOICES,
    ),
    Step(
        "Act: attack or use a part",
        "Take one action: the plain attack (your Might against their Speed), an action printed on a part, "
        "mutate, or fly. A chimera at 0 Health is out; the last one standing scores the round.",
        "actions",
        _step("turn", "act"),
        CHOICES,
    ),
    Step(
        "Discard down",
        "Your turn ends with the discard: at most 5 creature and 5 cheat cards may stay in your hand, the "
        "rest go to the Market Pile. You may throw away more; end when you are done.",
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
        "Then each may Get Greedy: swap the whole hand for the Market Pile. Content keeps your hand.",
        "getting-greedy",
        _asked("greedy"),
        CHOICES,
    ),
)

LESSON = Lesson(
    game_id="con",
    title="Learn to play Chimera Con",
    seed=3,
    options={"points": "1"},
    opponent="greedy",
    steps=STEPS,
    welcome=(
        "Build a chimera of three cards, then fight: the last chimera standing wins the round. This lesson "
        "plays one round, first to 1 point; every choice is in the list on the right, Enter plays it."
    ),
    farewell=(
        "That was a round of Chimera Con: a real game goes on to 3 points. r shows the results; Esc goes back "
        "to the menu."
    ),
)
