"""One test per statement of rules-checklist/codename.md, named after its ID (hand-built states, rigged dice)."""

from __future__ import annotations

import msgspec
import pytest

from chimera_tui.engine import GameConfig, IllegalAction, Rng
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import Attach, AttackWith, Bid, Pass, Take, Use
from chimera_tui.games.codename.arena import turn_order
from chimera_tui.games.codename.attaching import is_outer, layout, outer_parts, torso_outer
from chimera_tui.games.codename.combat import stats
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Grave, Phase
from tests.games.codename.helpers import after_torsos, arena, drafting, legal_texts, monster, new, play

C = load()


def dice(*faces: int) -> Rng:
    """An Rng whose next die rolls show `faces`."""
    return Rng.rig(0, *(f - 1 for f in faces))


def attacker(energy: int = 5, inventory: tuple[str, ...] = ()):
    """Seat 0's monster: Pelvis over Brawler's Chest; the Brawler's left edge is open, so its torso is outer."""
    return monster(
        ("pelvis", "brawler-chest"),
        [
            ("bear-arm-1", "pelvis", "far"),
            ("wolf-claw-1", "bear-arm-1", "far"),
            ("mantis-arm-1", "pelvis", "left"),
            ("ape-arm-1", "brawler-chest", "far"),
        ],
        inventory,
        energy,
    )


def defender(energy: int = 0, inventory: tuple[str, ...] = (), extra=()):
    """Seat 1's monster: Ribcage over Plated Belly with every torso edge filled (the torso is not outer)."""
    return monster(
        ("ribcage", "plated-belly"),
        [
            ("lion-head-1", "ribcage", "far"),
            ("crab-arm-1", "ribcage", "left"),
            ("beetle-head-1", "plated-belly", "far"),
            *extra,
        ],
        inventory,
        energy,
    )


def bare(torso=("haunches", "twin-necks"), energy: int = 0):
    """A monster with nothing attached (its torso is outer)."""
    return monster(torso, (), (), energy)


# -- Components, objective, phases ---------------------------------------------------------------------


def test_CC_SETUP_01_components():
    state = new(4)
    assert len(state.deck) == 64 and len(state.torso_pool) == 8
    assert set(state.deck) == set(C.part_ids)
    state = after_torsos(state)
    assert sum(p.energy for p in state.players) == 60


@pytest.mark.parametrize("players", [2, 3, 4])
def test_CC_SETUP_02_two_to_four_players(players):
    state = after_torsos(new(players))
    assert all(len(p.torso) == 2 for p in state.players)
    assert len(state.box) == 8 - 2 * players  # unpicked torso halves stay in the box
    for bad in (1, 5):
        with pytest.raises(IllegalAction):
            RULES.new_game(GameConfig(players=bad), 0)


def test_CC_SETUP_03_last_monster_standing_wins():
    s = arena(attacker(), bare(energy=0), rng=dice(6, 6, 6, 1, 1), explode=True)
    s = play(s, "attack bear-arm-1 torso:1", "go")
    assert s.phase is Phase.OVER and RULES.winner(s) == (0,)


def test_CC_SETUP_04_phases_in_order():
    from tests.conformance import play_random

    match = play_random(RULES, GameConfig(players=3), 3)
    rank = {
        Phase.TORSO: 0,
        Phase.DEAL: 1,
        Phase.AUCTION: 1,
        Phase.PICK: 1,
        Phase.BUILD: 2,
        Phase.TURN: 3,
        Phase.JOIN: 3,
        Phase.REACT: 3,
        Phase.OVER: 4,
    }
    seq = [rank[match.state_at(i).phase] for i in range(len(match) + 1)]
    assert seq == sorted(seq) and seq[0] == 0 and seq[-1] == 4


def test_CC_SETUP_05_reference_sheet_topics():
    from importlib import resources

    text = resources.files("chimera_tui.games.codename").joinpath("data", "rules.md").read_text()
    for topic in ("attaching", "outer-parts", "cutting-limbs", "abilities", "graveyard"):
        assert f"{{#{topic}}}" in text


