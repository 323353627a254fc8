"""Choice tasks: for each kind, the values a player may choose and what choosing one does.

Every choice is one small decision (`Choose(value)`); `flow.advance` resolves a choice by itself when only
one value is possible, and runs the "empty" handler when none is.
"""

from __future__ import annotations

from collections.abc import Callable

from chimera_tui.games.station import building, feeding, placement, reactor, research
from chimera_tui.games.station.board import board_workers, recallable
from chimera_tui.games.station.components import COMPONENTS
from chimera_tui.games.station.core import COMPONENT_INDEX, Working
from chimera_tui.games.station.effects import component_choices, push_option, start_effect
from chimera_tui.games.station.feasibility import copy_targets, feasible_options
from chimera_tui.games.station.state import Task
from chimera_tui.games.station.told import points_words, pool_words

Choices = Callable[[Working, Task], list[str]]
Resolve = Callable[[Working, Task, str], None]


def _option_choices(g: Working, t: Task) -> list[str]:
    m = g.c.modules[t.place]
    return [m.options[i].label for i in feasible_options(g, t.seat, t.worker, m)]


def _option(g: Working, t: Task, v: str) -> None:
    m = g.c.modules[t.place]
    push_option(g, t, next(i for i, o in enumerate(m.options) if o.label == v))


def _component(g: Working, t: Task, v: str) -> None:
    """A component of a type in stock (`component_choices`) into the pool; it tells itself."""
    g.gain_component(t.seat, v, track=t.src != "bonus")
    why = "component" if t.src != "bonus" else "build bonus"
    g.told.append(f"{g.names[t.seat]}: {pool_words(v, 1)} — {why}")


def _perk(g: Working, t: Task, v: str) -> None:
    """Take the perk `v` (and its points); it tells itself."""
    seat = t.seat
    score = g.players[seat].score
    research.acquire(g, seat, v)
    points = g.players[seat].score - score
    said = f"takes the perk {g.c.perk_by_id[v].name}" + (f", {points_words(points)}" if points else "")
    g.told.append(f"{g.names[seat]}: {said} — perk")


def _component_empty(g: Working, t: Task) -> None:
    """The supply has no component of any type: 2 points instead (ST-SPLICE-14); it tells itself."""
    g.score(t.seat, 2, "supply")
    why = "component" if t.src != "bonus" else "build bonus"
    g.told.append(f"{g.names[t.seat]}: {points_words(2)} — {why}")


def _tentacle(g: Working, t: Task, v: str) -> None:
    g.gain_component(t.seat, v, track=False)


def _splice(g: Working, t: Task, v: str) -> None:
    if not placement.splice_step(g, t, v):
        g.tasks.append(t)


def _draft(g: Working, t: Task, v: str) -> None:
    draft = list(g.draft)
    draft.remove(v)
    g.draft = tuple(draft)
    g.w(t.seat).card = v


def _flush(g: Working, t: Task, v: str) -> None:
    if v == "done":
        reactor.refill(g)
    else:
        reactor.flush_remove(g, v)
        g.tasks.append(t)


def flush_after_matters(g: Working, t: Task) -> bool:
    """Whether a flush just after this placement could differ from one just before it (ST-FLUSH-06/07):
    only when the placement changed the Reactor or its piles (a build, a refill). Otherwise the flush at the
    start of the turn does exactly the same, so nobody is asked after every placement."""
    if not g.players[t.seat].card:
        return False
    return t.comps != g.reactor or len(g.pile) != t.n or len(g.discard) != t.i


def _flush_offer(g: Working, t: Task, v: str) -> None:
    if v == "flush":
        g.w(t.seat).card = ""
        g.tasks.append(Task("flush", t.seat))


def _recall_choices(g: Working, t: Task) -> list[str]:
    ws = [f"w{i}" for i in recallable(g, t.seat, -1 if t.src == "bonus" else t.worker)]
    return [*ws, "skip"] if t.src == "bonus" else ws


def _recall(g: Working, t: Task, v: str) -> None:
    if v != "skip":
        g.move(t.seat, int(v[1:]), "pool")


def _copy(g: Working, t: Task, v: str) -> None:
    start_effect(g, t.seat, t.worker, v, src=t.src)


def _take_choices(g: Working, t: Task) -> list[str]:
    comps = g.comps(t.seat, t.worker)
    return sorted({c for c in comps if t.place in ("any", c)})


def _detach(g: Working, t: Task, v: str) -> None:
    comps = list(g.comps(t.seat, t.worker))
    comps.remove(v)
    g.set_comps(t.seat, t.worker, tuple(comps))
    if t.kind == "detach":
        g.w(t.seat).add_pool(COMPONENT_INDEX[v], 1)
    else:
        g.add_supply(COMPONENT_INDEX[v], 1)


def _attach_choices(g: Working, t: Task) -> list[str]:
    if len(g.comps(t.seat, t.worker)) >= g.limit(t.seat):
        return []
    return [k for k in COMPONENTS if g.players[t.seat].pool[COMPONENT_INDEX[k]] > 0]


def _attach(g: Working, t: Task, v: str) -> None:
    g.w(t.seat).add_pool(COMPONENT_INDEX[v], -1)
    g.set_comps(t.seat, t.worker, (*g.comps(t.seat, t.worker), v))


def _graft_choices(g: Working, t: Task) -> list[str]:
    if len(g.comps(t.seat, t.worker)) >= g.limit(t.seat):
        return []
    return [k for k in component_choices(g) if t.place in ("any", k)]


def _graft(g: Working, t: Task, v: str) -> None:
    g.add_supply(COMPONENT_INDEX[v], -1)
    g.set_comps(t.seat, t.worker, (*g.comps(t.seat, t.worker), v))


