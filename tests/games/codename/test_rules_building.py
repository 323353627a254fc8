"""Codename: Chimera's rules, building: one test per statement of rules-checklist/codename.md (CC-BUILD),
named after its ID (hand-built states, rigged dice)."""

from __future__ import annotations

import pytest

from chimera_tui.engine import IllegalAction
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import Attach
from chimera_tui.games.codename.attaching import layout, torso_outer
from chimera_tui.games.codename.state import Phase
from tests.games.codename.helpers import arena, attacker, defender, drafting, legal_texts, monster, play


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
