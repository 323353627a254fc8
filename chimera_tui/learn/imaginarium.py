"""The guided first game of Imaginarium (with the Chimera expansion): you against the greedy bot; the guide
goes with you through the first four rounds, then the game goes on without it.

A turn whose machine step offers nothing to use goes by by itself; the guide then says so (`Step.made`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.games.imaginarium.work import tables
from chimera_tui.learn import Lesson, Step, Suggestion

ROUNDS = 4
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


def _turn_began(before: Any, after: Any) -> bool:
    """The learner's turn began with nothing to use in the machine step, so it went by by itself."""
    mine = after.phase == "dial" and after.order[after.cursor] == 0
    return mine and before.phase not in ("b1", "dial")


KINDS = ("c", "w", "cu", "cr")
"""The stock's kinds in order, as the notation names them (``buy cu``)."""


KIND_NAMES = {"w": "1 wood (W)", "cu": "1 copper (Cu)", "cr": "1 crystal (Cr)"}

DIALS = {
    ("repair", "transactions"): "Repair and Transactions: buy what a repair lacks, then repair",
    ("transactions",): "Transactions, to buy what a repair lacks (Repair can come next turn)",
    ("repair", "recruit"): "Repair and Recruit: you can pay for both",
    ("repair",): "Repair: you can pay for a repair",
    ("recruit",): "Recruit: you can pay for an assistant",
}
"""What the guide says of each dial position it may suggest, by the actions wanted of it."""


def _suggest(view: Any, legal: Sequence[str], done: frozenset[int]) -> Suggestion | None:
    """While repairing or recruiting is still to learn: a dial that offers it when the learner can pay for
    it (buying what a repair lacks first), then what it takes."""
    if view.asks or (REPAIR in done and RECRUIT in done):
        return None
    lacks = _repair_lacks(view) if REPAIR not in done else None
    if view.phase == "dial":
        return _dial(legal, lacks, RECRUIT not in done and _can_recruit(view))
    if view.phase != "b3" or view.current not in ("", "transactions"):
        return None
    if lacks:
        buy = f"buy {KINDS[lacks[0]]}"
        if buy in legal:
            return Suggestion(
                buy, f"buying {KIND_NAMES[buy[4:]]}, which a repair lacks (c lists every choice)."
            )
    elif lacks == () and view.current == "transactions" and "done" in legal and 0 in view.acts:
        return Suggestion("done", "finishing the trades (n): you can pay for a repair now.", "n")
    for verb, step in (("repair", REPAIR), ("recruit", RECRUIT)):
        action = next((a for a in legal if a.startswith(verb + " ")), None) if step not in done else None
        if action is not None:
            if verb == "repair":
                return Suggestion(action, "repairing a machine (c lists every choice).")
            return Suggestion(
                action, "recruiting an assistant (c lists them; the office says what each does)."
            )
    return None


def _dial(legal: Sequence[str], lacks: tuple[int, ...] | None, recruit: bool) -> Suggestion | None:
    """The dial position that offers what is still to learn: Repair (with Transactions when the repair lacks
    something, or Transactions alone to buy it now), with Recruit when it can; else Recruit."""
    if lacks:
        wishes: tuple[tuple[str, ...], ...] = (("repair", "transactions"), ("transactions",))
    elif lacks is not None:
        wishes = (("repair", "recruit"), ("repair",)) if recruit else (("repair",),)
    elif recruit:
        wishes = (("recruit",),)
    else:
        return None
    for wanted in wishes:
        dial = next((a for a in legal if a.startswith("dial ") and all(w in a for w in wanted)), None)
        if dial is not None:
            return Suggestion(dial, f"a dial position with {DIALS[wanted]} (c lists them).")
    return None


