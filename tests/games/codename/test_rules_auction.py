"""Codename: Chimera's rules, the auction: one test per statement of rules-checklist/codename.md (CC-AUCTION),
named after its ID (hand-built states, rigged dice)."""

from __future__ import annotations

import pytest

from chimera_tui.engine import IllegalAction
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import Bid
from chimera_tui.games.codename.state import Phase
from tests.games.codename.helpers import drafting, legal_texts, play


def test_CC_AUCTION_01_remaining_cards_auctioned():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")), "take eagle-talon-1"
    )
    assert state.phase is Phase.AUCTION and state.row == ("bear-arm-1", "eagle-talon-2")


def test_CC_AUCTION_02_dealer_bids_too():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")),
        "take eagle-talon-1",
        "pass",
        "pass",
        "pass",
        "bid 1",
        "pass",
        "pass",
        "pass",
        "pick bear-arm-1",
    )
    assert state.players[0].cards == ("eagle-talon-1", "bear-arm-1")


def test_CC_AUCTION_03_bidding_starts_left_of_dealer():
    state = play(
        drafting(dealer=2, deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")), "skip"
    )
    assert RULES.to_act(state) == 3


def test_CC_AUCTION_04_first_bid_at_least_one():
    state = play(drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")), "skip")
    assert legal_texts(state)[0] == "bid 1"
    with pytest.raises(IllegalAction):
        RULES.apply(state, Bid(0))


def test_CC_AUCTION_05_strictly_higher():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")), "skip", "bid 3"
    )
    with pytest.raises(IllegalAction):
        RULES.apply(state, Bid(3))
    assert legal_texts(state)[0] == "bid 4"


def test_CC_AUCTION_06_raise_or_pass():
    state = play(drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")), "skip")
    texts = legal_texts(state)
    assert texts[-1] == "pass" and all(t.startswith("bid ") for t in texts[:-1])


def test_CC_AUCTION_07_cannot_bid_beyond_tokens():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1"), energy=(5, 2, 0, 3)),
        "skip",
    )
    assert legal_texts(state) == ["bid 1", "bid 2", "pass"]
    with pytest.raises(IllegalAction):
        RULES.apply(state, Bid(3))
    state = play(state, "bid 1")
    assert RULES.to_act(state) == 3  # seat 2 holds nothing and is passed over


def test_CC_AUCTION_08_pass_is_not_final():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")),
        "skip",
        "pass",
        "bid 1",
        "pass",
        "pass",
    )
    assert RULES.to_act(state) == 1  # seat 1 passed before and may raise now
    state = play(state, "bid 2", "pass", "pass", "pass", "pick bear-arm-1")
    assert state.players[1].cards == ("bear-arm-1",)


def test_CC_AUCTION_09_ends_when_all_others_pass():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")),
        "skip",
        "bid 1",
        "pass",
        "pass",
    )
    assert state.phase is Phase.AUCTION
    state = play(state, "pass")
    assert state.phase is Phase.PICK and RULES.to_act(state) == 1


def test_CC_AUCTION_10_11_12_winner_pays_and_picks():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")),
        "skip",
        "bid 1",
        "bid 4",
        "pass",
        "pass",
        "pass",
    )
    assert state.phase is Phase.PICK and RULES.to_act(state) == 2 and state.players[2].energy == 11
    assert legal_texts(state) == ["pick bear-arm-1", "pick eagle-talon-1", "pick eagle-talon-2"]
    state = play(state, "pick eagle-talon-2")
    assert state.players[2].cards == ("eagle-talon-2",)


def test_CC_AUCTION_13_losers_keep_tokens():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")),
        "skip",
        "bid 1",
        "bid 4",
        "pass",
        "pass",
        "pass",
        "pick eagle-talon-2",
    )
    assert [p.energy for p in state.players] == [15, 15, 11, 15]


def test_CC_AUCTION_14_leftovers_discarded():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")),
        "skip",
        "bid 1",
        "pass",
        "pass",
        "pass",
        "pick eagle-talon-1",
    )
    assert state.discard == ("bear-arm-1", "eagle-talon-2")


def test_CC_AUCTION_15_no_bids_all_discarded():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")),
        "skip",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    assert state.discard == ("bear-arm-1", "eagle-talon-1", "eagle-talon-2")
    assert all(p.energy == 15 for p in state.players)
