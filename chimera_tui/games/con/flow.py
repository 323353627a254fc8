"""The sequencer: the only module that knows the order of Chimera Con's phases and steps. It lists the legal
decisions and applies one by calling the phase it belongs to, then takes what the phase says comes next
(a turn to begin, the round to settle, a cheat window to open or that just closed) to the next phase: the turn
cycle, the Merchant's two turns, the round's survivor and the game's end (CN-TURN-01, -18, CN-MERCHANT-07 to
-10, CN-ROUND-04 to -06, CN-GEN-06, -07). The phases never import this module (see rules.py).
"""

from __future__ import annotations

from chimera_tui.games.con import building, cheating, combat, market, turn
from chimera_tui.games.con.work import Working


def legal(w: Working) -> list[str]:
    """The legal decisions in `w`, as notation: the top ask's (a cheat window, an out-of-turn Discard step, a
    Market Phase choice), or else the build's or the active seat's turn step's."""
    if w.phase == "over":
        return []
    if w.asks:
        ask = w.asks[-1]
        if ask.kind == "cheat":
            return cheating.window_options(w, ask)
        if ask.kind == "discard":
            return turn.discard_options(w, ask.seat)
        if ask.kind == "market":
            return market.take_options(w)
        return ["greedy", "content"]
    if w.phase == "build":
        return building.build_options(w)
    step = w.step
    if step == "draw":
        return turn.draw_options(w)
    if step == "sub":
        return turn.sub_options(w)
    if step == "act":
        return combat.act_options(w)
    return turn.discard_options(w, w.active)


def step(w: Working, text: str) -> None:
    """Apply the legal decision `text` to `w`, and whatever it sets going."""
    if w.asks:
        _answer(w, text)
    elif w.phase == "build":
        if building.build(w, text):
            begin_turn(w, w.merchant)
    elif w.step == "draw":
        turn.do_draw(w, text)
    elif w.step == "sub":
        seat = w.active
        if turn.do_sub(w, text):
            settle(w)
            if w.phase != "turn" or w.active != seat or not w.alive[seat]:
                return
        to_action(w)
    elif w.step == "act":
        after = combat.do_act(w, text)
        if after == "settle":
            settle(w)
        elif after == "roll":
            open_window(w, "roll", combat.roll_window_order(w))
    elif turn.do_discard(w, w.active, text):
        end_turn(w)


def _answer(w: Working, text: str) -> None:
    """Apply the answer to the top ask."""
    ask = w.asks[-1]
    if ask.kind == "cheat":
        if text in ("pass", "pass turn"):
            window_closed(w, cheating.do_pass(w, ask, text))
        elif cheating.play(w, ask.seat, text) and w.phase == "turn":
            settle(w)
            if cheating.done_cheating(w, ask.seat):
                window_closed(w, cheating.advance(w))
    elif ask.kind == "discard":
        # An out-of-turn Discard step after a failed cheat (CN-CHEAT-06, -11); the window then goes on.
        if turn.do_discard(w, ask.seat, text):
            w.asks.pop()
            if w.asks and w.asks[-1].kind == "cheat" and w.asks[-1].seat == ask.seat:
                window_closed(w, cheating.advance(w))
    else:
        over = market.do_take(w, ask, text) if ask.kind == "market" else market.do_greedy(w, ask, text)
        if over:
            begin_turn(w, w.merchant)


def open_window(w: Working, when: str, order: list[int]) -> None:
    """Open a cheat window over `order`; with nobody to ask, go straight on."""
    if not cheating.open_window(w, when, order):
        window_closed(w, when)


def window_closed(w: Working, when: str) -> None:
    """After the cheat window `when` closed (nothing when `when` is ""): the rolled attack is settled."""
    if when == "roll" and combat.resolve(w):
        settle(w)


def to_action(w: Working) -> None:
    """After the Substitute step: the Action step, unless it was lost or there is nothing to do."""
    w.step = "discard" if w.no_action else "act"
    if w.step == "act" and not combat.act_options(w):
        w.step = "discard"


def begin_turn(w: Working, seat: int) -> None:
    """`seat` starts its turn at the Draw step; the turn-start cheat window opens first."""
    w.active = seat
    w.step = "draw"
    w.drawn = ""
    w.no_action = False
    w.passed = [False] * w.n()
    w.attack = None
    open_window(w, "turn", w.order_from(seat))


def end_turn(w: Working) -> None:
    """The Discard step is over (or the active chimera fell): count the Merchant's turn, then the Market
    Phase or the next player's turn."""
    w.asks = []
    w.attack = None
    if w.active == w.merchant:
        w.merchant_turns += 1
    if w.merchant_turns >= 2 or w.market_due:
        if market.start(w):
            begin_turn(w, w.merchant)
        return
    begin_turn(w, w.next_alive(w.active))


def round_over(w: Working) -> bool:
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


def settle(w: Working) -> None:
    """After anything that may have eliminated a chimera: the round's end, or the active seat's turn ending."""
    if w.phase != "turn":
        return
    if round_over(w):
        return
    if not w.alive[w.active]:
        end_turn(w)
