"""Phase One, Drafting: the deal, the dealer's pick, the auction, passing the deal and the final draw."""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.games.codename import told
from chimera_tui.games.codename.actions import Bid, Pass, Pick, Skip, Take
from chimera_tui.games.codename.state import AUCTION, BUILD, DEAL, PICK, Auction, State, with_player

START_ENERGY = 15
ROW_SIZE = 3
DEALER_PRICE = 1


def start_drafting(state: State) -> State:
    """Hand out 15 energy each and deal the first round (the deck was shuffled at setup)."""
    players = tuple(msgspec.structs.replace(p, energy=START_ENERGY) for p in state.players)
    state = told.tell(
        msgspec.structs.replace(state, players=players),
        f"Drafting begins: everyone takes {START_ENERGY} energy; the part deck holds {len(state.deck)} cards.",
    )
    return _deal(state, state.dealer)


def _deal(state: State, dealer: int) -> State:
    """Start a drafting round: the dealer turns up the top 3 cards (what is left, if fewer)."""
    if not state.deck:
        return end_drafting(state, ("The deck is empty: drafting ends.",))
    row, deck = state.deck[:ROW_SIZE], state.deck[ROW_SIZE:]
    return msgspec.structs.replace(
        state,
        phase=DEAL,
        dealer=dealer,
        deck=deck,
        row=row,
        draft_round=state.draft_round + 1,
        auction=None,
        events=(*state.events, f"{told.who(dealer)} deals {told.names(row)} face up."),
    )


def deal_legal(state: State) -> list[Take | Skip]:
    if state.players[state.dealer].energy < DEALER_PRICE:
        return [Skip()]
    return [*(Take(c) for c in state.row), Skip()]


def dealer_choice(state: State, action: Take | Skip) -> State:
    """The dealer takes one face-up card for 1 energy, or takes none; the auction follows.

    Raises:
        IllegalAction: for a card not face up, or a dealer without energy.
    """
    if isinstance(action, Take):
        if action.card not in state.row:
            raise IllegalAction(f"{told.name(action.card)} is not face up this round.", action)
        dealer = state.players[state.dealer]
        if dealer.energy < DEALER_PRICE:
            raise IllegalAction("Taking a card costs the dealer 1 energy, and you have none.", action)
        dealer = msgspec.structs.replace(
            dealer, energy=dealer.energy - DEALER_PRICE, cards=(*dealer.cards, action.card)
        )
        state = with_player(state, state.dealer, dealer)
        state = msgspec.structs.replace(state, row=tuple(c for c in state.row if c != action.card))
        state = told.note(state, state.dealer, "gain", f"{told.name(action.card)} (as the dealer)")
        state = told.note(state, state.dealer, f"spend:{DEALER_PRICE}", "the dealer's pick")
    if not state.row:
        return _end_round(state)
    first = (state.dealer + 1) % len(state.players)
    return _settle(msgspec.structs.replace(state, phase=AUCTION, auction=Auction(bidder=first)))


def _settle(state: State) -> State:
    """Skip bidders who cannot raise (they can only pass) and close the auction when everyone has passed."""
    a = state.auction
    assert a is not None
    n = len(state.players)
    while True:
        needed = n - 1 if a.leader >= 0 else n
        if a.passes >= needed:
            return _close(msgspec.structs.replace(state, auction=a))
        if state.players[a.bidder].energy > a.bid:
            return msgspec.structs.replace(state, auction=a)
        state = told.tell(
            state,
            f"{told.who(a.bidder)} holds {state.players[a.bidder].energy} energy, not more than the bid of "
            f"{a.bid}, and passes without being asked.",
        )
        a = msgspec.structs.replace(a, bidder=(a.bidder + 1) % n, passes=a.passes + 1)


def auction_legal(state: State) -> list[Bid | Pass]:
    a = state.auction
    assert a is not None
    energy = state.players[a.bidder].energy
    return [*(Bid(b) for b in range(a.bid + 1, energy + 1)), Pass()]


def bid_or_pass(state: State, action: Bid | Pass) -> State:
    """Raise the bid or pass; a pass is not final while the auction is open.

    Raises:
        IllegalAction: for a bid not above the current one or beyond the bidder's energy.
    """
    a = state.auction
    assert a is not None
    n = len(state.players)
    if isinstance(action, Bid):
        energy = state.players[a.bidder].energy
        if action.amount <= a.bid:
            raise IllegalAction(f"A bid must be more than the current bid of {a.bid}.", action)
        if action.amount > energy:
            raise IllegalAction(f"You hold {energy} energy and cannot bid {action.amount}.", action)
        a = Auction(bidder=(a.bidder + 1) % n, bid=action.amount, leader=a.bidder, passes=0)
    else:
        a = msgspec.structs.replace(a, bidder=(a.bidder + 1) % n, passes=a.passes + 1)
    return _settle(msgspec.structs.replace(state, auction=a))