def test_CC_SETUP_06_card_text_beats_general_rule():
    # The general rule allows only outer targets; Reach (card text) allows an inner one.
    d = defender(extra=[("wolf-claw-2", "crab-arm-1", "far")])
    assert not is_outer(d, "crab-arm-1")
    a = monster(
        ("pelvis", "brawler-chest"),
        [("octopus-tentacle-1", "pelvis", "far"), ("mantis-arm-1", "pelvis", "left")],
    )
    texts = legal_texts(arena(a, d))
    assert "attack octopus-tentacle-1 crab-arm-1" in texts and "attack mantis-arm-1 crab-arm-1" not in texts


def test_CC_SETUP_07_part_stats():
    for p in C.parts.values():
        assert p.attack_roll >= 0 and p.defense >= 1 and p.cost >= 0
    assert any(p.ability for p in C.parts.values())


# -- Torso --------------------------------------------------------------------------------------------------


def test_CC_TORSO_01_torsos_before_drafting():
    state = new(4)
    assert state.phase is Phase.TORSO and RULES.to_act(state) == 0
    assert all(p.energy == 0 and not p.cards for p in state.players)


def test_CC_TORSO_02_two_halves_each():
    state = after_torsos(new(3))
    assert [len(p.torso) for p in state.players] == [2, 2, 2]


def test_CC_TORSO_03_youngest_option_and_seeded_default():
    assert RULES.to_act(new(4, youngest="3")) == 2
    a = RULES.new_game(GameConfig(players=4), 11)
    b = RULES.new_game(GameConfig(players=4), 11)
    assert a.first == b.first and RULES.to_act(a) == a.first
    with pytest.raises(IllegalAction):
        new(2, youngest="4")


def test_CC_TORSO_04_first_picks_go_right():
    state = new(4, youngest="1")
    assert state.torso_order[:4] == (0, 3, 2, 1)


def test_CC_TORSO_05_second_picks_reverse():
    state = new(4, youngest="2")
    assert state.torso_order == (1, 0, 3, 2, 2, 3, 0, 1)
    seats = []
    while state.phase is Phase.TORSO:
        seats.append(RULES.to_act(state))
        state = play(state, f"torso {state.torso_pool[0]}")
    assert tuple(seats) == (1, 0, 3, 2, 2, 3, 0, 1)


def test_CC_TORSO_06_any_two_halves_combine():
    p = monster(("twin-necks", "plated-belly"))
    lay = layout(p.torso, p.monster)
    assert sorted(s.stitch for s in lay.sockets) == ["neck", "neck", "neck"]


def test_CC_TORSO_07_open_choice_leftovers_to_box():
    state = new(2)
    state = play(state, "torso plated-belly")
    with pytest.raises(IllegalAction):
        play(state, "torso plated-belly")
    state = play(state, "torso pelvis", "torso ribcage", "torso haunches")
    assert state.players[0].torso == ("plated-belly", "haunches")
    assert state.players[1].torso == ("pelvis", "ribcage")
    assert len(state.box) == 4 and "twin-necks" in state.box


def test_CC_TORSO_08_halves_join_along_wide_edge():
    p = monster(("pelvis", "brawler-chest"))
    lay = layout(p.torso, p.monster)
    assert lay.cells == {(0, 0): "pelvis", (0, 1): "brawler-chest"}
    where = {(s.card, s.slot): (s.x, s.y) for s in lay.sockets}
    assert where[("pelvis", "far")] == (0, -1) and where[("brawler-chest", "far")] == (0, 2)
    assert where[("pelvis", "left")] == (-1, 0) and where[("brawler-chest", "left")] == (1, 1)


