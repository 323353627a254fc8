"""The belt: what a place costs a seat, what a seat may spend, refilling the belt and resetting it."""

from __future__ import annotations

from chimera_tui.games.imaginarium.work import Working


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
