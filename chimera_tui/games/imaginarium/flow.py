"""The round: setup, planning on the belt, the end of a turn, checking and resetting, the end.

Decisions are taken in `rules.py` (the sequencer) and `asks.py`; this module runs everything between them:
B2 pick-up, B4 projects, B5, and phase C. A turn's machine step (B0, B1) is in machine_step.py, the belt's
prices and refills in belt.py.
"""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.engine.rng import Rng
from chimera_tui.games.imaginarium.belt import budget, price, refill, reset_belt
from chimera_tui.games.imaginarium.machine_step import start_turn
from chimera_tui.games.imaginarium.projects import complete_projects, lay_out_late_project
from chimera_tui.games.imaginarium.state import State
from chimera_tui.games.imaginarium.work import KIND_INDEX, Working, new_seat, new_team, tables

# ------------------------------------------------------------------------------------------------- setup


def setup(names: tuple[str, ...], chimera: bool, team_play: bool, seed: int) -> State:
    """Setup points 1-7 (design 13), with the Chimera points and team play."""
    t = tables()
    c = t.c
    n = len(names)
    rng = Rng(seed)
    numbers = [1, 2, 3, 4, 5, 6] if n == 6 else [1, 2, 3, 4, 5]
    if team_play:
        pairs = c.economy.teams.pairings_4 if n == 4 else c.economy.teams.pairings_6
        n_teams = n // 2
        # Partners sit opposite: seat i plays in team i % n_teams; the team's pairing is dealt at random.
        order, rng = rng.shuffle(list(range(n_teams)))
        boards = [0] * n
        for team in range(n_teams):
            first, second = pairs[order[team]]
            boards[team], boards[team + n_teams] = first, second
        team_of = [i % n_teams for i in range(n)]
    else:
        dealt, rng = rng.shuffle(numbers)
        boards = list(dealt[:n])
        n_teams = n
        team_of = list(range(n))
    seats = [
        new_seat(team_of[i], boards[i], c.economy.slots, c.workshop[boards[i]].starting) for i in range(n)
    ]
    stocks = [[0, 0, 0, 0] for _ in range(n_teams)]
    for i in range(n):
        st = c.workshop[boards[i]].stock
        for k, v in enumerate((st.c, st.w, st.cu, st.cr)):
            stocks[team_of[i]][k] += v
    teams = [new_team(tuple(s)) for s in stocks]  # type: ignore[arg-type]
    if chimera:  # 4.1: a broken Starteur for each team; the spares stay in the box
        starteur = next(m for m in c.machines if m.starting_only)
        # Only 5 exist: at 6 seats without teams the seat on workshop 6 gets none (starteur_shortfall).
        short = {team_of[i] for i in range(n) if boards[i] == 6} if n_teams > starteur.copies else set()
        teams = [tm if i in short else replace(tm, broken=(starteur.code,)) for i, tm in enumerate(teams)]
    deck = list(c.core_deck)
    for i in range(n):  # point 2: only the starting machines of the workshops in play leave the deck
        for code in c.workshop[boards[i]].starting:
            deck.remove(code)
    if chimera:
        deck.extend(c.chimera_deck)
    shuffled, rng = rng.shuffle(deck)
    frags: list[str] = []
    if chimera:
        for col in (*c.dream.colour, c.dream.nightmare):
            frags.extend([col.letter] * col.count)
    pile, rng = rng.shuffle(frags)
    helpers = [a.id for a in c.assistants if chimera or not a.expansion]
    helpers_s, rng = rng.shuffle(helpers)
    face = c.economy.face_up_assistants
    projects = [p.id for p in c.projects if chimera or not p.expansion]
    projects_s, rng = rng.shuffle(projects)
    if team_play:
        in_play = c.economy.teams.projects_4 if n == 4 else c.economy.teams.projects_6
    else:
        in_play = next(p.count for p in c.economy.projects_in_play if p.players == n)
    initiative = tuple(sorted(range(n), key=lambda i: c.workshop[boards[i]].order))
    places = c.belt.places
    s = State(
        names=names, chimera=chimera, team_play=team_play, round=1, phase="plan", teams=tuple(teams),
        seats=tuple(seats), belt=("",) * places, belt_frags=("",) * places, reserved=(-1,) * places, x1=-1,
        x2=(), initiative=initiative, order=(), cursor=0, deck=shuffled, discard=(), pile=pile,
        frag_discard=(), meeting=helpers_s[:face], helpers=helpers_s[face:], projects=projects_s[:in_play],
        done_by_any=(), claimed=(), asks=(), rng=rng,
    )  # fmt: skip
    w = Working(s)
    refill(w)
    return w.freeze()


# ------------------------------------------------------------------------------------------------- planning