def test_CC_TORSO_09_one_torso_card():
    s = arena(attacker(), bare(energy=0), rng=dice(6, 6, 6, 1, 1), explode=True)
    texts = legal_texts(s)
    assert "attack bear-arm-1 torso:1" in texts
    assert not any("haunches" in t or "twin-necks" in t for t in texts)
    s = play(s, "attack bear-arm-1 torso:1", "go")
    assert {g.card for g in s.graveyard} == {"haunches", "twin-necks"}


def test_CC_TORSO_10_joined_values():
    s = arena(attacker(), bare(("pelvis", "brawler-chest")))
    t = stats(s, "torso:1")
    assert t.defense == 8 + 7 and t.attack_roll == 1 and t.attack_mod == 0 + 1 and t.cost == 2


# -- Drafting --------------------------------------------------------------------------------------------


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


# -- Auction -------------------------------------------------------------------------------------------------


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


# -- Building ------------------------------------------------------------------------------------------------


def _building():
    deck = ("bear-arm-1", "wolf-claw-1", "lion-head-1", "eagle-talon-1")
    state = drafting(players=2, deck=deck, energy=(1, 1))
    state = play(state, "take bear-arm-1", "bid 1", "pick lion-head-1")
    return state


def test_CC_BUILD_01_deck_and_energy_to_box():
    state = _building()
    assert state.phase is Phase.BUILD and state.deck == () and "wolf-claw-1" in state.box


def test_CC_BUILD_02_everyone_enters_arena_with_nothing():
    state = _building()
    assert all(p.energy == 0 for p in state.players)


def test_CC_BUILD_03_each_builds_in_turn():
    state = _building()
    assert RULES.to_act(state) == 0
    state = play(state, "done")
    assert RULES.to_act(state) == 1 and state.phase is Phase.BUILD


def test_CC_BUILD_04_only_own_parts():
    state = _building()
    t0 = state.players[0].torso[0]
    with pytest.raises(IllegalAction):
        RULES.apply(state, Attach("lion-head-1", t0, "far"))  # seat 1's card


def test_CC_BUILD_05_stitchings_must_match():
    state = _building()
    p0 = state.players[0]
    sockets = {(s.card, s.slot): s.stitch for s in layout(p0.torso, ()).sockets}
    wrong = next(k for k, v in sockets.items() if v != "limb")
    with pytest.raises(IllegalAction, match="stitching"):
        RULES.apply(state, Attach("bear-arm-1", *wrong))


def test_CC_BUILD_06_parts_connect_to_the_torso():
    p = monster(("pelvis", "brawler-chest"), [], ("bear-arm-1", "wolf-claw-1"))
    from chimera_tui.games.codename.attaching import attach_problem

    assert attach_problem(p, "wolf-claw-1", "bear-arm-1", "far") is not None  # the arm is not attached yet
    assert attach_problem(p, "bear-arm-1", "pelvis", "far") is None


def test_CC_BUILD_07_monsters_face_up_after_reveal():
    state = play(_building(), "done", "done")
    assert state.phase is Phase.TURN
    assert RULES.view(state, 1).players[0].monster == state.players[0].monster


def test_CC_BUILD_08_unattached_parts_to_inventory():
    state = play(_building(), "done", "done")
    assert state.players[0].cards == ("bear-arm-1",)


def test_CC_BUILD_09_inventory_hidden():
    state = play(_building(), "done", "done")
    assert RULES.view(state, 1).players[0].cards == ("",)


def test_CC_BUILD_10_free_attaching_while_building():
    state = _building()
    arm_socket = next(s for s in layout(state.players[0].torso, ()).sockets if s.stitch == "limb")
    state = play(state, f"attach bear-arm-1 {arm_socket.card}.{arm_socket.slot}")
    assert state.players[0].energy == 0 and state.players[0].monster[0].card == "bear-arm-1"


def test_CC_BUILD_11_later_attaching_costs_two():
    s = arena(attacker(energy=5, inventory=("lizard-arm-1",)), defender())
    s = play(s, "attach lizard-arm-1 brawler-chest.left")
    assert s.players[0].energy == 3


