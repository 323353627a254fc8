"""A search can be stopped from outside (a cancelled hint): `stop` is asked before each playout, and the
search returns what it found so far instead of running on to its budget."""

from __future__ import annotations

import pytest

from chimera_tui import games
from chimera_tui.engine import GameConfig
from chimera_tui.engine.match import Match
from chimera_tui.engine.search import search


def _first_real_choice(game_id: str) -> tuple[object, object, int, tuple[object, ...]]:
    """A seat's view and legal actions at the first decision of a seeded 2-player game with two or more
    choices."""
    rules = games.get(game_id)
    match = Match(rules, GameConfig(players=2, options={}), 5)
    while True:
        seat = rules.to_act(match.state)
        assert seat is not None
        legal = tuple(rules.legal_actions(match.state))
        if len(legal) >= 2:
            return rules, rules.view(match.state, seat), seat, legal
        match.submit(legal[0])


@pytest.mark.parametrize("game_id", ["station", "codename", "imaginarium", "con"])
def test_a_stopped_search_ends_before_its_next_playout(game_id: str) -> None:
    """Station searches by the tree, the others by paired halving: both ask `stop` and end there."""
    rules, view, seat, legal = _first_real_choice(game_id)
    asked = 0

    def stop_after_three() -> bool:
        nonlocal asked
        asked += 1
        return asked > 3

    result = search(rules, view, seat, legal, seed=1, playouts=10_000, stop=stop_after_three)
    assert result.action in legal
    assert asked == 4, "the search went on asking after it was told to stop"
    # the tree plays one playout per question; halving plays one per action still in (a paired row)
    assert 0 < result.playouts <= 3 * len(legal)


def test_a_search_that_is_never_stopped_spends_its_budget() -> None:
    rules, view, seat, legal = _first_real_choice("station")
    result = search(rules, view, seat, legal, seed=1, playouts=40, stop=lambda: False)
    assert result.playouts == 40
