"""Chimera Con's rules, starting a round, building, the missing part, size and support: one checklist
statement (or a few close ones) per test, named by its rules-checklist/chimera-con.md ID (CN-ROUND,
CN-BUILD, CN-SIZE). States are set up by hand (`turn_state`) with chosen chimeras and rigged dice:
`Rng.rig` fixes the next d6 results (a rigged value v rolls v + 1), attacker's dice first, then the
defender's."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.con import building
from chimera_tui.games.con.work import Working, can_fly, supported, totals

from .helpers import GOAT, C, act, check_invariants, new, texts, tot, turn_state


def test_CN_ROUND_01_six_creature_cards_each() -> None:
    """CN-ROUND-01: every player starts the round with 6 creature cards."""
    s = new(4, 3)
    assert all(len(h) == 6 for h in s.hands) and s.phase == "build"


def test_CN_BUILD_01_CN_BUILD_02_CN_BUILD_11_build_from_the_hand() -> None:
    """CN-BUILD-01, CN-BUILD-02, CN-BUILD-11: a chimera is a head, a body and a rear chosen from the 6 cards;
    the rest stay in hand."""
    s = new(3, 4)
    hand = s.hands[0]
    options = texts(s)
    assert options and all(o.startswith("build ") for o in options)
    s = act(s, options[0])
    laid = options[0].split()[1:]
    assert [C.cards[c].slot for c in laid if c != "-"] == sorted(C.cards[c].slot for c in laid if c != "-")
    assert sorted(s.hands[0] + tuple(c for c in laid if c != "-")) == sorted(hand)


def test_CN_BUILD_04_a_missing_slot_lays_two() -> None:
    """CN-BUILD-04: with no head in hand, the builds offered lay a body and a rear with the head empty."""
    hand = ("LIO-B", "GOA-B", "LIO-R", "WLF-R", "COB-B", "BAS-R")
    options = building.builds(hand)
    assert options and all(h == "" and b and r for h, b, r in options)


def test_CN_BUILD_05_a_hand_that_cannot_lay_two_is_redrawn() -> None:
    """CN-BUILD-05: a hand of six heads is shuffled back and a new one drawn."""
    s = new(2, 3)
    heads = tuple(c for c in C.cards if c.endswith("-H") and c not in s.hands[1])[:6]
    rest = tuple(c for c in C.cards if c not in heads and c not in s.hands[1])
    w = Working(replace(s, hands=(heads, s.hands[1]), deck=rest))
    building.prepare(w)
    assert building.builds(w.hands[0]) and w.hands[0] != heads
    check_invariants(w.freeze())


def test_CN_BUILD_07_CN_BUILD_08_CN_BUILD_09_missing_parts_from_the_deck() -> None:
    """CN-BUILD-07 to -09: two partial chimeras turn up cards in seat order from the same deck; the cards that
    did not fit are shuffled back once, after both."""
    s = new(2, 3)
    first = ("LIO-B", "GOA-H", "WLF-B", "COB-H")
    laid = {"GOA-B", "WLF-R", "LIO-H", "LIO-R"}
    deck = first + tuple(c for c in C.cards if c not in laid and c not in first)
    w = Working(
        replace(
            s,
            parts=(("", "GOA-B", "WLF-R"), ("LIO-H", "", "LIO-R")),
            hands=((), ()),
            deck=deck,
            built=(True, True),
        )
    )
    building.finish(w)
    assert w.parts[0] == ("GOA-H", "GOA-B", "WLF-R")  # LIO-B turned up first, set aside
    assert w.parts[1] == ("LIO-H", "WLF-B", "LIO-R")  # the second seat carries on from the same deck
    assert "LIO-B" in w.deck and w.aside == ()
    assert ("turnup", 0, 2, 0, "GOA-H") in w.told and ("turnup", 1, 1, 1, "WLF-B") in w.told
    check_invariants(w.freeze())


def test_CN_SIZE_01_CN_SIZE_02_CN_SIZE_03_CN_SIZE_04_support() -> None:
    """CN-SIZE-01 to -04: normal < Large < Very Large; a part above a smaller part is unsupported (a Large body
    needs a Large or larger rear)."""
    assert C.cards["GOA-R"].size < C.cards["DRK-B"].size < C.cards["LEV-B"].size
    assert supported(("GOA-H", "DRK-B", "GOA-R")) == (True, False, True)
    assert supported(("GOA-H", "DRK-B", "DRK-R")) == (True, True, True)
    assert supported(("GOA-H", "DRK-B", "LEV-R")) == (True, True, True)


def test_CN_SIZE_05_CN_SIZE_06_unsupported_parts_add_no_stats() -> None:
    """CN-SIZE-05, CN-SIZE-06: an Unsupported chimera is legal; only its supported parts count."""
    parts = ("LEV-H", "LEV-B", "GOA-R")
    assert supported(parts) == (False, False, True)
    assert totals(parts, 0, frozenset()) == C.cards["GOA-R"].stats
    assert any(b[:3] == ("", "", "") or b for b in building.builds(("LEV-H", "LEV-B", "GOA-R")))
    assert ("LEV-H", "LEV-B", "GOA-R") in building.builds(("LEV-H", "LEV-B", "GOA-R"))


def test_CN_SIZE_08_unsupported_cannot_fly() -> None:
    """CN-SIZE-08: a Roc body on a normal rear is unsupported, so its Airborne tag is no use."""
    assert not can_fly(("ROC-H", "ROC-B", "EAG-R"), frozenset())
    assert (
        can_fly(("ROC-H", "ROC-B", "ROC-R"), frozenset()) is False
    )  # the Large rear under a Very Large body
    assert can_fly(("EAG-H", "EAG-B", "EAG-R"), frozenset())


def test_CN_SIZE_09_support_is_checked_after_a_swap() -> None:
    """CN-SIZE-09: substituting a Large rear under a Large body gives the body's stats back."""
    s = turn_state([("GOA-H", "DRK-B", "GOA-R"), GOAT], hands=[("DRK-R",), ()], step="sub")
    before = tot(s, 0)
    s = act(s, "sub DRK-R")
    assert supported(s.parts[0]) == (True, True, True)
    assert tot(s, 0)[0] == before[0] - 3 + 5 + 4
