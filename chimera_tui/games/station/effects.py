"""Module effects: the small op vocabulary of the data files, its feasibility checks and its execution.

A module lists options; an option is a sequence of ops. Placing a worker carries out one possible option
(ST-PLACE-11/12: legal when at least one whole option can be done, payments in full). Ops that need a
decision push a choice task (see prompts.py); the others change the game at once.
"""

from __future__ import annotations

import functools

from chimera_tui.engine.hexgrid import Hex
from chimera_tui.games.station.content import COMPONENTS, ModuleDef, Op, Option, content
from chimera_tui.games.station.core import COMPONENT_INDEX, LAB_SLOTS, Working, WorkingSeat
from chimera_tui.games.station.state import Phase, Player, Task

# ---------------------------------------------------------------------------------------------- queries


def station_modules(g: Working) -> list[str]:
    """Every module on the board: printed ones (slot B once unlocked) and built tiles."""
    out = list(g.c.printed_open if g.countdown == 0 else g.c.printed_locked)
    out.extend(b.tile for b in g.built)
    return out


_OPEN_FOR: list[tuple[object, bool, tuple[str, ...], tuple[str, ...]]] = [(None, False, (), ())]
"""The last `built` tuple and slot-B lock seen, with `open_spaces`' answer for them (they change only when a
module is built or in round 3, so most states share it; the tuple is held here, so `is` cannot match a
recycled object)."""


