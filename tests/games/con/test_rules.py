"""Chimera Con's rules, one checklist statement (or a few close ones) per test, named by ID.

States are set up by hand (`turn_state`) with chosen chimeras and rigged dice: `Rng.rig` fixes the next d6
results (a rigged value v rolls v + 1), attacker's dice first, then the defender's.
"""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.con import RULES, building
from chimera_tui.games.con.cheating import may_cheat
from chimera_tui.games.con.content import STATS
from chimera_tui.games.con.state import AIRBORNE, NEGATIVE, POISONED
from chimera_tui.games.con.work import Working, can_fly, supported, totals

from .helpers import C, act, built, check_invariants, new, texts, turn_state

LION = ("LIO-H", "LIO-B", "GOA-R")  # Beast: Health 12, Might 6, Speed 6, Magic 1
GOAT = ("GOA-H", "GOA-B", "WLF-R")  # Beast: Health 10, Might 5, Speed 6, Magic 2
DRAGON = ("WYV-H", "BAS-B", "LEV-R")  # Wyvern head, Basilisk body, Leviathan rear: Health 12, Magic 3
STINGER = ("MAN-H", "MAN-B", "SCO-R")  # Insect: Might 6, Speed 5, Health 9
NAGA = ("NAG-H", "NAG-B", "COB-R")  # Serpent: Magic 5
GAZER = ("BAS-H", "BAS-B", "COB-R")  # Serpent: Magic 3
WYVERN = ("WYV-H", "WYV-B", "WYV-R")  # Dragon with the Airborne tag


def rig(*dice: int) -> tuple[int, ...]:
    """Rigged outcomes for these d6 results."""
    return tuple(d - 1 for d in dice)


def tot(s, seat):  # type: ignore[no-untyped-def]
    return totals(s.parts[seat], s.status[seat], s.petrified)


# -- the game as a whole -------------------------------------------------------------------------------------
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


# -- rounds and building -------------------------------------------------------------------------------------
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


# -- size and support ----------------------------------------------------------------------------------------
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


# -- the Merchant --------------------------------------------------------------------------------------------
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


# -- a turn -------------------------------------------------------------------------------------------------
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


# -- the Market Phase ----------------------------------------------------------------------------------------
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


# -- cheating ------------------------------------------------------------------------------------------------
def _window(s, seat: int, when: str = "turn"):  # type: ignore[no-untyped-def]
    from chimera_tui.games.con.state import Ask

    return replace(s, asks=(Ask("cheat", seat, (), when),))


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


# -- actions and attacks -------------------------------------------------------------------------------------
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
