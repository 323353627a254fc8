"""B1 (c): the optional machine uses — conversions, the Recyclateur, the Gloriette, the Achievette — and
the Smelter, each from its ops.

A use is written ``use S.I [arg]``: slot S, machine I in it, and the conversion's kind (``w``), pair of kinds
(``cu>cr``), broken machine code (Recyclateur) or fragment colour (Achievette).
"""

from __future__ import annotations

from chimera_tui.games.imaginarium import dream
from chimera_tui.games.imaginarium.components import Op
from chimera_tui.games.imaginarium.state import Ask
from chimera_tui.games.imaginarium.work import KIND_INDEX, Working

_KINDS = ("c", "w", "cu", "cr")


def _positions(w: Working, seat: int) -> list[tuple[int, int, str]]:
    """(slot, index, code) of every machine of `seat`, in the order of `State.uses`."""
    return [(i, j, code) for i, sl in enumerate(w.seats[seat].slots) for j, code in enumerate(sl)]


def _pay_ok(stock: tuple[int, ...], op: Op) -> bool:
    return stock[0] >= op.c and stock[1] >= op.w and stock[2] >= op.cu and stock[3] >= op.cr


def use_options(w: Working, seat: int) -> list[str]:
    """Every optional use `seat` may make now in B1 (then ``end``)."""
    t = w.t
    out: list[str] = []
    team = w.team_of(seat)
    tm = w.teams[team]
    stock = tm.stock
    for k, (i, j, code) in enumerate(_positions(w, seat)):
        if not w.uses[k]:
            continue
        ops = t.machine[code].ops
        first = ops[0]
        name = f"use {i}.{j}"
        if first.op == "pay":
            if _pay_ok(stock, first):
                out.append(name)
        elif first.op == "pay_any":
            for kind in first.kinds:
                if stock[KIND_INDEX[kind]] < first.n:
                    continue
                if ops[1].op == "gain_any":
                    out.extend(f"{name} {kind}>{g}" for g in ops[1].kinds if g != kind)
                else:
                    out.append(f"{name} {kind}")
        elif first.op == "recycle":
            seen: set[str] = set()
            for b in tm.broken:
                if b not in seen:
                    seen.add(b)
                    out.append(f"{name} {b}")
        elif first.op == "dream":
            if not w.chimera:
                continue
            for c in dream.colours_held(w, seat):
                if c not in w.placed:
                    out.append(f"{name} {c}")
    if w.uses and w.uses[-1]:
        op = w.has(seat, "pay")
        if op is not None and _pay_ok(stock, op):
            out.append("smelt")
    return out


def _convert(w: Working, team: int, ops: tuple[Op, ...], arg: str) -> None:
    kinds = arg.split(">")
    for op in ops:
        if op.op == "pay":
            w.gain(team, (op.c, op.w, op.cu, op.cr), -1)
        elif op.op == "pay_any":
            w.add(team, KIND_INDEX[kinds[0]], -op.n)
        elif op.op == "gain":
            w.gain(team, (op.c, op.w, op.cu, op.cr))
            w.score(team, op.vp, "gloriette")
        elif op.op == "gain_any":
            w.add(team, KIND_INDEX[kinds[1]], op.n)


def use(w: Working, seat: int, text: str) -> None:
    """Carry out one use (already checked to be legal)."""
    team = w.team_of(seat)
    if text == "smelt":
        for a in w.seats[seat].assistants:
            smelter = w.t.assist_ops[a]
            if "pay" in smelter:
                _convert(w, team, tuple(smelter.values()), "")
                break
        w.uses = (*w.uses[:-1], 0)
        return
    words = text.split()
    si, sj = (int(x) for x in words[1].split("."))
    arg = words[2] if len(words) > 2 else ""
    code = w.seats[seat].slots[si][sj]
    k = _positions(w, seat).index((si, sj, code))
    uses = list(w.uses)
    uses[k] -= 1
    ops = w.t.machine[code].ops
    if ops[0].op == "recycle":
        w.uses = tuple(uses)
        recycle(w, seat, arg, ops[0].c)
        return
    if ops[0].op == "dream":
        if dream.limit(w, seat) == 1:
            uses[k] = 0  # the nightmare limit: one fragment only
        w.uses = tuple(uses)
        dream.place(w, seat, arg)
        return
    w.uses = tuple(uses)
    _convert(w, team, ops, arg)


def recycle(w: Working, seat: int, code: str, c: int) -> None:
    """The Recyclateur: discard a broken machine for level units from its repair cost, plus `c`."""
    team = w.team_of(seat)
    tm = w.teams[team]
    broken = list(tm.broken)
    broken.remove(code)
    w.set_team(team, broken=tuple(broken))
    w.discard = (*w.discard, code)
    w.add(team, 0, c)
    level_payout(w, seat, code)


def level_payout(w: Working, seat: int, code: str) -> None:
    """Gain the repair cost less one unit the player leaves behind (asked when there is a choice)."""
    team = w.team_of(seat)
    cost = list(w.t.repair[code])
    kinds = [_KINDS[k] for k in range(4) if cost[k]]
    if len(kinds) == 1:
        cost[KIND_INDEX[kinds[0]]] -= 1
        w.gain(team, cost)
        return
    w.push(Ask("leave", seat, opts=(code, *kinds)))


def leave(w: Working, seat: int, ask: Ask, kind: str) -> None:
    """Resolve the unit left behind: gain the rest of the repair cost."""
    cost = list(w.t.repair[ask.opts[0]])
    cost[KIND_INDEX[kind]] -= 1
    w.gain(w.team_of(seat), cost)
