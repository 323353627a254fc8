"""But Wait? What about Cheating?: cheat windows, playing Legal and Illegal cheats, and their effects
(CN-CHEAT, CN-STATUS-21).

"At any time" is made concrete as two windows: at the start of every turn (in turn order from the player
whose turn it is) and once an attack's dice are rolled (attacker, defender, then the others in turn order).
A window asks only the seats that hold a cheat they could play now; each may play cheats one after another,
``pass`` (this window) or ``pass turn`` (every window until the next turn starts). Notation: ``cheat CODE``
with the target the effect needs (``pN``, ``pN h``, a card code).
"""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.con.content import CheatCard, content
from chimera_tui.games.con.state import AIRBORNE, NEGATIVE, POISONED, Ask
from chimera_tui.games.con.work import (
    CARDS,
    Working,
    action_of,
    can_draw_creature,
    digits,
    draw_creature,
    fits_chimera,
    ground_if_needed,
    heal,
    remove_from_hand,
    swap_part,
    to_discard,
)

CHEATS: dict[str, CheatCard] = content().cheats


def may_cheat(w: Working, seat: int) -> bool:
    """In the round, not Airborne (CN-STATUS-21), not passed for this turn."""
    return w.alive[seat] and not w.status[seat] & AIRBORNE and not w.passed[seat]


def cheat_options(w: Working, seat: int, when: str) -> list[str]:
    """The cheats `seat` could play now, one line per distinct play (copies of a kind are offered once)."""
    out: list[str] = []
    seen: set[str] = set()
    at = w.attack
    for code in w.cheats[seat]:
        kind = CHEATS[code].kind
        if kind.code in seen or (kind.when != "any" and kind.when != when):
            continue
        seen.add(kind.code)
        e = kind.effect
        head = f"cheat {code}"
        if e in ("add_dice", "drop_highest", "shield", "smoke"):
            if at is None:
                continue
            if e in ("add_dice", "drop_highest") and seat in (at.attacker, at.defender):
                if e == "add_dice" or (at.dfn if seat == at.attacker else at.att):
                    out.append(head)
            elif (
                e in ("shield", "smoke")
                and seat == at.defender
                and (e == "smoke" or "Elemental" not in action_of(at.card, at.index).keywords)
            ):
                out.append(head)
        elif e == "heal":
            if w.damage[seat] and not w.status[seat] & NEGATIVE:
                out.append(head)
        elif e == "poison":
            out.extend(
                f"{head} p{t + 1}"
                for t in range(w.n())
                if t != seat and w.alive[t] and not w.status[t] & POISONED
            )
        elif e == "petrify":
            for t in range(w.n()):
                if t != seat and w.alive[t]:
                    out.extend(
                        f"{head} p{t + 1} {'hbr'[k]}"
                        for k, c in enumerate(w.parts[t])
                        if c and c not in w.petrified
                    )
        elif e == "ground":
            out.extend(f"{head} p{t + 1}" for t in range(w.n()) if w.alive[t] and w.status[t] & AIRBORNE)
        elif e == "market":
            out.extend(f"{head} {c}" for c in w.market)
        elif e == "draw":
            if can_draw_creature(w):
                out.append(head)
        elif e == "swap":
            out.extend(f"{head} {c}" for c in w.hands[seat] if fits_chimera(w.parts[seat], c))
    return out


def open_window(w: Working, when: str, order: list[int]) -> bool:
    """Open a cheat window over `order`: ask the first seat that could cheat; False when there is nobody to
    ask (the window closes at once)."""
    for i, s in enumerate(order):
        if may_cheat(w, s) and cheat_options(w, s, when):
            w.asks.append(Ask("cheat", s, tuple(order[i + 1 :]), when))
            return True
    return False


def advance(w: Working) -> str:
    """The seat at the top window is done: ask the next seat that could cheat; the window's `when` if that
    closed it, else ""."""
    ask = w.asks.pop()
    return "" if open_window(w, ask.when, list(ask.seats)) else ask.when


