"""Rounds and station progress (ST-PROGRESS-*)."""

from __future__ import annotations

from collections import Counter

from chimera_tui.games.station import RULES
from chimera_tui.games.station.state import Phase

from .helpers import act, legal, new, placement_state, play_until, with_players


def _round_start(players, round_, **kw):
    """Everyone has placed in round `round_ - 1`; seat 0 places the last worker (Lounge, coin)."""
    s = placement_state(players, workers={i: [((), "lounge")] for i in range(1, players)} | {0: [((), "pool")]},
                        round=round_ - 1, **kw)  # fmt: skip
    return act(s, "place w0 lounge", "choose coin")


def test_ST_PROGRESS_01_02_five_rounds_of_three_phases():
    s = new(2, seed=4)
    phases: list[tuple[int, Phase]] = []
    seen = set()

    def stop(st):
        key = (st.round, st.phase)
        if key not in seen:
            seen.add(key)
            phases.append(key)
        return st.phase is Phase.OVER

    play_until(s, stop, seed=4)
    rounds = Counter(r for r, _ in phases if r)
    assert sorted(rounds) == [1, 2, 3, 4, 5]
    assert (5, Phase.OVER) in phases


def test_ST_PROGRESS_03_04_05_round_two_removes_first_token_only():
    s = _round_start(2, 2, countdown=2)
    assert s.round == 2 and s.round_markers == 3 and s.countdown == 1 and len(s.perk_display) == 3


def test_ST_PROGRESS_06_07_round_three_unlocks_slot_b():
    s = _round_start(2, 3, countdown=1)
    assert s.countdown == 0
    assert any(a.endswith(" hub-b") for a in legal(s) if a.startswith("place")) or s.tasks


def test_ST_PROGRESS_08_09_10_round_three_perks_and_research_in_turn_order():
    s = _round_start(3, 3, countdown=1, start=1)
    assert s.tasks[-1].kind == "perk" and RULES.to_act(s) == 1, (
        "perk choices in turn order from the start player"
    )
    assert len(s.perk_display) == 6
    s = act(s, f"choose {s.perk_display[0]}")
    assert RULES.to_act(s) == 2 and len(s.perk_display) == 5
    s = act(s, f"choose {s.perk_display[0]}")
    assert RULES.to_act(s) == 0 and len(s.perk_display) == 4
    s = act(s, f"choose {s.perk_display[0]}")
    assert len(s.perk_display) == 3 and all(p.tier == 2 for p in s.players)


def test_ST_PROGRESS_11_12_workers_from_progress_join_the_pool():
    s = placement_state(2, workers={0: [((), "pool")], 1: [((), "lounge")]}, round=2)
    s = with_players(s, p0={"tier": 2}, p1={"tier": 2})
    s = act(s, "place w0 lounge", "choose coin")
    assert s.round == 3 and all(p.tier == 3 for p in s.players)
    assert [w.where for w in s.players[0].workers].count("pool") == 2


def test_ST_PROGRESS_13_16_17_build_multiplier():
    from chimera_tui.games.station.core import Working

    for rnd, mult in ((1, 1), (2, 1), (3, 2), (4, 2), (5, 3)):
        assert Working(placement_state(2, round=rnd)).multiplier == mult


def test_ST_PROGRESS_14_15_round_five_deals_three_more():
    s = _round_start(2, 5)
    assert len(s.perk_display) == 6 and s.tasks[-1].kind == "perk"
