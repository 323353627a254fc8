"""Whether a module can be used: its options' feasibility checks (ST-PLACE-11/12: a placement is legal when
at least one whole option can be carried out, payments in full), worded (`option_problem`,
`module_problem`) or answered yes or no on the hot path (`option_ok`, `module_ok`, and the worked-out
needs of options that read only coins, food and the worker's components).
"""

from __future__ import annotations

import functools

from chimera_tui.games.station.board import (
    board_workers,
    can_afford_a_tile,
    free_build_hexes,
    recallable,
    station_modules,
)
from chimera_tui.games.station.components import COMPONENTS, ModuleDef, Op, Option
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import Working, WorkingSeat
from chimera_tui.games.station.state import Player


def copy_targets(g: Working, seat: int, wi: int, self_id: str) -> list[str]:
    """Board modules with a point value whose effect this worker could carry out (Catering Service)."""
    modules = g.c.modules
    copiers = _copiers()
    return [
        mid
        for mid in station_modules(g)
        if mid != self_id
        and modules[mid].value > 0
        and mid not in copiers
        and feasible_options(g, seat, wi, modules[mid])
    ]


def has_copy_target(g: Working, seat: int, wi: int, self_id: str) -> bool:
    """Whether `copy_targets` is not empty (yes or no: it stops at the first target)."""
    modules = g.c.modules
    copiers = _copiers()
    for mid in station_modules(g):
        m = modules[mid]
        if mid != self_id and m.value > 0 and mid not in copiers and feasible_options(g, seat, wi, m):
            return True
    return False


@functools.cache
def _copiers() -> frozenset[str]:
    """Modules with a copy op (the Catering Service and its kin), which copying skips."""
    return frozenset(
        mid for mid, m in content().modules.items() if any(op.op == "copy" for o in m.options for op in o.ops)
    )


def option_problem(g: Working, seat: int, wi: int, m: ModuleDef, opt: Option) -> str | None:
    """Why `seat` (with worker `wi`, or -1 for a workerless activation) cannot carry out `opt`, or None."""
    p = g.players[seat]
    simple = g.c.simple_options.get(id(opt))
    if simple is not None and p.coins >= simple[0] and p.food >= simple[1]:
        return None  # only payments and plain gains, all affordable: the common case, checked fast
    coins, food = p.coins, p.food
    comps = list(g.comps(seat, wi))
    pool = list(p.pool)
    for op in opt.ops:
        k = op.op
        if k == "pay":
            coins -= op.coins
            food -= op.food
            if coins < 0 or food < 0:
                need = " and ".join(
                    x for x in (f"{op.coins} coins" * (op.coins > 0), f"{op.food} food" * (op.food > 0)) if x
                )
                return f"{m.name} costs {need} and you cannot pay"
        elif k == "gain":
            coins += op.coins
            food += op.food
        elif k == "gain_per":
            if wi < 0:
                return f"{m.name} needs a worker"
            if comps.count(op.per) < op.n:
                return f"{m.name} needs a {op.per} on the worker"
        elif k == "build":
            if not free_build_hexes(g):
                return "there is no empty build space next to the Command Hub or a built module"
            if op.kind != "activate" and not can_afford_a_tile(g, seat, op.coins, coins):
                if not any(g.reactor):
                    return "the Reactor is empty, so nothing can be built until it is refilled"
                return "you cannot afford any module in the Reactor"
        elif k in ("detach", "discard"):
            if wi < 0:
                return f"{m.name} needs a worker"
            have = comps if op.kind == "any" else [c for c in comps if c == op.kind]
            if not have:
                what = "component" if op.kind == "any" else op.kind
                return f"{m.name} needs a {what} attached to the worker"
            comps.remove(have[0])
        elif k == "attach":
            if wi < 0:
                return f"{m.name} needs a worker"
            if len(comps) >= g.limit(seat):
                return "the worker already carries as many components as it may"
            if not any(pool):
                return "you have no unattached component to attach"
            i = next(i for i, v in enumerate(pool) if v)
            pool[i] -= 1
            comps.append(COMPONENTS[i])
        elif k == "graft":
            if wi < 0:
                return f"{m.name} needs a worker"
            if len(comps) >= g.limit(seat):
                return "the worker already carries as many components as it may"
            if not any(g.supply):
                return "the component supply is empty"
            comps.append("brain")
        elif k == "perk":
            if not g.perk_display:
                return "there is no perk in the display"
        elif k == "recall":
            if not recallable(g, seat, wi):
                return "you have no other placed worker to take back"
        elif k == "copy":
            if wi < 0 or not copy_targets(g, seat, wi, m.id):
                return "there is no module with a point value whose effect you could carry out"
        elif k == "send":
            if len(board_workers(g, m.id)) < op.n:
                return f"fewer than {op.n} workers stand on modules they may be moved from"
        elif k == "swap":
            bw = board_workers(g, m.id)
            if not any(s == seat for s, _, _ in bw) or not any(s != seat for s, _, _ in bw):
                return "a swap needs one of your workers and an opponent's on board modules"
        elif k == "refill" and op.kind == "worker" and wi < 0:
            return f"{m.name} needs a worker"
    return None


