"""The search bot's sequential halving with paired playouts (engine/halving.py), on the test game, and the
games' playout_value hooks that stop a playout early."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from chimera_tui import games
from chimera_tui.engine import GameConfig, Rng
from chimera_tui.engine.halving import halving_search
from chimera_tui.engine.playouts import playout
from chimera_tui.engine.search import SearchBot, search
from tests.engine.search_pebbles import HintedPebbles, OpenPebbles
from tests.tinygame import Action, State, Take


class HalvingPebbles(OpenPebbles):
    """Open Pebbles searched by sequential halving."""

    id: ClassVar[str] = "pebbles-halving"
    search_method: ClassVar[str] = "halving"


class HintedHalvingPebbles(HintedPebbles):
    """Open Pebbles searched by sequential halving, whose own choice is always to take one pebble."""

    id: ClassVar[str] = "pebbles-hinted-halving"
    search_method: ClassVar[str] = "halving"


HALVING = HalvingPebbles()
HINTED = HintedHalvingPebbles()


def position(heap: int, taken: tuple[int, int], bonus: tuple[int, int], turn: int = 0) -> State:
    return State(heap, taken, bonus, turn, Rng(42))


@pytest.mark.parametrize("heap", [2, 3])
def test_halving_finds_the_winning_take(heap: int) -> None:
    """As the tree search does (test_search.py): heap 3 needs a two-step plan."""
    state = position(heap, (3, 3), (1, 1))
    result = search(HALVING, HALVING.view(state, 0), 0, HALVING.legal_actions(state), seed=1, playouts=300)
    assert result.action == Take(2), result
    assert 0 < result.playouts <= 300 and result.failed == 0
    assert max(choice.rate for choice in result.choices) == pytest.approx(1.0)


def test_the_playouts_are_spent_mostly_on_the_better_actions() -> None:
    """Each round drops the worse half: the winning take gets more playouts than the others."""
    state = position(3, (3, 3), (1, 1))
    result = halving_search(
        HALVING, HALVING.view(state, 0), 0, HALVING.legal_actions(state), seed=4, playouts=90
    )
    visits = {choice.action: choice.visits for choice in result.choices}
    assert visits[Take(2)] == max(visits.values()) > min(visits.values())


def test_the_games_own_choice_is_kept_unless_another_is_clearly_better_on_the_same_playouts() -> None:
    lost = position(1, (0, 5), (1, 1))
    result = search(HINTED, HINTED.view(lost, 0), 0, HINTED.legal_actions(lost), seed=2, playouts=60)
    assert result.action == Take(1)
    won = position(2, (3, 3), (1, 1))
    result = search(HINTED, HINTED.view(won, 0), 0, HINTED.legal_actions(won), seed=2, playouts=200)
    assert result.action == Take(2)
    kept = next(choice for choice in result.choices if choice.action == Take(1))
    assert kept.visits > 0, "the prior never drops out, so the paired test can be made"


def test_a_budget_gives_the_same_choice_and_statistics_every_time() -> None:
    state = position(7, (1, 2), (2, 1))
    view, legal = HALVING.view(state, 0), HALVING.legal_actions(state)
    answers = [
        SearchBot(HALVING, seed=5, playouts=80, seconds=None).analyse(view, legal, 0) for _ in range(2)
    ]
    assert answers[0] == answers[1] and answers[0].playouts <= 80


class Ticking:
    """A clock that moves one second each time it is read: a machine on which every row of playouts is slow."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_a_search_short_of_time_still_halves_the_field() -> None:
    """With 400 playouts planned but time for about 60, the rounds are planned for what fits: the worse
    actions drop out and the winning take gets most of the playouts, instead of the time running out in the
    first round with every action played out equally often (the game's own choice would then nearly always
    stand), and the search ends by its deadline."""
    state = position(3, (3, 3), (1, 1))
    clock = Ticking()
    result = halving_search(
        HALVING,
        HALVING.view(state, 0),
        0,
        HALVING.legal_actions(state),
        seed=4,
        playouts=400,
        seconds=40.0,
        clock=clock,
    )
    visits = {choice.action: choice.visits for choice in result.choices}
    assert result.action == Take(2)
    assert visits[Take(2)] == max(visits.values()) > min(visits.values()), visits
    assert result.playouts < 400 and clock.now <= 1.0 + 40.0 + 2.0


