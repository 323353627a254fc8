"""Taking a Turn: the Draw, Substitute and Discard steps (CN-TURN); the Action step is in combat.py.

Notation: ``draw c`` / ``draw x`` (a creature or a cheat card), ``stop`` (draw no more); ``sub CODE`` /
``keep``; ``discard CODE`` / ``end``.
"""

from __future__ import annotations

from chimera_tui.games.con.work import (
    CARDS,
    Working,
    can_draw_cheat,
    can_draw_creature,
    draw_cheat,
    draw_creature,
    fits_chimera,
    remove_from_hand,
    swap_part,
)

HAND_LIMIT = 5
"""At most 5 cards of each type at the end of a turn (CN-TURN-12, -13)."""


def draw_options(w: Working) -> list[str]:
    """Up to 2 draws, one at a time; a third creature card when both were creature cards (CN-TURN-02 to -04)."""
    out = []
    if len(w.drawn) < 2:
        if can_draw_creature(w):
            out.append("draw c")
        if can_draw_cheat(w):
            out.append("draw x")
    elif w.drawn == "cc" and can_draw_creature(w):
        out.append("draw c")
    out.append("stop")
    return out


def do_draw(w: Working, text: str) -> None:
    s = w.active
    if text == "stop":
        to_substitute(w)
        return
    if text == "draw c":
        card = draw_creature(w)
        w.hands[s] = w.hands[s] + (card,)
        w.drawn += "c"
    else:
        card = draw_cheat(w)
        w.cheats[s] = w.cheats[s] + (card,)
        w.drawn += "x"
    w.tell("drew", s, card)
    if len(w.drawn) == 3 or (len(w.drawn) == 2 and w.drawn != "cc"):
        to_substitute(w)


def to_substitute(w: Working) -> None:
    w.step = "sub"


def sub_options(w: Working) -> list[str]:
    """``sub CODE`` for each hand card that fits its slot (CN-TURN-05), and ``keep``."""
    s = w.active
    parts = w.parts[s]
    out = [f"sub {c}" for c in w.hands[s] if fits_chimera(parts, c)]
    out.append("keep")
    return out


def do_sub(w: Working, text: str) -> bool:
    """Apply ``sub CODE`` or ``keep``; True when a part was swapped (a chimera may have fallen, so the round is
    settled before the turn goes on). A part of another family costs the Action step (CN-TURN-06)."""
    if text == "keep":
        return False
    s = w.active
    code = text.split()[1]
    old = swap_part(w, s, code)
    if old and CARDS[old].family != CARDS[code].family:
        w.no_action = True
        w.tell("skip", s)
    return True


def over_limit(w: Working, seat: int) -> tuple[bool, bool]:
    """Whether `seat` holds more than the limit of creature cards and of cheat cards."""
    return len(w.hands[seat]) > HAND_LIMIT, len(w.cheats[seat]) > HAND_LIMIT


def discard_options(w: Working, seat: int) -> list[str]:
    """Required discards of an over-limit type first (to the Market Pile); then any card (to the Discard
    Pile) or ``end`` (CN-TURN-11 to -17)."""
    c_over, x_over = over_limit(w, seat)
    if c_over or x_over:
        out = [f"discard {c}" for c in w.hands[seat]] if c_over else []
        if x_over:
            out.extend(f"discard {c}" for c in w.cheats[seat])
        return out
    return [*(f"discard {c}" for c in w.hands[seat]), *(f"discard {c}" for c in w.cheats[seat]), "end"]


def do_discard(w: Working, seat: int, text: str) -> bool:
    """Apply a discard decision of `seat`; True when its Discard step is over."""
    if text == "end":
        return True
    code = text.split()[1]
    c_over, x_over = over_limit(w, seat)
    remove_from_hand(w, seat, code)
    if (c_over and code in CARDS) or (x_over and code not in CARDS):
        w.market = (*w.market, code)
    else:
        w.discard = (*w.discard, code)
        if code in w.petrified:
            w.petrified = w.petrified - {code}
    return False
