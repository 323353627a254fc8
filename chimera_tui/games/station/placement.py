"""Placing workers: on a module, in the Splicing Lab or in the Worker Lounge (000 Placement Phase), with
the claw's displacement, the brain's points and the Lab's splice.
"""

from __future__ import annotations

from collections.abc import Container
from itertools import filterfalse

from chimera_tui.games.station.actions import Place
from chimera_tui.games.station.content import COMPONENTS
from chimera_tui.games.station.core import CI, LAB_SLOTS, G
from chimera_tui.games.station.effects import (
    displaceable,
    module_ok,
    module_problem,
    open_spaces,
    start_effect,
    usable_local,
)
from chimera_tui.games.station.state import Phase, Task
from chimera_tui.games.station.told import begin, end


def worker_label(comps: tuple[str, ...]) -> str:
    """A worker's components in words, e.g. brain+claw."""
    return "+".join(comps) if comps else "no components"


def can_displace(g: G, seat: int, wi: int, victim_comps: tuple[str, ...]) -> bool:
    """Whether worker `wi` of `seat` may displace a worker carrying `victim_comps` (ST-CLAW-01/02)."""
    claws = g.comps(seat, wi).count("claw")
    if claws >= 2 or (claws == 1 and g.has_power(seat, "raider")):
        return True
    return claws == 1 and len(victim_comps) <= 1


def space_problem(g: G, seat: int, wi: int, space: str) -> str | None:
    """Why worker `wi` of `seat` may not be placed on `space` now, or None (ST-PLACE-*, ST-CLAW-*)."""
    if space == "lounge":
        return None
    if space == "lab":
        if g.phase is Phase.LAB:
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


def _may_take(g: G, seat: int, comps: tuple[str, ...], space: str, occupant: tuple[int, int]) -> bool:
    """Whether a worker of `seat` carrying `comps` may go on `space`, held by `occupant` (yes or no only)."""
    vs, vw = occupant
    if vs == seat or not displaceable(g, space):
        return False
    claws = comps.count("claw")
    if claws >= 2 or (claws == 1 and g.has_power(seat, "raider")):
        return True
    return claws == 1 and len(g.comps(vs, vw)) <= 1


def legal_spaces(g: G, seat: int, wi: int, memo: dict[str, bool] | None = None) -> list[str]:
    """Every space worker `wi` of `seat` may be placed on now (the same answers as `space_problem`).

    Yes or no from cheap checks; the reasons are worded by `space_problem` only when someone asks. Local
    modules (`Content.local_modules`) are answered from the (components, coins, food) table; only the few
    others are checked one by one, and `memo` keeps the answers for those that do not depend on the worker
    (`Content.worker_free`) across the workers of one seat.
    """
    c = g.c
    occ = g.occupancy()
    p = g.players[seat]
    comps = p.workers[wi].comps
    out = []
    if (
        g.phase is not Phase.LAB
        and not ("lab-a" in occ and "lab-b" in occ and "lab-c" in occ)
        and (comps or (len(comps) < g.limit(seat) and any(p.pool)))
    ):
        out.append("lab")  # the worker can change: it carries a component, or one can be attached
    spaces, checked = open_spaces(g)
    if p.perks:
        modules = c.modules
        perks = [perk for perk in p.perks if perk in modules]
        spaces = (*spaces, *perks)
        checked = (*checked, *(perk for perk in perks if perk not in c.local_modules))
    if "claw" in comps:
        blocked: Container[str] = {
            space for space, held in occ.items() if not _may_take(g, seat, comps, space, held)
        }
    else:
        blocked = occ  # only a claw worker may go where a worker stands
    usable = usable_local(g, seat, wi)
    if checked:
        modules, free = c.modules, c.worker_free
        others = set()
        for space in checked:
            if space in blocked:
                continue
            if memo is not None and space in free:  # the same answer for every worker of the seat
                ok = memo.get(space)
                if ok is None:
                    ok = memo[space] = module_ok(g, seat, wi, modules[space])
            else:
                ok = module_ok(g, seat, wi, modules[space])
            if ok:
                others.add(space)
        if others:
            usable = usable | others
    out.extend(
        filterfalse(blocked.__contains__, filter(usable.__contains__, spaces))
    )  # in C: no bytecode a space
    out.append("lounge")
    return out


def place(g: G, seat: int, wi: int, space: str, why: Place | None = None) -> None:
    """Put the worker on `space` and start its effect (ST-PLACE-04; displacement first, ST-CLAW-05).

    What a placement can tell (told.py, with `why` as the reason) is a brain worker's points and a displaced
    worker: a worker moving says nothing by itself, so a `told` frame is opened only for those.
    """
    comps = g.comps(seat, wi)
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


def lounge_choices(g: G, seat: int) -> list[str]:
    """Coin or food (both with the Quartermaster)."""
    return ["both"] if "quartermaster" in g.players[seat].perks else ["coin", "food"]


def lounge_gain(g: G, t: Task, value: str) -> None:
    """1 coin or 1 food (ST-LOUNGE-04); a displaced tentacle worker also gets its +1 (ST-TENTACLE-11)."""
    coins = int(value in ("coin", "both"))
    food = int(value in ("food", "both"))
    g.gain(t.seat, coins, food, track=t.src != "displaced")
    if t.src == "displaced" and g.comps(t.seat, t.worker).count("tentacle"):
        g.gain(t.seat, coins, food, track=False)


def splice_choices(g: G, seat: int, wi: int, before: tuple[str, ...]) -> list[str]:
    """ "+type" / "-type" steps still open, and "done" once the worker differs (ST-SPLICE-19..23).

    A type detached in this splice cannot be attached again in it and vice versa, so a splice always ends.
    """
    now = list(g.comps(seat, wi))
    removed = list(before)
    for c in now:
        if c in removed:
            removed.remove(c)
    added = list(now)
    for c in before:
        if c in added:
            added.remove(c)
    out = []
    pool = g.players[seat].pool
    if len(now) < g.limit(seat):
        out += [f"+{k}" for k in COMPONENTS if pool[CI[k]] > 0 and k not in removed]
    out += [f"-{k}" for k in sorted(set(now)) if k not in added]
    if tuple(sorted(now)) != tuple(sorted(before)):
        out.append("done")
    return out


def splice_step(g: G, t: Task, value: str) -> bool:
    """Apply one splice step; True when the splice is finished."""
    if value == "done":
        return True
    kind = value[1:]
    p = g.w(t.seat)
    comps = list(g.comps(t.seat, t.worker))
    if value[0] == "+":
        p.add_pool(CI[kind], -1)
        comps.append(kind)
    else:
        p.add_pool(CI[kind], 1)
        comps.remove(kind)
    g.set_comps(t.seat, t.worker, tuple(comps))
    return False
