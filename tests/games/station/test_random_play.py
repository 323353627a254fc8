"""Conformance and seeded random play with invariants checked after every step."""

from __future__ import annotations

import pytest

from chimera_tui.engine import GameConfig, Rng
from chimera_tui.games.station import BOTS, RULES
from chimera_tui.games.station.state import Phase
from tests.conformance import check_game

from .helpers import check_invariants


@pytest.mark.parametrize("side", ["A", "B"])
def test_conformance(side):
    assert check_game(RULES, players=(2, 3, 4), seeds=range(12), options={"side": side}) == 36


def _play(players: int, seed: int, side: str) -> int:
    state = RULES.new_game(GameConfig(players=players, options={"side": side}), seed)
    check_invariants(state)
    rng = Rng(seed * 31 + players)
    steps = 0
    last_round = 0
    while not RULES.is_over(state):
        legal = RULES.legal_actions(state)
        assert legal
        action, rng = rng.choice(legal)
        state = RULES.apply(state, action)
        check_invariants(state)
        assert state.round >= last_round
        last_round = state.round
        steps += 1
    assert state.round == 5 and state.phase is Phase.OVER and RULES.winner(state)
    return steps


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_random_games(players, chunk):
    """2,000 seeded random games per player count (in 4 chunks, both mat sides), invariants every step."""
    for seed in range(chunk * 500, (chunk + 1) * 500):
        _play(players, seed, "AB"[seed % 2])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_bot_plays_whole_games(players):
    bots = [BOTS["greedy"](RULES, 7 + i) for i in range(players)]
    state = RULES.new_game(GameConfig(players=players), 3)
    while not RULES.is_over(state):
        seat = RULES.to_act(state)
        state = RULES.apply(
            state, bots[seat].choose(RULES.view(state, seat), RULES.legal_actions(state), seat)
        )
    check_invariants(state)


def test_legal_placements_match_the_refusal_reasons():
    """Every space offered is accepted, and every space refused has a reason (checked on random positions)."""
    from chimera_tui.games.station.content import content
    from chimera_tui.games.station.core import Working
    from chimera_tui.games.station.decisions import pending_placement
    from chimera_tui.games.station.placement import legal_spaces, space_problem

    everything = ["lab", "lounge", *content().modules]
    checked = 0
    for seed in range(40):
        state = RULES.new_game(GameConfig(players=2 + seed % 3, options={"side": "AB"[seed % 2]}), seed)
        rng = Rng(seed)
        while not RULES.is_over(state):
            g = Working(state)
            placing = pending_placement(g)
            if placing is not None:
                seat, workers, _ = placing
                for wi in workers:
                    fast = set(legal_spaces(g, seat, wi))
                    slow = {s for s in everything if space_problem(g, seat, wi, s) is None}
                    assert fast == slow
                    checked += 1
            action, rng = rng.choice(RULES.legal_actions(state))
            state = RULES.apply(state, action)
    assert checked > 1000
