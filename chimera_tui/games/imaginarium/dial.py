"""B3: the dial and its six actions, and the daydream that may replace one of them (design 7, 8).

Every action is optional and they may come in either order; Transactions, Reorganize and the daydream take
several steps, ended with ``done`` (``stop`` for the daydream). ``end`` ends the turn's actions.
"""

from __future__ import annotations

from chimera_tui.games.imaginarium import dream
from chimera_tui.games.imaginarium.machines import level_payout
from chimera_tui.games.imaginarium.state import ACTIONS, Ask
from chimera_tui.games.imaginarium.work import KIND_INDEX, Working, compatible

_KINDS = ("c", "w", "cu", "cr")
AI = {a: i for i, a in enumerate(ACTIONS)}
VERB_ACTION = {
    "repair": 0, "buy": 1, "sell": 1, "dismantle": 2, "move": 3, "wake": 3, "extract": 4, "recruit": 5,
}  # fmt: skip
"""Which dial action a B3 verb belongs to."""


def dial_name(pair: tuple[int, int]) -> str:
    return f"{ACTIONS[pair[0]]}+{ACTIONS[pair[1]]}"


def dial_options(w: Working, seat: int) -> list[str]:
    """The dial positions `seat` may choose: any but last turn's (any two actions with the Great Ape)."""
    last = w.seats[seat].dial
    n = len(ACTIONS)
    if w.has(seat, "free_dial") is not None:
        pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    else:
        pairs = [tuple(sorted((i, (i + 1) % n))) for i in range(n)]  # type: ignore[misc]
    return [f"dial {dial_name(p)}" for p in pairs if p != last]


def set_dial(w: Working, seat: int, text: str) -> None:
    a, b = (AI[x] for x in text.split()[1].split("+"))
    w.set_seat(seat, dial=(a, b))
    w.acts = (a, b)
    w.phase = "b3"


# ------------------------------------------------------------------------------------------------- options


def _buy_price(w: Working, seat: int, kind: int) -> int:
    off = w.has(seat, "buy_discount")
    return max(0, w.t.rates[kind][0] - (off.c if off is not None else 0))


def trade_options(w: Working, seat: int) -> list[str]:
    stock = w.teams[w.team_of(seat)].stock
    out = [f"buy {_KINDS[k]}" for k in (1, 2, 3) if stock[0] >= _buy_price(w, seat, k)]
    out.extend(f"sell {_KINDS[k]}" for k in (1, 2, 3) if stock[k] > 0)
    return out


def move_options(w: Working, seat: int) -> list[str]:
    p = w.seats[seat]
    t = w.t
    out: list[str] = []
    for s, sl in enumerate(p.slots):
        for i, code in enumerate(sl):
            for d, dest in enumerate(p.slots):
                if d == s:
                    continue
                if not dest or (
                    not p.tangled[s]
                    and not p.tangled[d]
                    and len(dest) < w.slot_limit(seat, d)
                    and all(compatible(t, code, o) for o in dest)
                ):
                    out.append(f"move {s}.{i} {d}")
    if w.chimera and w.teams[p.team].dream.endswith("N"):
        out.append("wake")
    return out


def _repair_options(w: Working, seat: int) -> list[str]:
    p = w.seats[seat]
    empty = [i for i, sl in enumerate(p.slots) if not sl]
    if not empty:
        return []
    tm = w.teams[p.team]
    stock = tm.stock
    tinker = w.has(seat, "repair_discount") is not None
    out: list[str] = []
    for code in dict.fromkeys(tm.broken):
        cost = w.t.repair[code]
        variants: list[tuple[str, tuple[int, ...]]] = []
        if tinker and sum(cost) >= 2:
            for k in range(1, 4):
                if cost[k]:
                    less = list(cost)
                    less[k] -= 1
                    variants.append((f" {_KINDS[k]}", tuple(less)))
        else:
            variants.append(("", cost))
        for suffix, c in variants:
            if all(stock[k] >= c[k] for k in range(4)):
                out.extend(f"repair {code} {slot}{suffix}" for slot in empty)
    return out


