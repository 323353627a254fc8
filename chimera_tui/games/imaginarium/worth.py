"""The bots' heuristic: what a position is worth to one team, in tenths of a VP, seen from a seat's view.

    worth = 10 × VP + stock value (C 1, W 1, Cu 2, Cr 3; past `STOCK_CAP` a unit counts `SURPLUS` of that)
            + Σ repaired machines: what each will still bring over the rounds left (at most `HORIZON`):
              production its output, attack its expected thefts (× `raid`), defense its upkeep and the
              rivals' attack machines it would block (× `defence`), the rest by kind; + 1 each
            + Σ broken machines: the better of dismantling and of repairing (its worth less its repair cost,
              discounted by readiness: an empty slot, how much of the cost is in stock, a repaired partner)
            + Σ assistants: 2 + 0.6 × rounds left
            + `dream` × `STEP` × (spaces covered on the track + `HELD` × spaces the fragments behind the
              screen could still cover, the best colour as one run) + `NIGHTMARE` per nightmare held
            + `projects` × `PROJECT` × Σ over projects in play not completed yet: the share of the condition met
              (a broken machine of the kind counts half)

Production and transformation count × `engine`. Rounds left are guessed from how near the known leader is to
the target at `PACE` VP a round (other teams' VP are hidden: a completed project, public, counts 3.5). The
three strategy bots of design 19 are the greedy bot with other `Weights`.
"""

from __future__ import annotations

import functools

import msgspec

from chimera_tui.games.imaginarium.components import Op
from chimera_tui.games.imaginarium.projects import dream_run
from chimera_tui.games.imaginarium.state import Seat, State, Team
from chimera_tui.games.imaginarium.work import KIND_INDEX, Tables, compatible, tables

VALUE = (1.0, 1.0, 2.0, 3.0)
"""What a unit of charcoalium, wood, copper and crystal is worth to the bots."""
PROJECT = 24.0
"""A project in play not completed yet, fully met (× `Weights.projects`); completing it scores its VP."""
PACE = 1.5
"""VP a leader gains per round, for the guess at the rounds left."""
HORIZON = 10
"""At most this many rounds of a machine's output count."""
STEP = 2.0
"""A dream-track space covered (× `Weights.dream`)."""
HELD = 0.4
"""A space the fragments behind the screen could still cover is worth this share of one covered."""
NIGHTMARE = 0.5
"""A nightmare behind the screen (to lay on a rival)."""


class Weights(msgspec.Struct, frozen=True):
    """How much a bot style cares for each part of `worth`."""

    engine: float = 1.0
    projects: float = 1.0
    dream: float = 1.0
    raid: float = 1.0
    defence: float = 1.0


STYLES: dict[str, Weights] = {
    "greedy": Weights(),
    "engine": Weights(engine=1.1, projects=1.4, dream=0.6, raid=0.5, defence=1.0),
    "dreamer": Weights(engine=0.8, projects=0.8, dream=2.6, raid=0.3, defence=0.8),
    "raider": Weights(engine=1.0, projects=0.9, dream=0.5, raid=3.0, defence=1.5),
}
"""The greedy bot's weights and the three strategy bots' (design 19)."""


def _units(op: Op) -> float:
    return op.c * VALUE[0] + op.w * VALUE[1] + op.cu * VALUE[2] + op.cr * VALUE[3]


@functools.cache
def machine_worth(code: str, left: int, rivals: int, wt: Weights, threat: int = 0) -> float:
    """What a repaired `code` will still bring its team over `left` rounds, against `rivals` opposing teams;
    a defense machine also counts the `threat` (rivals' working attack machines it would block)."""
    t = tables()
    r = min(left, HORIZON)
    made = t.produce.get(code)
    kind = t.type[code]
    if made is not None:
        return wt.engine * (r * sum(v * k for v, k in zip(VALUE, made, strict=True)) + 1.0)
    op = t.machine[code].ops[0]
    if kind == "attack":
        each = op.n * sum(VALUE[KIND_INDEX[k]] for k in op.kinds) / len(op.kinds) if op.op == "steal" else 1.5
        return 1.0 + wt.raid * 0.6 * r * each * rivals
    if kind == "defense":
        return 1.0 + wt.defence * (2.0 + 0.3 * r + 0.8 * r * min(threat, 3))
    if kind == "transformation":
        return 1.0 + wt.engine * 0.6 * r * t.machine[code].uses
    if op.op == "pay":  # the Gloriette: 1 VP for three resources
        return 1.0 + 0.5 * r * (10.0 - _units(op))
    if op.op == "project_vp":
        return 1.0 + 10.0 * op.vp * min(2.0, r / 3)
    if op.op == "dream":
        return 1.0 + wt.dream * 1.5 * r
    return 1.0 + 0.8 * r  # the Recyclateur


