"""Conformance, and seeded random games in every mode with the design's invariants after every step.

The issue asks for 2,000 games per mode: that costs about 16 minutes of CPU with the invariants checked at
every step (8 with ``-n 2``), so it runs with ``CHIMERA_LONG_FUZZ=1``; by default each mode plays `GAMES`
games.
"""

from __future__ import annotations

import os

import pytest
from msgspec.structs import replace

from chimera_tui.games.imaginarium import RULES
from chimera_tui.games.imaginarium.state import CAUSES
from tests.conformance import check_game

from .helpers import MODES, check_invariants, check_step, new, play, play_random, turn, with_seat, with_team

LONG = os.environ.get("CHIMERA_LONG_FUZZ", "") not in ("", "0")
GAMES = 2_000 if LONG else 60
"""Random games per mode (2,000 with CHIMERA_LONG_FUZZ=1)."""
CHUNKS = 8 if LONG else 1


@pytest.mark.parametrize("options", [{}, {"chimera": "off"}])
def test_conformance(options):
    players = (2, 3, 4, 5, 6) if options == {} else (2, 3, 4, 5)
    assert check_game(RULES, players=players, seeds=range(4), options=options) == 4 * len(players)


def test_conformance_teams():
    assert check_game(RULES, players=(4, 6), seeds=range(4), options={"teams": "on"}) == 8


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz_random_games(mode, chunk):
    """Design 19: machines, fragments and assistants conserved; stocks never negative, and every trade,
    extraction, repair and recruit moves them by exactly its price; every workshop valid; VP by cause equal to
    what caused them (the track's to the rewards claimed, the projects' to the completions, the end bonuses
    to the final stocks); and the game ends — after every step of every game."""
    players, options = MODES[mode]
    size = GAMES // CHUNKS
    for seed in range(chunk * size, (chunk + 1) * size):
        state, _ = play_random(players, options, seed)
        assert RULES.is_over(state) and RULES.winner(state)


def test_setup_invariants_hold_in_every_mode():
    for players, options in MODES.values():
        check_invariants(new(players, 5, **options))


@pytest.mark.parametrize("bot", ["greedy", "engine", "dreamer", "raider"])
def test_bots_play_whole_games_from_their_views(bot):
    from chimera_tui.engine import GameConfig
    from chimera_tui.games.imaginarium import BOTS

    for players, options in (MODES["3"], MODES["4-teams"], MODES["3-core"]):
        state = RULES.new_game(GameConfig(players=players, options=options), 3)
        bots = [BOTS[bot](RULES, 7 + i) for i in range(players)]
        while not RULES.is_over(state):
            seat = RULES.to_act(state)
            legal = RULES.legal_actions(state)
            action = bots[seat].choose(RULES.view(state, seat), legal, seat)
            assert action in legal
            state = RULES.apply(state, action)
            check_invariants(state)
        assert RULES.winner(state)


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda s: replace(s, deck=s.deck[1:]),  # a machine card lost
        lambda s: replace(s, pile=s.pile[1:]),  # a fragment lost
        lambda s: with_team(s, 0, stock=(-1, 0, 0, 0)),  # a negative stock
        lambda s: with_team(s, 0, vp=_add(s.teams[0].vp, "track", 1)),  # track VP no reward space gave
        lambda s: with_team(s, 0, vp=_add(s.teams[0].vp, "project", 3)),  # project VP with no project
        lambda s: with_team(s, 0, vp=_add(s.teams[0].vp, "bonus", 2)),  # an end bonus before the end
        lambda s: with_seat(s, 0, slots=(("P1", "P3"), (), (), ())),  # two machines that do not combine
    ],
)
def test_the_invariants_catch_a_corrupted_state(corrupt):
    """The fuzz's checks can fail: each corruption of a real position is caught."""
    state = new(3, 2)
    check_invariants(state)
    with pytest.raises(AssertionError):
        check_invariants(corrupt(state))


def test_the_step_check_catches_a_wrong_price():
    """A trade that moved the stock by anything but its price is caught."""
    state = play(turn(new(2, 1), 0, acts=(1, 2)), "buy w")
    before = turn(new(2, 1), 0, acts=(1, 2))
    check_step(before, "buy w", state)
    with pytest.raises(AssertionError):
        check_step(before, "buy w", with_team(state, 0, stock=before.teams[0].stock))


def _add(vp: tuple[int, ...], cause: str, n: int) -> tuple[int, ...]:
    out = list(vp)
    out[CAUSES.index(cause)] += n
    return tuple(out)
