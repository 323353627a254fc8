"""Conformance, and seeded random games for every player count with the invariants after every step: every
card conserved across decks, hands, chimeras and piles; stats and damage never negative; exactly one point per
round.

The issue asks for 2,000 games per player count: with the checks at every step that costs several minutes of
CPU, so it runs with ``CHIMERA_LONG_FUZZ=1``; by default each count plays `GAMES` games.
"""

from __future__ import annotations

import os

import pytest

from chimera_tui.engine import GameConfig
from chimera_tui.games.con import BOTS, RULES
from tests.conformance import check_game

from .helpers import check_invariants, new, play_random

LONG = os.environ.get("CHIMERA_LONG_FUZZ", "") not in ("", "0")
GAMES = 2_000 if LONG else 60
CHUNKS = 8 if LONG else 1


def test_conformance() -> None:
    assert check_game(RULES, players=(2, 3, 4, 5), seeds=range(6)) == 24


def test_conformance_with_another_target() -> None:
    assert check_game(RULES, players=(2, 4), seeds=range(3), options={"points": "1"}) == 6


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz_random_games(players: int, chunk: int) -> None:
    """CN-GEN-01, CN-GEN-06, CN-ROUND-04: cards conserved, one point per round, the game ends."""
    size = GAMES // CHUNKS
    for seed in range(chunk * size, (chunk + 1) * size):
        state, _ = play_random(players, seed)
        assert RULES.is_over(state) and len(RULES.winner(state)) == 1
        assert max(state.points) == 3


def test_setup_invariants() -> None:
    for n in (2, 3, 4, 5):
        check_invariants(new(n, 11))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_bots_play_whole_games_from_their_views(players: int) -> None:
    for seed in range(3):
        state = RULES.new_game(GameConfig(players=players), seed)
        bots = [BOTS["greedy"](RULES, 7 + i) for i in range(players)]
        steps = 0
        while not RULES.is_over(state):
            seat = RULES.to_act(state)
            assert seat is not None
            legal = RULES.legal_actions(state)
            action = bots[seat].choose(RULES.view(state, seat), legal, seat)
            assert action in legal
            state = RULES.apply(state, action)
            steps += 1
            assert steps < 100_000
        check_invariants(state)
        assert RULES.winner(state)
