"""Chimera Con's rules, the game as a whole (the rulebook's Overview and Components): one checklist statement
(or a few close ones) per test, named by its rules-checklist/chimera-con.md ID (CN-GEN). States are set up
by hand (`turn_state`) with chosen chimeras and rigged dice: `Rng.rig` fixes the next d6 results (a rigged
value v rolls v + 1), attacker's dice first, then the defender's."""

from __future__ import annotations

from .helpers import GOAT, LION, act, check_invariants, new, rig, tot, turn_state


def test_CN_GEN_01_decks_dice_and_two_piles() -> None:
    """CN-GEN-01: a creature deck, a cheat deck, a Market Pile and a Discard Pile; every card somewhere."""
    s = new(3, 2)
    assert s.deck and s.cheat_deck and s.market == () and s.discard == ()
    check_invariants(s)


def test_CN_GEN_06_CN_ROUND_03_CN_ROUND_04_last_chimera_scores() -> None:
    """CN-GEN-06, CN-ROUND-03, CN-ROUND-04: a chimera at 0 Health is out; the last one's player gains 1 point
    at once and a new round starts."""
    s = turn_state([LION, GOAT], damage=(0, 8), rig=rig(6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1))
    s = act(s, "attack p2")
    assert s.points == (1, 0)
    assert s.round == 2 and s.phase == "build"
    check_invariants(s)


def test_CN_GEN_08_CN_ATTACK_01_CN_ATTACK_02_dice_per_stat() -> None:
    """CN-GEN-08, CN-ATTACK-01, CN-ATTACK-02: the attacker rolls its first stat, the defender its second, as
    many d6 as each total (the Hidden Shield holds the roll window open so the dice can be seen)."""
    s = turn_state([LION, GOAT], cheats=[(), ("SHLD1",)])
    s = act(s, "attack p2")
    assert s.attack is not None and s.asks[-1].seat == 1
    assert len(s.attack.att) == tot(s, 0)[1] == 6
    assert len(s.attack.dfn) == tot(s, 1)[2] == 6
