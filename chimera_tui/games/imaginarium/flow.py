"""The round: setup, planning on the belt, the turns' automatic steps, checking and resetting, the end.

Decisions are taken in `rules.py`; this module runs everything between them: B0 gains, B1 production and
attacks (stopping at an owner's or a victim's choice), B2 pick-up, B4 projects, B5, and phase C.
"""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.engine.rng import Rng
from chimera_tui.games.imaginarium.projects import complete_projects, lay_out_late_project
from chimera_tui.games.imaginarium.state import Ask, State
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


# ------------------------------------------------------------------------------------------------- the belt


def price(w: Working, seat: int, place: int) -> int:
    """What `seat` pays for the machine on `place` (0-based): surcharge + level, less the Bargain Hunter."""
    t = w.t
    p = t.surcharges[place] + t.level[w.belt[place]]
    off = w.has(seat, "price_discount")
    return max(0, p - off.c) if off is not None else p


def budget(w: Working, seat: int) -> int:
    """Charcoalium `seat` may still commit this round: the team's, less partners' earlier reservations."""
    team = w.team_of(seat)
    left = w.teams[team].stock[0]
    for place, who in enumerate(w.reserved):
        if who >= 0 and who != seat and w.seats[who].team == team:
            left -= price(w, who, place)
    return left


def refill(w: Working) -> None:
    """Deal new machines into the empty front places, lowest level first (round 1: no attack machines)."""
    belt = list(w.belt)
    empty = [i for i in range(len(belt)) if not belt[i]]
    if not empty:
        return
    drawn: list[str] = []
    t = w.t
    for _ in empty:
        code = w.draw_machine()
        while code and w.round == 1 and t.type[code] in t.redeal:
            # Round 1: an attack machine goes back, the deck is reshuffled and a replacement is dealt.
            w.deck, w.rng = w.rng.shuffle((*w.deck, code))
            code = w.draw_machine()
        if not code:
            break
        drawn.append(code)
    drawn.sort(key=lambda code: t.level[code])  # stable: equal levels keep the order drawn
    frags = list(w.belt_frags)
    for place, code in zip(empty, drawn, strict=False):
        belt[place] = code
        if w.chimera:  # a fragment on each new machine, front place first
            frags[place] = w.draw_fragment()
    w.belt = tuple(belt)
    w.belt_frags = tuple(frags)


def reset_belt(w: Working) -> None:
    """Phase C reset: fall-off, slide toward place 7, refill (design 4.5)."""
    belt = list(w.belt)
    frags = list(w.belt_frags)
    for place in w.t.fall_off[len(w.seats)]:
        i = place - 1
        if belt[i]:
            w.discard = (*w.discard, belt[i])
            if frags[i]:
                w.frag_discard = (*w.frag_discard, frags[i])
            belt[i], frags[i] = "", ""
    kept = [(b, f) for b, f in zip(belt, frags, strict=True) if b]
    pad = len(belt) - len(kept)
    w.belt = ("",) * pad + tuple(b for b, _ in kept)
    w.belt_frags = ("",) * pad + tuple(f for _, f in kept)
    refill(w)


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


def start_turn(w: Working) -> None:
    """B0: start-of-turn gains and the Sleepwalker's choice; then B1's automatic part."""
    seat = w.actor
    team = w.team_of(seat)
    w.phase = "b1"
    w.acts, w.current, w.trades, w.dreamed, w.placed = (), "", 0, False, ""
    for a in w.seats[seat].assistants:
        op = w.t.assist_ops[a].get("start_gain")
        if op is not None:
            w.gain(team, (op.c, op.w, op.cu, op.cr))
    if w.chimera and w.has(seat, "belt_fragment") is not None:
        opts = sleep_options(w)
        if opts:
            w.push(Ask("sleep", seat, opts=tuple(opts)))
            return
    begin_b1(w)


def sleep_options(w: Working) -> list[str]:
    """Places (1-based) of belt machines with a fragment and no figure."""
    return [str(i + 1) for i, f in enumerate(w.belt_frags) if f and w.belt[i] and w.reserved[i] < 0]


def begin_b1(w: Working) -> None:
    """B1 (a) and (b): production, then attacks in slot order."""
    produce_from(w, w.actor, 0)


def produce_from(w: Working, seat: int, first: int) -> None:
    """Production of every working production slot from `first` on, then the attacks."""
    t = w.t
    team = w.team_of(seat)
    p = w.seats[seat]
    for i in range(first, len(p.slots)):
        sl = p.slots[i]
        if not sl or p.tangled[i]:
            continue
        made = [0, 0, 0, 0]
        prods = [code for code in sl if code in t.produce]
        for code in prods:
            for k, v in enumerate(t.produce[code]):
                made[k] += v
        if any(made):
            w.gain(team, made)
        if len(prods) >= 2:
            kinds = bonus_kinds(w, prods)
            extra = len(prods) - 1
            if len(kinds) == 1:
                w.add(team, KIND_INDEX[kinds[0]], extra)
            else:
                w.push(Ask("bonus", seat, i, extra, tuple(kinds)))
                return
    run_attacks(w, seat, 0, 0, ())