def plan_options(w: Working) -> list[str]:
    """The planning placements open to the seat to plan."""
    seat = w.actor
    money = budget(w, seat)
    out = [
        f"place {i + 1}"
        for i, code in enumerate(w.belt)
        if code and w.reserved[i] < 0 and price(w, seat, i) <= money
    ]
    if w.x1 < 0:
        out.append("x1")
    out.append("x2")
    return out


def plan(w: Working, where: str) -> None:
    """Move the planner's figure to `where` ("place N", "x1" or "x2") and pass planning on."""
    seat = w.actor
    if where == "x1":
        w.x1 = seat
    elif where == "x2":
        w.x2 = (*w.x2, seat)
    else:
        i = int(where.split()[1]) - 1
        r = list(w.reserved)
        r[i] = seat
        w.reserved = tuple(r)
    w.cursor += 1
    if w.cursor == len(w.initiative):
        order = [s for s in w.reserved if s >= 0]
        if w.x1 >= 0:
            order.append(w.x1)
        order.extend(w.x2)
        w.order = tuple(order)
        w.cursor = 0
        start_turn(w)


# ------------------------------------------------------------------------------------------------- a turn


def end_b1(w: Working) -> None:
    """B1 (d) untangle, B2 pick up, then B3 (the dial)."""
    seat = w.actor
    p = w.seats[seat]
    if any(p.tangled):
        w.set_seat(seat, tangled=(False,) * len(p.slots))
    pick_up(w, seat)
    w.uses = ()
    w.placed = ""
    w.phase = "dial"


def pick_up(w: Working, seat: int) -> None:
    """B2: pay for and take the reserved machine (and its fragment), or the extractor's charcoalium."""
    team = w.team_of(seat)
    t = w.t
    if seat in w.reserved:
        i = w.reserved.index(seat)
        cost = price(w, seat, i)
        if w.teams[team].stock[0] < cost:
            return  # pick-up failure: the machine (and its fragment) stay on the belt
        w.add(team, 0, -cost)
        code = w.belt[i]
        tm = w.teams[team]
        w.set_team(team, broken=(*tm.broken, code))
        if w.belt_frags[i]:
            w.frag(team, w.belt_frags[i])
        w.belt = (*w.belt[:i], "", *w.belt[i + 1 :])
        w.belt_frags = (*w.belt_frags[:i], "", *w.belt_frags[i + 1 :])
        return
    bonus = w.has(seat, "extractor_bonus")
    more = bonus.c if bonus is not None else 0
    w.add(team, 0, (t.x1_gives if w.x1 == seat else t.x2_gives) + more)


def end_turn(w: Working) -> None:
    """B4 projects, B5 the figure returns; then the next turn, or phase C."""
    seat = w.actor
    complete_projects(w, seat)
    w.phase = "b1"
    w.acts, w.current, w.trades, w.dreamed, w.placed = (), "", 0, False, ""
    w.cursor += 1
    if w.cursor < len(w.order):
        start_turn(w)
        return
    check_and_reset(w)


# ------------------------------------------------------------------------------------------------- phase C


def check_and_reset(w: Working) -> None:
    """Phase C: end the game at the VP target, at End, or at the round limit; otherwise reset the belt."""
    eco = w.t.c.economy
    target = eco.team_vp_target if w.team_play else eco.vp_target
    at_end = any(tm.token == w.t.c.dream.end for tm in w.teams)
    if at_end or any(tm.total >= target for tm in w.teams) or w.round >= eco.round_limit:
        final_scoring(w)
        return
    lay_out_late_project(w)
    reset_belt(w)
    w.round += 1
    w.initiative = w.order
    w.order = ()
    w.cursor = 0
    w.reserved = (-1,) * len(w.belt)
    w.x1, w.x2 = -1, ()
    w.phase = "plan"


def machine_count(w: Working, team: int) -> int:
    """Repaired machines in the team's workshops (a pair counts 2)."""
    return sum(len(sl) for s in w.members(team) for sl in w.seats[s].slots)


def final_scoring(w: Working) -> None:
    """The end bonuses: the most of each kind and of machines (2 VP, tied leaders 1 each, none at 0)."""
    eco = w.t.c.economy
    for cat in eco.bonus_categories:
        values = [
            machine_count(w, i) if cat == "machines" else tm.stock[KIND_INDEX[cat]]
            for i, tm in enumerate(w.teams)
        ]
        top = max(values)
        if top <= 0:
            continue
        leaders = [i for i, v in enumerate(values) if v == top]
        vp = eco.bonus_most if len(leaders) == 1 else eco.bonus_tied
        for i in leaders:
            w.score(i, vp, "bonus")
    w.phase = "over"
    w.ended = True
    w.asks = []


def winners(s: State) -> tuple[int, ...]:
    """The winning seats: the most VP, then the most units left; still tied, they share the win."""
    best = max((tm.total, sum(tm.stock)) for tm in s.teams)
    teams = {i for i, tm in enumerate(s.teams) if (tm.total, sum(tm.stock)) == best}
    return tuple(i for i, p in enumerate(s.seats) if p.team in teams)
