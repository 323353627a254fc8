"""Setup A–O (ST-SETUP-*)."""

from __future__ import annotations

import pytest

from chimera_tui.engine import GameConfig, IllegalAction
from chimera_tui.engine.match import Match
from chimera_tui.games.station import RULES
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import Working
from chimera_tui.games.station.state import Phase

from .helpers import act, legal, new, reason


def test_ST_SETUP_01_two_to_four_players():
    for n in (2, 3, 4):
        assert len(new(n).players) == n
    for n in (1, 5):
        with pytest.raises(IllegalAction):
            Match(RULES, GameConfig(players=n), 0)


def test_ST_SETUP_02_components():
    c = content()
    s = new(4)
    assert len(c.tiles) == 40 and len(c.perks) == 22 and len(c.cards) == 6 and len(c.mats) == 4
    assert len([t for t in s.reactor if t]) + len(s.pile) == 40
    assert len(s.perk_display) + len(s.perk_deck) == 22
    assert s.countdown == 2 and s.round_markers == 4


def test_ST_SETUP_03_seven_of_each_component():
    assert new(2).supply == (7, 7, 7, 7)


def test_ST_SETUP_04_05_board_has_hub_in_centre_and_printed_modules():
    c = content()
    assert c.hex_of["hub-a"].q == 0 and c.hex_of["hub-a"].r == 0
    assert {d.id for d in c.defaults} >= {"hub-a", "hub-b", "boiler", "constructor", "laboratory"}


def test_ST_SETUP_06_countdown_tokens_lock_slot_b():
    s = act(new(2), *_draft(new(2)))
    assert s.countdown == 2
    assert "locked until round 3" in reason(s, f"place w{_pool(s)[0]} hub-b")


def test_ST_SETUP_07_round_markers_removed_each_round():
    s = act(new(2), *_draft(new(2)))
    assert s.round == 1 and s.round_markers == 4


def test_ST_SETUP_08_components_are_limited():
    """An empty pile scores 2 points instead (see also test_components)."""
    s = new(2)
    assert sum(s.supply) == 28


def test_ST_SETUP_09_10_reactor_dealt_from_shuffled_pile():
    a, b = new(2, seed=1), new(2, seed=2)
    assert all(a.reactor) and len(a.reactor) == 6
    assert (a.reactor, a.pile) != (b.reactor, b.pile)


def test_ST_SETUP_11_three_perks_face_up():
    s = new(3)
    assert len(s.perk_display) == 3 and len(s.perk_deck) == 19


def test_ST_SETUP_12_13_coins_and_food_unlimited():
    """No cap on coins or food: a large stock is kept as it is."""
    from .helpers import placement_state

    s = placement_state(2, coins=500, food=500)
    s = act(s, "place w0 refinery")
    assert s.players[0].coins == 503


def test_ST_SETUP_14_random_start_player_places_first():
    starts = {new(3, seed=k).start for k in range(20)}
    assert starts == {0, 1, 2}
    s = new(3, seed=5)
    s = act(s, *_draft(s))
    assert RULES.to_act(s) == s.start


def test_ST_SETUP_15_scores_start_at_ten():
    s = new(4)
    assert all(p.score == 10 for p in s.players)
    assert [(e.points, e.cause) for e in s.scoring] == [(10, "start")] * 4


def test_ST_SETUP_16_mats_dealt_one_each():
    s = new(4)
    assert len({p.mat for p in s.players}) == 4


def test_ST_SETUP_17_18_side_option_for_all_seats():
    assert {p.side for p in new(3, side="B").players} == {"B"}
    assert {p.side for p in new(3).players} == {"A"}
    assert RULES.options[0].key == "side" and RULES.options[0].choices[:2] == ("A", "B")


def test_ST_SETUP_18_side_chosen_per_seat_default_a():
    """ST-SETUP-18: each seat may play its own side; with no choice everyone plays side A."""
    assert [p.side for p in new(3, side="A,B,A").players] == ["A", "B", "A"]
    assert [p.side for p in new(4, side="B,B,A,B").players] == ["B", "B", "A", "B"]
    assert [p.side for p in RULES.new_game(GameConfig(players=4), 1).players] == ["A"] * 4
    assert RULES.options[0].default == "A"
    for choice in RULES.options[0].choices:  # every offered value is a valid setup for its seat count
        n = len(choice.split(","))
        for players in (2, 3, 4) if n == 1 else (n,):
            assert (
                len(RULES.new_game(GameConfig(players=players, options={"side": choice}), 0).players)
                == players
            )