def _beg_choices(g: Working, t: Task) -> list[str]:
    p = g.players[t.seat]
    return [*(["coin"] if p.coins else []), *(["food"] if p.food else []), "no"]


def _beg(g: Working, t: Task, v: str) -> None:
    if v == "no":
        return
    beggar = int(t.place)
    coins, food = int(v == "coin"), int(v == "food")
    g.gain(t.seat, -coins, -food, track=False)
    g.score(t.seat, 1, "effect")
    g.gain(beggar, coins, food)


def _send_choices(g: Working, t: Task) -> list[str]:
    return [f"{s}.{w}" for s, w, _ in sorted(board_workers(g, t.place))]


def _send(g: Working, t: Task, v: str) -> None:
    s, w = map(int, v.split("."))
    g.move(s, w, "lounge")
    g.push(Task("lounge", s, w, src="displaced"))


def _swap_choices(g: Working, t: Task) -> list[str]:
    bw = board_workers(g, t.place)
    if not any(s != t.seat for s, _, _ in bw):
        return []
    return [f"w{w}" for s, w, _ in sorted(bw) if s == t.seat]


def _swap(g: Working, t: Task, v: str) -> None:
    g.tasks.append(Task("swap_with", t.seat, int(v[1:]), t.place))


def _swap_with_choices(g: Working, t: Task) -> list[str]:
    return [f"{s}.{w}" for s, w, _ in sorted(board_workers(g, t.place)) if s != t.seat]


def _swap_with(g: Working, t: Task, v: str) -> None:
    s, w = map(int, v.split("."))
    mine = g.players[t.seat].workers[t.worker].where
    theirs = g.players[s].workers[w].where
    g.move(t.seat, t.worker, theirs)
    g.move(s, w, mine)


def _tentacle_choices(g: Working, t: Task) -> list[str]:
    return sorted(set(t.comps))


CHOICES: dict[str, tuple[Choices, Resolve]] = {
    "option": (_option_choices, _option),
    "lounge": (lambda g, t: placement.lounge_choices(g, t.seat), placement.lounge_gain),
    "splice": (lambda g, t: placement.splice_choices(g, t.seat, t.worker, t.comps), _splice),
    "component": (lambda g, t: component_choices(g), _component),
    "tentacle": (_tentacle_choices, _tentacle),
    "perk": (lambda g, t: list(g.perk_display), _perk),
    "build_tile": (building.tile_choices, building.choose_tile),
    "build_hex": (building.hex_choices, building.build),
    "activate": (building.activate_choices, building.activate),
    "recall": (_recall_choices, _recall),
    "copy": (lambda g, t: copy_targets(g, t.seat, t.worker, t.place), _copy),
    "detach": (_take_choices, _detach),
    "discard": (_take_choices, _detach),
    "attach": (_attach_choices, _attach),
    "graft": (_graft_choices, _graft),
    "feed_lose": (feeding.lose_choices, feeding.lose),
    "draft": (lambda g, t: sorted(g.draft), _draft),
    "flush": (lambda g, t: reactor.flush_choices(g), _flush),
    "flush_offer": (lambda g, t: ["pass", "flush"] if flush_after_matters(g, t) else [], _flush_offer),
    "beg": (_beg_choices, _beg),
    "send": (_send_choices, _send),
    "swap": (_swap_choices, _swap),
    "swap_with": (_swap_with_choices, _swap_with),
}
"""Choice kind -> (possible values, resolve)."""

EMPTY: dict[str, Callable[[Working, Task], None]] = {
    "component": _component_empty,
    "feed_lose": feeding.starve,
}
"""What happens when a choice has no possible value (default: nothing). Each tells itself (with no told frame
open), as a frame would have told it."""

QUIET_ANSWERS = frozenset({"flush", "build_tile", "option", "draft", "copy", "swap", "activate"})
"""Choices whose answer changes nothing told about a seat (the Reactor, the tasks, a drafted card, which
`told` never words): they are resolved with no told frame."""

SELF_TOLD = frozenset({"lounge", "splice", "feed_lose", "perk", "component"})
"""Choices whose answer tells itself (resolved with no told frame open, worded as a frame would word it)."""

UNFRAMED = QUIET_ANSWERS | SELF_TOLD

PROMPTS: dict[str, str] = {
    "option": "Choose which effect of {place} to use",
    "lounge": "Worker Lounge: take 1 coin or 1 food",
    "splice": "Splicing Lab: attach (+) or detach (-) components, then done",
    "component": "Choose a component from the supply",
    "tentacle": "Double tentacle: choose the extra component",
    "perk": "Choose a perk from the display",
    "build_tile": "Choose a module from the Reactor to build",
    "build_hex": "Choose where to build {place}",
    "activate": "Choose a neighbouring module to activate (or skip)",
    "recall": "Choose a placed worker to take back",
    "copy": "Catering Service: choose a module to copy",
    "detach": "Choose the component to detach",
    "discard": "Choose the component to return",
    "attach": "Choose a component to attach",
    "graft": "Choose a component to graft onto the worker",
    "feed_lose": "Feeding: choose the component to lose",
    "draft": "Choose your starting resource card",
    "flush": "Flush: choose Reactor modules to remove, then done",
    "flush_offer": "The Reactor changed: pass, or discard your starting card to flush it now",
    "beg": "Beggar's Alley: give 1 coin or 1 food for 1 point, or no",
    "send": "Morale Center: choose a worker to send to the Worker Lounge",
    "swap": "Nonhuman Resources: choose your worker to swap",
    "swap_with": "Nonhuman Resources: choose the opponent's worker",
    "place": "Place another worker",
}
