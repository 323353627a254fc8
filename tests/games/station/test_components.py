"""Brains, claws and tentacles (ST-BRAIN-*, ST-CLAW-*, ST-TENTACLE-*)."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.station import RULES
from chimera_tui.games.station.state import Phase

from .helpers import act, drain, legal, placement_state, reason, with_built, with_players


def test_ST_BRAIN_01_02_brain_scores_module_value():
    s = act(placement_state(2, workers={0: [(("brain",), "pool")]}), "place w0 laboratory")
    assert s.players[0].score == 12  # Laboratory is worth 2
    s = placement_state(2, workers={0: [(("brain",), "lab-a")], 1: [((), "lounge")]})
    s = act(replace(s, phase=Phase.LAB), "place w0 refinery")
    assert s.players[0].score == 11, "a brain worker placed again from the Lab scores"
    s = placement_state(2, workers={0: [(("brain", "claw"), "pool")], 1: [((), "laboratory")]})
    s = act(s, "place w0 laboratory", "choose coin")
    assert s.players[0].score == 12, "a displacing brain worker scores too"


def test_ST_BRAIN_03_no_points_outside_modules():
    s = act(placement_state(2, workers={0: [(("brain",), "pool")]}), "place w0 lounge", "choose coin")
    assert s.players[0].score == 10


def test_ST_BRAIN_04_never_multiplied():
    s = act(placement_state(2, workers={0: [(("brain",), "pool")]}, round=5), "place w0 laboratory")
    assert s.players[0].score == 12


def test_ST_BRAIN_05_printed_modules_have_values():
    from chimera_tui.games.station.content import content

    c = content()
    assert c.modules["hub-a"].value == 0 and c.modules["laboratory"].value == 2
    assert c.modules["greenhouse"].value == 0  # perk modules have no point value


def test_ST_BRAIN_06_swapped_workers_score_nothing():
    s = placement_state(
        2,
        workers={0: [((), "pool"), (("brain",), "refinery")], 1: [((), "laboratory"), ((), "pool")]},
        perks={0: ("nonhuman-resources",)},
    )
    s = act(s, "place w0 nonhuman-resources")  # one worker each way: swapped without questions
    assert s.players[0].workers[1].where == "laboratory" and s.players[1].workers[0].where == "refinery"
    assert s.players[0].score == 10


def test_ST_BRAIN_07_08_double_brain_commands_own_modules_too():
    s = placement_state(
        2,
        workers={0: [(("brain", "brain"), "pool"), ((), "laboratory")], 1: [((), "refinery"), ((), "pool")]},
        round=3,
    )
    s = act(s, "place w0 hub-b")
    assert s.players[0].score == 10 + 0 + 2 + 1  # brain on hub-b (0), own Laboratory 2, Refinery 1


def test_ST_CLAW_01_single_claw_displaces_up_to_one_component():
    s = placement_state(2, workers={0: [(("claw",), "pool")], 1: [(("leaf",), "refinery"), ((), "pool")]})
    s = act(s, "place w0 refinery", "choose food")
    assert s.players[0].workers[0].where == "refinery"
    s = placement_state(
        2, workers={0: [(("claw",), "pool")], 1: [(("leaf", "leaf"), "refinery"), ((), "pool")]}
    )
    assert "single-claw worker cannot displace" in reason(s, "place w0 refinery")


def test_ST_CLAW_02_double_claw_displaces_anyone():
    s = placement_state(
        2, workers={0: [(("claw", "claw"), "pool")], 1: [(("leaf", "leaf"), "refinery"), ((), "pool")]}
    )
    assert "place w0 refinery" in legal(s)


def test_ST_CLAW_03_05_displaced_owner_gains_first_then_effect():
    s = placement_state(2, workers={0: [(("claw",), "pool")], 1: [((), "refinery"), ((), "pool")]})
    s = act(s, "place w0 refinery")
    assert RULES.to_act(s) == 1 and s.players[0].coins == 10  # the owner chooses before the module works
    s = act(s, "choose food")
    assert s.players[1].food == 11 and s.players[0].coins == 13


def test_ST_CLAW_04_claw_worker_activates_module():
    s = placement_state(2, workers={0: [(("claw",), "pool")], 1: [((), "hydroponics"), ((), "pool")]})
    s = act(s, "place w0 hydroponics", "choose coin")
    assert s.players[0].food == 12


def test_ST_CLAW_06_displacing_is_optional():
    s = act(placement_state(2, workers={0: [(("claw",), "pool")]}), "place w0 refinery")
    assert s.players[0].coins == 13


def test_ST_CLAW_07_claw_must_still_fulfil_the_effect():
    s = placement_state(2, workers={0: [(("claw",), "pool")], 1: [((), "gallery"), ((), "pool")]}, coins=0)
    s = with_built(s, "gallery")
    assert "cannot pay" in reason(s, "place w0 gallery")


def test_ST_CLAW_08_09_protected_spaces():
    s = placement_state(
        2, workers={0: [(("claw", "claw"), "pool")], 1: [((), "dispatch-station"), ((), "pool")]}
    )
    s = with_built(s, "dispatch-station")
    assert "cannot be displaced" in reason(s, "place w0 dispatch-station")
    s = placement_state(2, workers={0: [(("claw", "claw"), "pool")], 1: [((), "vault"), ((), "pool")]})
    assert "cannot be displaced" in reason(with_built(s, "vault"), "place w0 vault")


def test_ST_TENTACLE_01_02_03_one_extra_of_each_gained():
    s = with_built(placement_state(2, workers={0: [(("tentacle",), "pool")]}), "farm-dome")
    s = act(s, "place w0 farm-dome")
    assert (s.players[0].coins, s.players[0].food) == (12, 13)  # 1 coin + 1, 2 food + 1


def test_ST_TENTACLE_04_not_on_build_bonus():
    s = placement_state(2, workers={0: [(("tentacle",), "pool")]}, coins=5)
    s = _reactor_with(s, "trading-post")
    s = act(s, "place w0 constructor")
    while s.tasks and s.tasks[-1].kind in ("build_tile", "build_hex"):
        kind = s.tasks[-1].kind
        s = act(s, "choose trading-post" if kind == "build_tile" else "choose 0,-1")
    assert s.players[0].coins == 5 - 1 + 2  # tile cost 1, bonus 2 coins, no tentacle coin


def test_ST_TENTACLE_05_reactor_rewards_count():
    s = placement_state(2, workers={0: [(("tentacle",), "pool")]})
    s = replace(s, reactor=("", "", "", "", *s.reactor[4:]), pile=(*s.reactor[:4], *s.pile))
    s = act(s, "place w0 boiler")
    p = s.players[0]
    # boiler: tentacle gives 1 coin 1 food; Reactor: 1 point, 1 food, 1 coin; tentacle: +1 coin, +1 food
    assert (p.coins, p.food, p.score) == (13, 13, 11)


def test_ST_TENTACLE_06_paid_at_end_of_action():
    s = placement_state(2, workers={0: [(("tentacle",), "pool")]}, coins=5)
    s = act(s, "place w0 claw-shop", "choose buy2")  # pay 5, gain claws: no coin gained, no bonus
    assert s.players[0].coins == 0


def test_ST_TENTACLE_07_08_double_tentacle_extra_component():
    s = act(
        placement_state(2, workers={0: [(("tentacle", "tentacle"), "pool")]}, coins=2), "place w0 academy"
    )
    assert s.players[0].pool == (2, 0, 0, 0)
    s = drain(placement_state(2, workers={0: [(("tentacle", "tentacle"), "pool")]}, coins=2), "brain", keep=1)
    s = act(s, "place w0 academy")
    assert s.players[0].pool[0] == 1 and s.players[0].score == 12


def test_ST_TENTACLE_09_one_extra_component_of_a_gained_type():
    s = placement_state(2, workers={0: [(("tentacle", "tentacle"), "pool")]}, round=3)
    s = with_players(s, p0={"tier": 6})
    s = with_built(s, "archive")
    s = act(s, "place w0 archive", "choose brain", "choose claw")  # tier 7: two components of choice
    assert s.tasks[-1].kind == "tentacle" and legal(s) == ["choose brain", "choose claw"]
    s = act(s, "choose claw")
    assert s.players[0].pool == (1, 2, 0, 0)


def test_ST_TENTACLE_10_build_bonus_components_excluded():
    s = placement_state(2, workers={0: [(("tentacle", "tentacle"), "pool")]}, coins=5)
    s = _reactor_with(s, "trading-post")
    s = act(s, "place w0 constructor", "choose trading-post", "choose 1,-1", "choose leaf")
    assert s.players[0].pool == (0, 0, 1, 0)


def test_ST_TENTACLE_11_displaced_tentacle_worker_gets_extra():
    s = placement_state(2, workers={0: [(("claw",), "pool")], 1: [(("tentacle",), "refinery"), ((), "pool")]})
    s = act(s, "place w0 refinery", "choose food")
    assert s.players[1].food == 12


def test_ST_TENTACLE_12_no_bonus_outside_actions():
    s = placement_state(2, workers={0: [(("tentacle", "leaf", "leaf"), "pool")], 1: [((), "lounge")]},
                        perks={0: ("geneticist",)}, food=0)  # fmt: skip
    s = act(s, "place w0 lounge", "choose coin")
    assert s.players[0].food == 2  # double-leaf food only, no tentacle extra


def _reactor_with(s, tile):
    reactor = list(s.reactor)
    if tile not in reactor:
        pile = [t for t in s.pile if t != tile]
        pile.append(reactor[0])
        reactor[0] = tile
        s = replace(s, reactor=tuple(reactor), pile=tuple(pile))
    return s
