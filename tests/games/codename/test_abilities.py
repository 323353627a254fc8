"""The ability vocabulary and the other reference-sheet designs (one test per ability, plus monstrous strikes)."""

from __future__ import annotations

import pytest

from chimera_tui.engine import IllegalAction
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import Use
from chimera_tui.games.codename.state import Grave, Phase
from tests.games.codename.helpers import arena, attacker, bare, defender, dice, legal_texts, monster, play


def test_ability_reach_not_an_inner_torso():
    a = monster(("pelvis", "brawler-chest"), [("octopus-tentacle-1", "pelvis", "far")])
    texts = legal_texts(arena(a, defender()))
    assert (
        "attack octopus-tentacle-1 crab-arm-1" in texts and "attack octopus-tentacle-1 torso:1" not in texts
    )


def test_ability_pack_only_together():
    a = monster(
        ("pelvis", "brawler-chest"), [("spider-leg-1", "pelvis", "far"), ("mantis-arm-1", "pelvis", "left")]
    )
    alone = play(arena(a, defender(), rng=dice(3)), "attack spider-leg-1 lion-head-1", "go")
    assert (alone.roll.total, alone.roll.defense, alone.roll.parts[0].extra) == (4, 5, 0)
    both = play(
        arena(a, defender(), rng=dice(3, 1)), "attack spider-leg-1 crab-arm-1", "join mantis-arm-1", "go"
    )
    assert (both.roll.total, both.roll.defense, both.roll.parts[0].extra) == (9, 7, 2)
    assert any("+2 Pack Hunter" in e and "= 9 against Defense 7" in e for e in both.events)


@pytest.mark.parametrize(("barb_roll", "lost"), [(4, True), (3, False)])
def test_ability_barbs(barb_roll, lost):
    d = monster(("haunches", "plated-belly"), [("porcupine-tail-1", "haunches", "far")])
    s = play(
        arena(attacker(), d, rng=dice(5, 5, barb_roll)),
        "attack torso:0 porcupine-tail-1",
        "join mantis-arm-1",
        "go",
    )
    assert "porcupine-tail-1" in {g.card for g in s.graveyard}
    # the torso is never taken by barbs: the first attacking part that is not a torso goes
    assert ("mantis-arm-1" in {g.card for g in s.graveyard}) is lost
    assert s.players[0].alive


def test_ability_roar_next_attack_this_turn_only():
    a = monster(("ribcage", "pelvis"), [("lion-head-1", "ribcage", "far"), ("mantis-arm-1", "pelvis", "far")])
    s = play(arena(a, defender(), bare(("pelvis", "haunches"))), "use lion-head-1")
    assert s.roar == 3 and s.players[0].energy == 3
    s = play(s, "end")
    assert s.roar == 0


def test_ability_surge():
    a = monster(
        ("ribcage", "pelvis"), [("mantis-arm-1", "pelvis", "far"), ("extra-heart-1", "mantis-arm-1", "far")]
    )
    s = play(arena(a, defender()), "use extra-heart-1")
    assert s.players[0].energy == 5 - 1 + 2 and "extra-heart-1" in s.used
    assert "use extra-heart-1" not in legal_texts(s)


def test_ability_regrow_only_own_parts():
    a = monster(("ribcage", "pelvis"), [("hydra-head-1", "ribcage", "far")])
    s = arena(a, defender())
    import msgspec

    s = msgspec.structs.replace(s, graveyard=(Grave("pelvis", 0), Grave("eagle-talon-1", 0)))
    assert [t for t in legal_texts(s) if t.startswith("use")] == [
        "use hydra-head-1 eagle-talon-1"
    ]  # no torso halves


def test_ability_shell():
    s = play(arena(attacker(), defender(energy=5), rng=dice(4, 1)), "attack bear-arm-1 lion-head-1", "go")
    assert s.phase is Phase.REACT and "use crab-arm-1" in legal_texts(s)
    s = play(s, "use crab-arm-1")
    assert s.players[1].energy == 3
    s = play(s, "pass")
    assert (s.roll.total, s.roll.defense) == (6, 7)


