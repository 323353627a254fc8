"""Codename: Chimera's rules, attacking: one test per statement of rules-checklist/codename.md (CC-ATTACK),
named after its ID (hand-built states, rigged dice)."""

from __future__ import annotations

import pytest

from chimera_tui.engine import IllegalAction
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import AttackWith
from chimera_tui.games.codename.attaching import outer_parts
from chimera_tui.games.codename.state import Grave, Phase
from tests.games.codename.helpers import arena, attacker, bare, defender, dice, legal_texts, monster, play


def test_CC_ATTACK_01_any_opponent_never_yourself():
    s = arena(attacker(), defender(), bare(("pelvis", "haunches")), rng=dice(1, 1))
    texts = legal_texts(s)
    assert "attack mantis-arm-1 torso:2" in texts and "attack mantis-arm-1 lion-head-1" in texts
    assert not any(t.split()[-1] in ("ape-arm-1", "torso:0") for t in texts if t.startswith("attack"))
    with pytest.raises(IllegalAction, match="own monster"):
        RULES.apply(s, AttackWith("mantis-arm-1", "ape-arm-1"))
    s = play(s, "attack mantis-arm-1 torso:2", "go")
    s = play(s, "attack wolf-claw-1 lion-head-1", "go")
    assert s.phase is Phase.TURN


def test_CC_ATTACK_02_03_outer_parts_only():
    d = defender(extra=[("wolf-claw-2", "crab-arm-1", "far")])
    assert list(outer_parts(d)) == ["lion-head-1", "beetle-head-1", "wolf-claw-2"]
    with pytest.raises(IllegalAction, match="not an outer part"):
        RULES.apply(arena(attacker(), d), AttackWith("mantis-arm-1", "crab-arm-1"))


def test_CC_ATTACK_04_torso_only_when_outer():
    with pytest.raises(IllegalAction, match="outer card"):
        RULES.apply(arena(attacker(), defender()), AttackWith("mantis-arm-1", "torso:1"))
    assert "attack mantis-arm-1 torso:1" in legal_texts(arena(attacker(), bare()))


def test_CC_ATTACK_05_pay_first_even_on_a_miss():
    s = play(arena(attacker(), defender(), rng=dice(1, 1)), "attack ape-arm-1 crab-arm-1", "go")
    assert s.players[0].energy == 3 and s.players[1].monster == defender().monster


def test_CC_ATTACK_06_07_dice_and_mod():
    s = play(arena(attacker(), defender(), rng=dice(2, 3)), "attack bear-arm-1 crab-arm-1", "go")
    assert s.roll.parts[0].dice == ((2,), (3,)) and s.roll.parts[0].mod == 1 and s.roll.total == 6
    assert any("Bear Arm rolls 2 and 3, +1 = 6 against Defense 7: missed" in e for e in s.events)


def test_CC_ATTACK_08_equal_destroys():
    s = play(arena(attacker(), defender(), rng=dice(2, 4)), "attack bear-arm-1 crab-arm-1", "go")
    assert s.graveyard == (Grave("crab-arm-1", 1),)


def test_CC_ATTACK_09_10_miss_leaves_no_mark():
    s = play(arena(attacker(), defender(), rng=dice(2, 3)), "attack bear-arm-1 crab-arm-1", "go")
    assert s.graveyard == () and s.players[1] == defender()


def test_CC_ATTACK_11_12_13_joint_attack_sums():
    s = play(
        arena(attacker(), defender(), rng=dice(2, 1, 2)),
        "attack ape-arm-1 crab-arm-1",
        "join mantis-arm-1",
        "go",
    )
    # ape 2+1+0, mantis 2+2 = 7 >= 7
    assert s.players[0].energy == 5 - 2 - 1 and s.graveyard == (Grave("crab-arm-1", 1),)


def test_CC_ATTACK_14_joint_parts_share_one_target_and_are_used():
    d = defender(extra=[("wolf-claw-2", "crab-arm-1", "far")])
    a = monster(
        ("pelvis", "brawler-chest"),
        [
            ("octopus-tentacle-1", "pelvis", "far"),
            ("mantis-arm-1", "pelvis", "left"),
            ("eagle-wing-1", "brawler-chest", "far"),
        ],
    )
    s = play(arena(a, d), "attack octopus-tentacle-1 crab-arm-1")
    assert legal_texts(s) == ["join eagle-wing-1", "go"]  # mantis cannot reach an inner part
    s2 = play(
        arena(attacker(), defender(), rng=dice(1, 1, 1)),
        "attack ape-arm-1 crab-arm-1",
        "join mantis-arm-1",
        "go",
    )
    assert {"ape-arm-1", "mantis-arm-1"} <= set(s2.used)


def test_CC_ATTACK_15_bonus_once_to_the_sum():
    a = monster(
        ("ribcage", "pelvis"),
        [
            ("lion-head-1", "ribcage", "far"),
            ("mantis-arm-1", "pelvis", "far"),
            ("lizard-arm-1", "pelvis", "left"),
        ],
    )
    s = play(
        arena(a, defender(), rng=dice(1, 1)),
        "use lion-head-1",
        "attack mantis-arm-1 crab-arm-1",
        "join lizard-arm-1",
    )
    assert (s.roll.bonus, s.roll.total, s.roll.defense) == (3, 8, 7)  # 1+2 + 1+1 + 3 (roar once)


def test_CC_ATTACK_16_no_attack_roll_no_attack():
    a = monster(("ribcage", "pelvis"), [("moth-wing-1", "pelvis", "far")])
    assert not any(t.startswith("attack moth-wing-1") for t in legal_texts(arena(a, defender())))
    with pytest.raises(IllegalAction, match="no Attack Roll"):
        RULES.apply(arena(a, defender()), AttackWith("moth-wing-1", "lion-head-1"))


def test_CC_ATTACK_17_no_dice_limit():
    a = monster(
        ("ribcage", "pelvis"),
        [("lion-head-1", "ribcage", "far"), ("bear-arm-1", "pelvis", "far"), ("ape-arm-1", "pelvis", "left")],
        energy=9,
    )
    s = play(
        arena(a, defender(), rng=dice(1, 1, 1, 1, 1, 1, 1)),
        "attack lion-head-1 crab-arm-1",
        "join bear-arm-1",
        "join ape-arm-1",
        "go",
    )
    assert [len(part.dice) for part in s.roll.parts] == [2, 2, 2] and s.roll.total == 8  # 6 dice
    assert s.rng.rigged == (0,)
