"""Chimera Con's rules, the Merchant: one checklist statement (or a few close ones) per test, named by its
rules-checklist/chimera-con.md ID (CN-MERCHANT). States are set up by hand (`turn_state`) with chosen
chimeras and rigged dice: `Rng.rig` fixes the next d6 results (a rigged value v rolls v + 1), attacker's
dice first, then the defender's."""

from __future__ import annotations

from chimera_tui.games.con import building
from chimera_tui.games.con.work import Working

from .helpers import DRAGON, GOAT, LION, act, built, rig, texts, tot, turn_state


def test_CN_MERCHANT_01_three_cheats_each_after_building() -> None:
    """CN-MERCHANT-01: once every chimera is laid, each player holds 3 cheat cards."""
    s = built(4, 6)
    assert all(len(c) == 3 for c in s.cheats) and s.phase == "turn"


def test_CN_MERCHANT_02_highest_speed_goes_first() -> None:
    """CN-MERCHANT-02: the fastest chimera's player is the first Merchant."""
    w = Working(turn_state([LION, GOAT, DRAGON]))
    assert building.first_merchant(w) == 1


def test_CN_MERCHANT_03_speed_tie_lowest_health() -> None:
    """CN-MERCHANT-03: equal Speed goes to the lower Health."""
    w = Working(turn_state([("LIO-H", "LIO-B", "LIO-R"), ("GOA-H", "GOA-B", "COB-R")]))
    assert tot(w.freeze(), 0)[2] == tot(w.freeze(), 1)[2] == 5
    assert tot(w.freeze(), 0)[0] > tot(w.freeze(), 1)[0]
    assert building.first_merchant(w) == 1


def test_CN_MERCHANT_04_roll_offs() -> None:
    """CN-MERCHANT-04: equal Speed and Health: d6 each, again on a tie, until one is higher."""
    a, b = ("GOA-H", "GOA-B", "LIO-R"), ("WLF-H", "COB-B", "COB-R")
    w = Working(turn_state([a, b], rig=rig(3, 3, 1, 6)))
    assert building.first_merchant(w) == 1
    assert [f for f in w.told if f[0] == "rolloff"] == [("rolloff", 0, 3, 1, 3), ("rolloff", 0, 1, 1, 6)]
    assert w.told[-1] == ("first", 1, "dice")


def _pass_turn(s):  # type: ignore[no-untyped-def]
    while s.asks:
        s = act(s, "pass")
    for step in ("stop", "keep", "rest", "end"):
        if s.phase != "turn":
            break
        if step in texts(s):
            s = act(s, step)
        while s.asks and s.asks[-1].kind == "cheat":
            s = act(s, "pass")
    return s


def test_CN_MERCHANT_07_CN_MERCHANT_09_market_after_the_second_turn() -> None:
    """CN-MERCHANT-07, CN-MERCHANT-09: Merchant, the others, the Merchant again, then the Market Phase; then
    the next player is Merchant and takes the next turn."""
    s = turn_state([LION, GOAT, DRAGON], step="draw")
    seen = []
    while s.phase == "turn":
        seen.append(s.active)
        s = _pass_turn(s)
    assert seen == [0, 1, 2, 0] and s.phase == "market"
    while s.phase == "market":
        s = act(s, "pass" if "pass" in texts(s) else "content")
    assert s.merchant == 1 and s.active == 1 and s.merchant_turns == 0
