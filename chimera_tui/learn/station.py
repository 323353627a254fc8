"""The guided first game of Chimera Station: two players, you against the greedy bot, five rounds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.learn import Lesson, Step


def _task(view: Any) -> str:
    """The kind of the choice waiting (the last task), or "" for a plain placement."""
    return str(view.tasks[-1].kind) if view.tasks else ""


def _is(*kinds: str) -> Any:
    def when(view: Any, legal: Sequence[str]) -> bool:
        return _task(view) in kinds and any(a.startswith("choose") for a in legal)

    return when


def _placing(phase: str) -> Any:
    def when(view: Any, legal: Sequence[str]) -> bool:
        return view.phase.value == phase and any(a.startswith("place") for a in legal)

    return when


STEPS = (
    Step(
        "Pick a starting card",
        "Each player keeps one of the starting cards on offer, for the coins, food and other things printed "
        "on it. The choice opens by itself (c opens it again); arrows and Enter pick one.",
        "starting-cards",
        _is("draft"),
    ),
    Step(
        "Place a worker",
        "On your turn one worker goes to a module and does what it says: coins, food, building, a perk. Lit "
        "hexes are the places you can use; arrows move the cursor, Enter shows what you would get.",
        "placement-phase",
        _placing("placement"),
        "#board",
    ),
    Step(
        "Choose a module to build",
        "Building takes a tile from the Reactor and pays its price in coins; it scores its points, more in "
        "later rounds. The Reactor row shows each tile's cost and value.",
        "building",
        _is("build_tile"),
        "#reactor",
    ),
    Step(
        "Choose where it goes",
        "A new module must touch Command Hub A or B or a module already built. Lit hexes are the spaces you "
        "may use; building next to matching modules earns bonuses.",
        "build-bonuses",
        _is("build_hex"),
        "#board",
    ),
    Step(
        "The Worker Lounge",
        "A worker in the Lounge takes 1 coin or 1 food, your choice. It is always open, so it is the safe "
        "place when nothing else pays.",
        "worker-lounge",
        _is("lounge"),
    ),
    Step(
        "Flush the Reactor?",
        "Giving up your starting card lets you clear tiles out of the Reactor before it refills, to bring "
        "new ones in. Pass if you like what is there.",
        "reactor",
        _is("flush_offer", "flush"),
        "#reactor",
    ),
    Step(
        "Take a perk",
        "Perks are lasting advantages or points at the end. The display lists the ones on offer.",
        "perks",
        _is("perk"),
        "#perks",
    ),
    Step(
        "The Splicing Lab phase",
        "After placement, the workers in the Splicing Lab go out again, one at a time, onto any space but the "
        "Lab. Their new components count: a claw pushes a worker out, a brain scores, a leaf saves food.",
        "splicing-lab-phase",
        _placing("lab"),
        "#lab",
    ),
    Step(
        "Change a worker's components",
        "A worker entering the Splicing Lab changes its components at once: take some off into your pool "
        "and put some on, one at a time, then you are done. It must end up different, with two at most.",
        "splicing-lab",
        _is("splice", "attach", "detach", "graft"),
    ),
    Step(
        "Feeding",
        "At the end of a round every worker eats 1 food (leaf workers eat nothing). When you are short, each "
        "missing food costs a component attached to one of your workers: the choice is which.",
        "feeding-phase",
        _is("feed_lose"),
    ),
)

LESSON = Lesson(
    game_id="station",
    title="Learn to play Chimera Station",
    seed=7,
    options={},
    opponent="greedy",
    steps=STEPS,
    welcome=(
        "Five rounds of sending workers around the station: gather, build modules from the Reactor, take "
        "perks, and score the most points. The guide explains each kind of decision the first time it comes."
    ),
    farewell=(
        "That was a whole game of Chimera Station. r shows the results; Esc goes back to the menu, where "
        "New game starts a real one."
    ),
)
