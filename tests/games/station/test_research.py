"""Research tracks and perks (ST-RESEARCH-*, ST-PERK-*)."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import Working
from chimera_tui.games.station.flow import advance
from chimera_tui.games.station.state import Task

from .helpers import act, legal, placement_state, with_built, with_players


def _advance(s, seat=0, times=1):
    g = Working(s)
    g.push(*(Task("research", seat, src="bonus") for _ in range(times)))
    advance(g)
    return g.freeze()


def test_ST_RESEARCH_01_02_side_a_rewards_by_tier():
    track = [r.ops[0].op for r in content().track_a]
    assert track == ["perk", "worker", "perk", "worker", "perk", "component", "gain"]
    s = _advance(placement_state(2))
    assert s.players[0].tier == 2 and s.tasks[-1].kind == "perk"


def test_ST_RESEARCH_03_beyond_tier_8_scores_8_again():
    s = _advance(with_players(placement_state(2), p0={"tier": 8}))
    assert s.players[0].tier == 8 and s.players[0].score == 18
    assert s.scoring[-1].cause == "research"


def test_ST_RESEARCH_04_05_one_tier_per_advance_reward_at_once():
    s = _advance(with_players(placement_state(2), p0={"tier": 2}), times=2)
    p = s.players[0]
    assert p.tier == 4 and [w.where for w in p.workers].count("pool") == 5
    assert s.tasks[-1].kind == "perk"


def test_ST_RESEARCH_06_worker_comes_from_set_aside():
    s = _advance(with_players(placement_state(2), p0={"tier": 4}))
    assert [w.where for w in s.players[0].workers].count("aside") == 1


def test_ST_RESEARCH_07_tier_7_two_components_of_choice():
    s = _advance(with_players(placement_state(2), p0={"tier": 6}))
    s = act(s, "choose leaf", "choose leaf")
    assert s.players[0].pool == (0, 0, 2, 0)


def test_ST_RESEARCH_08_laboratory_and_other_sources():
    s = act(placement_state(2, workers={0: [(("claw",), "pool")]}), "place w0 laboratory")
    assert s.players[0].tier == 2


def test_ST_RESEARCH_09_side_b_tracks_and_powers():
    for mat in content().mats:
        assert len(mat.track_b) == 7 and sum(r.ops[0].op == "worker" for r in mat.track_b) == 2
    s = placement_state(2, side="B")
    s = with_players(s, p0={"mat": "cobalt"})
    s = _advance(s)
    assert (s.players[0].coins, s.players[0].food) == (12, 11)  # cobalt B tier 2: 2 coins and 1 food


def test_side_b_powers():
    # Raider: single claw displaces a two-component worker
    s = placement_state(
        2, side="B", workers={0: [(("claw",), "pool")], 1: [(("leaf", "leaf"), "refinery"), ((), "pool")]}
    )
    s = with_players(s, p0={"mat": "crimson"})
    assert "place w0 refinery" in legal(s)
    # Broker: builds cost 1 less
    s = with_players(placement_state(2, side="B", coins=3), p0={"mat": "cobalt"})
    s = replace(
        s,
        reactor=("", "", "", "", "", "bank"),
        pile=tuple(t for t in (*s.reactor, *s.pile) if t and t != "bank"),
    )
    s = act(s, "place w0 constructor", "choose 0,-1")
    assert s.players[0].coins == 3 - (content().modules["bank"].cost - 1) + 2
    # Grower: pays 1 food less
    s = placement_state(
        2, side="B", workers={0: [((), "pool"), ((), "refinery")], 1: [((), "lounge")]}, food=1
    )
    s = with_players(s, p0={"mat": "verdant"})
    s = act(s, "place w0 lounge", "choose coin")
    assert s.players[0].food == 0 and s.players[0].score == 10
    # Scholar: 2 points per perk
    s = with_players(placement_state(2, side="B"), p0={"mat": "amber"})
    s = _advance(s)
    s = act(s, f"choose {s.perk_display[0]}")
    assert s.players[0].score >= 12


def test_ST_PERK_01_02_choose_from_display_and_top_up():
    s = _advance(placement_state(2))
    perk = s.perk_display[1]
    deck_top = s.perk_deck[0]
    s = act(s, f"choose {perk}")
    assert perk in s.players[0].perks and deck_top in s.perk_display and len(s.perk_display) == 3


def test_ST_PERK_03_empty_deck_is_not_refilled():
    s = replace(_advance(placement_state(2)), perk_deck=())
    s = replace(s, players=(replace(s.players[0], perks=()), s.players[1]))
    s = act(s, f"choose {s.perk_display[0]}")
    assert len(s.perk_display) == 2


def test_ST_PERK_04_05_module_perks_are_private_and_protected():
    s = placement_state(
        2,
        workers={0: [((), "pool")], 1: [((), "greenhouse"), (("claw", "claw"), "pool")]},
        perks={1: ("greenhouse",)},
    )
    s = act(s, "place w0 refinery")
    assert "place w1 greenhouse" not in legal(s)  # own worker there; and nobody may displace it


def test_ST_PERK_06_round_points_when_taken():
    s = _advance(placement_state(2, round=3))
    s = replace(s, perk_display=("treasurer", *s.perk_display[1:]))
    s = act(s, "choose treasurer")
    assert s.players[0].score == 13


def test_ST_PERK_07_09_twenty_two_perks_with_end_scoring():
    perks = content().perks
    assert len(perks) == 22 and all(p.end.kind for p in perks)
    assert {"geneticist", "architect", "workshop", "mint", "morale-center", "dispatch"} <= {
        p.id for p in perks
    }


def test_ST_PERK_08_geneticist_allows_three():
    s = placement_state(
        2, workers={0: [(("brain", "claw"), "pool")]}, pools={0: (1, 0, 0, 0)}, perks={0: ("geneticist",)}
    )
    s = act(s, "place w0 lab", "choose +brain", "choose done")
    assert s.players[0].workers[0].comps == ("brain", "brain", "claw")


def test_perk_modules_beggar_dispatch_morale_foundry_mint_conference():
    # Beggar's Alley: the opponent may give a coin for a point
    s = placement_state(2, perks={0: ("beggars-alley",)})
    s = act(s, "place w0 beggars-alley", "choose coin")
    assert s.players[0].coins == 13 and s.players[1].coins == 9 and s.players[1].score == 11
    # Dispatch: two more workers at once
    s = placement_state(2, perks={0: ("dispatch",)})
    s = act(s, "place w0 dispatch", "place w1 refinery", "place w2 hydroponics")
    assert [w.where for w in s.players[0].workers[:3]] == ["dispatch", "refinery", "hydroponics"]
    # Morale Center: two workers to the Lounge, then another placement
    s = placement_state(2, workers={0: [((), "pool"), ((), "pool")], 1: [((), "refinery"), ((), "hydroponics"), ((), "pool")]},
                        perks={0: ("morale-center",)})  # fmt: skip
    s = act(s, "place w0 morale-center", "choose 1.0", "choose coin", "choose coin")
    assert s.players[1].workers[0].where == "lounge" and s.players[1].workers[1].where == "lounge"
    s = act(s, "place w1 refinery")
    # Mint: coin modules in the station
    s = with_built(placement_state(2, perks={0: ("mint",)}), "bank")
    assert act(s, "place w0 mint").players[0].coins == 12  # Refinery and Bank
    # Conference: take a worker back; its own worker cannot be recalled
    s = placement_state(2, workers={0: [((), "pool"), ((), "refinery")]}, perks={0: ("conference",)})
    s = act(s, "place w0 conference")
    assert s.players[0].workers[1].where == "pool"


def test_foundry_wipes_builds_and_activates():
    s = placement_state(2, perks={0: ("foundry",)}, coins=20)
    old = set(s.reactor)
    pile = ("trading-post", *(t for t in s.pile if t != "trading-post"))
    s = replace(s, pile=pile, reactor=tuple(t if t != "trading-post" else pile[-1] for t in s.reactor))
    old = set(s.reactor)
    s = act(s, "place w0 foundry")
    assert old <= set(s.discard) and "trading-post" in s.reactor
    assert s.tasks[-1].kind == "build_tile"
    s = act(s, "choose trading-post", "choose 0,-1")
    assert s.players[0].coins == 20 - 1 + 2 + 2  # cost, build bonus, the new Trading Post's own effect


def test_dispatch_worker_is_placed_again_after_the_lab_phase_once():
    from chimera_tui.games.station import RULES
    from chimera_tui.games.station.state import Phase

    s = placement_state(2, workers={0: [((), "pool")], 1: [((), "lounge")]}, perks={0: ("dispatch",)})
    s = act(s, "place w0 dispatch")  # no more workers: the (empty) Lab phase hands the worker back at once
    assert s.players[0].workers[0].where == "pool"
    assert s.phase is Phase.LAB and RULES.to_act(s) == 0 and "place w0 dispatch" in legal(s)
    s = act(s, "place w0 dispatch")
    assert s.again == () and s.round == 2
