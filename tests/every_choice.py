"""Every choice of seeded games, for the tests that hold what a choice says (its preview, its words) to what
it does: `tests/ui/test_station_previews.py`, `tests/ui/test_imaginarium_previews.py`,
`tests/games/con/test_previews.py`, `tests/games/codename/test_previews.py`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from chimera_tui import games
from chimera_tui.engine.bots import bot_seed
from chimera_tui.engine.ruleset import GameConfig


def decisions(game: str, config: GameConfig, seed: int) -> Iterator[tuple[Any, int, Sequence[Any], Any]]:
    """Each decision of a seeded game of random bots (the `random` bot at every seat): the state, the seat to
    act, its legal actions and the one its bot takes."""
    rules = games.get(game)
    state = rules.new_game(config, seed)
    bots = [games.bots(game)["random"](rules, bot_seed(seed, s)) for s in range(config.players)]
    while not rules.is_over(state):
        seat = rules.to_act(state)
        assert seat is not None
        legal = rules.legal_actions(state)
        chosen = bots[seat].choose(rules.view(state, seat), legal, seat)
        yield state, seat, legal, chosen
        state = rules.apply(state, chosen)


def mismatches_in(
    game: str, config: GameConfig, seed: int, mismatches: Callable[[Any, Any, int], list[str]], most: int = 5
) -> list[str]:
    """What `mismatches(state, action, seat)` finds for every legal action of every decision of the game (it
    stops once it has found `most`)."""
    found: list[str] = []
    for state, seat, legal, _ in decisions(game, config, seed):
        for action in legal:
            found += mismatches(state, action, seat)
        if len(found) >= most:
            break
    return found
