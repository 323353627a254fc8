"""Projects (design 10): conditions from the `CONDITIONS` vocabulary, completed automatically in B4.

Nothing is spent: every condition is something the player (or their team) has. The first player to complete
a project scores the first VP, every later player (teammates included) the later VP.
"""

from __future__ import annotations

from itertools import permutations

from chimera_tui.games.imaginarium.components import Op
from chimera_tui.games.imaginarium.work import Working


def dream_run(dream: str) -> int:
    """The longest row of one colour in `dream` (a nightmare breaks a row)."""
    best = run = 0
    prev = ""
    for f in dream:
        run = run + 1 if f == prev and f != "N" else (0 if f == "N" else 1)
        prev = f
        best = max(best, run)
    return best


SHARED = frozenset({"stock", "broken"})
"""The conditions on what a team shares (its screen, its broken machines)."""


def scale(w: Working, pid: str) -> int:
    """How many times its amounts project `pid` asks for: more in team play for a core project's condition
    on shared things (`Teams.shared_condition_factor`)."""
    t = w.t
    if not w.team_play or t.c.project[pid].expansion:
        return 1
    return t.c.economy.teams.shared_condition_factor


def holds(w: Working, seat: int, cond: Op, times: int = 1) -> bool:
    """Whether `seat` meets one project condition now (a shared-things condition `times` over)."""
    t = w.t
    p = w.seats[seat]
    team = w.teams[p.team]
    op = cond.op
    if op == "machines":
        return sum(1 for sl in p.slots for code in sl if t.type[code] in cond.kinds) >= cond.n
    if op == "slots_filled":
        return all(p.slots)
    if op == "pairs":
        return sum(1 for sl in p.slots if len(sl) >= 2) >= cond.n
    if op == "stock":
        need = (cond.c * times, cond.w * times, cond.cu * times, cond.cr * times)
        return all(team.stock[k] >= need[k] for k in range(4))
    if op == "assistants":
        return len(p.assistants) >= cond.n
    if op == "level_sum":
        return sum(t.level[code] for sl in p.slots for code in sl) >= cond.n
    if op == "production_kinds":
        made = {
            k for _, sl in w.working(seat) for code in sl for k, v in enumerate(t.produce.get(code, ())) if v
        }
        return len(made) >= cond.n
    if op == "broken":
        return len(team.broken) >= cond.n * times
    if op == "dream_run":
        return dream_run(team.dream) >= cond.n
    if op == "types_in_slots":
        kinds = cond.kinds
        slot_types = [{t.type[code] for code in sl} for sl in p.slots if sl]
        if len(slot_types) < len(kinds) or not set(kinds) <= set().union(*slot_types):
            return False
        return any(
            all(kinds[k] in slot_types[perm[k]] for k in range(len(kinds)))
            for perm in permutations(range(len(slot_types)), len(kinds))
        )
    raise ValueError(f"unknown project condition {op!r}")


def lay_out_late_project(w: Working) -> None:
    """Phase C, from round `late_projects_from` on: one more project, drawn from those not in play (core
    ones only in the core game), joins the design office, so that a game whose projects left are all hard
    ones does not stall."""
    c = w.t.c
    if w.round < c.economy.late_projects_from:
        return
    left = [p.id for p in c.projects if (w.chimera or not p.expansion) and p.id not in w.projects]
    if left:
        pid, w.rng = w.rng.choice(left)
        w.projects = (*w.projects, pid)


def complete_projects(w: Working, seat: int) -> list[str]:
    """B4: complete every project in play `seat` now meets and has not completed; returns their ids."""
    t = w.t
    eco = t.c.economy
    p = w.seats[seat]
    done: list[str] = []
    for pid in w.projects:
        if pid in p.projects:
            continue
        times = scale(w, pid)
        if all(holds(w, seat, cond, times) for cond in t.c.project[pid].conditions):
            done.append(pid)
    if not done:
        return done
    team = p.team
    late = w.has(seat, "late_project_vp")
    plannettes = sum(
        op.vp
        for _, sl in w.working(seat)
        for code in sl
        for op in t.machine[code].ops
        if op.op == "project_vp"
    )
    for pid in done:
        if pid in w.done_by_any:
            vp = late.vp if late is not None else eco.project_later_vp
        else:
            vp = eco.project_first_vp
            w.done_by_any = (*w.done_by_any, pid)
        w.score(team, vp, "project")
        w.score(team, plannettes, "plannette")
    w.set_seat(seat, projects=(*p.projects, *done))
    return done
