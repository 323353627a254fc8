"""The guided first game of Chimera Station: two players, you against the greedy bot, five rounds.

The rules take a choice with one possible answer by themselves (the one module you can pay for, the one space
it fits, the one way a Lab worker can change, the one component you can lose to feeding): those steps are
explained as they are made (`Step.made`), from the learner's view before and after the action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.games.station.feeding import LOST, STARVED
from chimera_tui.games.station.told import WHY_WORDS
from chimera_tui.learn import Lesson, Step, Suggestion


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


def _mine(view: Any, *endings: str) -> bool:
    """Whether the learner's log lines of the last action have one that ends in one of `endings`."""
    me = f"{view.names[0]}: "
    return any(line.startswith(me) and line.endswith(endings) for line in view.events)


def _card_given(before: Any, after: Any) -> bool:
    return not before.players[0].card and bool(after.players[0].card)


def _tile_chosen(before: Any, after: Any) -> bool:
    """The learner's build has its tile: built, or the space is asked next."""
    asked = bool(after.tasks) and after.tasks[-1].kind == "build_hex" and after.tasks[-1].seat == 0
    return asked or _built(before, after)


def _built(before: Any, after: Any) -> bool:
    return bool(after.players[0].builds > before.players[0].builds)


def _spliced(before: Any, after: Any) -> bool:
    return _mine(after, " — " + WHY_WORDS["splice"])


def _fed(before: Any, after: Any) -> bool:
    """A Feeding phase began (and may be over already)."""
    if before.phase.value in ("feeding", "over") or before.round < 1:
        return False
    return after.phase.value in ("feeding", "over") or after.round > before.round


def _short(before: Any, after: Any) -> bool:
    return _mine(after, LOST, STARVED)


def _suggest(view: Any, legal: Sequence[str], done: frozenset[int]) -> Suggestion | None:
    """The Constructor while building is still to learn, then the Splicing Lab while splicing is."""
    if view.phase.value not in ("placement", "lab") or view.tasks:
        return None
    wanted = (
        (BUILD, " constructor", "the Constructor, whose worker builds a module (c lists every choice)."),
        (SPLICE, " lab", "the Splicing Lab, where a worker changes its components (c lists every choice)."),
    )
    for step, space, why in wanted:
        if step not in done:
            action = next((a for a in legal if a.startswith("place") and a.endswith(space)), None)
            if action is not None:
                return Suggestion(action, why)
    return None


STEPS = (
    Step(
        "Pick a starting card",
        "Keep one starting card: its coins, food and components come once every card is chosen, and a "
        "research symbol moves you up one research tier. Keep the card too: once a game it flushes the "
        "Reactor.",
        "starting-cards",
        _is("draft"),
        made=_card_given,
        made_says="You chose last, so the one starting card left is yours: its coins, food and components "
        "came to you. Keep it: once a game it flushes the Reactor.",
    ),
    Step(
        "Take a perk",
        "A perk stays yours all game: a lasting power, or a module only your workers may use, and points at "
        "the end. Arrows show each one's card; Enter takes it.",
        "perks",
        _is("perk"),
        "#perks",
    ),
    Step(
        "Place a worker",
        "Each turn a worker from your pool goes to a module (its effect happens at once), the Splicing Lab or "
        "the Worker Lounge. A module takes one worker, if you can do what it says. Enter on a lit place "
        "previews it.",
        "placement-phase",
        _placing("placement"),
        "#board",
    ),
    Step(
        "Choose a module to build",
        "Building pays a Reactor module's cost in coins and scores its value (twice in rounds 3 and 4, three "
        "times in round 5). The Reactor row shows each module's cost and value.",
        "building",
        _is("build_tile"),
        "#reactor",
        made=_tile_chosen,
        made_says="Building pays a Reactor module's cost in coins and scores its value (more from round 3). "
        "It was the only module in the Reactor you could pay for, so it was chosen for you.",
    ),
    Step(
        "Choose where it goes",
        "A new module goes on an empty space next to Command Hub A or B or next to a module tile already "
        "built. Each space has a bonus printed on it that you gain by building there; lit hexes are the "
        "spaces you may use.",
        "building",
        _is("build_hex"),
        "#board",
        made=_built,
        made_says="A new module goes on an empty space next to Command Hub A or B or a module tile already "
        "built, and you gain the bonus printed on that space. There was one space it could go, so it went "
        "there.",
    ),
    Step(
        "The Worker Lounge",
        "A worker entering the Lounge gains you 1 coin or 1 food, your choice. The Lounge takes any number "
        "of workers, so there is always somewhere to place.",
        "worker-lounge",
        _is("lounge"),
    ),
    Step(
        "Flush the Reactor?",
        "Once a game, on your turn, you may give up your starting card to flush the Reactor: remove any of "
        "its modules and refill it from the pile, with no Reactor rewards. Pass to keep the card for later.",
        "reactor",
        _is("flush_offer", "flush"),
        "#reactor",
    ),
    Step(
        "Change a worker's components",
        "A worker placed in the Splicing Lab changes its components at once: take some off into your pool, "
        "put some from your pool on, one at a time, then done. It must end up different, with at most two.",
        "splicing-lab",
        _is("splice"),
        made=_spliced,
        made_says="A worker placed in the Splicing Lab must change its components at once, keeping at most "
        "two. Yours had only one way to change, so the game made that change.",
    ),
    Step(
        "The Splicing Lab phase",
        "After placement, the Lab's workers are placed again, slot A first, anywhere but the Lab, with their "
        "new components: a claw worker may push out an opponent's worker that has at most one component.",
        "splicing-lab-phase",
        _placing("lab"),
        "#lab",
    ),
    Step(
        "Feeding",
        "At the end of every round all workers come home, and each eats 1 food; a worker with a leaf eats "
        "none. Watch your food: the next round's placements are the time to gather it.",
        "feeding-phase",
        lambda view, legal: False,
        made=_fed,
        made_says="The round ended: all workers came home, and each one without a leaf ate 1 food. Watch "
        "your food: placements are the time to gather it.",
    ),
    Step(
        "Short of food",
        "You lack food: for each food missing, a component attached to one of your workers goes back to the "
        "supply; choose which. With none attached, each missing food costs 2 points.",
        "feeding-phase",
        _is("feed_lose"),
        made=_short,
        made_says="You lacked food: each food missing costs a component attached to one of your workers, or "
        "2 points when none is attached. There was nothing to choose, so the game took it; the log says what.",
    ),
)

BUILD = next(i for i, s in enumerate(STEPS) if s.title == "Choose a module to build")
SPLICE = next(i for i, s in enumerate(STEPS) if s.title == "Change a worker's components")

LESSON = Lesson(
    game_id="station",
    title="Learn to play Chimera Station",
    seed=7,
    options={},
    opponent="greedy",
    steps=STEPS,
    welcome=(
        "Five rounds of sending workers around the station: gather coins and food, build modules from the "
        "Reactor, take perks, and score the most points. The guide explains each kind of decision the first "
        "time it comes."
    ),
    farewell=(
        "That was a whole game of Chimera Station. r shows the results; Esc goes back to the menu, where "
        "New game starts a real one."
    ),
    suggest=_suggest,
)
