"""Chimera Con's rules, a turn (draw, substitute, one action, discard): one checklist statement (or a few
close ones) per test, named by its rules-checklist/chimera-con.md ID (CN-TURN). States are set up by hand
(`turn_state`) with chosen chimeras and rigged dice: `Rng.rig` fixes the next d6 results (a rigged value v
rolls v + 1), attacker's dice first, then the defender's."""

from __future__ import annotations

from .helpers import GOAT, LION, WYVERN, act, texts, turn_state


def test_CN_TURN_01_CN_TURN_02_CN_TURN_03_draw() -> None:
    """CN-TURN-01 to -03: the turn starts at Draw; two cards of either deck; a third creature card after two."""
    s = turn_state([LION, GOAT], step="draw")
    assert texts(s) == ["draw c", "draw x", "stop"]
    s = act(act(s, "draw c"), "draw c")
    assert texts(s) == ["draw c", "stop"] and len(s.hands[0]) == 2
    s = act(s, "draw c")
    assert s.step == "sub" and len(s.hands[0]) == 3
    t = act(act(turn_state([LION, GOAT], step="draw"), "draw c"), "draw x")
    assert t.step == "sub" and len(t.cheats[0]) == 1


def test_CN_TURN_05_CN_TURN_06_CN_TURN_07_substitute() -> None:
    """CN-TURN-05 to -07: one part of the same slot from hand; the old part goes to the Market Pile; then the
    Action step (no second substitute)."""
    s = turn_state([LION, GOAT], hands=[("GOA-B", "WLF-R"), ()], step="sub")
    assert set(texts(s)) == {"sub GOA-B", "sub WLF-R", "keep"}
    s = act(s, "sub GOA-B")
    assert s.parts[0] == ("LIO-H", "GOA-B", "GOA-R") and s.market == ("LIO-B",)
    assert s.step == "act" and not any(t.startswith("sub") for t in texts(s))


def test_CN_TURN_08_CN_ACTION_17_other_family_skips_the_action() -> None:
    """CN-TURN-08, CN-ACTION-17: a Substitute of another family skips the Action step: no attack, Mutate or
    flight that turn."""
    s = turn_state([LION, GOAT], hands=[("EAG-B", "WYV-B"), ()], step="sub")
    s = act(s, "sub EAG-B")
    assert s.no_action and s.step == "discard"
    assert not any(t.split()[0] in ("attack", "use", "mutate", "fly", "rest") for t in texts(s))


def test_CN_TURN_10_CN_ACTION_01_CN_ACTION_02_one_action_or_none() -> None:
    """CN-TURN-10, CN-ACTION-01, CN-ACTION-02: one action of Mutate, attack, card actions or flight, or none;
    the plain attack is open to all, card actions only to their chimeras."""
    s = turn_state([WYVERN, GOAT], hands=[("LIO-R",), ()])
    options = texts(s)
    for o in ("attack p2", "use WYV-H.0 p2", "use WYV-R.0 p2", "mutate LIO-R", "fly", "rest"):
        assert o in options
    s = act(s, "rest")
    assert s.step == "discard"
    t = turn_state([GOAT, WYVERN], active=0)
    assert not any(o.startswith("use WYV") for o in texts(t))


def test_CN_TURN_11_CN_TURN_12_CN_TURN_14_CN_TURN_15_CN_TURN_18_discard() -> None:
    """CN-TURN-11, -12, -14, -15, -18: over 5 of a type, the excess goes to the Market Pile; further discards go
    to the Discard Pile; the step ends the turn and the next player's begins."""
    hand = ("GOA-B", "WLF-B", "COB-B", "BAS-B", "WYV-B", "EAG-B", "MAN-B")
    s = turn_state([LION, GOAT], hands=[hand, ()], step="discard")
    assert "end" not in texts(s) and all(t.startswith("discard ") for t in texts(s))
    s = act(act(s, "discard GOA-B"), "discard WLF-B")
    assert s.market == ("GOA-B", "WLF-B") and "end" in texts(s)
    s = act(s, "discard COB-B")
    assert s.discard == ("COB-B",) and s.active == 0
    s = act(s, "end")
    assert s.active == 1 and s.step == "draw"