def cost_value(t: Tables, code: str) -> float:
    return sum(v * k for v, k in zip(VALUE, t.repair[code], strict=True))


def rounds_left(view: State, seat: int) -> int:
    """A guess at the rounds still to play, from how near the known leaders are to the target (and the
    round limit)."""
    eco = tables().c.economy
    target = eco.team_vp_target if view.team_play else eco.vp_target
    mine = view.seats[seat].team
    best = 0.0
    for i, tm in enumerate(view.teams):
        if i == mine:
            best = max(best, tm.total)
        else:
            best = max(best, 3.5 * sum(len(p.projects) for p in view.seats if p.team == i))
    by_vp = int((target - best) / PACE) + 1
    return max(1, min(eco.round_limit - view.round + 1, by_vp))


def _partial(p: Seat, tm: Team, cond: Op, times: int) -> float:
    """How much of one project condition player `p` (of team `tm`) meets, from 0 to 1 (a shared-things one
    `times` over)."""
    t = tables()
    op = cond.op
    if op == "machines":  # a broken machine of the kind is half way there
        have = sum(1.0 for sl in p.slots for code in sl if t.type[code] in cond.kinds)
        have += 0.5 * sum(1 for code in tm.broken if t.type[code] in cond.kinds)
        return min(1.0, have / cond.n)
    if op == "stock":
        need = (cond.c * times, cond.w * times, cond.cu * times, cond.cr * times)
        parts = [min(1.0, tm.stock[k] / need[k]) for k in range(4) if need[k]]
        return sum(parts) / len(parts)
    if op == "slots_filled":
        return sum(1 for sl in p.slots if sl) / len(p.slots)
    if op == "pairs":
        return min(1.0, sum(1 for sl in p.slots if len(sl) >= 2) / cond.n)
    if op == "assistants":
        return min(1.0, len(p.assistants) / cond.n)
    if op == "level_sum":
        return min(1.0, sum(t.level[code] for sl in p.slots for code in sl) / cond.n)
    if op == "production_kinds":
        made = {k for sl in p.slots for code in sl for k, v in enumerate(t.produce.get(code, ())) if v}
        return min(1.0, len(made) / cond.n)
    if op == "broken":
        return min(1.0, len(tm.broken) / (cond.n * times))
    if op == "dream_run":
        return min(1.0, dream_run(tm.dream) / cond.n)
    if op == "types_in_slots":
        kinds = {t.type[code] for sl in p.slots for code in sl}
        near = {t.type[code] for code in tm.broken}
        return sum(1.0 if k in kinds else 0.5 if k in near else 0.0 for k in cond.kinds) / len(cond.kinds)
    return 0.0


@functools.cache
def _distances() -> dict[str, int]:
    """Steps from Start to each dream-track space (the shortest way)."""
    t = tables()
    out = {t.c.dream.start: 0}
    frontier = [t.c.dream.start]
    while frontier:
        here = frontier.pop(0)
        for nxt in t.space_next[here]:
            if nxt not in out:
                out[nxt] = out[here] + 1
                frontier.append(nxt)
    return out