def option_ok(g: Working, seat: int, wi: int, m: ModuleDef, opt: Option) -> bool:
    """Whether `option_problem` is None, answered without wording why not (the same checks, in yes or no)."""
    p = g.players[seat]
    simple = g.c.simple_options.get(id(opt))
    if simple is not None:  # only payments and plain gains: the content's table says what they cost
        return p.coins >= simple[0] and p.food >= simple[1]
    coins, food = p.coins, p.food
    ops = opt.ops
    if len(ops) == 1 and ops[0].op == "build":  # the Constructor and its kin: the commonest check of all
        op = ops[0]
        return bool(free_build_hexes(g)) and (
            op.kind == "activate" or can_afford_a_tile(g, seat, op.coins, coins)
        )
    comps = list(p.workers[wi].comps) if wi >= 0 else []
    pool: list[int] | None = None
    for op in ops:
        k = op.op
        if k == "pay":
            coins -= op.coins
            food -= op.food
            if coins < 0 or food < 0:
                return False
        elif k == "gain":
            coins += op.coins
            food += op.food
        elif k == "gain_per":
            if wi < 0 or comps.count(op.per) < op.n:
                return False
        elif k == "build":
            if not free_build_hexes(g):
                return False
            if op.kind != "activate" and not can_afford_a_tile(g, seat, op.coins, coins):
                return False
        elif k in ("detach", "discard"):
            if wi < 0:
                return False
            kind = op.kind
            if kind == "any":
                if not comps:
                    return False
                comps.pop(0)
            elif kind in comps:
                comps.remove(kind)
            else:
                return False
        elif k == "attach":
            if pool is None:
                pool = list(p.pool)
            if wi < 0 or len(comps) >= g.limit(seat) or not any(pool):
                return False
            i = next(i for i, v in enumerate(pool) if v)
            pool[i] -= 1
            comps.append(COMPONENTS[i])
        elif k == "graft":
            if wi < 0 or len(comps) >= g.limit(seat) or not any(g.supply):
                return False
            comps.append("brain")
        elif k == "perk":
            if not g.perk_display:
                return False
        elif k == "recall":
            if not recallable(g, seat, wi):
                return False
        elif k == "copy":
            if wi < 0 or not has_copy_target(g, seat, wi, m.id):
                return False
        elif k == "send":
            if len(board_workers(g, m.id)) < op.n:
                return False
        elif k == "swap":
            bw = board_workers(g, m.id)
            if not any(s == seat for s, _, _ in bw) or not any(s != seat for s, _, _ in bw):
                return False
        elif k == "refill" and op.kind == "worker" and wi < 0:
            return False
    return True


Need = tuple[int, int, tuple[tuple[str, int], ...]]
"""What `option_ok` checks of an option whose ops read nothing but the seat's coins and food and the worker's
components: the coins and the food it needs, and the (component, count) the worker must carry."""

