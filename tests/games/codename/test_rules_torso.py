"""Codename: Chimera's rules, the torso choice: one test per statement of rules-checklist/codename.md
(CC-TORSO), named after its ID (hand-built states, rigged dice)."""

from __future__ import annotations

import pytest

from chimera_tui.engine import GameConfig, IllegalAction
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.attaching import layout
from chimera_tui.games.codename.combat import stats
from chimera_tui.games.codename.state import Phase
from tests.games.codename.helpers import (
    after_torsos,
    arena,
    attacker,
    bare,
    dice,
    legal_texts,
    monster,
    new,
    play,
)


def test_CC_TORSO_01_torsos_before_drafting():
    state = new(4)
    assert state.phase is Phase.TORSO and RULES.to_act(state) == 0
    assert all(p.energy == 0 and not p.cards for p in state.players)


def test_CC_TORSO_02_two_halves_each():
    state = after_torsos(new(3))
    assert [len(p.torso) for p in state.players] == [2, 2, 2]


def test_CC_TORSO_03_youngest_option_and_seeded_default():
    assert RULES.to_act(new(4, youngest="3")) == 2
    a = RULES.new_game(GameConfig(players=4), 11)
    b = RULES.new_game(GameConfig(players=4), 11)
    assert a.first == b.first and RULES.to_act(a) == a.first
    with pytest.raises(IllegalAction):
        new(2, youngest="4")


def test_CC_TORSO_04_first_picks_go_right():
    state = new(4, youngest="1")
    assert state.torso_order[:4] == (0, 3, 2, 1)


def test_CC_TORSO_05_second_picks_reverse():
    state = new(4, youngest="2")
    assert state.torso_order == (1, 0, 3, 2, 2, 3, 0, 1)
    seats = []
    while state.phase is Phase.TORSO:
        seats.append(RULES.to_act(state))
        state = play(state, f"torso {state.torso_pool[0]}")
    assert tuple(seats) == (1, 0, 3, 2, 2, 3, 0, 1)


def test_CC_TORSO_06_any_two_halves_combine():
    p = monster(("twin-necks", "plated-belly"))
    lay = layout(p.torso, p.monster)
    assert sorted(s.stitch for s in lay.sockets) == ["neck", "neck", "neck"]


def test_CC_TORSO_07_open_choice_leftovers_to_box():
    state = new(2)
    state = play(state, "torso plated-belly")
    with pytest.raises(IllegalAction):
        play(state, "torso plated-belly")
    state = play(state, "torso pelvis", "torso ribcage", "torso haunches")
    assert state.players[0].torso == ("plated-belly", "haunches")
    assert state.players[1].torso == ("pelvis", "ribcage")
    assert len(state.box) == 4 and "twin-necks" in state.box


def test_CC_TORSO_08_halves_join_along_wide_edge():
    p = monster(("pelvis", "brawler-chest"))
    lay = layout(p.torso, p.monster)
    assert lay.cells == {(0, 0): "pelvis", (0, 1): "brawler-chest"}
    where = {(s.card, s.slot): (s.x, s.y) for s in lay.sockets}
    assert where[("pelvis", "far")] == (0, -1) and where[("brawler-chest", "far")] == (0, 2)
    assert where[("pelvis", "left")] == (-1, 0) and where[("brawler-chest", "left")] == (1, 1)


def test_CC_TORSO_09_one_torso_card():
    s = arena(attacker(), bare(energy=0), rng=dice(6, 6, 6, 1, 1), explode=True)
    texts = legal_texts(s)
    assert "attack bear-arm-1 torso:1" in texts
    assert not any("haunches" in t or "twin-necks" in t for t in texts)
    s = play(s, "attack bear-arm-1 torso:1", "go")
    assert {g.card for g in s.graveyard} == {"haunches", "twin-necks"}


def test_CC_TORSO_10_joined_values():
    s = arena(attacker(), bare(("pelvis", "brawler-chest")))
    t = stats(s, "torso:1")
    assert t.defense == 8 + 7 and t.attack_roll == 1 and t.attack_mod == 0 + 1 and t.cost == 2
