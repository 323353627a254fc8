"""Codename: Chimera's rules, the arena (turn order, energy, attaching, the graveyard, abilities): one test
per statement of rules-checklist/codename.md (CC-ARENA), named after its ID (hand-built states, rigged
dice)."""

from __future__ import annotations

import msgspec
import pytest

from chimera_tui.engine import IllegalAction
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import Attach, AttackWith, Use
from chimera_tui.games.codename.arena import turn_order
from chimera_tui.games.codename.attaching import torso_outer
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Grave, Phase
from tests.games.codename.helpers import arena, attacker, bare, defender, dice, legal_texts, monster, play

C = load()


def test_CC_ARENA_01_goes_on_while_two_remain():
    s = arena(
        attacker(),
        bare(energy=0),
        bare(("ribcage", "pelvis"), energy=0),
        rng=dice(6, 6, 6, 1, 1),
        explode=True,
    )
    s = play(s, "attack bear-arm-1 torso:1", "go")
    assert s.phase is Phase.TURN and not s.players[1].alive


def test_CC_ARENA_02_destroyed_cards_to_graveyard():
    s = arena(attacker(), defender(), rng=dice(5, 1))
    s = play(s, "attack mantis-arm-1 lion-head-1", "go")
    assert s.graveyard == (Grave("lion-head-1", 1),)


def test_CC_ARENA_03_04_05_fewest_parts_first():
    small = monster(
        ("ribcage", "plated-belly"), [("lion-head-1", "ribcage", "far")], ("eagle-talon-1", "eagle-talon-2")
    )
    order, _, _ = turn_order(arena(attacker(), small, defender()))
    assert order[0] == 1  # 1 part; torso and inventory not counted


def test_CC_ARENA_06_clockwise_after_first():
    small = monster(("ribcage", "plated-belly"), [("lion-head-1", "ribcage", "far")])
    order, _, _ = turn_order(arena(attacker(), defender(), small, bare(("pelvis", "haunches"))))
    assert order == (3, 0, 1, 2)


def test_CC_ARENA_07_ties_hairiest_then_dice():
    hairy = bare(("furred-flank", "haunches"))
    plain = bare(("plated-belly", "pelvis"))
    order, _, _ = turn_order(arena(plain, hairy))
    assert order == (1, 0)
    twin = bare(("plated-belly", "pelvis"))
    order, _, events = turn_order(arena(plain, twin, rng=dice(3, 3, 2, 5)))
    assert order == (1, 0) and len(events) == 2


def test_CC_ARENA_08_order_recomputed_each_round():
    d = defender(energy=5, inventory=("eagle-talon-1", "eagle-talon-2"))
    s = arena(attacker(), d, order=(1, 0))  # seat 1 has 3 parts, seat 0 has 4
    s = play(s, "attach eagle-talon-1 crab-arm-1.far", "attach eagle-talon-2 lion-head-1.far", "end", "end")
    assert s.arena_round == 2 and s.order == (0, 1) and RULES.to_act(s) == 0


def test_CC_ARENA_09_dead_monsters_take_no_turns():
    s = arena(
        attacker(),
        bare(energy=0),
        bare(("ribcage", "pelvis"), energy=0),
        rng=dice(6, 6, 6, 1, 1),
        explode=True,
    )
    s = play(s, "attack bear-arm-1 torso:1", "go", "end")
    assert RULES.to_act(s) == 2
    s = play(s, "end")
    assert 1 not in s.order


def test_CC_ARENA_10_refill_to_five():
    s = arena(attacker(energy=0), defender(energy=1))
    s = play(s, "end")
    assert s.players[1].energy == 5


def test_CC_ARENA_11_keep_more_than_five():
    s = arena(attacker(energy=0), defender(energy=7))
    s = play(s, "end")
    assert s.players[1].energy == 7


def test_CC_ARENA_12_many_uses_per_turn():
    s = arena(attacker(energy=5), defender(), rng=dice(1, 1, 1))
    s = play(s, "attack mantis-arm-1 lion-head-1", "go", "attack wolf-claw-1 crab-arm-1", "go")
    assert s.players[0].energy == 3 and set(s.used) == {"mantis-arm-1", "wolf-claw-1"}


def test_CC_ARENA_13_must_afford_the_part():
    s = arena(attacker(energy=2), defender())
    assert "attack bear-arm-1 lion-head-1" not in legal_texts(s)
    with pytest.raises(IllegalAction, match="costs 3"):
        RULES.apply(s, AttackWith("bear-arm-1", "lion-head-1"))


def test_CC_ARENA_14_every_part_has_a_cost():
    assert {p.cost for p in C.parts.values()} <= {0, 1, 2, 3}


def test_CC_ARENA_15_growl_passes_the_turn():
    s = arena(attacker(), defender(), bare(("ribcage", "pelvis")))
    assert RULES.to_act(play(s, "end")) == 1


def test_CC_ARENA_16_once_per_round():
    s = arena(attacker(), defender(), rng=dice(1))
    s = play(s, "attack mantis-arm-1 lion-head-1", "go")
    assert not any(t.startswith("attack mantis-arm-1") for t in legal_texts(s))
    with pytest.raises(IllegalAction, match="already been used"):
        RULES.apply(s, AttackWith("mantis-arm-1", "lion-head-1"))


