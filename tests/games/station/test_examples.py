"""The rulebook's worked examples, reproduced exactly (ST-EX-01..06)."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.station import RULES
from chimera_tui.games.station.content import content
from chimera_tui.games.station.state import Phase

from .helpers import act, legal, placement_state, reason


def _beth(food: int):
    """2 players: Andy (seat 0) has placed everything; Beth (seat 1) places her last bare worker."""
    s = placement_state(
        2,
        workers={
            0: [((), "lounge")] * 4,
            1: [((), "lounge"), ((), "lounge"), (("claw",), "lounge"), ((), "pool")],
        },
        turn=1,
    )
    players = list(s.players)
    players[1] = replace(players[1], food=food - 1)  # the Lounge adds the last food
    return replace(s, players=tuple(players))


def test_ST_EX_03_beth_feeding_loses_her_one_component():
    """Beth has 4 workers (3 bare, 1 with one component) and 3 food: pays 3, loses the component."""
    s = act(_beth(3), "place w3 lounge", "choose food")
    beth = s.players[1]
    assert s.round == 2 and beth.food == 0
    assert all(w.comps == () for w in beth.workers)
    assert s.supply[1] == 7  # the claw went back to the supply
    assert beth.score == 10


def test_ST_EX_04_beth_with_two_food_also_loses_two_points():
    """With only 2 food Beth is 2 short: she loses her one component and 2 points (ST-FEED-06)."""
    s = act(_beth(2), "place w3 lounge", "choose food")
    beth = s.players[1]
    assert beth.food == 0 and all(w.comps == () for w in beth.workers)
    assert beth.score == 8
    assert [(e.points, e.cause) for e in s.scoring if e.seat == 1][-1] == (-2, "feeding")


def test_ST_EX_02_andy_laboratory_worker_is_placed_before_beths_slot_b():
    """Andy's Lab worker (slot A) goes to the Laboratory, reaches tier 3 and gains a worker, which he places
    before Beth's slot-B worker is placed."""
    s = placement_state(
        2,
        workers={
            0: [(("claw",), "lab-a"), ((), "refinery"), ((), "lounge"), ((), "lounge")],
            1: [(("brain",), "lab-b"), ((), "hydroponics"), ((), "lounge"), ((), "lounge")],
        },
    )
    players = list(s.players)
    players[0] = replace(players[0], tier=2)
    s = replace(s, players=tuple(players), phase=Phase.LAB)
    assert RULES.to_act(s) == 0 and legal(s)[0].startswith("place w0 ")
    assert "place w0 lab" not in legal(s)
    s = act(s, "place w0 laboratory")
    andy = s.players[0]
    assert andy.tier == 3 and andy.pool == (0, 1, 0, 0)  # the claw was detached into his pool
    assert [w.where for w in andy.workers].count("pool") == 1
    assert RULES.to_act(s) == 0, "Andy places his new worker before Beth's slot B"
    assert all(a.startswith("place w4 ") for a in legal(s))
    s = act(s, "place w4 lounge", "choose coin")
    assert RULES.to_act(s) == 1 and all(a.startswith("place w0 ") for a in legal(s))


def _command_table():
    """4 players in round 3: Andy, Beth and Daniel already occupy modules (values 1, 1 and 2)."""
    return placement_state(
        4,
        workers={
            0: [((), "refinery"), ((), "pool")],  # Andy
            1: [((), "hydroponics"), ((), "pool")],  # Beth
            2: [((), "pool"), ((), "pool")],  # Christina
            3: [((), "laboratory"), ((), "pool")],  # Daniel
        },
        round=3,
        turn=2,
        start=0,
    )


def test_ST_EX_05_christina_commands_from_hub_a_and_takes_the_marker():
    s = _command_table()
    values = content().modules
    expected = values["refinery"].value + values["hydroponics"].value + values["laboratory"].value
    s2 = act(s, "place w0 hub-a")
    assert s2.start == 2 and s2.marker_taken
    assert s2.players[2].score == 10 + expected
    assert s2.scoring[-1].cause == "command"


def test_ST_EX_06_daniel_commands_from_hub_b_without_the_marker():
    s = act(_command_table(), "place w0 hub-a")
    assert RULES.to_act(s) == 3
    values = content().modules
    expected = values["refinery"].value + values["hydroponics"].value + values["hub-a"].value
    s2 = act(s, "place w1 hub-b")
    assert s2.start == 2, "slot B never gives the start player marker"
    assert s2.players[3].score == 10 + expected


def test_ST_EX_01_no_coins_no_buying():
    """A player with no coins cannot place on a module whose effect is buying something."""
    s = placement_state(2, coins=0)
    assert "place w0 claw-shop" not in legal(s)
    assert "cannot pay" in reason(s, "place w0 claw-shop")