def window_options(w: Working, ask: Ask) -> list[str]:
    """Playing no cheat comes first (a player who presses on plays none), then each cheat."""
    return ["pass", "pass turn", *cheat_options(w, ask.seat, ask.when)]


def do_pass(w: Working, ask: Ask, text: str) -> str:
    """``pass`` (this window) or ``pass turn`` (every window until the next turn): as `advance`."""
    if text == "pass turn":
        w.passed[ask.seat] = True
    return advance(w)


def play(w: Working, s: int, text: str) -> bool:
    """Play a cheat: an Illegal one needs a 2 or more on 1d6 (CN-CHEAT-04 to -11). True when its effect took
    place (a chimera may have fallen, so the round is settled next, then `done_cheating`)."""
    words = text.split()
    code = words[1]
    kind = CHEATS[code].kind
    remove_from_hand(w, s, code)
    if not kind.legal:
        die = w.below(6) + 1
        w.tell_dice("check", s, code, die)
        if die == 1:
            w.market = (*w.market, code)
            if s == w.active:
                w.asks = []
                w.attack = None
                w.step = "discard"
            else:
                w.asks.append(Ask("discard", s))
            return False
    effect(w, s, kind.effect, kind.amount, words[2:])
    to_discard(w, [code])
    return True


def done_cheating(w: Working, s: int) -> bool:
    """Whether `s`, still asked at the top window after playing a cheat, has nothing more it could play."""
    if w.phase != "turn" or not w.asks or w.asks[-1].kind != "cheat" or w.asks[-1].seat != s:
        return False
    return not may_cheat(w, s) or not cheat_options(w, s, w.asks[-1].when)


def effect(w: Working, s: int, e: str, n: int, args: list[str]) -> None:
    at = w.attack
    if e == "add_dice" and at is not None:
        more = w.dice(n)
        if s == at.attacker:
            w.attack = replace(at, att=at.att + more)
        else:
            w.attack = replace(at, dfn=at.dfn + more)
        w.tell("more", s, digits(more))
    elif e == "drop_highest" and at is not None:
        if s == at.attacker:
            w.attack = replace(at, dfn=tuple(sorted(at.dfn))[: max(0, len(at.dfn) - n)])
            w.tell("drop", at.defender, digits(w.attack.dfn))
        else:
            w.attack = replace(at, att=tuple(sorted(at.att))[: max(0, len(at.att) - n)])
            w.tell("drop", at.attacker, digits(w.attack.att))
    elif e == "shield" and at is not None:
        w.attack = replace(at, shield=at.shield + n)
        w.tell("shield", s, n)
    elif e == "smoke" and at is not None:
        w.attack = replace(at, smoke=True)
    elif e == "heal":
        w.tell("healed", s, heal(w, s, n))
    elif e == "poison":
        t = int(args[0][1:]) - 1
        w.status[t] |= POISONED
        w.tell("status", t, POISONED)
    elif e == "petrify":
        t = int(args[0][1:]) - 1
        code = w.parts[t]["hbr".index(args[1])]
        w.petrified = w.petrified | {code}
        w.tell("petrified", t, code)
        ground_if_needed(w, t)
    elif e == "ground":
        t = int(args[0][1:]) - 1
        w.status[t] &= ~AIRBORNE
        w.tell("grounded", t)
    elif e == "market":
        code = args[0]
        market = list(w.market)
        market.remove(code)
        w.market = tuple(market)
        if code in CARDS:
            w.hands[s] = w.hands[s] + (code,)
        else:
            w.cheats[s] = w.cheats[s] + (code,)
        w.tell("took", s, code)
    elif e == "draw":
        for _ in range(n):
            card = draw_creature(w)
            if card:
                w.hands[s] = w.hands[s] + (card,)
                w.tell("drew", s, card)
    elif e == "swap":
        swap_part(w, s, args[0])
