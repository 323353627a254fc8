"""The pending decision of a working copy: who places a worker (a Placement turn, the Splicing Lab's next
slot, a nested placement), the legal actions it has, and carrying out one (a placement, an answer, a flush)
before the sequencer (flow.py) runs the task loop on.

`StationRules` (rules.py) lists and applies actions through this module, keeping its caches of the last
state listed and the last working copy frozen.
"""

from __future__ import annotations

from chimera_tui.engine import IllegalAction
from chimera_tui.games.station.actions import Action, Choose, Flush, Place
from chimera_tui.games.station.core import Working
from chimera_tui.games.station.flow import pass_turn, placer
from chimera_tui.games.station.placement import PLACES, place, placements, space_problem
from chimera_tui.games.station.plans import WHOLE, only_option
from chimera_tui.games.station.prompts import CHOICES
from chimera_tui.games.station.state import OVER, PLACEMENT, State, Task
from chimera_tui.games.station.told import begin, end
from chimera_tui.games.station.whereabouts import POOL_OF

_PLACER: tuple[State | None, tuple[int, list[int]] | None] = (None, None)
"""The last state whose placer (`flow.placer`) was worked out, and the answer: whose turn it is, the legal
actions and `apply` each ask it of the same Splicing Lab state (a frozen answer: the list is never changed)."""


def placer_of(g: Working) -> tuple[int, list[int]] | None:
    """`flow.placer(g)` for a working copy not yet changed from its state `g.s`, kept for that state."""
    global _PLACER
    known = _PLACER
    if known[0] is g.s:
        return known[1]
    who = placer(g)
    _PLACER = (g.s, who)
    return who


def pending_placement(g: Working) -> tuple[int, list[int], Task | None] | None:
    """(seat, workers it may place, the nested "place" task if any), when a placement is pending."""
    if g.tasks:
        t = g.tasks[-1]
        return (t.seat, g.pool_workers(t.seat), t) if t.kind == "place" else None
    who = placer_of(g)
    return (who[0], who[1], None) if who else None


def can_flush(g: Working, seat: int) -> bool:
    return g.phase is PLACEMENT and not g.tasks and g.turn == seat and bool(g.players[seat].card)


class Choices(dict[str, Choose]):
    """Value -> its `Choose`, made the first time it is asked for (like `placement.Places`)."""

    def __missing__(self, value: str) -> Choose:
        made = self[value] = Choose(value)
        return made


CHOOSE = Choices()
FLUSH = Flush()


def legal(g: Working) -> list[Action]:
    """The legal actions in `g`, dispatched on the pending decision."""
    phase = g.phase
    if phase is OVER:
        return []
    if not g.tasks and phase is PLACEMENT:  # a Placement turn: the flush is offered at its start
        seat = g.turn
        known = POOL_OF[seat]  # g.pool_workers(seat), its usual answer inline
        workers = known[1] if known[0] is g.players[seat].workers else g.pool_workers(seat)
        acts: list[Action] = placements(g, seat, workers)  # type: ignore[assignment]
        if g.players[seat].card:
            acts.append(FLUSH)
        return acts
    placing = pending_placement(g)
    if placing is not None:
        seat, workers, _ = placing
        return placements(g, seat, workers)  # type: ignore[return-value]
    t = g.tasks[-1]
    return list(map(CHOOSE.__getitem__, CHOICES[t.kind][0](g, t)))


def quick_turn(g: Working, seat: int, wi: int, space: str) -> bool:
    """A whole placement at once (a Placement turn, or one in the Splicing Lab phase), when it needs no
    decision and nothing but the module's effect happens: no worker displaced, no tentacle (no bonus to track),
    and exactly one usable option whose every op is compiled and settled (plans.py). Then the tasks the
    placement would push (the next turn and the flush offer in the Placement phase, the action's end, the
    effect) would all run before anything is asked, and none would do anything but what is done here: the
    compiled ops change no Reactor tile, so no flush is offered after them. False, having changed nothing,
    otherwise. Only for a placement listed for this very state (so the module is usable), with no task
    pending."""
    if space not in g.c.modules:  # the Lab or the Lounge
        return False
    whole = WHOLE[space]
    if whole is None:
        return False
    comps = g.players[seat].workers[wi].comps
    if "tentacle" in comps or space in g.occupancy():
        return False
    if len(whole) == 1:
        steps = whole[0]  # listed, so usable: its one option can be carried out
    else:
        index = only_option(g, seat, wi, space)
        if index is None:
            return False
        steps = whole[index]
    g.move(seat, wi, space)
    if "brain" in comps:
        begin(g, PLACES[wi][space])
        g.score(seat, g.c.modules[space].value, "brain")
        end(g)
    for step in steps:
        step(g, seat, wi, False)  # nothing to track: no tentacle, so no bonus at the action's end
    if g.phase is PLACEMENT:
        pass_turn(g)
    return True


def apply_place(g: Working, a: Place, known: bool) -> None:
    if known:  # listed for this very state: only who places (and whether it answers a "place" task) matters
        task = g.tasks[-1] if g.tasks else None
        seat = task.seat if task is not None else g.turn if g.phase is PLACEMENT else placer_of(g)[0]  # type: ignore[index]
        if task is None and quick_turn(g, seat, a.worker, a.space):
            return
    else:
        placing = pending_placement(g)
        if placing is None:
            raise IllegalAction("No worker placement is pending: answer the current prompt first.", a)
        seat, workers, task = placing
        if a.worker not in workers:
            raise IllegalAction(
                f"Worker {a.worker} is not one you may place now (you may place {workers}).", a
            )
        why = space_problem(g, seat, a.worker, a.space)
        if why is not None:
            raise IllegalAction(why[0].upper() + why[1:] + ".", a)
    tasks = g.tasks
    if task is not None:
        tasks.pop()
    elif g.phase is PLACEMENT:
        tasks.append(NEXT_TURN[seat])
        if g.players[seat].card:  # ST-FLUSH-06: the flush may also follow the placement (asked only when
            # the placement changed the Reactor: otherwise flushing before it was the same, see prompts.py)
            tasks.append(Task("flush_offer", seat, comps=g.reactor, n=len(g.pile), i=len(g.discard)))
    tasks.append(ACTION_END[seat][a.worker])
    place(g, seat, a.worker, a.space, a)


NEXT_TURN = tuple(Task("next_turn", seat) for seat in range(8))
ACTION_END = tuple(tuple(Task("action_end", seat, wi) for wi in range(8)) for seat in range(8))
"""The tasks every placement pushes, made once (a Task is a value)."""


def apply_choose(g: Working, a: Choose, known: bool) -> None:
    if not g.tasks or g.tasks[-1].kind == "place":
        raise IllegalAction("Nothing is being asked now: place a worker.", a)
    t = g.tasks[-1]
    choices, resolve = CHOICES[t.kind]
    if not known and a.value not in (opts := choices(g, t)):
        raise IllegalAction(f"{a.value!r} is not a possible answer; choose one of: {', '.join(opts)}.", a)
    g.tasks.pop()
    resolve(g, t, a.value)


def apply_flush(g: Working, a: Flush, known: bool) -> None:
    placing = pending_placement(g)
    seat = placing[0] if placing else -1
    if placing is None or not can_flush(g, seat):
        if seat >= 0 and not g.players[seat].card:
            raise IllegalAction("You have already used your starting card to flush the Reactor.", a)
        raise IllegalAction("You may flush the Reactor only at the start of your own Placement turn.", a)
    g.w(seat).card = ""
    g.push(Task("flush", seat))