def test_ability_dodge_only_itself():
    d = defender(energy=5, extra=[("goat-leg-1", "crab-arm-1", "far")])
    s = play(arena(attacker(), d, rng=dice(6, 6, 1, 1)), "attack bear-arm-1 lion-head-1", "go")
    assert "use goat-leg-1" not in legal_texts(s)
    s = play(
        arena(attacker(), d, rng=dice(6, 1, 1)),
        "attack bear-arm-1 goat-leg-1",
        "go",
        "use goat-leg-1",
        "pass",
    )
    assert s.roll.defense == 9


def test_ability_counter():
    d = monster(("ribcage", "plated-belly"), [("ape-arm-2", "ribcage", "left")], energy=5)
    s = play(arena(attacker(), d, rng=dice(3, 2)), "attack ape-arm-1 ape-arm-2", "join mantis-arm-1", "go")
    assert RULES.to_act(s) == 1 and "use ape-arm-2 mantis-arm-1" in legal_texts(s)
    s = play(s, "use ape-arm-2 mantis-arm-1")  # 3+2 = 5 >= 4: the mantis arm is destroyed
    assert "mantis-arm-1" in {g.card for g in s.graveyard}
    # nothing else to react with: the dice roll for the attackers that are left
    assert s.roll.kind == "attack" and [x.card for x in s.roll.parts] == ["ape-arm-1"]


def test_ability_counter_can_fell_the_attacker():
    d = monster(("ribcage", "plated-belly"), [("ape-arm-1", "ribcage", "left")], energy=5)
    lone = bare(("haunches", "twin-necks"), energy=5)
    s = play(
        arena(lone, d, bare(("pelvis", "hunched-back")), rng=dice(6, 6, 6, 6, 1, 1), explode=True),
        "attack torso:0 ape-arm-1",
    )
    s = play(s, "use ape-arm-1 torso:0")
    assert not s.players[0].alive and RULES.to_act(s) == 1 and s.phase is Phase.TURN


def test_ability_web():
    d = (
        defender(energy=5, extra=[("moth-wing-1", "ribcage", "right")])
        if False
        else monster(("ribcage", "plated-belly"), [("squid-tentacle-1", "ribcage", "left")], energy=5)
    )
    s = play(arena(attacker(), d), "attack mantis-arm-1 squid-tentacle-1")
    solo = play(s, "go")
    assert "use squid-tentacle-1 mantis-arm-1" not in legal_texts(solo)  # a lone attacker cannot be webbed
    s = play(s, "join wolf-claw-1", "go")
    s2 = play(s, "use squid-tentacle-1 wolf-claw-1")
    assert s2.attack is None or "wolf-claw-1" not in s2.attack.parts
    assert "wolf-claw-1" in s2.used and s2.players[0].energy == 3


def test_reaction_refused_on_own_turn():
    with pytest.raises(IllegalAction):
        RULES.apply(arena(defender(energy=5), attacker()), Use("crab-arm-1"))


def test_exploding_sixes_option_rolls_sixes_again():
    s = play(
        arena(attacker(), defender(), rng=dice(6, 6, 3), explode=True),
        "attack mantis-arm-1 beetle-head-1",
        "go",
    )
    assert s.roll.parts[0].dice == ((6, 6, 3),) and s.roll.total == 17
    assert any("rolls 6, rolled again: 6, rolled again: 3, +2 = 17" in e for e in s.events)


def test_booklet_sixes_do_not_roll_again():
    s = play(arena(attacker(), defender(), rng=dice(6, 6, 3)), "attack mantis-arm-1 beetle-head-1", "go")
    assert s.roll.parts[0].dice == ((6,),) and s.roll.total == 8 and s.rng.rigged == (5, 2)
