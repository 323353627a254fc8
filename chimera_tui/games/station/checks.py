"""Whether a module can be used, compiled once per module into plain closures (`feasibility.option_ok`'s
answers).

`feasibility.option_ok` walks an option's ops and, for each, a chain of comparisons on the op's kind. Most of
what it checks is known from the op alone: the coins and food the payments need after the gains before them,
that the worker carries a component, that a build has a free space and an affordable tile... So each option is
compiled here, once, into the list of the few conditions it really has, each a closure; whether the module
can be used is whether every condition of one of its options holds. An option whose ops change the worker's
components before another op reads them is left to `option_ok` (compiled as one condition calling it).
"""

from __future__ import annotations

from collections.abc import Callable

from chimera_tui.games.station.board import (
    board_workers,
    can_afford_a_tile,
    can_recall,
    cheapest_tile,
    free_build_hexes,
)
from chimera_tui.games.station.components import ModuleDef, Option
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import Working
from chimera_tui.games.station.feasibility import (
    EMPTY_PURSE,
    NOTHING_NEEDED,
    has_copy_target,
    option_ok,
    purse_after,
)

Condition = Callable[[Working, int, int], bool]
"""One thing an option needs: (working copy, seat, worker index or -1) -> whether it holds."""

_NEVER = frozenset({"gain_round", "per_hub", "per_color", "component", "research", "command", "marker", "beg",
                    "place", "again", "wipe", "worker"})  # fmt: skip
"""Ops `option_ok` never refuses."""

_READS_COMPS = frozenset({"gain_per", "detach", "discard", "attach", "graft"})
"""Ops whose check reads the worker's components (and, but for gain_per, changes them)."""


def _paid(need_coins: int, need_food: int) -> Condition:
    def holds(g: Working, seat: int, wi: int) -> bool:
        p = g.players[seat]
        return p.coins >= need_coins and p.food >= need_food

    return holds


def _carries(kind: str, n: int) -> Condition:
    def holds(g: Working, seat: int, wi: int) -> bool:
        return wi >= 0 and g.players[seat].workers[wi].comps.count(kind) >= n

    return holds


def _takes(kind: str) -> Condition:
    """detach/discard: a component of `kind` ("any": any) on the worker."""
    if kind == "any":

        def holds(g: Working, seat: int, wi: int) -> bool:
            return wi >= 0 and bool(g.players[seat].workers[wi].comps)

    else:

        def holds(g: Working, seat: int, wi: int) -> bool:
            return wi >= 0 and kind in g.players[seat].workers[wi].comps

    return holds


def _room(g: Working, seat: int, wi: int) -> bool:
    """The worker may carry one more component."""
    return wi >= 0 and len(g.players[seat].workers[wi].comps) < g.limit(seat)


def _attaches(g: Working, seat: int, wi: int) -> bool:
    return _room(g, seat, wi) and any(g.players[seat].pool)


def _grafts(g: Working, seat: int, wi: int) -> bool:
    return _room(g, seat, wi) and any(g.supply)


def _builds(discount: int, activate: bool, offset: int) -> Condition:
    """A free build space and (unless the build is an activation) a tile affordable with the seat's coins and
    `offset` more (what the option's earlier gains and payments leave)."""

    def holds(g: Working, seat: int, wi: int) -> bool:
        if not free_build_hexes(g):
            return False
        return activate or can_afford_a_tile(g, seat, discount, g.players[seat].coins + offset)

    return holds


_FLOOR: list[tuple[object, object, int | None]] = [(None, None, None)]
"""The last (Reactor, built modules) seen and the lowest printed cost of a tile that could be built then (None
when the Reactor is empty or no build space is free): both tuples change only on a build or a refill, so most
listings share it (the entry holds the tuples it was made for, so `is` cannot match a recycled object)."""


def _lone_build(discount: int) -> Condition:
    """A module whose one option is one paid build (the Constructor and its kin): `_builds` answered from the
    Reactor's cheapest tile kept per (Reactor, built modules)."""

    def holds(g: Working, seat: int, wi: int) -> bool:
        reactor, built, floor = _FLOOR[0]
        if reactor is not g.reactor or built is not g.built:
            floor = cheapest_tile(g) if free_build_hexes(g) else None
            _FLOOR[0] = (g.reactor, g.built, floor)
        if floor is None:
            return False
        coins = g.players[seat].coins
        cost = floor - discount
        if 0 <= cost <= coins:  # affordable even without the Broker's coin off
            return True
        if cost > coins + 1:  # not even with it
            return False
        return max(cost - (1 if g.has_power(seat, "broker") else 0), 0) <= coins

    return holds


def _perk(g: Working, seat: int, wi: int) -> bool:
    return bool(g.perk_display)


