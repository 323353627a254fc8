"""Codename: Chimera's standing answers: bidding ahead in the drafting auction, and attaching nothing on
other players' turns.

The auction is open: every bid passes the turn to the next player, and a pass is not final, so at one
terminal the keyboard used to change hands after every bid. A player may instead answer ahead for this
drafting round: pass for the rest of it, or bid up to a limit (one more than the bid standing each time
they are asked, then pass), and name the card they take if they win. The table then bids exactly as the
player would have bid by hand; the others see only the bids.

Whoever is to act decides when asked: the table offers these answers (with a sentence beside ``A`` at the
first decision they would spare) and never waits for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.games.codename.actions import Bid, EndTurn, Pass, Pick, Wait
from chimera_tui.games.codename.state import Phase, State
from chimera_tui.games.codename.told import name as card_name
from chimera_tui.games.codename.windows import ATTACH_COST
from chimera_tui.table.standing import Standing

AUCTION = "auction"
"""How to bid in this drafting round's auction: args (the highest bid, "0" to pass every time)."""
PICK = "pick-if-i-win"
NO_ATTACH = "no-attaching-this-round"
_DRAFT = (Phase.DEAL, Phase.AUCTION, Phase.PICK)


def _draft_mark(view: State) -> str:
    return f"draft {view.draft_round}"


def bid_up_to(view: State, limit: int) -> Standing:
    """Bid up to `limit` in this drafting round's auction, one more each time, then pass."""
    words = f"Bid up to {limit} (one more than the bid each time), then pass"
    return Standing(AUCTION, words, (str(limit),), _draft_mark(view))


def pass_this_auction(view: State) -> Standing:
    """Pass every time this drafting round's auction asks."""
    return Standing(AUCTION, "Pass for the rest of this auction", ("0",), _draft_mark(view))


def pick_if_i_win(view: State, card: str) -> Standing:
    """Take `card` if this seat wins this drafting round's auction."""
    return Standing(PICK, f"If you win, take {card_name(card)}", (card,), _draft_mark(view))


def no_attaching(view: State) -> Standing:
    """Attach nothing from the inventory on other players' turns for the rest of this arena round."""
    return Standing(
        NO_ATTACH,
        "Attach nothing on the other players' turns for the rest of this arena round",
        (),
        f"arena {view.arena_round}",
    )


class CodenameAnswers:
    """`AnswerBook` for Codename: Chimera."""

    def offers(self, view: State, seat: int, legal: Sequence[Any]) -> Sequence[Standing]:
        if view.phase in (Phase.DEAL, Phase.AUCTION) and view.row:
            me = view.players[seat]
            energy = me.energy - (1 if view.phase is Phase.DEAL and seat == view.dealer else 0)
            floor = view.auction.bid if view.phase is Phase.AUCTION and view.auction is not None else 0
            out = [pass_this_auction(view)]
            out += [bid_up_to(view, n) for n in range(floor + 1, energy + 1)]
            out += [pick_if_i_win(view, card) for card in view.row]
            return out
        if view.phase in (Phase.TURN, Phase.JOIN, Phase.REACT, Phase.WINDOW):
            return [no_attaching(view)]
        return []

    def answer(self, standing: Standing, view: State, seat: int, legal: Sequence[Any]) -> Any | None:
        kind = standing.kind
        if view.phase is Phase.AUCTION and kind == AUCTION and view.auction is not None:
            raise_to = Bid(view.auction.bid + 1)
            if raise_to.amount <= int(standing.args[0]) and raise_to in legal:
                return raise_to
            return Pass() if Pass() in legal else None
        if view.phase is Phase.PICK and kind == PICK:
            choice = Pick(standing.args[0])
            return choice if choice in legal else None
        if view.phase is Phase.WINDOW and kind == NO_ATTACH:
            return Wait() if Wait() in legal else None
        return None

    def defaults(self, view: State, seat: int) -> Sequence[Standing]:
        return []

    def suggestion(self, view: State, seat: int, standing: Sequence[Standing]) -> str:
        kinds = {s.kind for s in standing}
        if view.phase in (Phase.DEAL, Phase.AUCTION) and view.row and AUCTION not in kinds:
            a = view.auction
            if seat == view.dealer if view.phase is Phase.DEAL else a is not None and a.bidder == seat:
                return "A: answer this auction ahead (bid limit, card if you win): fewer hand-offs"
        if view.phase is Phase.WINDOW and view.window and view.window[0] == seat and NO_ATTACH not in kinds:
            return "A: attach nothing on the others' turns this arena round: fewer hand-offs"
        return ""

    def forced_in_sight(self, public: State, seat: int, action: Any) -> bool:
        """The draft's decisions (torso halves, the row, the bids and energy are face up), and ending a turn
        with no card held or too little energy to attach one."""
        if public.phase in (Phase.TORSO, *_DRAFT):
            return True
        me = public.players[seat]
        return isinstance(action, EndTurn) and (not me.cards or me.energy < ATTACH_COST)

    def lapsed(self, standing: Standing, view: State, seat: int) -> bool:
        if standing.kind == NO_ATTACH:
            return standing.until != f"arena {view.arena_round}" or view.phase is Phase.OVER
        return standing.until != _draft_mark(view) or view.phase not in _DRAFT


BOOK = CodenameAnswers()