def open_spaces(g: Working) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`station_modules` as a tuple, and those of them that are not local modules (`Content.local_modules`):
    the ones whose use must be checked one by one."""
    built, unlocked, spaces, checked = _OPEN_FOR[0]
    if built is not g.built or unlocked != (g.countdown == 0):
        spaces = tuple(station_modules(g))
        local = g.c.local_modules
        checked = tuple(space for space in spaces if space not in local)
        _OPEN_FOR[0] = (g.built, g.countdown == 0, spaces, checked)
    return spaces, checked


def module_at(g: Working) -> dict[object, str]:
    """Hex -> module id for every printed module and built tile."""
    at: dict[object, str] = {h: mid for mid, h in g.c.hex_of.items()}
    for b in g.built:
        at[b.hex] = b.tile
    return at


def hub_adjacent_modules(g: Working) -> int:
    """Built modules next to Command Hub A or B (the girder is not a module)."""
    hubs = set(g.c.hub_hexes)
    nb = g.c.neighbours
    return sum(1 for b in g.built if not hubs.isdisjoint(nb[b.hex]))


def displaceable(g: Working, where: str) -> bool:
    """Whether a worker on `where` may ever be displaced (ST-CLAW-08)."""
    if where in ("lounge", "pool", "aside") or where in LAB_SLOTS:
        return False
    return not g.c.modules[where].no_displace


_FREE_FOR: list[tuple[object, tuple[Hex, ...]]] = [(None, ())]
"""The last `built` tuple seen and its free build spaces: they change only when a module is built, so most
states share the answer (the tuple is held here, so `is` cannot match a recycled object)."""


def free_build_hexes(g: Working) -> tuple[Hex, ...]:
    """Empty build spaces next to Command Hub A or B (locked or not) or to a built module (ST-BUILD-05/06)."""
    hexes = g.free_hexes
    if hexes is None:
        built, known = _FREE_FOR[0]
        if built is g.built:
            hexes = known
        else:
            taken = {b.hex for b in g.built}
            anchors = set(g.c.hub_hexes) | taken
            nb = g.c.neighbours
            hexes = tuple(h for h in g.c.build_hexes if h not in taken and not anchors.isdisjoint(nb[h]))
            _FREE_FOR[0] = (g.built, hexes)
        g.free_hexes = hexes
    return hexes


def build_cost(g: Working, seat: int, tile: str, discount: int) -> int:
    """What building `tile` costs `seat` (with a module's discount and the Broker power)."""
    cost = g.c.modules[tile].cost - discount - (1 if g.has_power(seat, "broker") else 0)
    return max(cost, 0)


def affordable_tiles(g: Working, seat: int, discount: int, coins: int | None = None) -> list[str]:
    """Reactor tiles `seat` can pay for with `coins` (default: its coins)."""
    have = g.players[seat].coins if coins is None else coins
    return [t for t in g.reactor if t and build_cost(g, seat, t, discount) <= have]


def can_afford_a_tile(g: Working, seat: int, discount: int, coins: int) -> bool:
    """Whether `affordable_tiles(g, seat, discount, coins)` is not empty (yes or no, without the list)."""
    cheapest = cheapest_tile(g)
    if cheapest is None:
        return False
    less = discount + (1 if g.has_power(seat, "broker") else 0)
    return max(cheapest - less, 0) <= coins


_CHEAPEST: dict[tuple[str, ...], int | None] = {}
"""Reactor contents -> the lowest building cost among its tiles (None when it is empty). Bounded: cleared
when it grows past `_CHEAPEST_ROWS`."""
_CHEAPEST_ROWS = 50_000


def cheapest_tile(g: Working) -> int | None:
    """The lowest printed cost of a tile in the Reactor, or None when it is empty."""
    key = tuple(g.reactor)
    cheapest = _CHEAPEST.get(key, -1)
    if cheapest == -1:
        if len(_CHEAPEST) >= _CHEAPEST_ROWS:
            _CHEAPEST.clear()
        cost = g.c.tile_cost
        cheapest = _CHEAPEST[key] = min((cost[t] for t in key if t), default=None)
    return cheapest


def recallable(g: Working, seat: int, exclude: int) -> list[int]:
    """Own placed workers that may be taken back (ST-BONUS-11): not in the Lab, not on a no-recall module."""
    out = []
    for wi, w in enumerate(g.players[seat].workers):
        where = w.where
        if wi == exclude or where in ("aside", "pool") or where in LAB_SLOTS:
            continue
        if where != "lounge" and g.c.modules[where].no_recall:
            continue
        out.append(wi)
    return out


def board_workers(g: Working, exclude_place: str = "") -> list[tuple[int, int, str]]:
    """(seat, worker, module) of every worker on a displaceable board module."""
    return [(s, w, m) for m, (s, w) in g.occupancy().items() if m != exclude_place and displaceable(g, m)]


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


# ---------------------------------------------------------------------------------------------- feasibility


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


# ---------------------------------------------------------------------------------------------- execution


def start_effect(g: Working, seat: int, wi: int, mid: str, src: str = "") -> None:
    """Carry out module `mid` for `seat`: one option (asked if several are possible), op by op."""
    g.tasks.append(Task("effect", seat, wi, mid, src=src))


def run_effect(g: Working, t: Task) -> None:
    """Choose the option to carry out (ask when several are possible) and push its ops."""
    m = g.c.modules[t.place]
    opts = feasible_options(g, t.seat, t.worker, m)
    if len(opts) == 1:
        push_option(g, t, opts[0])
    elif opts:
        g.push(Task("option", t.seat, t.worker, t.place, src=t.src))


def push_option(g: Working, t: Task, index: int) -> None:
    """Push the ops of option `index` of the task's module, to run in order."""
    n = len(g.c.modules[t.place].options[index].ops)
    seat, wi, place, src = t.seat, t.worker, t.place, t.src
    if n == 1:
        g.tasks.append(Task("op", seat, wi, place, index, 0, src))
    else:
        g.tasks.extend([Task("op", seat, wi, place, index, i, src) for i in range(n - 1, -1, -1)])


def run_op(g: Working, t: Task, op: Op) -> None:
    """Carry out one op for task `t` (the op's place, option and index are in `t`)."""
    seat, wi, track = t.seat, t.worker, t.src != "bonus"
    cause = t.place if t.place in ("reactor", "research") else "effect"
    k = op.op
    if k == "gain":
        g.gain(seat, op.coins, op.food, track)
        g.score(seat, op.points, cause)
    elif k == "gain_round":
        g.gain(seat, op.coins * g.round, op.food * g.round, track)
        g.score(seat, op.points * g.round, cause)
    elif k == "gain_per":
        c = g.comps(seat, wi).count(op.per)
        g.gain(seat, op.coins * c, op.food * c, track)
        g.score(seat, op.points * c, "effect")
    elif k == "per_hub":
        c = hub_adjacent_modules(g)
        g.gain(seat, op.coins * c, op.food * c, track)
        g.score(seat, op.points * c, "effect")
    elif k == "per_color":
        c = sum(1 for mid in station_modules(g) if g.c.modules[mid].color == op.kind)
        g.gain(seat, op.coins * c, op.food * c, track)
    elif k == "pay":
        p = g.w(seat)
        p.coins -= op.coins
        p.food -= op.food
    elif k == "component":
        if op.kind == "any":
            g.push(*(Task("component", seat, wi, src=t.src) for _ in range(op.n)))
        else:
            for _ in range(op.n):
                g.gain_component(seat, op.kind, track)
    elif k == "research":
        g.push(*(Task("research", seat, wi, src=t.src) for _ in range(op.n)))
    elif k == "build":
        g.push(Task("build_tile", seat, wi, op.kind, n=op.coins, src=t.src))
    elif k == "command":
        command(g, seat, wi)
    elif k == "marker":
        if not g.marker_taken:
            g.marker_taken = True
            g.start = seat
    elif k == "refill":
        from chimera_tui.games.station.reactor import boiler

        boiler(g, seat, wi, t.src)
    elif k == "recall":
        g.push(Task("recall", seat, wi, src=t.src, n=0 if t.src == "bonus" else 1))
    elif k in ("detach", "discard", "graft"):
        g.push(Task(k, seat, wi, op.kind, src=t.src))
    elif k == "attach":
        g.push(Task("attach", seat, wi, src=t.src))
    elif k == "perk":
        g.push(Task("perk", seat, wi, src=t.src))
    elif k == "copy":
        g.push(Task("copy", seat, wi, t.place, src=t.src))
    elif k == "beg":
        g.push(*(Task("beg", (seat + d) % g.n, -1, str(seat)) for d in range(1, g.n)))
    elif k == "send":
        g.push(*(Task("send", seat, wi, t.place) for _ in range(op.n)))
    elif k == "swap":
        g.push(Task("swap", seat, wi, t.place))
    elif k == "place":
        g.push(Task("place", seat, wi))
    elif k == "again":
        if wi >= 0 and g.phase is Phase.PLACEMENT:  # once: a Dispatch worker placed again does not repeat
            g.again = (*g.again, (seat, wi))
    elif k == "wipe":
        from chimera_tui.games.station.reactor import refill

        g.discard = (*g.discard, *(x for x in g.reactor if x))
        g.reactor = ("",) * 6
        refill(g)
    elif k == "worker":
        for i, w in enumerate(g.players[seat].workers):
            if w.where == "aside":
                g.move(seat, i, "pool")
                break
    else:  # pragma: no cover - content validation rejects unknown ops
        raise ValueError(f"unknown op {k!r}")


def command(g: Working, seat: int, wi: int) -> None:
    """Score the values of modules occupied by opponents (and by yourself with a double brain, ST-BRAIN-07)."""
    own = wi >= 0 and g.comps(seat, wi).count("brain") >= 2
    total = 0
    for mid, (s, _) in g.occupancy().items():
        if mid in LAB_SLOTS:
            continue
        if s != seat or own:
            total += g.c.modules[mid].value
    g.score(seat, total, "command")


def component_choices(g: Working) -> list[str]:
    """Types a "component of your choice" may be (ST-SPLICE-14: only types in stock)."""
    return [k for k in COMPONENTS if g.supply[COMPONENT_INDEX[k]] > 0]
