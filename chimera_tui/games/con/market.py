"""The Market Phase and Getting Greedy (CN-MARKET, CN-GREEDY).

In order of Magic (highest first, ties in turn order from the Merchant) each player still in the round takes
one card of the Market Pile or none (``take CODE`` / ``pass``). Then each is asked ``greedy`` or ``content``;
those who want to Get Greedy roll Magic and swap their hand (but the card just taken) with the pile in order
of their totals; the others are asked again while anyone swapped, each Getting Greedy at most once. Then the
rest of the pile goes to the Discard Pile and the next player becomes the Merchant.
"""

from __future__ import annotations

from chimera_tui.games.con.state import Ask
from chimera_tui.games.con.work import CARDS, Working, digits, stat_of, to_discard


def order(w: Working) -> list[int]:
    """Players still in, by current Magic, highest first; ties in turn order from the Merchant (CN-MARKET-05)."""
    seats = w.order_from(w.merchant)
    rank = {s: i for i, s in enumerate(seats)}
    return sorted(seats, key=lambda s: (-stat_of(w, s, 3), rank[s]))


def start(w: Working) -> bool:
    """Open the Market Phase; True when it is already over (nobody left to ask)."""
    w.phase = "market"
    w.step = ""
    w.took = [""] * w.n()
    w.greedy = [0] * w.n()
    w.asks = [Ask("market", s) for s in reversed(order(w))]
    w.tell("market", len(w.market))
    if not w.asks:
        finish(w)
        return True
    return False


def take_options(w: Working) -> list[str]:
    return [*(f"take {c}" for c in w.market), "pass"]


def do_take(w: Working, ask: Ask, text: str) -> bool:
    """``take CODE`` or ``pass``; True when the Market Phase is over."""
    w.asks.pop()
    s = ask.seat
    if text != "pass":
        code = text.split()[1]
        pile = list(w.market)
        pile.remove(code)
        w.market = tuple(pile)
        if code in CARDS:
            w.hands[s] = w.hands[s] + (code,)
        else:
            w.cheats[s] = w.cheats[s] + (code,)
        w.took[s] = code
    return not w.asks and ask_greedy(w)


def ask_greedy(w: Working) -> bool:
    """Ask every player who has not Got Greedy yet (CN-GREEDY-01, -08); True when nobody is left to ask and
    the Market Phase is over."""
    seats = [s for s in order(w) if w.greedy[s] == 0]
    w.asks = [Ask("greedy", s) for s in reversed(seats)]
    if not w.asks:
        finish(w)
        return True
    return False


def do_greedy(w: Working, ask: Ask, text: str) -> bool:
    """``greedy`` or ``content``; True when the Market Phase is over."""
    w.asks.pop()
    if text == "greedy":
        w.greedy[ask.seat] = 1
    if w.asks:
        return False
    wanting = [s for s in range(w.n()) if w.greedy[s] == 1]
    if not wanting:
        finish(w)
        return True
    for s in roll_order(w, wanting):
        swap_hand(w, s)
        w.greedy[s] = 2
    return ask_greedy(w)


def roll_order(w: Working, seats: list[int]) -> list[int]:
    """Several greedy players roll Magic; the higher swaps first (CN-GREEDY-06, -07). Equal totals settle by
    d6 roll-offs, as for the first Merchant."""
    if len(seats) == 1:
        return seats
    rolled = {s: w.dice(stat_of(w, s, 3)) for s in seats}
    totals = {s: sum(r) for s, r in rolled.items()}
    w.tell_dice("greedy_rolls", *(x for s, r in rolled.items() for x in (s, digits(r))))
    out: list[int] = []
    for value in sorted(set(totals.values()), reverse=True):
        tied = [s for s in seats if totals[s] == value]
        while len(tied) > 1:
            rolls = {s: w.below(6) + 1 for s in tied}
            top = max(rolls.values())
            first = [s for s in tied if rolls[s] == top]
            if len(first) == 1:
                out.append(first[0])
                tied.remove(first[0])
        out.extend(tied)
    return out


def swap_hand(w: Working, s: int) -> None:
    """The hand but the card just taken swaps with the Market Pile (CN-GREEDY-02, -03, -05)."""
    kept = w.took[s]
    hand = [c for c in w.hands[s] + w.cheats[s] if c != kept]
    pile = w.market
    w.market = tuple(hand)
    w.hands[s] = tuple(c for c in pile if c in CARDS) + ((kept,) if kept in CARDS else ())
    w.cheats[s] = tuple(c for c in pile if c not in CARDS) + ((kept,) if kept and kept not in CARDS else ())
    w.tell("greedy", s, len(hand), len(pile))


def finish(w: Working) -> None:
    """The pile to the Discard Pile; the next player becomes the Merchant (CN-MARKET-08, CN-MERCHANT-09), whose
    turn comes next."""
    to_discard(w, w.market)
    w.market = ()
    w.asks = []
    w.phase = "turn"
    w.merchant = w.next_alive(w.merchant)
    w.merchant_turns = 0
    w.market_due = False
    w.tell("merchant", w.merchant)
