"""Chimera Con's rules, actions, stats, attacking, the counterattack and the status keywords: one checklist
statement (or a few close ones) per test, named by its rules-checklist/chimera-con.md ID (CN-ACTION,
CN-STATS, CN-ATTACK, CN-STATUS). States are set up by hand (`turn_state`) with chosen chimeras and rigged
dice: `Rng.rig` fixes the next d6 results (a rigged value v rolls v + 1), attacker's dice first, then the
defender's."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.con.cheating import may_cheat
from chimera_tui.games.con.content import STATS
from chimera_tui.games.con.state import AIRBORNE, NEGATIVE, POISONED
from chimera_tui.games.con.work import Working, totals

from .helpers import (
    DRAGON,
    GAZER,
    GOAT,
    LION,
    NAGA,
    STINGER,
    WYVERN,
    C,
    _window,
    act,
    rig,
    texts,
    tot,
    turn_state,
)


def test_CN_ACTION_03_mutate_any_family_no_penalty() -> None:
    """CN-ACTION-03: Mutate puts on a part of any family as the action; the old one goes to the Market."""
    s = turn_state([LION, GOAT], hands=[("EAG-B",), ()])
    s = act(s, "mutate EAG-B")
    assert s.parts[0][1] == "EAG-B" and s.market == ("LIO-B",) and s.step == "discard"


def test_CN_ACTION_05_CN_STATS_07_CN_STATS_08_the_plain_attack_is_might_against_speed() -> None:
    """CN-ACTION-05, CN-STATS-07, CN-STATS-08: the standard attack rolls Might against Speed."""
    s = turn_state([LION, GOAT], cheats=[(), ("SHLD1",)])
    s = act(s, "attack p2")
    assert s.attack is not None
    assert len(s.attack.att) == tot(s, 0)[STATS.index("might")]
    assert len(s.attack.dfn) == tot(s, 1)[STATS.index("speed")]


def test_CN_ACTION_09_CN_ACTION_10_CN_ATTACK_09_family_dice() -> None:
    """CN-ACTION-09, CN-ACTION-10, CN-ATTACK-09: Dragon's Breath on a Wyvern head with a Basilisk body and a
    Leviathan rear rolls Magic plus exactly one die."""
    s = turn_state([DRAGON, GOAT], cheats=[(), ("SMOK1",)])
    s = act(s, "use WYV-H.0 p2")
    assert s.attack is not None and s.attack.family_dice == 1
    assert len(s.attack.att) == tot(s, 0)[3] + 1


def test_CN_ACTION_12_CN_ACTION_13_requirements() -> None:
    """CN-ACTION-12, CN-ACTION-13: below the requirement the action fails; exactly on it, the same roll is the
    attack (Dragon's Breath needs 6 on Magic)."""
    fail = act(turn_state([DRAGON, GOAT], rig=rig(1, 1, 1, 1, 1, 1)), "use WYV-H.0 p2")
    assert fail.damage == (0, 0) and ("short", 0, "WYV-H", 0, 4, 6) in fail.told
    hit = act(turn_state([DRAGON, GOAT], rig=rig(3, 1, 1, 1, 1, 1)), "use WYV-H.0 p2")
    assert hit.damage == (0, 4)


def test_CN_ATTACK_03_CN_ATTACK_05_a_hit_deals_the_difference() -> None:
    """CN-ATTACK-03, CN-ATTACK-05: 16 against 11 deals 5."""
    s = turn_state([LION, GOAT], rig=rig(6, 5, 2, 1, 1, 1, 2, 2, 2, 2, 2, 1))
    s = act(s, "attack p2")
    assert s.damage == (0, 5)


def test_CN_ATTACK_04_CN_ATTACK_06_a_miss_and_the_counterattack() -> None:
    """CN-ATTACK-04, CN-ATTACK-06: a failed Standard attack hurts nobody but the attacker, by the difference;
    equal totals deal nothing."""
    s = act(turn_state([LION, GOAT], rig=rig(2, 2, 2, 2, 1, 1, 3, 3, 2, 2, 2, 2)), "attack p2")
    assert s.damage == (4, 0)
    t = act(turn_state([LION, GOAT], rig=rig(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)), "attack p2")
    assert t.damage == (0, 0)


def test_CN_ATTACK_07_special_attacks_are_not_counterattacked() -> None:
    """CN-ATTACK-07: a Special attack that fails against the defence costs the attacker nothing."""
    s = act(turn_state([DRAGON, GOAT], rig=rig(2, 2, 1, 1, 6, 6)), "use WYV-H.0 p2")
    assert s.damage == (0, 0)


def test_CN_ATTACK_08_a_counterattack_can_eliminate() -> None:
    """CN-ATTACK-08: the counterattack is ordinary damage: it can end the attacker's round."""
    s = turn_state([LION, GOAT], damage=(9, 0), rig=rig(1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6))
    s = act(s, "attack p2")
    assert s.points == (0, 1)


def test_CN_ATTACK_11_CN_STATUS_01_CN_STATS_11_poisonous_only_on_a_hit() -> None:
    """CN-ATTACK-11, CN-STATUS-01, CN-STATS-11: Sting's Poisonous takes effect only if it hits, and halves the
    Might and Speed totals."""
    miss = act(
        turn_state([STINGER, GOAT, LION], rig=rig(1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6)), "use SCO-R.0 p2"
    )
    assert not miss.status[1] & POISONED
    hit = act(
        turn_state([STINGER, GOAT, LION], rig=rig(6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1)), "use SCO-R.0 p2"
    )
    assert hit.status[1] & POISONED
    assert tot(hit, 1)[1:3] == (5 // 2, 6 // 2)


def test_CN_STATUS_04_CN_STATUS_05_CN_STATUS_07_negative() -> None:
    """CN-STATUS-04, -05, -07: a Negative chimera cannot heal, and every swap (Substitute, Mutate, a cheat's
    swap) deals it the new card's Health."""
    s = act(turn_state([NAGA, GOAT, LION], rig=rig(6, 6, 6, 6, 6, 6, 6, 1, 1)), "use NAG-H.0 p2")
    assert s.status[1] & NEGATIVE
    t = turn_state([LION, GOAT, DRAGON], hands=[(), ("LIO-B", "BEA-B"), ()], cheats=[(), ("BAND1",), ()],
                   status=(0, NEGATIVE, 0), damage=(0, 3, 0), active=1, step="sub")  # fmt: skip
    assert "cheat BAND1" not in texts(_window(t, 1))
    t = act(t, "sub LIO-B")
    assert t.damage[1] == 3 + C.cards["LIO-B"].stats[0]
    t = act(t, "mutate BEA-B")
    assert (
        t.damage[1] == 3 + C.cards["LIO-B"].stats[0] + 7 and not t.alive[1]
    )  # 15 damage, more than the pool left: eliminated (CN-STATS-06)


def test_CN_STATUS_09_elemental_is_not_reduced() -> None:
    """CN-STATUS-09: Armored takes 1 off an ordinary hit, nothing off an Elemental one."""
    armored = ("GOA-H", "BEA-B", "BEA-R")
    plain = act(turn_state([LION, armored, GOAT], rig=rig(6, 6, 6, 6, 6, 6, 1, 1, 1, 1)), "attack p2")
    assert plain.damage[1] == 36 - 4 - 1
    elem = act(turn_state([DRAGON, armored, GOAT], rig=rig(6, 6, 6, 6, 1)), "use WYV-H.0 p2")
    assert elem.damage[1] == 24 - 1


def test_CN_STATUS_10_CN_STATUS_11_CN_STATUS_13_CN_STATUS_14_petrify() -> None:
    """CN-STATUS-10, -11, -13, -14: Stone Gaze petrifies the part aimed at: its text stops, its Health doubles,
    and it stays Petrified in the Market Pile."""
    s = turn_state([GAZER, GOAT, LION], rig=rig(6, 6, 6, 6, 6, 1, 1))
    before = tot(s, 1)[0]
    s = act(s, "use BAS-H.0 p2 h")
    assert s.petrified == {"GOA-H"}
    assert tot(s, 1)[0] == before + 3
    t = replace(
        s,
        active=1,
        step="act",
        asks=(),
        hands=((), ("WLF-H",), ()),
        deck=tuple(c for c in s.deck if c != "WLF-H"),
    )
    assert not any(o.startswith("use GOA-H") for o in texts(t))
    t = act(replace(t, step="sub"), "sub WLF-H")
    assert "GOA-H" in t.market and "GOA-H" in t.petrified


def test_CN_STATS_01_CN_STATS_02_CN_STATS_03_the_four_totals() -> None:
    """CN-STATS-01 to -03: four stats, each the sum of the three parts; Health is the life total."""
    assert STATS == ("health", "might", "speed", "magic")
    expected = tuple(sum(C.cards[c].stats[i] for c in LION) for i in range(4))
    assert totals(LION, 0, frozenset()) == expected == (12, 6, 6, 1)


def test_CN_STATS_04_CN_STATS_05_damage_survives_a_swap() -> None:
    """CN-STATS-04, CN-STATS-05: damage is kept when a part changes; the pool is recomputed."""
    s = turn_state([LION, GOAT], hands=[("BEA-H",), ()], damage=(6, 0), step="sub")
    s = act(s, "sub BEA-H")
    assert s.damage[0] == 6 and tot(s, 0)[0] == 12 - 3 + 4


def test_CN_STATS_09_magic_attacks_and_defends() -> None:
    """CN-STATS-09: Magic is an attack stat of Special actions and a defence stat."""
    actions = [a for card in C.cards.values() for a in card.actions if a.effect == "attack"]
    assert any(a.attack == "magic" and a.kind == "special" for a in actions)
    assert any(a.defend == "magic" for a in actions)


def test_CN_STATUS_16_CN_STATUS_18_CN_STATUS_19_CN_STATUS_20_airborne() -> None:
    """CN-STATUS-16, -18 to -20: flying takes the action; an Airborne chimera is hit and attacks only with
    Aerial attacks."""
    s = act(turn_state([WYVERN, GOAT]), "fly")
    assert s.status[0] & AIRBORNE and s.step == "discard"
    mine = texts(replace(s, step="act"))
    assert "attack p2" not in mine and "use WYV-H.0 p2" in mine and "use WYV-R.0 p2" not in mine
    theirs = texts(replace(s, step="act", active=1))
    assert "attack p1" not in theirs
    eagle = texts(turn_state([WYVERN, ("EAG-H", "GOA-B", "WLF-R")], active=1, status=(AIRBORNE, 0)))
    assert "use EAG-H.0 p1" in eagle


def test_CN_STATUS_17_aerial_is_not_counterattacked() -> None:
    """CN-STATUS-17: Sky Strike is a Standard attack, but Aerial: a miss costs nothing."""
    roc = ("ROC-H", "GOA-B", "WLF-R")
    s = act(turn_state([roc, GOAT], rig=rig(1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6)), "use ROC-H.0 p2")
    assert s.damage == (0, 0)


def test_CN_STATUS_21_no_cheats_while_airborne() -> None:
    """CN-STATUS-21: an Airborne chimera's player is never asked in a cheat window."""
    s = turn_state([WYVERN, GOAT], cheats=[("BAND1",), ()], status=(AIRBORNE, 0), damage=(3, 0))
    assert not may_cheat(Working(s), 0)
    s = act(replace(s, step="discard"), "end")
    assert not s.asks or s.asks[-1].seat != 0