def _close(state: State) -> State:
    """The high bidder pays and picks (at once if one card is left); with no bid the row is discarded."""
    a = state.auction
    assert a is not None
    if a.leader < 0:
        state = msgspec.structs.replace(
            state,
            discard=(*state.discard, *state.row),
            row=(),
            auction=None,
            events=(*state.events, f"Nobody bids: {told.names(state.row)} go to the discard pile."),
        )
        return _end_round(state)
    winner = state.players[a.leader]
    state = with_player(state, a.leader, msgspec.structs.replace(winner, energy=winner.energy - a.bid))
    state = msgspec.structs.replace(
        state,
        phase=PICK,
        events=(
            *state.events,
            f"{told.who(a.leader)} wins the auction and pays {a.bid} energy to the box "
            f"({state.players[a.leader].energy} left).",
        ),
    )
    state = told.note(state, a.leader, f"spend:{a.bid}", "auctions")
    if len(state.row) == 1:
        return pick(state, Pick(state.row[0]))
    return state


def pick_legal(state: State) -> list[Pick]:
    return [Pick(c) for c in state.row]


def pick(state: State, action: Pick) -> State:
    """The auction winner takes one face-up card; the rest go to the discard pile.

    Raises:
        IllegalAction: for a card not face up.
    """
    a = state.auction
    assert a is not None
    if action.card not in state.row:
        raise IllegalAction(f"{told.name(action.card)} is not face up this round.", action)
    winner = state.players[a.leader]
    state = with_player(state, a.leader, msgspec.structs.replace(winner, cards=(*winner.cards, action.card)))
    rest = tuple(c for c in state.row if c != action.card)
    state = msgspec.structs.replace(state, row=(), discard=(*state.discard, *rest), auction=None)
    state = told.note(state, a.leader, "gain", f"{told.name(action.card)} (won at auction)")
    if rest:
        state = told.tell(
            state, f"{told.names(rest)} {'goes' if len(rest) == 1 else 'go'} to the discard pile."
        )
    return _end_round(state)


def _end_round(state: State) -> State:
    """Pass the deal to the next player on the left with energy, or end drafting (final draw if one holder)."""
    n = len(state.players)
    holders = [s for s in range(n) if state.players[s].energy > 0]
    if not holders:
        return end_drafting(state, ("Nobody has energy left: drafting ends.",))
    if len(holders) == 1:
        seat = holders[0]
        p = state.players[seat]
        count = (p.energy + 1) // 2
        drawn, deck = state.deck[:count], state.deck[count:]
        spent = p.energy
        p = msgspec.structs.replace(p, energy=0, cards=(*p.cards, *drawn))
        state = msgspec.structs.replace(with_player(state, seat, p), deck=deck)
        state = told.note(state, seat, "gain", f"{told.plural(len(drawn), 'card')} drawn face down")
        state = told.note(state, seat, f"spend:{spent}", "the final draw")
        return end_drafting(
            state,
            (
                f"Only {told.who(seat)} still has energy ({spent}): draws {told.plural(len(drawn), 'card')} "
                "face down from the deck, half the tokens rounded up, and the tokens go to the box.",
                told.private(seat, f"You draw {told.names(drawn)}."),
            ),
        )
    dealer = next(
        s % n for s in range(state.dealer + 1, state.dealer + n + 1) if state.players[s % n].energy > 0
    )
    skipped = [s % n for s in range(state.dealer + 1, dealer + (n if dealer <= state.dealer else 0))]
    if skipped:
        state = told.tell(
            state,
            f"{told.names_seats(skipped)} {'has' if len(skipped) == 1 else 'have'} no energy and cannot deal.",
        )
    return _deal(state, dealer)


def end_drafting(state: State, events: tuple[str, ...]) -> State:
    """Building begins: the deck, discard pile and all energy go to the box."""
    players = tuple(msgspec.structs.replace(p, energy=0) for p in state.players)
    left = [f"{told.who(s)} {p.energy}" for s, p in enumerate(state.players) if p.energy]
    if left:
        events = (*events, "Unspent energy goes to the box: " + ", ".join(left) + ".")
        for s, p in enumerate(state.players):
            if p.energy:
                state = told.note(state, s, "lose", f"{p.energy} unspent energy (to the box)")
    state = told.summary(told.tell(state, *events), "Drafting")
    events = ("Building begins: everyone builds in private, then the monsters are revealed together.",)
    return msgspec.structs.replace(
        state,
        phase=BUILD,
        players=players,
        box=(*state.box, *state.deck, *state.discard, *state.row),
        deck=(),
        discard=(),
        row=(),
        auction=None,
        builder=0,
        events=(*state.events, *events),
    )
