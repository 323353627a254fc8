"""Readings changed for issue 8 §4: the start player's order (ST-COMMAND-10) and "the most" at 0 (Mint,
Beggar's Alley)."""

from __future__ import annotations

from chimera_tui.games.station import RULES
from chimera_tui.games.station.core import Working
from chimera_tui.games.station.scoring import final_scoring, perk_points

from .helpers import act, placement_state, with_players


def test_ST_COMMAND_10_order_of_the_whole_round_is_kept():
    """A marker taken at Command Hub A changes neither this Placement phase's turns nor the order of this
    round's Splicing Lab and Feeding phases; the new holder leads from the next round on."""
    s = placement_state(
        2, workers={0: [((), "pool"), ((), "pool")], 1: [((), "pool"), ((), "pool")]}, start=0
    )
    s = act(s, "place w0 refinery", "place w0 hub-a")
    assert s.start == 1 and s.lead == 0
    assert Working(s).order() == [0, 1], "the rest of this round keeps the order it began with"
    s = act(s, "place w1 lounge", "choose coin", "place w1 lounge", "choose coin")
    assert s.round == 2 and s.lead == 1 and Working(s).order() == [1, 0] and RULES.to_act(s) == 1


def test_ST_COMMAND_10_feeding_order_follows_the_round_leader():
    s = placement_state(2, workers={0: [((), "pool")], 1: [((), "pool")]}, start=0, food=0)
    s = act(s, "place w0 lounge", "choose coin", "place w0 hub-a")
    assert s.start == 1
    # both owe 1 food with nothing attached: seat 0 (who led the round) is fed first
    feeding = [e for e in s.scoring if e.cause == "feeding"]
    assert [e.seat for e in feeding] == [0, 1]


def _end_g(coins0: int, coins1: int, food0: int, food1: int) -> Working:
    s = placement_state(2, perks={0: ("mint", "beggars-alley"), 1: ("mint", "beggars-alley")}, round=5)
    s = with_players(s, p0={"coins": coins0, "food": food0}, p1={"coins": coins1, "food": food1})
    return Working(s)


def test_mint_and_beggars_alley_give_nothing_to_players_tied_at_zero():
    g = _end_g(0, 0, 0, 0)
    for seat in (0, 1):
        assert perk_points(g, seat, "mint") == 0 and perk_points(g, seat, "beggars-alley") == 0
    final_scoring(g)
    assert not [e for e in g.scoring if e.cause == "perk"]


def test_mint_and_beggars_alley_ties_above_zero_share():
    g = _end_g(4, 4, 3, 3)
    assert [perk_points(g, s, "mint") for s in (0, 1)] == [9, 9]
    assert [perk_points(g, s, "beggars-alley") for s in (0, 1)] == [9, 9]
    g = _end_g(4, 2, 0, 0)
    assert [perk_points(g, s, "mint") for s in (0, 1)] == [9, 0]
    assert [perk_points(g, s, "beggars-alley") for s in (0, 1)] == [0, 0]
