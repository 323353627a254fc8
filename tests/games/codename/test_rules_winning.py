"""Codename: Chimera's rules, the end of the game (the rulebook's Winning): one test per statement of
rules-checklist/codename.md (CC-END), named after its ID (hand-built states, rigged dice)."""

from __future__ import annotations

import msgspec
import pytest

from chimera_tui.engine import IllegalAction
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import Pass
from chimera_tui.games.codename.state import Phase
from tests.games.codename.helpers import arena, attacker, bare, dice, monster, play


def test_CC_END_01_torso_destroyed_monster_destroyed():
    s = play(
        arena(attacker(), bare(energy=0), bare(energy=0), rng=dice(6, 6, 6, 1, 1), explode=True),
        "attack bear-arm-1 torso:1",
        "go",
    )
    assert not s.players[1].alive


def test_CC_END_02_remains_of_a_fallen_monster():
    victim = monster(
        ("haunches", "twin-necks"), [("lizard-arm-1", "haunches", "left")], ("eagle-talon-1",), energy=1
    )
    s = arena(attacker(), victim, bare(), rng=dice(6, 6, 6, 1, 1), explode=True)
    s = play(s, "attack bear-arm-1 torso:1", "go")
    p = s.players[1]
    assert not p.alive and p.energy == 0 and p.cards == () and p.monster == ()
    assert {g.card for g in s.graveyard} == {
        "haunches",
        "twin-necks",
        "lizard-arm-1",
    } and "eagle-talon-1" in s.box


def test_CC_END_03_last_one_wins_at_once():
    s = play(
        arena(attacker(), bare(), rng=dice(6, 6, 6, 1, 1), explode=True), "attack bear-arm-1 torso:1", "go"
    )
    assert RULES.is_over(s) and RULES.winner(s) == (0,) and RULES.legal_actions(s) == []


def test_CC_END_04_all_fallen_no_winner():
    s = arena(attacker(), bare())
    dead = tuple(msgspec.structs.replace(p, alive=False, torso=(), monster=()) for p in s.players)
    from chimera_tui.games.codename.combat import check_over

    s = check_over(msgspec.structs.replace(s, players=dead))
    assert RULES.is_over(s) and RULES.winner(s) == ()


def test_CC_END_05_end_checked_mid_turn():
    # The game ends during the attacker's turn, with parts still unused.
    s = play(
        arena(attacker(), bare(), rng=dice(6, 6, 6, 1, 1), explode=True), "attack bear-arm-1 torso:1", "go"
    )
    assert s.phase is Phase.OVER and RULES.to_act(s) is None
    with pytest.raises(IllegalAction):
        RULES.apply(s, Pass())