def test_CC_BUILD_12_covered_torso_is_safe():
    d = defender()
    assert not torso_outer(d)
    assert not any(t.endswith("torso:1") for t in legal_texts(arena(attacker(), d)))


def test_CC_BUILD_13_arena_after_everyone_built():
    state = play(_building(), "done")
    assert state.phase is Phase.BUILD
    assert play(state, "done").phase is Phase.TURN


def test_CC_BUILD_14_no_rearranging():
    s = arena(attacker(), defender())
    with pytest.raises(IllegalAction):
        RULES.apply(s, Attach("mantis-arm-1", "brawler-chest", "left"))  # already on the monster


def test_CC_BUILD_15_monsters_revealed_together():
    state = _building()
    arm_socket = next(s for s in layout(state.players[0].torso, ()).sockets if s.stitch == "limb")
    state = play(state, f"attach bear-arm-1 {arm_socket.card}.{arm_socket.slot}", "done")
    assert RULES.view(state, 1).players[0].monster == ()
    assert play(state, "done").players[0].monster != ()


# -- Arena --------------------------------------------------------------------------------------------------


def test_CC_ARENA_01_goes_on_while_two_remain():
    s = arena(
        attacker(),
        bare(energy=0),
        bare(("ribcage", "pelvis"), energy=0),
        rng=dice(6, 6, 6, 1, 1),
        explode=True,
    )
    s = play(s, "attack bear-arm-1 torso:1", "go")
    assert s.phase is Phase.TURN and not s.players[1].alive


def test_CC_ARENA_02_destroyed_cards_to_graveyard():
    s = arena(attacker(), defender(), rng=dice(5, 1))
    s = play(s, "attack mantis-arm-1 lion-head-1", "go")
    assert s.graveyard == (Grave("lion-head-1", 1),)


def test_CC_ARENA_03_04_05_fewest_parts_first():
    small = monster(
        ("ribcage", "plated-belly"), [("lion-head-1", "ribcage", "far")], ("eagle-talon-1", "eagle-talon-2")
    )
    order, _, _ = turn_order(arena(attacker(), small, defender()))
    assert order[0] == 1  # 1 part; torso and inventory not counted


def test_CC_ARENA_06_clockwise_after_first():
    small = monster(("ribcage", "plated-belly"), [("lion-head-1", "ribcage", "far")])
    order, _, _ = turn_order(arena(attacker(), defender(), small, bare(("pelvis", "haunches"))))
    assert order == (3, 0, 1, 2)


def test_CC_ARENA_07_ties_hairiest_then_dice():
    hairy = bare(("furred-flank", "haunches"))
    plain = bare(("plated-belly", "pelvis"))
    order, _, _ = turn_order(arena(plain, hairy))
    assert order == (1, 0)
    twin = bare(("plated-belly", "pelvis"))
    order, _, events = turn_order(arena(plain, twin, rng=dice(3, 3, 2, 5)))
    assert order == (1, 0) and len(events) == 2


def test_CC_ARENA_08_order_recomputed_each_round():
    d = defender(energy=5, inventory=("eagle-talon-1", "eagle-talon-2"))
    s = arena(attacker(), d, order=(1, 0))  # seat 1 has 3 parts, seat 0 has 4
    s = play(s, "attach eagle-talon-1 crab-arm-1.far", "attach eagle-talon-2 lion-head-1.far", "end", "end")
    assert s.arena_round == 2 and s.order == (0, 1) and RULES.to_act(s) == 0


def test_CC_ARENA_09_dead_monsters_take_no_turns():
    s = arena(
        attacker(),
        bare(energy=0),
        bare(("ribcage", "pelvis"), energy=0),
        rng=dice(6, 6, 6, 1, 1),
        explode=True,
    )
    s = play(s, "attack bear-arm-1 torso:1", "go", "end")
    assert RULES.to_act(s) == 2
    s = play(s, "end")
    assert 1 not in s.order


