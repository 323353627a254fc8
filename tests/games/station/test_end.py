"""End of the game and scoring (ST-END-*, ST-FAQ-*), scoring events, views and notation."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.station import RULES, Choose, Flush, Place
from chimera_tui.games.station.core import Working
from chimera_tui.games.station.scoring import final_scoring, perk_points
from chimera_tui.games.station.state import Phase

from .helpers import act, new, placement_state, with_built, with_players


def _last_round(**kw):
    s = placement_state(2, workers={0: [((), "pool")], 1: [((), "lounge")]}, round=5, **kw)
    return s


def test_ST_END_01_game_ends_after_round_five():
    s = act(_last_round(), "place w0 lounge", "choose coin")
    assert (
        s.phase is Phase.OVER
        and RULES.is_over(s)
        and RULES.to_act(s) is None
        and RULES.legal_actions(s) == []
    )


def test_ST_END_02_03_04_resources_and_components():
    s = _last_round(pools={0: (1, 1, 0, 0)})
    s = with_players(s, p0={"coins": 10, "food": 9})
    s = act(s, "place w0 lounge", "choose coin")  # 11 coins; feeding 1 food -> 8
    causes = {e.cause: e.points for e in s.scoring if e.seat == 0 and e.round == 5}
    assert causes["coins"] == 3 and causes["food"] == 4 and causes["components"] == 4


def test_ST_END_05_09_perks_score_at_the_end():
    s = with_built(_last_round(perks={0: ("architect", "workshop", "conference")}), "bank", "0,-1")
    s = with_players(s, p0={"builds": 3})
    g = Working(s)
    assert perk_points(g, 0, "architect") == 3 and perk_points(g, 0, "workshop") == 1
    assert perk_points(g, 0, "conference") == 5


def test_ST_END_06_07_08_winner_and_tie_breaks():
    s = _last_round()
    s = replace(s, phase=Phase.OVER)
    s = with_players(s, p0={"score": 30}, p1={"score": 31})
    assert RULES.winner(s) == (1,)
    s = with_players(s, p0={"score": 31, "pool": (1, 0, 0, 0)}, p1={"score": 31})
    assert RULES.winner(s) == (0,)
    s = with_players(s, p0={"pool": (0, 0, 0, 0)})
    assert RULES.winner(s) == (0, 1)


def test_scores_equal_the_sum_of_events():
    s = act(_last_round(pools={0: (2, 0, 0, 0)}), "place w0 lounge", "choose coin")
    for seat, p in enumerate(s.players):
        assert p.score == sum(e.points for e in s.scoring if e.seat == seat)
    assert RULES.scores(s) == tuple(p.score for p in s.players)


def test_end_perk_kinds():
    s = _last_round(perks={0: ("mint", "beggars-alley", "collector", "mentor", "landlord", "morale-center")})
    s = with_players(
        s, p0={"coins": 5, "food": 5, "pool": (1, 1, 0, 0), "tier": 4}, p1={"coins": 4, "food": 9}
    )
    g = Working(s)
    assert perk_points(g, 0, "mint") == 9 and perk_points(g, 0, "beggars-alley") == 0
    assert perk_points(g, 0, "collector") == 6 and perk_points(g, 0, "mentor") == 4
    assert perk_points(g, 0, "landlord") == 1
    final_scoring(g)
    assert sum(e.points for e in g.scoring if e.cause == "perk" and e.seat == 0) == 9 + 6 + 4 + 1


def test_ST_FAQ_01_vineyard_counts_hub_neighbours_not_the_girder():
    s = with_built(with_built(placement_state(2), "vineyard", "0,1"), "bank", "0,-2")
    s = act(s, "place w0 vineyard")
    assert s.players[0].food == 10 + 1 + 1  # only the Vineyard itself touches the hub


def test_ST_FAQ_02_catering_copies_only_valued_modules():
    s = with_built(placement_state(2), "catering-service", "0,-1")
    s = act(s, "place w0 catering-service")
    from .helpers import legal

    options = legal(s)
    assert "choose refinery" in options and "choose hub-a" not in options
    s = act(s, "choose refinery")
    assert s.players[0].coins == 13


def test_ST_FAQ_03_morale_center_cannot_move_protected_workers():
    s = placement_state(2, workers={0: [((), "pool")], 1: [((), "vault"), ((), "refinery"), ((), "pool")]},
                        perks={0: ("morale-center",)})  # fmt: skip
    s = with_built(s, "vault")
    from .helpers import reason

    assert "fewer than 2 workers" in reason(s, "place w0 morale-center")


def test_view_hides_piles_and_is_idempotent():
    s = new(3, seed=2)
    v = RULES.view(s, 0)
    assert set(v.pile) == {"?"} and set(v.perk_deck) == {"?"} and len(v.pile) == len(s.pile)
    assert RULES.view(v, 0) == v


def test_notation_round_trips_and_describe():
    s = placement_state(2)
    for a in (Place(2, "boiler"), Choose("food"), Flush()):
        assert RULES.parse(s, str(a)) == a
    assert RULES.describe(s, Place(0, "boiler")).startswith(
        "Player 1 places worker #1 (no components) on Boiler Room"
    )
    assert RULES.round_label(s) == "Round 1 · placement"


def test_breakdown_and_score_by_round_for_the_ui():
    from chimera_tui.games.station import breakdown, prompt, score_by_round

    from .helpers import play_until

    s = play_until(new(3, seed=8), RULES.is_over, seed=8)
    for seat, p in enumerate(s.players):
        parts = breakdown(s, seat)
        assert sum(parts.values()) == p.score and parts["start"] == 10
    chart = score_by_round(s)
    assert len(chart) == 6 and chart[0] == (10, 10, 10) and chart[-1] == RULES.scores(s)
    assert prompt(new(2)) == "Choose your starting resource card"


def test_undo_barriers_follow_hidden_information():
    from chimera_tui.games.station.state import Phase as P

    s = placement_state(2)
    a = RULES.parse(s, "place w0 refinery")
    assert not RULES.is_irreversible(s, a, RULES.apply(s, a))
    drained = replace(s, reactor=("", *s.reactor[1:]), pile=(s.reactor[0], *s.pile))
    b = RULES.parse(drained, "place w0 boiler")
    assert RULES.is_irreversible(drained, b, RULES.apply(drained, b)), "the refill reveals a tile"
    t = new(2, seed=0)
    assert t.phase is P.DRAFT
    after = RULES.apply(t, RULES.parse(t, "choose research-grant"))
    c = RULES.parse(after, f"choose {after.perk_display[0]}")
    assert RULES.is_irreversible(after, c, RULES.apply(after, c)), "taking a perk reveals the next one"


def test_view_depends_only_on_public_information():
    """Two states that differ only in the order of the face-down piles look the same to every seat."""
    s = new(3, seed=5)
    other = replace(s, pile=tuple(reversed(s.pile)), perk_deck=tuple(reversed(s.perk_deck)))
    for seat in (0, 1, 2, None):
        assert RULES.view(s, seat) == RULES.view(other, seat)


def test_prompts_name_modules():
    from chimera_tui.games.station import prompt

    s = act(placement_state(2, coins=5), "place w0 claw-shop")
    assert prompt(s) == "Choose which effect of Claw Shop to use"
    assert prompt(placement_state(2)) == "Place a worker"