def test_CC_ARENA_17_reset_each_round():
    s = arena(attacker(), defender(), rng=dice(1))
    s = play(s, "attack mantis-arm-1 lion-head-1", "go", "end", "end")
    assert s.arena_round == 2 and s.used == ()


def test_CC_ARENA_18_saved_energy_for_reactions():
    s = arena(attacker(), defender(energy=3), rng=dice(2, 3))  # seat 1 saved 3 energy from its last turn
    s = play(s, "attack bear-arm-1 lion-head-1", "go")
    assert RULES.to_act(s) == 1
    s = play(s, "use crab-arm-1", "pass")  # Shell, paid from the saved energy on seat 0's turn
    assert s.players[1].energy == 1 and s.graveyard == ()  # 2+3+1 = 6 < 5 + 2


def test_CC_ARENA_19_reactions_only_when_attacked():
    s = arena(defender(energy=5), attacker())
    assert "use crab-arm-1" not in legal_texts(s)
    with pytest.raises(IllegalAction, match="reaction"):
        RULES.apply(s, Use("crab-arm-1"))


def test_CC_ARENA_20_attach_from_inventory_on_your_turn():
    s = arena(attacker(inventory=("lizard-arm-1",)), defender())
    assert "attach lizard-arm-1 brawler-chest.left" in legal_texts(s)
    s = play(s, "attach lizard-arm-1 brawler-chest.left")
    assert not torso_outer(s.players[0])


def test_CC_ARENA_21_attach_on_another_players_turn():
    s = arena(
        attacker(energy=0, inventory=("lizard-arm-1",)), defender(energy=5), order=(1, 0), rng=dice(1, 1)
    )
    s = play(s, "attack torso:1 mantis-arm-1", "go")
    assert s.phase is Phase.TURN and RULES.to_act(s) == 1
    # seat 0 has no energy: no prompt would be offered; give it 2 saved tokens
    s = arena(
        attacker(energy=2, inventory=("lizard-arm-1",)), defender(energy=5), order=(1, 0), rng=dice(1, 1)
    )
    s = play(s, "attack torso:1 mantis-arm-1", "go")
    assert s.phase is Phase.REACT and RULES.to_act(s) == 0
    s = play(s, "attach lizard-arm-1 brawler-chest.left")
    assert s.players[0].energy == 0 and s.phase is Phase.TURN  # nothing left to react with: the dice roll


def test_CC_ARENA_22_inventory_parts_must_connect():
    s = arena(attacker(inventory=("crocodile-tail-1",)), defender())
    assert not any(t.startswith("attach crocodile-tail-1") for t in legal_texts(s))  # no open tail edge
    with pytest.raises(IllegalAction, match="stitching"):
        RULES.apply(s, Attach("crocodile-tail-1", "brawler-chest", "left"))


def test_CC_ARENA_23_any_part_may_come_from_inventory():
    a = monster(("ribcage", "pelvis"), [], ("wolf-head-1",))
    s = play(arena(a, defender()), "attach wolf-head-1 ribcage.far")
    assert s.players[0].monster[0].card == "wolf-head-1"


def test_CC_ARENA_24_attached_part_usable_same_round():
    s = arena(attacker(inventory=("lizard-arm-1",)), defender(), rng=dice(1))
    s = play(s, "attach lizard-arm-1 brawler-chest.left")
    assert "attack lizard-arm-1 lion-head-1" in legal_texts(s)


def test_CC_ARENA_25_spent_energy_to_box_refill_from_box():
    s = arena(attacker(energy=5), defender(), rng=dice(1))
    s = play(s, "attack mantis-arm-1 lion-head-1", "go")
    assert s.players[0].energy == 4


def test_CC_ARENA_26_cutting_limbs():
    d = defender(extra=[("wolf-claw-2", "crab-arm-1", "far")])
    a = monster(("pelvis", "brawler-chest"), [("octopus-tentacle-1", "pelvis", "far")])
    s = play(arena(a, d, rng=dice(6, 4), explode=True), "attack octopus-tentacle-1 crab-arm-1")
    assert [g.card for g in s.graveyard] == ["crab-arm-1", "wolf-claw-2"]
    assert torso_outer(s.players[1])


def test_CC_ARENA_27_graveyard_and_regrow():
    a = monster(("ribcage", "pelvis"), [("hydra-head-1", "ribcage", "far")])
    s = arena(a, defender())
    s = msgspec.structs.replace(s, graveyard=(Grave("bear-arm-2", 0), Grave("eagle-talon-1", 1)))
    assert legal_texts(s).count("use hydra-head-1 bear-arm-2") == 1
    assert "use hydra-head-1 eagle-talon-1" not in legal_texts(s)  # not from another monster
    s = play(s, "use hydra-head-1 bear-arm-2")
    assert s.graveyard == (Grave("eagle-talon-1", 1),) and s.players[0].cards == ("bear-arm-2",)


def test_CC_ARENA_28_abilities_change_totals():
    a = monster(("ribcage", "pelvis"), [("lion-head-1", "ribcage", "far"), ("mantis-arm-1", "pelvis", "far")])
    s = play(arena(a, defender(), rng=dice(1)), "use lion-head-1", "attack mantis-arm-1 crab-arm-1", "go")
    # 1 + 2 (mod) + 3 (roar) = 6 < 7
    assert (s.roll.bonus, s.roll.total, s.roll.defense, s.roll.hit) == (3, 6, 7, False)
    assert any("+3 Roar = 6 against Defense 7" in e for e in s.events)
