"""Commanding modules and the start player marker (ST-COMMAND-*)."""

from __future__ import annotations

from chimera_tui.games.station import RULES
from chimera_tui.games.station.content import content

from .helpers import act, placement_state, with_built


def test_ST_COMMAND_01_02_hub_slots_and_command_tiles():
    cmd = [
        m.id for m in content().modules.values() if any(op.op == "command" for o in m.options for op in o.ops)
    ]
    assert {"hub-a", "hub-b", "observation-deck", "bridge"} <= set(cmd)


def test_ST_COMMAND_03_04_opponents_modules_only():
    s = placement_state(
        2,
        workers={0: [((), "pool"), ((), "laboratory"), ((), "lounge")], 1: [((), "refinery"), (("brain",), "lab-a"), ((), "pool")]},
    )  # fmt: skip
    s = act(s, "place w0 hub-a")
    assert s.players[0].score == 11  # Refinery only: own Laboratory, the Lab and the Lounge add nothing


def test_ST_COMMAND_05_perk_modules_count_at_value_zero():
    s = placement_state(
        2, workers={0: [((), "pool")], 1: [((), "greenhouse"), ((), "pool")]}, perks={1: ("greenhouse",)}
    )
    s = act(s, "place w0 hub-a")
    assert s.players[0].score == 10


def test_ST_COMMAND_06_never_multiplied():
    s = placement_state(2, workers={0: [((), "pool")], 1: [((), "laboratory"), ((), "pool")]}, round=5)
    assert act(s, "place w0 hub-a").players[0].score == 12


def test_ST_COMMAND_07_08_09_marker_once_per_round():
    s = placement_state(
        3, workers={0: [((), "pool")], 1: [(("claw",), "pool"), ((), "pool")], 2: [((), "pool")]}, round=3
    )
    s = act(s, "place w0 hub-a")
    assert s.start == 0 and s.marker_taken
    s = act(s, "place w0 hub-a", "choose coin")  # seat 1's claw displaces seat 0 from slot A
    assert s.start == 0, "the marker changes hands at most once a round"
    s = act(s, "place w0 hub-b")
    assert s.start == 0


def test_ST_COMMAND_09_start_player_taking_slot_a_keeps_it_for_the_round():
    s = placement_state(2, workers={0: [((), "pool")], 1: [(("claw",), "pool"), ((), "pool")]}, start=0)
    s = act(s, "place w0 hub-a", "place w0 hub-a", "choose coin")
    assert s.start == 0


def test_ST_COMMAND_10_new_start_player_leads_next_round():
    s = placement_state(
        2, workers={0: [((), "pool"), ((), "pool")], 1: [((), "pool"), ((), "pool")]}, start=0
    )
    s = act(s, "place w0 refinery", "place w0 hub-a")
    assert s.start == 1 and RULES.to_act(s) == 0, "this round's order does not change"
    s = act(s, "place w1 lounge", "choose coin", "place w1 lounge", "choose coin")
    assert s.round == 2 and RULES.to_act(s) == 1


def test_command_tile_scores_like_the_hub():
    s = placement_state(2, workers={0: [((), "pool")], 1: [((), "laboratory"), ((), "pool")]})
    s = with_built(s, "observation-deck")
    assert act(s, "place w0 observation-deck").players[0].score == 12
