"""The guided first game of Imaginarium (with the Chimera expansion): you against the greedy bot; the guide
goes with you through the first three rounds, then the game goes on without it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.learn import Lesson, Step

ROUNDS = 3
"""The rounds the lesson lasts."""


def _phase(phase: str, current: str = "") -> Any:
    def when(view: Any, legal: Sequence[str]) -> bool:
        asked = bool(view.asks) and view.asks[-1].seat == 0
        return view.phase == phase and view.current == current and not asked

    return when


def _offers(verb: str) -> Any:
    def when(view: Any, legal: Sequence[str]) -> bool:
        return view.phase == "b3" and not view.current and any(a.split(" ", 1)[0] == verb for a in legal)

    return when


def _asked(*kinds: str) -> Any:
    def when(view: Any, legal: Sequence[str]) -> bool:
        return bool(view.asks) and view.asks[-1].seat == 0 and view.asks[-1].kind in kinds

    return when


STEPS = (
    Step(
        "Reserve a machine",
        "Each round starts with planning: your figure reserves a machine on the belt, or goes to an extractor "
        "for charcoalium (C). Front places cost more but act first. Enter on a lit place shows the price.",
        "planning",
        _phase("plan"),
        "#belt",
    ),
    Step(
        "Your machines work",
        "Your turn starts with your machines: working ones produce by themselves, and you may use the "
        "optional ones. With nothing to use yet, n ends this step. Your workshop is in the Workshops area.",
        "using-machines",
        _phase("b1"),
        "#workshops",
    ),
    Step(
        "Turn the dial",
        "Then you pick up what you reserved, and turn your dial: it shows two neighbouring actions of six, "
        "and it must move to a new position each turn. Those two actions are what you may do this turn.",
        "dial",
        _phase("dial"),
        "#workshops",
    ),
    Step(
        "Your two actions",
        "Do the dial's two actions in either order, or skip them: repair a broken machine into a slot, "
        "trade, dismantle, reorganize, extract charcoalium or recruit an assistant. n ends your turn.",
        "turn",
        _phase("b3"),
        "#workshops",
    ),
    Step(
        "Daydream",
        "You gave up an action to daydream: lay fragments of different colours at the end of your dream, one "
        "by one; each moves your token on the dream track, further after one of its colour. Then stop.",
        "daydream",
        _phase("b3", "daydream"),
        "#track",
    ),
    Step(
        "Repair a machine",
        "A machine you pick up arrives broken. Repairing pays the resources printed on it and puts it in a "
        "workshop slot, where it works from your next turn on.",
        "repair",
        _offers("repair"),
        "#workshops",
    ),
    Step(
        "A choice for your assistant or machine",
        "Something you own asks a question (which fragment to take, what to keep): the choice opens by "
        "itself.",
        "assistants",
        _asked("sleep", "keep", "hand", "xkeep", "bonus", "pick", "tangle"),
    ),
)

LESSON = Lesson(
    game_id="imaginarium",
    title="Learn to play Imaginarium",
    seed=7,
    options={},
    opponent="greedy",
    steps=STEPS,
    welcome=(
        "Build a workshop of machines that turn charcoalium, wood, copper and crystal into points: reserve "
        "machines on the belt, repair them, and dream. The guide explains each part of a round as it comes, "
        f"for the first {ROUNDS} rounds."
    ),
    farewell=(
        f"That was {ROUNDS} rounds with the guide: every round goes the same way. The game goes on as a normal "
        "game (it is saved); Esc goes back to the menu."
    ),
    ends=lambda view: view.round > ROUNDS,
)