def _dismantle_options(w: Working, seat: int) -> list[str]:
    p = w.seats[seat]
    magpie = w.has(seat, "dismantle_special") is not None
    t = w.t
    out = [
        f"dismantle {code}"
        for code in dict.fromkeys(w.teams[p.team].broken)
        if magpie or t.type[code] != "special"
    ]
    out.extend(
        f"dismantle {s}.{i}"
        for s, sl in enumerate(p.slots)
        for i, code in enumerate(sl)
        if magpie or t.type[code] != "special"
    )
    return out


def _recruit_options(w: Working, seat: int) -> list[str]:
    p = w.seats[seat]
    if len(p.assistants) >= w.t.c.economy.assistant_limit:
        return []
    money = w.teams[p.team].stock[0]
    return [f"recruit {a}" for a in w.meeting if w.t.assist_cost[a] <= money]


def b3_options(w: Working, seat: int) -> list[str]:
    """Every B3 decision open now."""
    cur = w.current
    if cur == "transactions":
        return [*(trade_options(w, seat) if w.trades > 0 else []), "done"]
    if cur == "reorganize":
        return [*move_options(w, seat), "done"]
    if cur == "daydream":
        out = [f"dream {c}" for c in dream.colours_held(w, seat) if c not in w.placed] if w.trades > 0 else []
        if w.placed:
            out.append("stop")
        return out
    out = []
    for a in w.acts:
        name = ACTIONS[a]
        if name == "repair":
            out.extend(_repair_options(w, seat))
        elif name == "transactions":
            out.extend(trade_options(w, seat))
        elif name == "dismantle":
            out.extend(_dismantle_options(w, seat))
        elif name == "reorganize":
            out.extend(move_options(w, seat))
        elif name == "extraction":
            out.append("extract")
        else:
            out.extend(_recruit_options(w, seat))
    if w.chimera and not w.dreamed and w.acts and dream.colours_held(w, seat):
        out.extend(f"daydream {ACTIONS[a]}" for a in w.acts)
    out.append("end")
    return out


# ------------------------------------------------------------------------------------------------- apply


def _use_action(w: Working, index: int) -> None:
    acts = list(w.acts)
    acts.remove(index)
    w.acts = tuple(acts)


def do(w: Working, seat: int, text: str) -> None:
    """Carry out one B3 decision other than ``end`` (already checked to be legal)."""
    words = text.split()
    verb = words[0]
    team = w.team_of(seat)
    if verb == "done":
        w.current = ""
        w.trades = 0
        return
    if verb == "daydream":
        _use_action(w, AI[words[1]])
        w.current, w.dreamed, w.placed = "daydream", True, ""
        w.trades = dream.limit(w, seat)
        return
    if verb == "dream":
        dream.place(w, seat, words[1])
        w.trades -= 1
        return
    if verb == "stop":
        dream.finish_daydream(w, seat)
        return
    if w.current == "":
        index = VERB_ACTION[verb]
        _use_action(w, index)
        if index == 1:
            limit = w.has(seat, "trade_limit")
            w.current, w.trades = "transactions", limit.n if limit is not None else w.t.c.economy.trade_limit
        elif index == 3:
            w.current = "reorganize"
    if verb in ("buy", "sell"):
        k = KIND_INDEX[words[1]]
        if verb == "buy":
            w.add(team, 0, -_buy_price(w, seat, k))
            w.add(team, k, 1)
        else:
            w.add(team, k, -1)
            w.add(team, 0, w.t.rates[k][1])
        w.trades -= 1
    elif verb == "move":
        _move(w, seat, words[1], int(words[2]))
    elif verb == "wake":
        tm = w.teams[team]
        w.set_team(team, dream=tm.dream[:-1])
        w.frag_discard = (*w.frag_discard, "N")
    elif verb == "extract":
        bonus = w.has(seat, "extraction_bonus")
        w.add(team, 0, w.t.c.economy.extraction + (bonus.c if bonus is not None else 0))
    elif verb == "recruit":
        _recruit(w, seat, words[1])
    elif verb == "repair":
        _repair(w, seat, words)
    elif verb == "dismantle":
        _dismantle(w, seat, words[1])


def _move(w: Working, seat: int, src: str, dest: int) -> None:
    s, i = (int(x) for x in src.split("."))
    p = w.seats[seat]
    slots = list(p.slots)
    tangled = list(p.tangled)
    code = slots[s][i]
    slots[s] = slots[s][:i] + slots[s][i + 1 :]
    if not slots[dest]:
        tangled[dest] = tangled[s]  # the tangle moves with the machine
    slots[dest] = (*slots[dest], code)
    if not slots[s]:
        tangled[s] = False
    w.set_seat(seat, slots=tuple(slots), tangled=tuple(tangled))