def test_CC_ARENA_10_refill_to_five():
    s = arena(attacker(energy=0), defender(energy=1))
    s = play(s, "end")
    assert s.players[1].energy == 5


def test_CC_ARENA_11_keep_more_than_five():
    s = arena(attacker(energy=0), defender(energy=7))
    s = play(s, "end")
    assert s.players[1].energy == 7


def test_CC_ARENA_12_many_uses_per_turn():
    s = arena(attacker(energy=5), defender(), rng=dice(1, 1, 1))
    s = play(s, "attack mantis-arm-1 lion-head-1", "go", "attack wolf-claw-1 crab-arm-1", "go")
    assert s.players[0].energy == 3 and set(s.used) == {"mantis-arm-1", "wolf-claw-1"}


def test_CC_ARENA_13_must_afford_the_part():
    s = arena(attacker(energy=2), defender())
    assert "attack bear-arm-1 lion-head-1" not in legal_texts(s)
    with pytest.raises(IllegalAction, match="costs 3"):
        RULES.apply(s, AttackWith("bear-arm-1", "lion-head-1"))


def test_CC_ARENA_14_every_part_has_a_cost():
    assert {p.cost for p in C.parts.values()} <= {0, 1, 2, 3}


def test_CC_ARENA_15_growl_passes_the_turn():
    s = arena(attacker(), defender(), bare(("ribcage", "pelvis")))
    assert RULES.to_act(play(s, "end")) == 1


def test_CC_ARENA_16_once_per_round():
    s = arena(attacker(), defender(), rng=dice(1))
    s = play(s, "attack mantis-arm-1 lion-head-1", "go")
    assert not any(t.startswith("attack mantis-arm-1") for t in legal_texts(s))
    with pytest.raises(IllegalAction, match="already been used"):
        RULES.apply(s, AttackWith("mantis-arm-1", "lion-head-1"))


def test_CC_ARENA_17_reset_each_round():
    s = arena(attacker(), defender(), rng=dice(1))
    s = play(s, "attack mantis-arm-1 lion-head-1", "go", "end", "end")
    assert s.arena_round == 2 and s.used == ()


def test_CC_ARENA_18_saved_energy_for_reactions():
    s = arena(attacker(), defender(energy=3), rng=dice(2, 3))  # seat 1 saved 3 energy from its last turn
    s = play(s, "attack bear-arm-1 lion-head-1", "go")
    assert RULES.to_act(s) == 1
    s = play(s, "use crab-arm-1", "pass")  # Shell, paid from the saved energy on seat 0's turn
    assert s.players[1].energy == 1 and s.graveyard == ()  # 2+3+1 = 6 < 5 + 2


def test_CC_ARENA_19_reactions_only_when_attacked():
    s = arena(defender(energy=5), attacker())
    assert "use crab-arm-1" not in legal_texts(s)
    with pytest.raises(IllegalAction, match="reaction"):
        RULES.apply(s, Use("crab-arm-1"))


def test_CC_ARENA_20_attach_from_inventory_on_your_turn():
    s = arena(attacker(inventory=("lizard-arm-1",)), defender())
    assert "attach lizard-arm-1 brawler-chest.left" in legal_texts(s)
    s = play(s, "attach lizard-arm-1 brawler-chest.left")
    assert not torso_outer(s.players[0])


def test_CC_ARENA_21_attach_on_another_players_turn():
    s = arena(
        attacker(energy=0, inventory=("lizard-arm-1",)), defender(energy=5), order=(1, 0), rng=dice(1, 1)
    )
    s = play(s, "attack torso:1 mantis-arm-1", "go")
    assert s.phase is Phase.TURN and RULES.to_act(s) == 1
    # seat 0 has no energy: no prompt would be offered; give it 2 saved tokens
    s = arena(
        attacker(energy=2, inventory=("lizard-arm-1",)), defender(energy=5), order=(1, 0), rng=dice(1, 1)
    )
    s = play(s, "attack torso:1 mantis-arm-1", "go")
    assert s.phase is Phase.REACT and RULES.to_act(s) == 0
    s = play(s, "attach lizard-arm-1 brawler-chest.left")
    assert s.players[0].energy == 0 and s.phase is Phase.TURN  # nothing left to react with: the dice roll