def test_one_legal_action_is_taken_without_searching() -> None:
    result = halving_search(HALVING, position(1, (0, 0), (1, 1)), 0, [Take(1)], seed=1, playouts=100)
    assert result.action == Take(1) and result.playouts == 0


class Stopping(OpenPebbles):
    """Open Pebbles whose playouts stop as soon as a pebble is taken, judged a sure win for seat 1."""

    id: ClassVar[str] = "pebbles-stopping"

    def playout_value(self, start: State, state: State) -> tuple[float, ...] | None:
        return (0.0, 1.0) if state.heap < start.heap else None


def test_a_playout_stops_where_the_game_judges_it() -> None:
    rules = Stopping()
    state = position(6, (0, 0), (1, 1))
    assert playout(rules, state, random.Random(1), None, rules.playout_value) == {0: 0.0, 1: 1.0}
    assert sum(playout(rules, state, random.Random(1), None).values()) == pytest.approx(1.0)


def _midgame(game_id: str, players: int, seed: int, steps: int) -> Any:
    rules = games.get(game_id)
    state = rules.new_game(GameConfig(players=players), seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        legal: Sequence[Action] = rules.legal_actions(state)
        state = rules.apply(state, legal[rnd.randrange(len(legal))])
    return state


def test_con_judges_a_playout_once_a_round_is_won_as_a_race_to_the_target() -> None:
    from chimera_tui.games.con.sampling import playout_value, race

    assert race((3, 3)) == pytest.approx((0.5, 0.5))
    assert race((1, 3)) == pytest.approx((7 / 8, 1 / 8))
    assert sum(race((2, 1, 3))) == pytest.approx(1.0) and race((2, 1, 3))[1] > race((2, 1, 3))[0]
    rules = games.get("con")
    start = _midgame("con", 3, 5, 10)
    assert playout_value(start, start) is None
    state = start
    rnd = random.Random(3)
    while sum(state.points) == sum(start.points):
        legal = rules.legal_actions(state)
        state = rules.apply(state, legal[rnd.randrange(len(legal))])
    if rules.is_over(state):
        assert playout_value(start, state) is None
    else:
        shares = playout_value(start, state)
        assert shares == race(tuple(state.target - p for p in state.points))


def test_imaginarium_judges_a_playout_at_the_end_of_its_round_by_the_teams_worth() -> None:
    from chimera_tui.games.imaginarium.sampling import playout_value

    rules = games.get("imaginarium")
    start = _midgame("imaginarium", 3, 2, 40)
    assert playout_value(start, start) is None
    state = start
    rnd = random.Random(3)
    while state.round == start.round and not rules.is_over(state):
        legal = rules.legal_actions(state)
        state = rules.apply(state, legal[rnd.randrange(len(legal))])
    shares = playout_value(start, state)
    assert shares is not None and len(shares) == 3 and sum(shares) == pytest.approx(1.0)
    assert all(0 < share < 1 for share in shares)


def test_imaginarium_playouts_stop_at_the_end_of_their_round_and_are_judged_there() -> None:
    """The search's playouts (`engine/playouts.playout` with the hooks the search reads off the rules) end
    with the round they started in: each seat's share is the worth judgement, not a played-out winner."""
    rules = games.get("imaginarium")
    start = _midgame("imaginarium", 3, 2, 40)
    hooks = (getattr(rules, "playout_action", None), getattr(rules, "playout_value", None))
    shares = playout(rules, start, random.Random(4), *hooks)
    assert sum(shares.values()) == pytest.approx(1.0)
    assert len(shares) == 3 and all(0 < share < 1 for share in shares.values())


def test_imaginarium_playouts_follow_the_greedy_bot() -> None:
    from chimera_tui.games.imaginarium import GreedyBot
    from chimera_tui.games.imaginarium.rules import seat_of

    rules = games.get("imaginarium")
    state = rules.new_game(GameConfig(players=2), 7)
    policy = rules.playout_action  # type: ignore[attr-defined]
    compared = 0
    for k in range(150):
        if rules.is_over(state):
            break
        legal = rules.legal_actions(state)
        seat = seat_of(state)
        greedy = GreedyBot(rules, 0)
        values = greedy.values(state, seat, [move.text for move in legal])
        if len(legal) > 1 and sorted(values)[-1] > sorted(values)[-2] + 1e-6:
            assert policy(state, legal, random.Random(k)) == greedy.choose(state, legal, seat)
            compared += 1
        state = rules.apply(state, legal[k % len(legal)])
    assert compared >= 30
