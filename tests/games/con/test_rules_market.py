"""Chimera Con's rules, the Market Phase and Getting Greedy: one checklist statement (or a few close ones) per
test, named by its rules-checklist/chimera-con.md ID (CN-MARKET, CN-GREEDY). States are set up by hand
(`turn_state`) with chosen chimeras and rigged dice: `Rng.rig` fixes the next d6 results (a rigged value v
rolls v + 1), attacker's dice first, then the defender's."""

from __future__ import annotations

from msgspec.structs import replace

from .helpers import DRAGON, GOAT, LION, act, rig, texts, turn_state


def _market_state(**changes):  # type: ignore[no-untyped-def]
    s = turn_state([LION, GOAT, DRAGON], step="discard", merchant_turns=1)
    pile = ("EAG-H", "OWL-H", "LUCK1")
    deck = tuple(c for c in s.deck if c not in pile)
    s = replace(
        s, deck=deck, cheat_deck=tuple(c for c in s.cheat_deck if c != "LUCK1"), market=pile, **changes
    )
    return act(s, "end")


def test_CN_MARKET_01_the_pile_collects_swaps_discards_and_failed_cheats() -> None:
    """CN-MARKET-01: a substituted part, a required discard and a failed Illegal cheat all land in the
    Market Pile."""
    s = turn_state(
        [LION, GOAT], hands=[("GOA-B", "WLF-B", "COB-B", "BAS-B", "WYV-B", "EAG-B"), ()], step="sub"
    )
    s = act(act(s, "sub GOA-B"), "rest")
    s = act(s, "discard WLF-B")
    assert s.market == ("LIO-B",) or "WLF-B" not in s.market  # 6 - 1 in play = 5: nothing required
    assert s.market == ("LIO-B",)
    t = turn_state(
        [LION, GOAT],
        hands=[tuple(["GOA-B", "WLF-B", "COB-B", "BAS-B", "WYV-B", "EAG-B"]), ()],
        step="discard",
    )
    t = act(t, "discard BAS-B")
    assert t.market == ("BAS-B",)
    u = turn_state([LION, GOAT], cheats=[("DART1",), ()], rig=rig(1), step="draw")
    u = replace(u, asks=(), step="draw")
    from chimera_tui.games.con.state import Ask

    u = act(replace(u, asks=(Ask("cheat", 0, (1,), "turn"),)), "cheat DART1 p2")
    assert u.market == ("DART1",)


def test_CN_MARKET_02_CN_MARKET_03_CN_MARKET_04_CN_MARKET_07_take_by_magic() -> None:
    """CN-MARKET-02 to -04, CN-MARKET-07: the highest current Magic chooses first; one card or none each."""
    s = _market_state()
    assert s.phase == "market"
    order = [a.seat for a in reversed(s.asks)]
    assert order == [2, 1, 0]  # Magic 3, 2, 0
    assert set(texts(s)) == {"take EAG-H", "take OWL-H", "take LUCK1", "pass"}
    s = act(s, "take OWL-H")
    assert "OWL-H" in s.hands[2] and "take OWL-H" not in texts(s)
    s = act(act(s, "pass"), "take LUCK1")
    assert s.cheats[0] == ("LUCK1",)
    assert s.asks[-1].kind == "greedy"


def test_CN_MARKET_08_CN_GREEDY_04_the_rest_is_discarded() -> None:
    """CN-MARKET-08, CN-GREEDY-04: nobody has to Get Greedy; the rest of the pile goes to the Discard Pile."""
    s = _market_state()
    s = act(act(act(s, "pass"), "pass"), "pass")
    while s.phase == "market":
        s = act(s, "content")
    assert s.market == () and set(s.discard) >= {"EAG-H", "OWL-H", "LUCK1"}


def test_CN_MARKET_10_over_the_limit_until_the_next_turn() -> None:
    """CN-MARKET-10: a hand over 5 after the Market stays so until its player's next Discard step."""
    six = ("GOA-B", "WLF-B", "COB-B", "BAS-B", "WYV-B")
    s = _market_state(hands=((), six, ()))
    s = act(act(act(s, "pass"), "take EAG-H"), "pass")
    while s.phase == "market":
        s = act(s, "content")
    assert len(s.hands[1]) == 6 and s.active == 1 and s.step == "draw"


def test_CN_GREEDY_01_CN_GREEDY_02_CN_GREEDY_03_swap_hands() -> None:
    """CN-GREEDY-01 to -03: greed is asked only after every take; the greedy hand but its taken card swaps with
    the pile; a player who took nothing swaps everything."""
    s = _market_state(hands=(("MAN-H",), ("BEE-H",), ("COB-B", "NAG-R")))
    s = act(s, "take OWL-H")  # p3 takes the Owl head
    assert s.asks[-1].kind == "market"
    s = act(act(s, "pass"), "pass")
    s = act(s, "greedy")  # p3
    s = act(act(s, "content"), "content")
    assert set(s.hands[2]) == {"OWL-H", "EAG-H"} and s.cheats[2] == ("LUCK1",)
    assert set(s.market) == {"COB-B", "NAG-R"} or s.phase == "turn"
    t = _market_state(hands=(("MAN-H",), ("BEE-H",), ("COB-B", "NAG-R")))
    t = act(act(act(t, "pass"), "pass"), "pass")
    t = act(act(t, "content"), "greedy")  # p2 took nothing
    t = act(t, "content")
    assert set(t.hands[1]) == {"EAG-H", "OWL-H"} and t.cheats[1] == ("LUCK1",)


def test_CN_GREEDY_06_two_greedy_players_roll_magic() -> None:
    """CN-GREEDY-06: two players Getting Greedy at once roll Magic; the higher swaps first."""
    s = _market_state(hands=(("MAN-H",), ("BEE-H",), ("COB-B",)))
    s = act(act(act(s, "pass"), "pass"), "pass")
    s = replace(s, rng=replace(s.rng, rigged=rig(6, 6, 1, 1, 1)))
    s = act(act(act(s, "greedy"), "greedy"), "content")
    assert ("greedy_rolls", 1, "66", 2, "111") in s.told
    # p2 (Magic 2: 12) swaps first and takes the pile; p3 (Magic 3: 3) then swaps with p2's old hand
    assert set(s.hands[1]) == {"EAG-H", "OWL-H"} and s.hands[2] == ("BEE-H",)