_PROFILED = frozenset(
    {"pay", "gain", "gain_per", "gain_round", "per_hub", "per_color", "component", "research", "command",
     "marker", "beg", "place", "again", "wipe", "worker"}
)  # fmt: skip
"""The ops `option_ok` either checks against coins, food and components (pay, gain, gain_per) or never refuses
(a refill too, unless it refills the worker)."""


Purse = tuple[int, int, int, int]
"""Walking an option's ops in order: the coins and the food its plain gains and payments came to so far, and
the most coins and food a payment so far needed beforehand (`NOTHING_NEEDED` when none was made)."""

NOTHING_NEEDED = -(10**9)
EMPTY_PURSE: Purse = (0, 0, NOTHING_NEEDED, NOTHING_NEEDED)


def purse_after(op: Op, purse: Purse) -> Purse:
    """`purse` after `op`: a payment must leave coins and food at 0 or more after the plain gains before it
    (ops other than pay and gain leave the purse as it was)."""
    coins, food, need_coins, need_food = purse
    if op.op == "pay":
        coins -= op.coins
        food -= op.food
        return coins, food, max(need_coins, -coins), max(need_food, -food)
    if op.op == "gain":
        return coins + op.coins, food + op.food, need_coins, need_food
    return purse


def _need(opt: Option) -> Need | None:
    """`opt`'s `Need`, worked out once: what its payments need (`purse_after`), and each gain_per needs its
    components on a worker. None for other options."""
    purse = EMPTY_PURSE
    per: list[tuple[str, int]] = []
    for op in opt.ops:
        k = op.op
        purse = purse_after(op, purse)
        if k == "gain_per":
            per.append((op.per, op.n))
        elif k not in _PROFILED and not (k == "refill" and op.kind != "worker"):
            return None
    return purse[2], purse[3], tuple(per)


_NEEDS: dict[str, tuple[Need, ...] | None] = {}


def needs_of(m: ModuleDef) -> tuple[Need, ...] | None:
    """Each option's `Need`, when every option of `m` has one (else None); worked out once per module."""
    needs = _NEEDS.get(m.id, ())
    if needs == ():
        made = tuple(_need(o) for o in m.options)
        needs = _NEEDS[m.id] = None if None in made else made  # type: ignore[assignment]
    return needs


def fits(p: Player | WorkingSeat, wi: int, need: Need) -> bool:
    """Whether seat `p` with worker `wi` (-1: none) can carry out an option that needs `need`."""
    if p.coins < need[0] or p.food < need[1]:
        return False
    per = need[2]
    if per:
        if wi < 0:
            return False
        comps = p.workers[wi].comps
        for kind, n in per:
            if comps.count(kind) < n:
                return False
    return True


def feasible_options(g: Working, seat: int, wi: int, m: ModuleDef) -> list[int]:
    """Indices of the options of `m` that can be carried out."""
    needs = needs_of(m)
    if needs is not None:
        p = g.players[seat]
        return [i for i, need in enumerate(needs) if fits(p, wi, need)]
    options = m.options
    if len(options) == 1:
        return [0] if option_ok(g, seat, wi, m, options[0]) else []
    return [i for i, o in enumerate(options) if option_ok(g, seat, wi, m, o)]


def module_ok(g: Working, seat: int, wi: int, m: ModuleDef) -> bool:
    """Whether some option of `m` can be carried out (`module_problem` is None), without wording why not.

    Options made only of payments and plain gains are answered from the content's table of what they cost.
    """
    needs = needs_of(m)
    if needs is not None:
        p = g.players[seat]
        for need in needs:  # noqa: SIM110 (a loop, not any(): this runs on every listing)
            if fits(p, wi, need):
                return True
        return False
    options = m.options
    if len(options) == 1:
        return option_ok(g, seat, wi, m, options[0])
    return any(option_ok(g, seat, wi, m, o) for o in options)


def module_problem(g: Working, seat: int, wi: int, m: ModuleDef) -> str | None:
    """Why no option of `m` can be carried out, or None."""
    first = None
    for o in m.options:
        why = option_problem(g, seat, wi, m, o)
        if why is None:
            return None
        first = first or why
    return first
