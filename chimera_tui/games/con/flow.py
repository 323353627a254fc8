"""The turn cycle and the round's end: whose turn comes next, the Merchant's two turns, the round's survivor
and the game's end (CN-TURN-01, -18, CN-MERCHANT-07 to -10, CN-ROUND-04 to -06, CN-GEN-06, -07)."""

from __future__ import annotations

from chimera_tui.games.con import building, cheating, market
from chimera_tui.games.con.work import W


def begin_turn(w: W, seat: int) -> None:
    """`seat` starts its turn at the Draw step; the turn-start cheat window opens first."""
    w.active = seat
    w.step = "draw"
    w.drawn = ""
    w.no_action = False
    w.passed = [False] * w.n()
    w.attack = None
    cheating.open_window(w, "turn", w.order_from(seat))


def end_turn(w: W) -> None:
    """The Discard step is over (or the active chimera fell): count the Merchant's turn, then the Market
    Phase or the next player's turn."""
    w.asks = []
    w.attack = None
    if w.active == w.merchant:
        w.merchant_turns += 1
    if w.merchant_turns >= 2 or w.market_due:
        market.start(w)
        return
    begin_turn(w, w.next_alive(w.active))


def round_over(w: W) -> bool:
    """End the round when at most one chimera is left (CN-ROUND-04, -05); True when it ended."""
    left = [s for s in range(w.n()) if w.alive[s]]
    if len(left) > 1:
        return False
    if left:
        w.points[left[0]] += 1
        w.tell("point", left[0], w.round, *w.parts[left[0]], *w.points)
    else:
        w.tell("nobody", w.round)
    if max(w.points) >= w.target:
        w.phase = "over"
        w.asks = []
        w.attack = None
        w.tell("won", w.points.index(max(w.points)), *w.points)
        return True
    building.new_round(w)
    return True


def settle(w: W) -> None:
    """After anything that may have eliminated a chimera: the round's end, or the active seat's turn ending."""
    if w.phase != "turn":
        return
    if round_over(w):
        return
    if not w.alive[w.active]:
        end_turn(w)
