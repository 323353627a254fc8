"""Chimera Con's rules, cheating and cheat windows: one checklist statement (or a few close ones) per test,
named by its rules-checklist/chimera-con.md ID (CN-CHEAT). States are set up by hand (`turn_state`) with
chosen chimeras and rigged dice: `Rng.rig` fixes the next d6 results (a rigged value v rolls v + 1),
attacker's dice first, then the defender's."""

from __future__ import annotations

from chimera_tui.games.con import RULES
from chimera_tui.games.con.state import POISONED

from .helpers import DRAGON, GOAT, LION, C, _window, act, rig, texts, turn_state


def test_CN_CHEAT_01_a_window_on_another_players_turn() -> None:
    """CN-CHEAT-01: a cheat may be played on someone else's turn: the turn-start window asks a hurt seat with a
    Bandage though it is not their turn."""
    s = turn_state([LION, GOAT, DRAGON], cheats=[(), (), ("BAND1",)], damage=(0, 0, 4), step="discard")
    s = act(s, "end")
    assert s.active == 1 and s.asks[-1].seat == 2 and "cheat BAND1" in texts(s)
    assert {"pass", "pass turn"} <= set(texts(s))


def test_CN_CHEAT_02_legal_and_illegal() -> None:
    """CN-CHEAT-02: both kinds exist among the cheat cards."""
    assert {k.legal for k in C.cheat_kinds} == {True, False}


def test_CN_CHEAT_03_CN_CHEAT_09_a_legal_cheat_needs_no_roll() -> None:
    """CN-CHEAT-03, CN-CHEAT-09: a Legal cheat just works, with no die, then goes to the Discard Pile."""
    s = _window(turn_state([LION, GOAT], cheats=[("BAND1",), ()], damage=(5, 0), step="draw"), 0)
    after = act(s, "cheat BAND1")
    assert after.damage[0] == 2 and after.rng.counter == s.rng.counter
    assert after.discard == ("BAND1",)


def test_CN_CHEAT_04_CN_CHEAT_05_CN_CHEAT_06_CN_CHEAT_07_a_failed_illegal_cheat() -> None:
    """CN-CHEAT-04 to -07: an Illegal cheat rolls 1d6; on a 1 it does nothing, goes to the Market Pile and its
    player takes a Discard step at once, out of turn."""
    s = _window(turn_state([LION, GOAT], cheats=[(), ("DART1",)], rig=rig(1), step="draw"), 1)
    s = act(s, "cheat DART1 p1")
    assert not s.status[0] & POISONED and s.market == ("DART1",)
    assert s.asks[-1].kind == "discard" and s.asks[-1].seat == 1 and RULES.to_act(s) == 1
    s = act(s, "end")
    assert RULES.to_act(s) == 0 and s.step == "draw"


def test_CN_CHEAT_08_CN_CHEAT_09_a_successful_illegal_cheat() -> None:
    """CN-CHEAT-08, CN-CHEAT-09: on 2 to 6 it works and goes to the Discard Pile."""
    s = _window(turn_state([LION, GOAT], cheats=[(), ("DART1",)], rig=rig(2), step="draw"), 1)
    s = act(s, "cheat DART1 p1")
    assert s.status[0] & POISONED and s.discard == ("DART1",)


def test_CN_CHEAT_10_a_failed_cheat_on_your_own_turn_ends_it() -> None:
    """CN-CHEAT-10 (reading): on your own turn the failure's Discard step ends the turn."""
    s = _window(turn_state([LION, GOAT], cheats=[("DART1",), ()], rig=rig(1), step="draw"), 0)
    s = act(s, "cheat DART1 p2")
    assert s.step == "discard" and not s.asks
