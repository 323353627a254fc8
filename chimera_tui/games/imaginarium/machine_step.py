"""A turn's machine step: B0's start-of-turn gains (and the Sleepwalker's choice), B1 production, the attacks
in slot order (stopping at an owner's or a victim's choice, answered in asks.py), and the uses left for B1's
optional machines.
"""

from __future__ import annotations

from chimera_tui.games.imaginarium.state import Ask
from chimera_tui.games.imaginarium.work import KIND_INDEX, Working


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