def _recruit(w: Working, seat: int, aid: str) -> None:
    team = w.team_of(seat)
    w.add(team, 0, -w.t.assist_cost[aid])
    meeting = list(w.meeting)
    meeting.remove(aid)
    if w.helpers:
        meeting.append(w.helpers[0])
        w.helpers = w.helpers[1:]
    w.meeting = tuple(meeting)
    p = w.seats[seat]
    w.set_seat(seat, assistants=(*p.assistants, aid))
    extra = w.t.assist_ops[aid].get("extra_slot")
    if extra is not None:
        p = w.seats[seat]
        w.set_seat(seat, slots=p.slots + ((),) * extra.n, tangled=p.tangled + (False,) * extra.n)


def _repair(w: Working, seat: int, words: list[str]) -> None:
    code, slot = words[1], int(words[2])
    team = w.team_of(seat)
    cost = list(w.t.repair[code])
    if len(words) > 3:
        cost[KIND_INDEX[words[3]]] -= 1
    w.gain(team, cost, -1)
    tm = w.teams[team]
    broken = list(tm.broken)
    broken.remove(code)
    w.set_team(team, broken=tuple(broken))
    p = w.seats[seat]
    slots = list(p.slots)
    slots[slot] = (code,)
    w.set_seat(seat, slots=tuple(slots))


def _dismantle(w: Working, seat: int, where: str) -> None:
    team = w.team_of(seat)
    t = w.t
    repaired = "." in where
    if repaired:
        s, i = (int(x) for x in where.split("."))
        p = w.seats[seat]
        slots = list(p.slots)
        code = slots[s][i]
        slots[s] = slots[s][:i] + slots[s][i + 1 :]
        tangled = list(p.tangled)
        if not slots[s]:
            tangled[s] = False
        w.set_seat(seat, slots=tuple(slots), tangled=tuple(tangled))
    else:
        code = where
        broken = list(w.teams[team].broken)
        broken.remove(code)
        w.set_team(team, broken=tuple(broken))
    w.discard = (*w.discard, code)
    state = "repaired" if repaired else "broken"
    # The core payout first.
    if repaired:
        mult = t.c.economy.dismantle_repaired_multiplier
        w.gain(team, tuple(mult * x for x in t.repair[code]))  # type: ignore[arg-type]
    elif _assist(w, seat, "dismantle_full_cost", state):
        w.gain(team, t.repair[code])
    else:
        level_payout(w, seat, code)
    for a in w.seats[seat].assistants:
        op = t.assist_ops[a].get("dismantle_gain")
        if op is not None and op.target in (state, "any"):
            w.add(team, 0, op.c)
            w.score(team, op.vp, "dismantle")
            if op.n:
                w.push(Ask("take", seat, op.n, opts=tuple(op.kinds)))
    # Then the Chimera extras.
    if not w.chimera:
        return
    extra = sum(
        w.t.assist_ops[a]["dismantle_fragment"].n
        for a in w.seats[seat].assistants
        if "dismantle_fragment" in w.t.assist_ops[a]
        and w.t.assist_ops[a]["dismantle_fragment"].target in (state, "any")
    )
    if not repaired:
        for _ in range(1 + extra):
            f = w.draw_fragment()
            if f:
                w.frag(team, f)
        return
    drawn = [f for f in (w.draw_fragment() for _ in range(t.level[code] + extra)) if f]
    if len(set(drawn)) > 1:
        w.push(Ask("keep", seat, opts=tuple(drawn)))
    elif drawn:
        keep(w, seat, tuple(drawn), drawn[0])


def _assist(w: Working, seat: int, op: str, state: str) -> bool:
    found = w.has(seat, op)
    return found is not None and found.target in (state, "any")


def keep(w: Working, seat: int, drawn: tuple[str, ...], kept: str) -> None:
    """Keep one of the fragments drawn (secretly) and discard the rest face up."""
    rest = list(drawn)
    rest.remove(kept)
    w.frag(w.team_of(seat), kept)
    w.frag_discard = (*w.frag_discard, *rest)