def _recall(g: Working, seat: int, wi: int) -> bool:
    return can_recall(g, seat, wi)


def _copies(mid: str) -> Condition:
    def holds(g: Working, seat: int, wi: int) -> bool:
        return wi >= 0 and has_copy_target(g, seat, wi, mid)

    return holds


def _sends(mid: str, n: int) -> Condition:
    def holds(g: Working, seat: int, wi: int) -> bool:
        return len(board_workers(g, mid)) >= n

    return holds


def _swaps(mid: str) -> Condition:
    def holds(g: Working, seat: int, wi: int) -> bool:
        bw = board_workers(g, mid)
        return any(s == seat for s, _, _ in bw) and any(s != seat for s, _, _ in bw)

    return holds


def _with_worker(g: Working, seat: int, wi: int) -> bool:
    return wi >= 0


def _generic(m: ModuleDef, opt: Option) -> Condition:
    def holds(g: Working, seat: int, wi: int) -> bool:
        return option_ok(g, seat, wi, m, opt)

    return holds


def compile_option(m: ModuleDef, opt: Option) -> tuple[Condition, ...]:
    """The conditions of `opt` (all must hold), in the order `option_ok` checks them."""
    conditions: list[Condition] = []
    purse = EMPTY_PURSE
    changed_comps = False
    for op in opt.ops:
        k = op.op
        if k in _READS_COMPS:
            if changed_comps:  # a second component op reads what the first changed: not compiled
                return (_generic(m, opt),)
            changed_comps = k != "gain_per"
        purse = purse_after(op, purse)
        if k in ("pay", "gain"):
            continue  # counted in the purse; what it needs is checked first (`_paid`)
        if k == "gain_per":
            conditions.append(_carries(op.per, op.n))
        elif k == "build":
            conditions.append(_builds(op.coins, op.kind == "activate", purse[0]))
        elif k in ("detach", "discard"):
            conditions.append(_takes(op.kind))
        elif k == "attach":
            conditions.append(_attaches)
        elif k == "graft":
            conditions.append(_grafts)
        elif k == "perk":
            conditions.append(_perk)
        elif k == "recall":
            conditions.append(_recall)
        elif k == "copy":
            conditions.append(_copies(m.id))
        elif k == "send":
            conditions.append(_sends(m.id, op.n))
        elif k == "swap":
            conditions.append(_swaps(m.id))
        elif k == "refill":
            if op.kind == "worker":
                conditions.append(_with_worker)
        elif k not in _NEVER:
            return (_generic(m, opt),)
    if purse[2] > NOTHING_NEEDED:
        conditions.insert(0, _paid(purse[2], purse[3]))
    return tuple(conditions)


Check = Callable[[Working, int, int], bool]
"""Whether a module can be used: (working copy, seat, worker index or -1) -> yes or no."""


def compile_module(m: ModuleDef) -> Check:
    """`feasibility.module_ok` for `m`, compiled."""
    if len(m.options) == 1 and len(m.options[0].ops) == 1:
        op = m.options[0].ops[0]
        if op.op == "build" and op.kind != "activate":
            return _lone_build(op.coins)
    options = tuple(compile_option(m, o) for o in m.options)
    if len(options) == 1:
        only = options[0]
        if len(only) == 1:
            return only[0]
        if not only:
            return _always

        def check(g: Working, seat: int, wi: int) -> bool:
            for condition in only:  # noqa: SIM110 (a loop, not all(): this runs on every listing)
                if not condition(g, seat, wi):
                    return False
            return True

        return check

    def any_option(g: Working, seat: int, wi: int) -> bool:
        for conditions in options:
            for condition in conditions:
                if not condition(g, seat, wi):
                    break
            else:
                return True
        return False

    return any_option


def _always(g: Working, seat: int, wi: int) -> bool:
    return True


class _Checks(dict[str, Check]):
    """Module id -> its compiled `Check`, made the first time it is asked for."""

    def __missing__(self, mid: str) -> Check:
        made = self[mid] = compile_module(content().modules[mid])
        return made


CHECKS = _Checks()


class _Options(dict[str, tuple[tuple[Condition, ...], ...]]):
    """Module id -> each option's conditions, compiled the first time they are asked for."""

    def __missing__(self, mid: str) -> tuple[tuple[Condition, ...], ...]:
        m = content().modules[mid]
        made = self[mid] = tuple(compile_option(m, o) for o in m.options)
        return made


OPTIONS = _Options()


def feasible(g: Working, seat: int, wi: int, mid: str) -> list[int]:
    """`feasibility.feasible_options` for module `mid`, from its compiled conditions."""
    out = []
    for i, conditions in enumerate(OPTIONS[mid]):
        for condition in conditions:
            if not condition(g, seat, wi):
                break
        else:
            out.append(i)
    return out
