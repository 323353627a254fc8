"""The conformance suite, run on every registered game and on the tiny test game."""

from __future__ import annotations

import msgspec
import pytest

from chimera_tui import games
from chimera_tui.engine import GameConfig
from tests.conformance import check_game, encode, play_random
from tests.tinygame import RULES


def test_tiny_game_passes_the_conformance_suite() -> None:
    assert check_game(RULES, players=(2, 3), seeds=range(200)) == 400


def test_tiny_game_option_is_honoured() -> None:
    m = play_random(RULES, GameConfig(players=2, options={"heap": "12"}), 1)
    assert sum(m.state.taken) == 12


def test_view_hides_other_seats_secrets_until_the_end() -> None:
    state = RULES.new_game(GameConfig(players=3), 5)
    v = RULES.view(state, 1)
    assert v.bonus[1] == state.bonus[1]
    assert v.bonus[0] == v.bonus[2] == -1
    # A state differing only in another seat's secret gives the same view.
    other = msgspec.structs.replace(state, bonus=(9, state.bonus[1], 9))
    assert encode(RULES.view(other, 1)) == encode(v)


def test_a_game_that_never_ends_is_caught() -> None:
    class Stuck(type(RULES)):  # type: ignore[misc]
        def apply(self, state, action):  # type: ignore[no-untyped-def]
            return state

    with pytest.raises(AssertionError, match="did not end"):
        play_random(Stuck(), GameConfig(players=2), 1, max_steps=50)


@pytest.mark.parametrize("game_id", games.game_ids())
def test_registered_game_conforms(game_id: str) -> None:
    rules = games.get(game_id)
    check_game(rules, players=range(rules.min_players, rules.max_players + 1), seeds=range(5))
