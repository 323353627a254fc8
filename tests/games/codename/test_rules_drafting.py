"""Codename: Chimera's rules, drafting (setup, the deal, the dealer's pick, passing the deal, the end): one
test per statement of rules-checklist/codename.md (CC-DRAFT), named after its ID (hand-built states, rigged
dice)."""

from __future__ import annotations

import pytest

from chimera_tui.engine import GameConfig, IllegalAction
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import Attach, Take
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Phase
from tests.games.codename.helpers import after_torsos, drafting, legal_texts, new, play

C = load()


def test_CC_DRAFT_01_deck_of_parts_only():
    state = new(4)
    assert not set(state.deck) & set(C.torso_ids)
    assert state.deck != C.part_ids  # shuffled
    assert RULES.new_game(GameConfig(players=4), 5).deck == RULES.new_game(GameConfig(players=4), 5).deck


def test_CC_DRAFT_02_shortest_deals_first():
    state = after_torsos(new(4, shortest="3"))
    assert state.phase is Phase.DEAL and state.dealer == 2 and RULES.to_act(state) == 2


def test_CC_DRAFT_03_fifteen_energy():
    state = after_torsos(new(3))
    assert [p.energy for p in state.players] == [15, 15, 15]


def test_CC_DRAFT_04_three_face_up():
    state = drafting(deck=("eagle-talon-1", "eagle-talon-2", "stinger-1", "stinger-2"))
    assert state.row == ("eagle-talon-1", "eagle-talon-2", "stinger-1") and state.deck == ("stinger-2",)


def test_CC_DRAFT_05_dealer_pays_one():
    state = drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1"))
    state = play(state, "take bear-arm-1")
    assert state.players[0].cards == ("bear-arm-1",) and state.players[0].energy == 14


def test_CC_DRAFT_06_optional_single_pick_before_bidding():
    state = drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1"))
    assert "skip" in legal_texts(state)
    after = play(state, "skip")
    assert after.phase is Phase.AUCTION and after.row == state.row
    taken = play(state, "take eagle-talon-1")
    assert taken.phase is Phase.AUCTION
    with pytest.raises(IllegalAction):
        RULES.apply(taken, Take("eagle-talon-2"))


def test_CC_DRAFT_07_spent_energy_leaves_play():
    state = drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1"))
    before = sum(p.energy for p in state.players)
    state = play(state, "take eagle-talon-1", "bid 3", "pass", "pass", "pass")
    assert sum(p.energy for p in state.players) == before - 1 - 3


def test_CC_DRAFT_08_round_structure():
    state = drafting(
        deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1", "stinger-2", "ram-horn-1")
    )
    state = play(state, "take eagle-talon-1", "bid 2", "pass", "pass", "pass", "pick eagle-talon-2")
    assert state.discard == ("bear-arm-1",)
    assert state.phase is Phase.DEAL and state.row == ("stinger-1", "stinger-2", "ram-horn-1")


def test_CC_DRAFT_09_deal_passes_left_from_dealer():
    state = drafting(
        deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1", "stinger-2", "ram-horn-1")
    )
    state = play(state, "skip", "pass", "pass", "bid 1", "pass", "pass", "pass", "pick eagle-talon-1")
    assert state.dealer == 1  # not the auction winner (seat 3)


def test_CC_DRAFT_10_skip_players_without_energy():
    state = drafting(
        deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1", "stinger-2", "ram-horn-1"),
        energy=(5, 0, 4, 3),
    )
    state = play(state, "skip", "pass", "pass", "pass")  # seat 1 cannot bid and is passed over
    assert state.phase is Phase.DEAL and state.dealer == 2


@pytest.mark.parametrize(("tokens", "cards"), [(7, 4), (6, 3), (2, 1), (1, 1)])
def test_CC_DRAFT_11_last_holder_draws_half_rounded_up(tokens, cards):
    deck = tuple(C.part_ids[:12])
    state = drafting(players=2, deck=deck, energy=(1, tokens))
    state = play(state, "take " + deck[0])  # seat 0 spends its last token; seat 1 still bids or passes
    state = play(state, "pass")
    assert state.phase is Phase.BUILD
    assert len(state.players[1].cards) == cards and state.players[1].energy == 0


def test_CC_DRAFT_12_check_at_end_of_round():
    deck = tuple(C.part_ids[:12])
    state = drafting(players=2, deck=deck, energy=(1, 3))
    state = play(state, "take " + deck[0])
    # Only seat 1 has energy now, but the round goes on: the auction is still open to it.
    assert state.phase is Phase.AUCTION and RULES.to_act(state) == 1
    state = play(state, "bid 1", f"pick {deck[1]}")
    assert state.phase is Phase.BUILD and len(state.players[1].cards) == 1 + 1


def test_CC_DRAFT_13_drafting_ends_after_final_draw():
    deck = tuple(C.part_ids[:12])
    state = play(drafting(players=2, deck=deck, energy=(1, 5)), "take " + deck[0], "pass")
    assert state.phase is Phase.BUILD and all(p.energy == 0 for p in state.players)


def test_CC_DRAFT_14_nobody_left_with_energy():
    deck = tuple(C.part_ids[:12])
    state = play(drafting(players=2, deck=deck, energy=(1, 1)), "take " + deck[0], "bid 1", f"pick {deck[1]}")
    assert state.phase is Phase.BUILD
    assert [len(p.cards) for p in state.players] == [1, 1]


def test_CC_DRAFT_15_short_deck():
    state = drafting(players=2, deck=("eagle-talon-1", "eagle-talon-2"), energy=(5, 5))
    assert state.row == ("eagle-talon-1", "eagle-talon-2") and state.deck == ()
    state = play(state, "take eagle-talon-1", "pass", "pass")
    assert state.phase is Phase.BUILD and state.players[0].cards == ("eagle-talon-1",)
    assert "eagle-talon-2" in state.box


def test_CC_DRAFT_16_collected_cards_are_the_build_pool():
    deck = tuple(C.part_ids[:12])
    state = play(drafting(players=2, deck=deck, energy=(1, 1)), "take " + deck[0], "bid 1", f"pick {deck[1]}")
    assert state.players[0].cards == (deck[0],)
    with pytest.raises(IllegalAction):
        RULES.apply(state, Attach(deck[1], state.players[0].torso[0], "far"))


def test_CC_DRAFT_17_hands_are_private():
    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1")), "take eagle-talon-1"
    )
    view = RULES.view(state, 1)
    assert view.players[0].cards == ("",) and RULES.view(state, 0).players[0].cards == ("eagle-talon-1",)
    assert view.deck == ("",) * len(state.deck)


def test_CC_DRAFT_18_discard_out_of_play():
    state = play(
        drafting(players=2, deck=("eagle-talon-1", "eagle-talon-2", "ram-horn-1"), energy=(1, 1)),
        "skip",
        "pass",
        "pass",
    )
    assert (
        state.phase is Phase.BUILD
        and state.discard == ()
        and {"eagle-talon-1", "eagle-talon-2", "ram-horn-1"} <= set(state.box)
    )
