"""Building modules and the build bonuses (ST-BUILD-*, ST-BONUS-*)."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.engine.hexgrid import parse_hex
from chimera_tui.games.station import RULES
from chimera_tui.games.station.board import free_build_hexes
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import Working

from .helpers import act, drain, legal, placement_state, reason, with_built


def _reactor(s, *tiles):
    """Put `tiles` in the rightmost Reactor spaces (the rest empty), the others back in the pile."""
    rest = [t for t in (*s.reactor, *s.pile) if t and t not in tiles]
    return replace(s, reactor=("",) * (6 - len(tiles)) + tuple(tiles), pile=tuple(rest))


def _build(s, tile, hex_text, worker="w0", where="constructor"):
    s = act(s, f"place {worker} {where}")
    if s.tasks and s.tasks[-1].kind == "build_tile":
        s = act(s, f"choose {tile}")
    if s.tasks and s.tasks[-1].kind == "build_hex":
        s = act(s, f"choose {hex_text}")
    return s


def test_ST_BUILD_01_02_build_modules():
    builders = [
        m.id for m in content().modules.values() if any(op.op == "build" for o in m.options for op in o.ops)
    ]
    assert {"constructor", "drydock", "shipyard", "zoning-board", "foundry"} <= set(builders)


def test_ST_BUILD_03_04_pay_cost_and_score_value():
    s = _reactor(placement_state(2, coins=10), "bank", "gallery")
    s = _build(s, "bank", "0,-1")
    p = s.players[0]
    bank = content().modules["bank"]
    assert bank.value == 2
    assert p.coins == 10 - bank.cost + 2 and p.score == 10 + 2 and p.builds == 1  # bonus on 0,-1: 2 coins
    s = _build(_reactor(placement_state(2, coins=10, round=3), "bank"), "bank", "0,1")
    assert s.players[0].score == 14
    s = _build(_reactor(placement_state(2, coins=10, round=5), "bank"), "bank", "0,1")
    assert s.players[0].score == 16


def test_ST_BUILD_05_06_adjacent_to_hub_or_built_and_slot_b_counts():
    g = Working(placement_state(2))
    first = {str(h) for h in free_build_hexes(g)}
    assert first == {
        "0,-1",
        "1,-1",
        "0,1",
        "-1,1",
        "2,-1",
        "1,1",
        "2,0",
    }  # the last three touch locked slot B
    s = with_built(placement_state(2), "bank", "0,-1")
    assert "0,-2" in {str(h) for h in free_build_hexes(Working(s))}


def test_ST_BUILD_07_09_slide_right_no_refill():
    s = _reactor(placement_state(2, coins=20), "bank", "gallery", "arena")
    s = _build(s, "gallery", "0,-1")
    assert s.reactor == ("", "", "", "", "bank", "arena")


def test_ST_BUILD_08_build_bonus_gained():
    s = _build(_reactor(placement_state(2, coins=4), "bank"), "bank", "0,1")
    assert s.players[0].food == 12


def test_ST_BUILD_10_11_need_affordable_tile_and_space():
    s = _reactor(placement_state(2, coins=2), "bank")
    assert "cannot afford" in reason(s, "place w0 constructor")
    s = _reactor(placement_state(2, coins=20))
    assert "the Reactor is empty" in reason(s, "place w0 constructor")


def test_ST_BUILD_12_built_module_belongs_to_nobody():
    s = _build(_reactor(placement_state(2, coins=10), "trading-post"), "trading-post", "0,-1")
    assert "place w0 trading-post" in legal(s)  # seat 1 may use it
    assert RULES.to_act(s) == 1


def test_ST_BUILD_13_14_tiles_and_layout():
    c = content()
    assert len(c.tiles) == 40 and len(c.build_hexes) == 25
    assert c.space_at[parse_hex("-1,0")].kind == "girder"


def test_ST_BONUS_01_02_every_build_space_has_a_bonus():
    assert all(content().space_at[h].bonus is not None for h in content().build_hexes)
    kinds = {content().space_at[h].bonus.kind for h in content().build_hexes}
    assert len(kinds) == 10


def test_ST_BONUS_03_fixed():
    s = _build(_reactor(placement_state(2, coins=10), "trading-post"), "trading-post", "0,-1")
    assert s.players[0].coins == 11


def test_ST_BONUS_04_05_06_round_number_bonuses():
    s = with_built(placement_state(2, coins=10, round=4), "bank", "0,-1")
    s = _build(_reactor(s, "trading-post"), "trading-post", "0,-2")
    assert s.players[0].coins == 10 - 1 + 4
    s = _build(_reactor(placement_state(2, coins=10, round=4), "trading-post"), "trading-post", "-1,1")
    assert s.players[0].score == 10 + 2 + 4


def test_ST_BONUS_07_08_component_bonuses():
    s = _build(_reactor(placement_state(2, coins=10), "trading-post"), "trading-post", "1,-1")
    assert legal(s) == ["choose brain", "choose claw", "choose leaf", "choose tentacle"]
    s = act(s, "choose leaf")
    assert s.players[0].pool == (0, 0, 1, 0)
    s = with_built(placement_state(2, coins=10), "bank", "1,-1")
    s = drain(_reactor(s, "trading-post"), "brain")
    s = _build(s, "trading-post", "2,-1")
    assert s.players[0].score == 10 + 1 + 2, "empty pile: 2 points instead"


def test_ST_BONUS_09_research_bonus():
    s = with_built(placement_state(2, coins=10), "bank", "0,-1")
    s = _build(_reactor(s, "trading-post"), "trading-post", "1,-2")
    assert s.players[0].tier == 2 and s.tasks[-1].kind == "perk"


def test_ST_BONUS_10_11_recall_bonus():
    s = placement_state(2, coins=10, workers={0: [((), "pool"), ((), "refinery"), (("brain",), "lab-a")]})
    s = with_built(s, "bank", "0,-1")
    s = _build(_reactor(s, "trading-post"), "trading-post", "-1,-1")
    assert legal(s) == ["choose w0", "choose w1", "choose skip"], "not the Lab worker"
    s = act(s, "choose w1")
    assert s.players[0].workers[1].where == "pool"


def test_ST_BONUS_12_reactor_bonus_after_slide():
    s = with_built(with_built(placement_state(2, coins=10), "bank", "0,1"), "vault", "-1,1")
    s = _reactor(s, "trading-post", "arena", "gallery")
    s = _build(s, "trading-post", "-1,2")
    p = s.players[0]
    # 4 empty spaces after the slide: nothing, 1 point, 1 food, 1 coin (no refill)
    assert (p.score, p.food, p.coins) == (10 + 1 + 1, 11, 10 - 1 + 1)
    assert s.reactor.count("") == 4


def test_ST_BONUS_13_15_16_activate_neighbour_even_occupied():
    s = placement_state(
        2, coins=10, workers={0: [(("brain", "tentacle"), "pool")], 1: [((), "vault"), ((), "pool")]}
    )
    s = _reactor(with_built(s, "vault", "2,-1"), "trading-post")
    s = act(s, "place w0 constructor", "choose 2,0")
    assert legal(s) == ["choose claw-shop", "choose vault", "choose skip"]  # slot B is still locked
    s = act(s, "choose vault")
    p = s.players[0]
    assert p.coins == 10 - 1 + 3 and p.score == 10 + 2 + 1, (
        "Vault's 3 coins; no brain points, no tentacle coin"
    )


def test_ST_BONUS_14_activate_excludes_worker_modules():
    s = placement_state(2, coins=10)
    s = _reactor(with_built(s, "hunting-park", "2,-1"), "trading-post")
    s = act(s, "place w0 constructor", "choose 2,0")
    assert "choose hunting-park" not in legal(s)
    s = act(s, "choose claw-shop")
    assert legal(s) == ["choose buy1", "choose buy2"], "only the buying options work without a worker"
    s = act(s, "choose buy1")
    assert s.players[0].pool == (0, 1, 0, 0) and s.players[0].coins == 10 - 1 - 2


def test_ST_BONUS_17_workerless_hub_a_and_boiler():
    from chimera_tui.games.station.effects import start_effect
    from chimera_tui.games.station.flow import advance

    s = placement_state(2, workers={0: [((), "pool")], 1: [((), "laboratory"), ((), "pool")]}, start=1)
    g = Working(s)
    start_effect(g, 0, -1, "hub-a", src="bonus")
    advance(g)
    s2 = g.freeze()
    assert s2.start == 0 and s2.players[0].score == 12
    s3 = _reactor(s, "bank", "vault", "arena", "gallery")  # 2 empty spaces: nothing and 1 point
    g = Working(s3)
    start_effect(g, 0, -1, "boiler", src="bonus")
    advance(g)
    s4 = g.freeze()
    assert s4.players[0].score == 11 and all(s4.reactor)


def test_ST_BONUS_18_activate_may_be_skipped():
    s = _reactor(placement_state(2, coins=10), "trading-post")
    s = act(s, "place w0 constructor", "choose 2,0")
    assert "choose skip" in legal(s)
    s = act(s, "choose skip")
    assert s.players[0].coins == 10 - 1
