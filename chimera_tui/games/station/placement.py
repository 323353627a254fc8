"""Placing workers: on a module, in the Splicing Lab or in the Worker Lounge (000 Placement Phase), with
the claw's displacement, the brain's points and the Lab's splice.
"""

from __future__ import annotations

from collections.abc import Container
from itertools import filterfalse

from chimera_tui.games.station.actions import Place
from chimera_tui.games.station.board import _OPEN_FOR, displaceable, open_spaces
from chimera_tui.games.station.checks import CHECKS
from chimera_tui.games.station.components import COMPONENTS
from chimera_tui.games.station.core import COMPONENT_INDEX, LAB_SLOTS, Working
from chimera_tui.games.station.effects import start_effect
from chimera_tui.games.station.feasibility import module_problem
from chimera_tui.games.station.state import LAB, Task
from chimera_tui.games.station.told import begin, coins_words, end, food_words, pool_words, worker_change
from chimera_tui.games.station.usable import USABLE, usable_locals


def worker_label(comps: tuple[str, ...]) -> str:
    """A worker's components in words, e.g. brain+claw."""
    return "+".join(comps) if comps else "no components"


def can_displace(g: Working, seat: int, wi: int, victim_comps: tuple[str, ...]) -> bool:
    """Whether worker `wi` of `seat` may displace a worker carrying `victim_comps` (ST-CLAW-01/02)."""
    claws = g.comps(seat, wi).count("claw")
    if claws >= 2 or (claws == 1 and g.has_power(seat, "raider")):
        return True
    return claws == 1 and len(victim_comps) <= 1


def space_problem(g: Working, seat: int, wi: int, space: str) -> str | None:
    """Why worker `wi` of `seat` may not be placed on `space` now, or None (ST-PLACE-*, ST-CLAW-*)."""
    if space == "lounge":
        return None
    if space == "lab":
        if g.phase is LAB:
            return "no worker may enter the Splicing Lab during the Splicing Lab phase"
        if all(slot in g.occupancy() for slot in LAB_SLOTS):
            return "all three Splicing Lab slots are taken"
        if not splice_choices(g, seat, wi, g.comps(seat, wi)):
            return "this worker could not change: it carries no component and you have none to attach"
        return None
    m = g.c.modules.get(space)
    if m is None:
        return f"there is no space called {space!r}"
    if space in g.c.perk_by_id:
        if space not in g.players[seat].perks:
            owner = next((g.name(s) for s, p in enumerate(g.players) if space in p.perks), None)
            return (
                f"{m.name} is {owner}'s perk module; only its owner may use it"
                if owner
                else f"nobody has the {m.name} perk"
            )
    elif space == "hub-b" and g.countdown > 0:
        return "Command Hub slot B is locked until round 3"
    elif space not in g.c.hex_of and all(b.tile != space for b in g.built):
        return f"{m.name} has not been built"
    occ = g.occupancy().get(space)
    if occ is not None:
        vs, vw = occ
        if vs == seat:
            return f"your own worker is already on {m.name}"
        vcomps = g.comps(vs, vw)
        who = f"{g.name(vs)}'s worker with {len(vcomps)} component{'s' * (len(vcomps) != 1)}"
        if not displaceable(g, space):
            return f"{m.name} is occupied by {who}, and workers there cannot be displaced"
        if g.comps(seat, wi).count("claw") == 0:
            return f"{m.name} is occupied by {who}; only a claw worker can displace it"
        if not can_displace(g, seat, wi, vcomps):
            return f"{m.name} is occupied by {who}; a single-claw worker cannot displace it"
    why = module_problem(g, seat, wi, m)
    return f"you cannot use {m.name}: {why}" if why else None


def _may_take(g: Working, seat: int, comps: tuple[str, ...], space: str, occupant: tuple[int, int]) -> bool:
    """Whether a worker of `seat` carrying `comps` may go on `space`, held by `occupant` (yes or no only)."""
    vs, vw = occupant
    if vs == seat or not displaceable(g, space):
        return False
    claws = comps.count("claw")
    if claws >= 2 or (claws == 1 and g.has_power(seat, "raider")):
        return True
    return claws == 1 and len(g.comps(vs, vw)) <= 1


_SEAT_SPACES: list[tuple[object, object, tuple[str, ...], tuple[str, ...]]] = [(None, None, (), ())] * 8
"""Per seat number: the last (`open_spaces`' tuple, the seat's perks) seen, and `seat_spaces`' answer for them:
a seat's spaces change only when a module is built, slot B opens or it takes a perk, so most listings share
the answer (the entry holds the tuples it was made for, so `is` cannot match a recycled object)."""