def test_CC_ARENA_22_inventory_parts_must_connect():
    s = arena(attacker(inventory=("crocodile-tail-1",)), defender())
    assert not any(t.startswith("attach crocodile-tail-1") for t in legal_texts(s))  # no open tail edge
    with pytest.raises(IllegalAction, match="stitching"):
        RULES.apply(s, Attach("crocodile-tail-1", "brawler-chest", "left"))


def test_CC_ARENA_23_any_part_may_come_from_inventory():
    a = monster(("ribcage", "pelvis"), [], ("wolf-head-1",))
    s = play(arena(a, defender()), "attach wolf-head-1 ribcage.far")
    assert s.players[0].monster[0].card == "wolf-head-1"


def test_CC_ARENA_24_attached_part_usable_same_round():
    s = arena(attacker(inventory=("lizard-arm-1",)), defender(), rng=dice(1))
    s = play(s, "attach lizard-arm-1 brawler-chest.left")
    assert "attack lizard-arm-1 lion-head-1" in legal_texts(s)


def test_CC_ARENA_25_spent_energy_to_box_refill_from_box():
    s = arena(attacker(energy=5), defender(), rng=dice(1))
    s = play(s, "attack mantis-arm-1 lion-head-1", "go")
    assert s.players[0].energy == 4


def test_CC_ARENA_26_cutting_limbs():
    d = defender(extra=[("wolf-claw-2", "crab-arm-1", "far")])
    a = monster(("pelvis", "brawler-chest"), [("octopus-tentacle-1", "pelvis", "far")])
    s = play(arena(a, d, rng=dice(6, 4), explode=True), "attack octopus-tentacle-1 crab-arm-1")
    assert [g.card for g in s.graveyard] == ["crab-arm-1", "wolf-claw-2"]
    assert torso_outer(s.players[1])


def test_CC_ARENA_27_graveyard_and_regrow():
    a = monster(("ribcage", "pelvis"), [("hydra-head-1", "ribcage", "far")])
    s = arena(a, defender())
    s = msgspec.structs.replace(s, graveyard=(Grave("bear-arm-2", 0), Grave("eagle-talon-1", 1)))
    assert legal_texts(s).count("use hydra-head-1 bear-arm-2") == 1
    assert "use hydra-head-1 eagle-talon-1" not in legal_texts(s)  # not from another monster
    s = play(s, "use hydra-head-1 bear-arm-2")
    assert s.graveyard == (Grave("eagle-talon-1", 1),) and s.players[0].cards == ("bear-arm-2",)


def test_CC_ARENA_28_abilities_change_totals():
    a = monster(("ribcage", "pelvis"), [("lion-head-1", "ribcage", "far"), ("mantis-arm-1", "pelvis", "far")])
    s = play(arena(a, defender(), rng=dice(1)), "use lion-head-1", "attack mantis-arm-1 crab-arm-1", "go")
    # 1 + 2 (mod) + 3 (roar) = 6 < 7
    assert (s.roll.bonus, s.roll.total, s.roll.defense, s.roll.hit) == (3, 6, 7, False)
    assert any("+3 Roar = 6 against Defense 7" in e for e in s.events)


# -- Attacking ----------------------------------------------------------------------------------------------


