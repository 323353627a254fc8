"""Hidden information: no seat's view shows another seat's hand, cheats or unrevealed chimera, nor the decks;
the log names a chimera laid in private only to its owner."""

from __future__ import annotations

from chimera_tui.engine.ruleset import describe_as_seen
from chimera_tui.games.con import RULES
from chimera_tui.games.con.state import HIDDEN

from .helpers import built, new, play_random


def _hidden(cards: tuple[str, ...]) -> bool:
    return all(c == HIDDEN for c in cards)


def test_views_hide_other_hands_cheats_and_decks() -> None:
    s = built(4, 9)
    for seat in range(4):
        v = RULES.view(s, seat)
        assert v.hands[seat] == s.hands[seat] and v.cheats[seat] == s.cheats[seat]
        for other in range(4):
            if other != seat:
                assert _hidden(v.hands[other]) and len(v.hands[other]) == len(s.hands[other])
                assert _hidden(v.cheats[other]) and len(v.cheats[other]) == len(s.cheats[other])
        assert _hidden(v.deck) and _hidden(v.cheat_deck)
        assert v.market == s.market and v.discard == s.discard and v.parts == s.parts
    spectator = RULES.view(s, None)
    assert all(_hidden(h) for h in spectator.hands) and all(_hidden(c) for c in spectator.cheats)


def test_chimeras_are_hidden_until_all_are_laid() -> None:
    """CN-BUILD-12 (reading): a chimera laid in private is hidden from the others until every one is laid."""
    s = new(3, 4)
    action = RULES.legal_actions(s)[0]
    assert "lays a chimera face down" in (describe_as_seen(RULES, s, action, 1) or "")
    assert "lays a chimera:" in (describe_as_seen(RULES, s, action, 0) or "")
    s = RULES.apply(s, action)
    assert RULES.view(s, 1).parts[0] == ("", "", "") and RULES.view(s, 0).parts[0] == s.parts[0]


def test_a_view_never_depends_on_other_seats_secrets() -> None:
    """Two games that differ only in another seat's hand give seat 0 the same view."""
    from msgspec.structs import replace

    s = built(3, 2)
    swapped = replace(
        s, hands=(s.hands[0], s.hands[2], s.hands[1]) if len(s.hands[1]) == len(s.hands[2]) else s.hands
    )
    assert RULES.view(swapped, 0).hands == RULES.view(s, 0).hands


def test_whole_games_views_stay_redacted() -> None:
    state, _ = play_random(3, 21, check=False)
    v = RULES.view(state, 0)
    assert all(_hidden(h) for h in v.hands[1:])


def test_passing_in_the_market_is_said_as_taking_nothing() -> None:
    from chimera_tui.games.con.state import Ask
    from chimera_tui.games.con.wording import said

    s = built(3, 2)
    from msgspec.structs import replace

    assert said(replace(s, asks=(Ask("market", 0),)), "pass") == "Player 1 takes no card from the Market Pile"
    assert said(replace(s, asks=(Ask("cheat", 0, (), "turn"),)), "pass") == "Player 1 plays no cheat"