def bonus_kinds(w: Working, prods: list[str]) -> list[str]:
    """The kinds a production pair's extra unit may be: what its lower-level machine(s) make."""
    t = w.t
    low = min(t.level[c] for c in prods)
    kinds: list[str] = []
    for code in prods:
        if t.level[code] == low:
            for k, v in zip(("c", "w", "cu", "cr"), t.produce[code], strict=True):
                if v and k not in kinds:
                    kinds.append(k)
    return kinds


def opponents(w: Working, seat: int, by_team: bool) -> list[int]:
    """Opposing teams (or players) in seat order after `seat`."""
    n = len(w.seats)
    me = w.team_of(seat)
    if not by_team:
        return [(seat + k) % n for k in range(1, n) if w.seats[(seat + k) % n].team != me]
    out: list[int] = []
    for k in range(1, n):
        team = w.seats[(seat + k) % n].team
        if team != me and team not in out:
            out.append(team)
    return out


def attacker(w: Working, seat: int, slot: int) -> tuple[str, int] | None:
    """(code, units per theft) of the attack machine working in `slot`, or None."""
    p = w.seats[seat]
    sl = p.slots[slot]
    if not sl or p.tangled[slot]:
        return None
    codes = [code for code in sl if code in w.t.attack]
    if not codes:
        return None
    op = w.t.attack[codes[0]]
    extra = len(codes) - 1 if all(c == codes[0] for c in codes) else 0
    return codes[0], op.n + extra


def chooser(w: Working, team: int) -> int:
    """The player who decides for `team` out of turn: its partner acting earliest this round."""
    members = w.members(team)
    ranked = [s for s in w.order if s in members]
    return ranked[0] if ranked else members[0]


def run_attacks(w: Working, seat: int, slot: int, target: int, handed: tuple[str, ...]) -> None:
    """Resolve the attacks from (`slot`, `target`) on, stopping at a choice; then open B1's optional uses."""
    t = w.t
    pays = t.c.economy.blocked_attack_pays
    team = w.team_of(seat)
    n_slots = len(w.seats[seat].slots)
    while slot < n_slots:
        atk = attacker(w, seat, slot)
        if atk is None:
            slot, target, handed = slot + 1, 0, ()
            continue
        code, amount = atk
        op = t.attack[code]
        by_team = op.op != "tangle"
        targets = opponents(w, seat, by_team)
        while target < len(targets):
            victim = targets[target]
            if op.op == "tangle":
                if "tangle" in w.guards(victim):
                    w.add(w.team_of(victim), 0, pays)
                else:
                    opts = tuple(str(i) for i, sl in w.working(victim))
                    if opts:
                        w.push(Ask("tangle", seat, slot, target, opts))
                        return
            elif op.op == "steal_fragment":
                if "fragment" in w.team_guards(victim):
                    w.add(victim, 0, pays)
                elif any(w.teams[victim].frags):
                    fr = w.teams[victim].frags
                    opts = tuple(f for f, k in zip(("R", "G", "E", "F", "N"), fr, strict=True) if k)
                    w.push(Ask("hand", chooser(w, victim), slot, target, (*handed, "|", *opts)))
                    return
            else:
                threat = "c" if op.kinds == ("c",) else "resource"
                if threat in w.team_guards(victim):
                    w.add(victim, 0, pays)
                elif len(op.kinds) > 1:
                    w.push(Ask("pick", seat, slot, target, tuple(op.kinds)))
                    return
                else:
                    steal(w, team, victim, KIND_INDEX[op.kinds[0]], amount)
            target += 1
        if handed:
            if len(handed) == 1:
                w.frag(team, handed[0])
            else:
                w.push(Ask("xkeep", seat, slot, 0, handed))
                return
        slot, target, handed = slot + 1, 0, ()
    open_uses(w, seat)


def steal(w: Working, thief: int, victim: int, kind: int, amount: int) -> None:
    """Take up to `amount` units of `kind` from `victim`'s stock into `thief`'s."""
    took = min(amount, w.teams[victim].stock[kind])
    if took:
        w.add(victim, kind, -took)
        w.add(thief, kind, took)


def open_uses(w: Working, seat: int) -> None:
    """B1 (c): the uses left this turn for each optional machine, then the Smelter's."""
    t = w.t
    p = w.seats[seat]
    uses: list[int] = []
    for i, sl in enumerate(p.slots):
        for j, code in enumerate(sl):
            base = t.optional.get(code, 0) if not p.tangled[i] else 0
            if base:
                gain = t.machine[code].pair_gain
                if gain is not None and len(sl) > 1:
                    others = sl[:j] + sl[j + 1 :]
                    fits = (
                        gain.partner == "any"
                        or (gain.partner == "same" and code in others)
                        or (gain.partner == "production" and any(t.type[o] == "production" for o in others))
                    )
                    if fits:
                        if gain.gain == "extra_use" and gain.partner == "same":  # one machine (9.2), +n uses
                            base = base + gain.n if j == sl.index(code) else 0  # on its first card (6.4)
                        elif gain.gain == "extra_use":
                            base += gain.n * len(others)
                        elif gain.gain == "more_fragments":
                            # A pair of Achievettes places up to n fragments together, through its first card.
                            base = gain.n if j == sl.index(code) else 0
            uses.append(base)
    smelter = w.has(seat, "pay")
    uses.append(1 if smelter is not None else 0)
    w.uses = tuple(uses)
    w.placed = ""


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