def test_CC_ATTACK_01_any_opponent_never_yourself():
    s = arena(attacker(), defender(), bare(("pelvis", "haunches")), rng=dice(1, 1))
    texts = legal_texts(s)
    assert "attack mantis-arm-1 torso:2" in texts and "attack mantis-arm-1 lion-head-1" in texts
    assert not any(t.split()[-1] in ("ape-arm-1", "torso:0") for t in texts if t.startswith("attack"))
    with pytest.raises(IllegalAction, match="own monster"):
        RULES.apply(s, AttackWith("mantis-arm-1", "ape-arm-1"))
    s = play(s, "attack mantis-arm-1 torso:2", "go")
    s = play(s, "attack wolf-claw-1 lion-head-1", "go")
    assert s.phase is Phase.TURN


def test_CC_ATTACK_02_03_outer_parts_only():
    d = defender(extra=[("wolf-claw-2", "crab-arm-1", "far")])
    assert list(outer_parts(d)) == ["lion-head-1", "beetle-head-1", "wolf-claw-2"]
    with pytest.raises(IllegalAction, match="not an outer part"):
        RULES.apply(arena(attacker(), d), AttackWith("mantis-arm-1", "crab-arm-1"))


def test_CC_ATTACK_04_torso_only_when_outer():
    with pytest.raises(IllegalAction, match="outer card"):
        RULES.apply(arena(attacker(), defender()), AttackWith("mantis-arm-1", "torso:1"))
    assert "attack mantis-arm-1 torso:1" in legal_texts(arena(attacker(), bare()))


def test_CC_ATTACK_05_pay_first_even_on_a_miss():
    s = play(arena(attacker(), defender(), rng=dice(1, 1)), "attack ape-arm-1 crab-arm-1", "go")
    assert s.players[0].energy == 3 and s.players[1].monster == defender().monster


def test_CC_ATTACK_06_07_dice_and_mod():
    s = play(arena(attacker(), defender(), rng=dice(2, 3)), "attack bear-arm-1 crab-arm-1", "go")
    assert s.roll.parts[0].dice == ((2,), (3,)) and s.roll.parts[0].mod == 1 and s.roll.total == 6
    assert any("Bear Arm rolls 2 and 3, +1 = 6 against Defense 7: missed" in e for e in s.events)


def test_CC_ATTACK_08_equal_destroys():
    s = play(arena(attacker(), defender(), rng=dice(2, 4)), "attack bear-arm-1 crab-arm-1", "go")
    assert s.graveyard == (Grave("crab-arm-1", 1),)


def test_CC_ATTACK_09_10_miss_leaves_no_mark():
    s = play(arena(attacker(), defender(), rng=dice(2, 3)), "attack bear-arm-1 crab-arm-1", "go")
    assert s.graveyard == () and s.players[1] == defender()


def test_CC_ATTACK_11_12_13_joint_attack_sums():
    s = play(
        arena(attacker(), defender(), rng=dice(2, 1, 2)),
        "attack ape-arm-1 crab-arm-1",
        "join mantis-arm-1",
        "go",
    )
    # ape 2+1+0, mantis 2+2 = 7 >= 7
    assert s.players[0].energy == 5 - 2 - 1 and s.graveyard == (Grave("crab-arm-1", 1),)


def test_CC_ATTACK_14_joint_parts_share_one_target_and_are_used():
    d = defender(extra=[("wolf-claw-2", "crab-arm-1", "far")])
    a = monster(
        ("pelvis", "brawler-chest"),
        [
            ("octopus-tentacle-1", "pelvis", "far"),
            ("mantis-arm-1", "pelvis", "left"),
            ("eagle-wing-1", "brawler-chest", "far"),
        ],
    )
    s = play(arena(a, d), "attack octopus-tentacle-1 crab-arm-1")
    assert legal_texts(s) == ["join eagle-wing-1", "go"]  # mantis cannot reach an inner part
    s2 = play(
        arena(attacker(), defender(), rng=dice(1, 1, 1)),
        "attack ape-arm-1 crab-arm-1",
        "join mantis-arm-1",
        "go",
    )
    assert {"ape-arm-1", "mantis-arm-1"} <= set(s2.used)