@pytest.mark.parametrize("bad", ["C", "A,B", "A,,B", "A,B,C"])
def test_ST_SETUP_18_bad_side_lists_are_refused_in_words(bad):
    with pytest.raises(IllegalAction, match="side"):
        RULES.new_game(GameConfig(players=3, options={"side": bad}), 0)


def test_ST_SETUP_18_side_b_seat_uses_its_own_track():
    s = new(2, side="A,B")
    c = content()
    assert s.players[0].side == "A" and s.players[1].side == "B"
    g = Working(s)
    from chimera_tui.games.station.research import track

    assert track(g, 0) == c.track_a and track(g, 1) == c.mat_by_id[s.players[1].mat].track_b


def test_ST_SETUP_19_side_b_powers_are_unique():
    assert len({m.power for m in content().mats}) == 4


@pytest.mark.parametrize(("players", "pool"), [(2, 4), (3, 3), (4, 2)])
def test_ST_SETUP_20_21_workers_per_player_count(players, pool):
    for p in new(players).players:
        assert [w.where for w in p.workers].count("pool") == pool
        assert [w.where for w in p.workers].count("aside") == 2
        assert len(p.workers) == 6 - (players - 2)


def test_ST_SETUP_22_research_marker_on_start():
    assert all(p.tier == 1 for p in new(2).players)


@pytest.mark.parametrize(("players", "cards"), [(2, 2), (3, 3), (4, 6)])
def test_ST_SETUP_23_24_cards_by_player_count(players, cards):
    s = new(players)
    assert len(s.draft) == cards
    marks = sorted(content().card_by_id[c].players for c in s.draft)
    assert all(m <= players for m in marks)


def test_ST_SETUP_25_draft_starts_right_of_start_player():
    for seed in range(6):
        s = new(4, seed=seed)
        assert s.phase is Phase.DRAFT
        assert RULES.to_act(s) == (s.start - 1) % 4
        s = act(s, legal(s)[0])
        assert RULES.to_act(s) == (s.start - 2) % 4


def test_ST_SETUP_26_draft_ends_with_start_player_and_rest_go_back():
    s = new(4, seed=3)
    s = act(s, *_draft(s))
    assert s.phase is Phase.PLACEMENT and s.draft == ()
    assert len({p.card for p in s.players}) == 4
    s2 = new(2, seed=3)
    s2 = act(s2, legal(s2)[0])  # the start player's single card is dealt without a choice
    assert all(p.card for p in s2.players)


def test_ST_SETUP_27_31_card_resources_only():
    s = new(2, seed=0)
    s = _draft_card(s, "supply-crate")
    for p in s.players:
        card = content().card_by_id[p.card]
        if not card.research:
            assert (p.coins, p.food, sum(p.pool)) == (card.coins, card.food, len(card.components))


def test_ST_SETUP_28_29_research_card_gives_tier_2_and_a_perk():
    s = new(2, seed=0)
    first = RULES.to_act(s)
    s = act(s, "choose research-grant")
    assert s.players[first].tier == 2
    assert s.tasks[-1].kind == "perk" and RULES.to_act(s) == first
    perk = s.perk_display[0]
    s = act(s, f"choose {perk}")
    assert perk in s.players[first].perks and len(s.perk_display) == 3


def test_ST_SETUP_30_card_is_kept_for_the_flush():
    s = new(3, seed=1)
    s = act(s, *_draft(s))
    assert all(p.card for p in s.players)
    assert "flush" in legal(s)


def _pool(s):
    seat = RULES.to_act(s)
    return [i for i, w in enumerate(s.players[seat].workers) if w.where == "pool"]


def _draft(s):
    """Notations that finish the draft (first card each time; perk prompts answered)."""
    out = []
    while s.phase is Phase.DRAFT:
        a = legal(s)[0]
        out.append(a)
        s = RULES.apply(s, RULES.parse(s, a))
    return out


def _draft_card(s, card):
    while s.phase is Phase.DRAFT:
        options = legal(s)
        a = f"choose {card}" if f"choose {card}" in options else options[0]
        s = act(s, a)
    return s