def seat_spaces(g: Working, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`open_spaces` with `seat`'s own perk modules added to both lists."""
    built, unlocked, spaces, checked = _OPEN_FOR[0]
    if built is not g.built or unlocked != (g.countdown == 0):
        spaces, checked = open_spaces(g)
    perks = g.players[seat].perks
    if not perks:
        return spaces, checked
    known = _SEAT_SPACES[seat]
    if known[0] is not spaces or known[1] is not perks:
        c = g.c
        own = [perk for perk in perks if perk in c.modules]
        known = _SEAT_SPACES[seat] = (
            spaces,
            perks,
            (*spaces, *own),
            (*checked, *(perk for perk in own if perk not in c.local_modules)),
        )
    return known[2], known[3]


class Places(dict[str, Place]):
    """Space -> worker `worker`'s `Place` there, made the first time it is asked for (a Place is a value, so
    one made once serves every listing)."""

    __slots__ = ("worker",)

    def __init__(self, worker: int) -> None:
        super().__init__()
        self.worker = worker

    def __missing__(self, space: str) -> Place:
        made = self[space] = Place(self.worker, space)
        return made


PLACES = tuple(Places(wi) for wi in range(8))
"""`Places` of the first eight workers of a seat (a seat has at most six)."""

_UNION: dict[tuple[frozenset[str], str | frozenset[str]], frozenset[str]] = {}
"""(usable local modules, the other usable module or modules) -> their union: both recur, so the union is
made once (bounded like `_CHEAPEST`)."""


def legal_spaces(g: Working, seat: int, wi: int, memo: dict[str, bool] | None = None) -> list[str]:
    """Every space worker `wi` of `seat` may be placed on now (the same answers as `space_problem`).

    Yes or no from cheap checks; the reasons are worded by `space_problem` only when someone asks. Local
    modules (`Content.local_modules`) are answered from the (components, coins, food) table; only the few
    others are checked one by one (a lone build by the Reactor's cheapest tile), and `memo` keeps the answers
    for those that do not depend on the worker (`Content.worker_free`) across the workers of one seat.
    """
    return [place.space for place in placements(g, seat, [wi], {} if memo is None else memo)]


def placements(g: Working, seat: int, workers: list[int], memo: dict[str, bool] | None = None) -> list[Place]:
    """A `Place` on each space in `legal_spaces` order, for the first of `workers` (the seat's pool workers)
    with each set of components: the occupancy, the seat's spaces and the answers that do not depend on the
    worker (kept in `memo`) are worked out once for all of them."""
    c = g.c
    occ = g.occupancy()
    p = g.players[seat]
    if p.perks:
        spaces, checked = seat_spaces(g, seat)
    else:  # `seat_spaces` without perks, inline
        built, unlocked, spaces, checked = _OPEN_FOR[0]
        if built is not g.built or unlocked != (g.countdown == 0):
            spaces, checked = open_spaces(g)
    lab_open = g.phase is not LAB and not ("lab-a" in occ and "lab-b" in occ and "lab-c" in occ)
    coins, food = p.coins, p.food
    most_coins, most_food = c.local_caps
    capped_coins = most_coins if coins > most_coins else coins
    capped_food = most_food if food > most_food else food
    if memo is None:
        memo = {}
    ws = p.workers
    seen: set[tuple[str, ...]] | None = set() if len(workers) > 1 else None
    out: list[Place] = []
    for wi in workers:
        comps = ws[wi].comps
        if seen is not None:
            if comps in seen:
                continue
            seen.add(comps)
        places = PLACES[wi]
        if lab_open and (comps or any(p.pool)):
            out.append(places["lab"])  # the worker can change: it carries a component, or one can be attached
            # (a worker with none always has room for one: `splice_choices` offers an attach when the pool has any)
        if "claw" in comps:
            blocked: Container[str] = {
                space for space, held in occ.items() if not _may_take(g, seat, comps, space, held)
            }
        else:
            blocked = occ  # only a claw worker may go where a worker stands
        usable = USABLE.get((comps, capped_coins, capped_food))
        if usable is None:
            usable = usable_locals(g, seat, wi, comps, capped_coins, capped_food)
        others: list[str] | None = None
        for space in checked:
            if space in blocked:
                continue
            ok = memo.get(space)
            if ok is None:
                ok = CHECKS[space](g, seat, wi)
                if space in c.worker_free:  # the same answer for every worker of the seat
                    memo[space] = ok
            if ok:
                if others is None:
                    others = [space]
                else:
                    others.append(space)
        if others is not None:
            key = (usable, others[0] if len(others) == 1 else frozenset(others))
            union = _UNION.get(key)
            if union is None:
                if len(_UNION) >= 10_000:
                    _UNION.clear()
                union = _UNION[key] = usable.union(others)
            usable = union
        out.extend(
            map(places.__getitem__, filterfalse(blocked.__contains__, filter(usable.__contains__, spaces)))
        )  # in C: no bytecode a space
        out.append(places["lounge"])
    return out


def place(g: Working, seat: int, wi: int, space: str, why: Place | None = None) -> None:
    """Put the worker on `space` and start its effect (ST-PLACE-04; displacement first, ST-CLAW-05).

    What a placement can tell (told.py, with `why` as the reason) is a brain worker's points and a displaced
    worker: a worker moving says nothing by itself, so a `told` frame is opened only for those.
    """
    comps = g.players[seat].workers[wi].comps
    if space == "lounge":
        g.move(seat, wi, "lounge")
        g.push(Task("lounge", seat, wi))
        return
    if space == "lab":
        slot = next(s for s in LAB_SLOTS if s not in g.occupancy())
        g.move(seat, wi, slot)
        g.push(Task("splice", seat, wi, comps=comps))
        return
    occ = g.occupancy().get(space)
    g.move(seat, wi, space)
    start_effect(g, seat, wi, space)
    brain = comps.count("brain")
    if brain or occ is not None:
        begin(g, why)
        if brain:
            g.score(seat, g.c.modules[space].value, "brain")
        if occ is not None:
            g.move(occ[0], occ[1], "lounge")
            g.push(Task("lounge", occ[0], occ[1], src="displaced"))
        end(g)


def lounge_choices(g: Working, seat: int) -> list[str]:
    """Coin or food (both with the Quartermaster)."""
    return ["both"] if "quartermaster" in g.players[seat].perks else ["coin", "food"]


def lounge_gain(g: Working, t: Task, value: str) -> None:
    """1 coin or 1 food (ST-LOUNGE-04); a displaced tentacle worker also gets its +1 (ST-TENTACLE-11).

    It tells itself (`prompts.SELF_TOLD`: resolved with no told frame open), as a frame would."""
    seat = t.seat
    coins = int(value in ("coin", "both"))
    food = int(value in ("food", "both"))
    displaced = t.src == "displaced"
    g.gain(seat, coins, food, track=not displaced)
    if displaced and "tentacle" in g.comps(seat, t.worker):
        g.gain(seat, coins, food, track=False)
        coins, food = 2 * coins, 2 * food
    said = (
        coins_words(coins)
        if not food
        else food_words(food)
        if not coins
        else f"{coins_words(coins)}, {food_words(food)}"
    )
    g.told.append(f"{g.names[seat]}: {said}{_DISPLACED if displaced else _RESTED}")


_RESTED = " — Worker Lounge"
_DISPLACED = " — displaced to the Worker Lounge"


_SPLICES: dict[tuple[tuple[str, ...], tuple[str, ...], tuple[int, int, int, int], int], list[str]] = {}
"""(components now, components before, the pool, the limit) -> `splice_choices` (a list never changed: the
answers of a question). Bounded like `board._CHEAPEST`."""


def splice_choices(g: Working, seat: int, wi: int, before: tuple[str, ...]) -> list[str]:
    """ "+type" / "-type" steps still open, and "done" once the worker differs (ST-SPLICE-19..23).

    A type detached in this splice cannot be attached again in it and vice versa, so a splice always ends.
    """
    p = g.players[seat]
    key = (p.workers[wi].comps, before, p.pool, g.limit(seat))
    known = _SPLICES.get(key)
    if known is None:
        if len(_SPLICES) >= 10_000:
            _SPLICES.clear()
        known = _SPLICES[key] = _splice_choices(*key)
    return known


def _splice_choices(
    comps: tuple[str, ...], before: tuple[str, ...], pool: tuple[int, int, int, int], limit: int
) -> list[str]:
    now = list(comps)
    removed = list(before)
    for c in now:
        if c in removed:
            removed.remove(c)
    added = list(now)
    for c in before:
        if c in added:
            added.remove(c)
    out = []
    if len(now) < limit:
        out += [f"+{k}" for k in COMPONENTS if pool[COMPONENT_INDEX[k]] > 0 and k not in removed]
    out += [f"-{k}" for k in sorted(set(now)) if k not in added]
    if tuple(sorted(now)) != tuple(sorted(before)):
        out.append("done")
    return out


def splice_step(g: Working, t: Task, value: str) -> bool:
    """Apply one splice step; True when the splice is finished.

    It tells itself (`prompts.SELF_TOLD`), as a frame would: the pool first, then the worker."""
    if value == "done":
        return True
    kind = value[1:]
    seat, wi = t.seat, t.worker
    p = g.w(seat)
    comps = list(g.comps(seat, wi))
    if value[0] == "+":
        p.add_pool(COMPONENT_INDEX[kind], -1)
        comps.append(kind)
    else:
        p.add_pool(COMPONENT_INDEX[kind], 1)
        comps.remove(kind)
    g.set_comps(seat, wi, tuple(comps))
    now = p.workers[wi].comps
    if value[0] == "+":
        said = f"{pool_words(kind, -1)}, {worker_change(wi, '', kind, now)}"
    else:
        said = f"{pool_words(kind, 1)}, {worker_change(wi, kind, '', now)}"
    g.told.append(f"{g.names[seat]}: {said} — Splicing Lab")
    return False