def test_CC_ATTACK_15_bonus_once_to_the_sum():
    a = monster(
        ("ribcage", "pelvis"),
        [
            ("lion-head-1", "ribcage", "far"),
            ("mantis-arm-1", "pelvis", "far"),
            ("lizard-arm-1", "pelvis", "left"),
        ],
    )
    s = play(
        arena(a, defender(), rng=dice(1, 1)),
        "use lion-head-1",
        "attack mantis-arm-1 crab-arm-1",
        "join lizard-arm-1",
    )
    assert (s.roll.bonus, s.roll.total, s.roll.defense) == (3, 8, 7)  # 1+2 + 1+1 + 3 (roar once)


def test_CC_ATTACK_16_no_attack_roll_no_attack():
    a = monster(("ribcage", "pelvis"), [("moth-wing-1", "pelvis", "far")])
    assert not any(t.startswith("attack moth-wing-1") for t in legal_texts(arena(a, defender())))
    with pytest.raises(IllegalAction, match="no Attack Roll"):
        RULES.apply(arena(a, defender()), AttackWith("moth-wing-1", "lion-head-1"))


def test_CC_ATTACK_17_no_dice_limit():
    a = monster(
        ("ribcage", "pelvis"),
        [("lion-head-1", "ribcage", "far"), ("bear-arm-1", "pelvis", "far"), ("ape-arm-1", "pelvis", "left")],
        energy=9,
    )
    s = play(
        arena(a, defender(), rng=dice(1, 1, 1, 1, 1, 1, 1)),
        "attack lion-head-1 crab-arm-1",
        "join bear-arm-1",
        "join ape-arm-1",
        "go",
    )
    assert [len(part.dice) for part in s.roll.parts] == [2, 2, 2] and s.roll.total == 8  # 6 dice
    assert s.rng.rigged == (0,)


# -- End -------------------------------------------------------------------------------------------------------


def test_CC_END_01_torso_destroyed_monster_destroyed():
    s = play(
        arena(attacker(), bare(energy=0), bare(energy=0), rng=dice(6, 6, 6, 1, 1), explode=True),
        "attack bear-arm-1 torso:1",
        "go",
    )
    assert not s.players[1].alive


def test_CC_END_02_remains_of_a_fallen_monster():
    victim = monster(
        ("haunches", "twin-necks"), [("lizard-arm-1", "haunches", "left")], ("eagle-talon-1",), energy=1
    )
    s = arena(attacker(), victim, bare(), rng=dice(6, 6, 6, 1, 1), explode=True)
    s = play(s, "attack bear-arm-1 torso:1", "go")
    p = s.players[1]
    assert not p.alive and p.energy == 0 and p.cards == () and p.monster == ()
    assert {g.card for g in s.graveyard} == {
        "haunches",
        "twin-necks",
        "lizard-arm-1",
    } and "eagle-talon-1" in s.box


def test_CC_END_03_last_one_wins_at_once():
    s = play(
        arena(attacker(), bare(), rng=dice(6, 6, 6, 1, 1), explode=True), "attack bear-arm-1 torso:1", "go"
    )
    assert RULES.is_over(s) and RULES.winner(s) == (0,) and RULES.legal_actions(s) == []


def test_CC_END_04_all_fallen_no_winner():
    s = arena(attacker(), bare())
    dead = tuple(msgspec.structs.replace(p, alive=False, torso=(), monster=()) for p in s.players)
    from chimera_tui.games.codename.combat import check_over

    s = check_over(msgspec.structs.replace(s, players=dead))
    assert RULES.is_over(s) and RULES.winner(s) == ()


def test_CC_END_05_end_checked_mid_turn():
    # The game ends during the attacker's turn, with parts still unused.
    s = play(
        arena(attacker(), bare(), rng=dice(6, 6, 6, 1, 1), explode=True), "attack bear-arm-1 torso:1", "go"
    )
    assert s.phase is Phase.OVER and RULES.to_act(s) is None
    with pytest.raises(IllegalAction):
        RULES.apply(s, Pass())