def dream_potential(dream: str, frags: tuple[int, ...]) -> int:
    """The spaces the coloured fragments behind the screen could still cover: the best colour placed as one
    run (continuing the dream's last run if it is that colour), the others one space each."""
    last = dream[-1:] if dream else ""
    run = 0
    for f in reversed(dream):
        if f != last:
            break
        run += 1
    singles = frags[0] + frags[1] + frags[2] + frags[3]
    best = 0
    for i, colour in enumerate("RGEF"):
        h = frags[i]
        if h < 2 and colour != last:
            continue
        start = run + 1 if colour == last else 1
        best = max(best, h * start + h * (h - 1) // 2 - h)
    return singles + best


def threats(view: State, team: int) -> dict[str, int]:
    """How many working attack machines the other teams have, by the threat a defense would block."""
    t = tables()
    out: dict[str, int] = {}
    for p in view.seats:
        if p.team == team:
            continue
        for i, sl in enumerate(p.slots):
            if p.tangled[i]:
                continue
            for code in sl:
                op = t.attack.get(code)
                if op is not None:
                    kind = _THREAT.get(op.op) or ("c" if op.kinds == ("c",) else "resource")
                    out[kind] = out.get(kind, 0) + 1
    return out


_THREAT = {"tangle": "tangle", "steal_fragment": "fragment"}


def _blocked(code: str, seen: dict[str, int]) -> int:
    """How many of the `seen` attack machines the defense machine `code` would block."""
    return sum(seen.get(k, 0) for k in tables().protect.get(code, ()))


def _broken_worth(view: State, team: int, left: int, rivals: int, wt: Weights, seen: dict[str, int]) -> float:
    """The broken machines' worth: the better of dismantling and of a discounted repair."""
    tm = view.teams[team]
    if not tm.broken:
        return 0.0
    free = sum(1 for p in view.seats if p.team == team for sl in p.slots if not sl)
    singles = tuple(sl[0] for p in view.seats if p.team == team for sl in p.slots if len(sl) == 1)
    key = (tm.broken, tm.stock, free, singles, left, rivals, wt, view.chimera, tuple(sorted(seen.items())))
    hit = _BROKEN.get(key)
    if hit is None:
        if len(_BROKEN) > 50_000:
            _BROKEN.clear()
        hit = _BROKEN[key] = _broken_sum(
            tm.broken, tm.stock, free, singles, left, rivals, wt, view.chimera, seen
        )
    return hit


_BROKEN: dict[tuple[object, ...], float] = {}


def _broken_sum(
    broken: tuple[str, ...],
    stock: tuple[int, int, int, int],
    free: int,
    singles: tuple[str, ...],
    left: int,
    rivals: int,
    wt: Weights,
    chimera: bool,
    seen: dict[str, int],
) -> float:
    t = tables()
    nets = sorted(
        (
            (machine_worth(code, left, rivals, wt, _blocked(code, seen)) - cost_value(t, code), code)
            for code in broken
        ),
        reverse=True,
    )
    total = 0.0
    frag = HELD * STEP * wt.dream if chimera else 0.0
    for rank, (net, code) in enumerate(nets):
        salvage = 0.8 * (t.level[code] * 1.4 + frag) if t.type[code] != "special" else 0.0
        if rank == 0 and free:
            cost = t.repair[code]
            have = sum(min(stock[k], cost[k]) for k in range(1, 4))
            ready = 0.45 + 0.3 * have / sum(cost)
        elif rank < free:
            ready = 0.45
        else:  # no slot for it: it must wait, unless it can join a repaired machine as a pair
            ready = 0.3 if any(compatible(t, code, one) for one in singles) else 0.15
        total += max(salvage, net * ready)
    return total


STOCK_CAP = (12, 8, 6, 5)
"""Units of each kind worth their full value; each unit more is worth `SURPLUS` of it."""
SURPLUS = 0.3


def stock_worth(stock: tuple[int, int, int, int]) -> float:
    """The stock's value, with diminishing returns past `STOCK_CAP` (a hoard scores little)."""
    total = 0.0
    for k in range(4):
        n = stock[k]
        cap = STOCK_CAP[k]
        total += VALUE[k] * (n if n <= cap else cap + SURPLUS * (n - cap))
    return total


_PROGRESS: dict[tuple[object, ...], float] = {}
"""Progress by everything it depends on: a bot compares many positions that differ elsewhere."""


def progress(view: State, p: Seat, tm: Team) -> float:
    """Σ over the projects in play player `p` has not completed of how much of the condition is met."""
    key = (p.slots, p.assistants, p.projects, tm.stock, tm.broken, tm.dream, view.projects, view.team_play)
    hit = _PROGRESS.get(key)
    if hit is not None:
        return hit
    t = tables()
    factor = t.c.economy.teams.shared_condition_factor
    total = 0.0
    for pid in view.projects:
        if pid not in p.projects:
            project = t.c.project[pid]
            times = factor if view.team_play and not project.expansion else 1
            total += min(_partial(p, tm, cond, times) for cond in project.conditions)
    if len(_PROGRESS) > 50_000:
        _PROGRESS.clear()
    _PROGRESS[key] = total
    return total


def worth(view: State, seat: int, wt: Weights) -> float:
    """The heuristic value of `view` for `seat`'s team (see the module docstring)."""
    t = tables()
    me = view.seats[seat]
    team = me.team
    tm = view.teams[team]
    left = rounds_left(view, seat)
    rivals = len(view.teams) - 1
    seen = threats(view, team)
    value = 10.0 * tm.total + stock_worth(tm.stock)
    for p in view.seats:
        if p.team != team:
            continue
        for sl in p.slots:
            for code in sl:
                value += machine_worth(code, left, rivals, wt, _blocked(code, seen))
            if len(sl) > 1:
                prods = [t.produce[c] for c in sl if c in t.produce]
                if len(prods) > 1:  # a production pair's extra unit
                    value += (
                        wt.engine
                        * min(left, HORIZON)
                        * min(sum(v * k for v, k in zip(VALUE, made, strict=True)) for made in prods)
                    )
        value += len(p.assistants) * (2.0 + 0.6 * left)
        value += wt.projects * PROJECT * progress(view, p, tm)
    value += _broken_worth(view, team, left, rivals, wt, seen)
    if view.chimera:
        value += wt.dream * (
            STEP * (_distances().get(tm.token, 0) + HELD * dream_potential(tm.dream, tm.frags))
        )
        value += NIGHTMARE * tm.frags[4]
    return value