def _repair_lacks(view: Any) -> tuple[int, ...] | None:
    """What the learner lacks (kinds, by index, one per missing unit) for the repair it can most cheaply
    complete by buying, when it has an empty slot and the charcoalium to buy the rest; None when none can."""
    seat = view.seats[0]
    stock = view.teams[seat.team].stock
    if all(seat.slots):
        return None
    t = tables()
    best: tuple[int, tuple[int, ...]] | None = None
    for code in view.teams[seat.team].broken:
        missing = tuple(k for k in (1, 2, 3) for _ in range(max(t.repair[code][k] - stock[k], 0)))
        price = sum(t.rates[k][0] for k in missing)
        if price <= stock[0] and (best is None or price < best[0]):
            best = (price, missing)
    return None if best is None else best[1]


def _can_recruit(view: Any) -> bool:
    """The learner has room for an assistant and the charcoalium for one in the meeting room."""
    seat = view.seats[0]
    money = view.teams[seat.team].stock[0]
    costs = tables().assist_cost
    return len(seat.assistants) < 3 and any(costs[a] <= money for a in view.meeting)


STEPS = (
    Step(
        "Reserve a machine",
        "Each round starts with planning: your figure reserves a belt machine, paid for when you pick it up, "
        "or goes to an extractor for charcoalium (C). Front places cost more and act first. Enter on a place "
        "shows its price.",
        "planning",
        _phase("plan"),
        "#belt",
    ),
    Step(
        "Your machines work",
        "Your turn starts with your machines: the working ones produce by themselves, and you may use the "
        "optional ones. With nothing to use yet, n ends this step. Your workshop is in the Workshops area.",
        "using-machines",
        _phase("b1"),
        "#workshops",
        made=_turn_began,
        made_says="Your turn began with your machines: the working ones produced by themselves. You had no "
        "optional machine to use, so that step went by on its own.",
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
        "Do the dial's two actions in either order, or skip them, or give one up to daydream: repair, trade, "
        "dismantle, reorganize, extract charcoalium or recruit an assistant. c lists them; n ends your turn.",
        "turn",
        _phase("b3"),
        "#workshops",
    ),
    Step(
        "Daydream",
        "You gave up an action to daydream: lay fragments of different colours (no nightmare) at the end of "
        "your dream, one by one. Each moves your token 1 space, plus 1 per fragment of its colour right "
        "before it.",
        "daydream",
        _phase("b3", "daydream"),
        "#track",
    ),
    Step(
        "Repair a machine",
        "A machine you pick up arrives broken. Repairing pays its repair cost in wood, copper and crystal and "
        "puts it in an empty workshop slot, where it works from your next turn on.",
        "repair",
        _offers("repair"),
        "#workshops",
    ),
    Step(
        "Recruit an assistant",
        "Recruiting pays an assistant's cost in charcoalium and puts it on your workshop: it helps from then "
        "on, and you may have three. The office shows the three on offer and what each does.",
        "recruit",
        _offers("recruit"),
        "#office",
    ),
    Step(
        "Your assistant or machine asks",
        "Something of yours asks a question when it acts: the Sleepwalker which belt fragment to take, a "
        "production pair which extra unit to make, the Tanglette which slot to tangle. The choice opens by "
        "itself.",
        "assistants",
        _asked("sleep", "bonus", "pick", "tangle", "hand", "xkeep"),
    ),
)

REPAIR, RECRUIT = (next(i for i, s in enumerate(STEPS) if s.topic == t) for t in ("repair", "recruit"))

LESSON = Lesson(
    game_id="imaginarium",
    title="Learn to play Imaginarium",
    seed=37,
    options={},
    opponent="greedy",
    steps=STEPS,
    welcome=(
        "Reserve machines on the belt and repair them to make charcoalium, wood, copper and crystal, complete "
        "projects for points, and dream. The guide explains each part of a round as it comes, "
        f"for the first {ROUNDS} rounds."
    ),
    farewell=(
        f"That was {ROUNDS} rounds with the guide: every round goes the same way. The game goes on as a normal "
        "game (it is saved); Esc goes back to the menu."
    ),
    ends=lambda view: view.round > ROUNDS,
    suggest=_suggest,
)
