"""The search bot (engine/search.py) on the test game: it finds winning moves, it reads only its view, and
its levels are listed and parsed wherever bots are chosen."""

from __future__ import annotations

from typing import ClassVar

import msgspec
import pytest

from chimera_tui import games
from chimera_tui.engine import GameConfig, Rng
from chimera_tui.engine.bots import bot_factories
from chimera_tui.engine.search import SearchBot, parse_level, search, supports_search
from tests.engine.search_pebbles import HINTED, OPEN, SEARCHABLE, OpenPebbles
from tests.tinygame import RULES, Roll, State, Take


def position(heap: int, taken: tuple[int, int], bonus: tuple[int, int], turn: int = 0) -> State:
    return State(heap, taken, bonus, turn, Rng(42))


@pytest.mark.parametrize("heap", [2, 3])
def test_search_finds_the_winning_take_with_nothing_hidden(heap: int) -> None:
    """Heap 2: taking both wins. Heap 3: taking two leaves one for the opponent and still wins; taking one
    lets the opponent take two (a two-step plan, so plain one-step greed is not enough to pass both)."""
    state = position(heap, (3, 3), (1, 1))
    view = OPEN.view(state, 0)
    result = search(OPEN, view, 0, OPEN.legal_actions(state), seed=1, playouts=300)
    assert result.action == Take(2), result
    assert result.playouts == 300 and result.failed == 0
    assert result.choices[0].rate == pytest.approx(1.0)


def test_a_lost_position_is_called_lost_and_the_reason_names_the_runner_up() -> None:
    state = position(1, (0, 5), (1, 1))
    result = search(OPEN, OPEN.view(state, 0), 0, OPEN.legal_actions(state), seed=3, playouts=50)
    assert all(choice.rate == 0 for choice in result.choices)
    state = position(3, (3, 3), (1, 1))
    result = search(OPEN, OPEN.view(state, 0), 0, OPEN.legal_actions(state), seed=3, playouts=300)
    line = result.reason(lambda a: OPEN.describe(state, a))
    assert line.startswith("wins 100% of ") and "; next best Player 1 " in line


def test_one_legal_action_is_taken_without_searching() -> None:
    result = search(OPEN, position(1, (0, 0), (1, 1)), 0, [Take(1)], seed=1, playouts=100)
    assert result.action == Take(1) and result.playouts == 0
    assert result.reason() == "the only action possible now"


def test_the_choice_does_not_change_when_only_other_seats_hidden_cards_change() -> None:
    """The bot decides from `view(state, seat)` alone: two states that differ only in the other seat's
    secret card give the same view, hence the same choice and the very same statistics."""
    one = position(5, (2, 2), (2, 1))
    other = position(5, (2, 2), (2, 3))
    assert SEARCHABLE.view(one, 0) == SEARCHABLE.view(other, 0)
    answers = []
    for state in (one, other):
        bot = SearchBot(SEARCHABLE, seed=7, playouts=200, seconds=None)
        bot.choose(SEARCHABLE.view(state, 0), SEARCHABLE.legal_actions(state), 0)
        answers.append(bot.last)
    assert answers[0] == answers[1]
    assert answers[0] is not None and answers[0].failed == 0


def test_the_determinization_never_sees_the_hidden_card_it_replaces() -> None:
    """Dealing the other seat's card from what seat 0 has not seen: over many draws both unseen values come
    up, whatever the true card is, and the seat's own card is never changed."""
    state = position(5, (2, 2), (3, 3))
    view = SEARCHABLE.view(state, 0)
    dealt = {SEARCHABLE.determinize(view, 0, Rng(k)).bonus for k in range(60)}
    assert {b[0] for b in dealt} == {3}
    assert {b[1] for b in dealt} == {1, 2, 3}


def test_search_needs_a_way_to_fill_in_hidden_facts() -> None:
    """Plain Pebbles hides cards and has no hook: no search level is offered for it."""
    assert not supports_search(RULES)
    assert supports_search(SEARCHABLE) and supports_search(OPEN)
    assert "search" not in bot_factories(RULES) and "search:50" not in bot_factories(RULES)
    with pytest.raises(ValueError, match="cannot be searched"):
        search(RULES, RULES.new_game(GameConfig(players=2), 1), 0, [Take(1), Roll()], seed=1, playouts=5)


def test_levels_are_listed_and_any_playout_count_parses() -> None:
    levels = bot_factories(SEARCHABLE)
    assert list(levels) == ["random", "search", "search:100", "search:1000"]
    assert "search:37" in levels and levels.get("search:37") is not None
    bot = levels["search:37"](SEARCHABLE, 1)
    assert (
        isinstance(bot, SearchBot) and bot.playouts == 37 and bot.seconds is None and bot.name == "search:37"
    )
    assert isinstance(levels["search"](SEARCHABLE, 1), SearchBot)
    for bad in ("search:", "search:0", "search:x", "search:-3", "searchy", "search:5:5"):
        assert bad not in levels and levels.get(bad) is None
        with pytest.raises(KeyError):
            levels[bad]
    assert parse_level("search:250") == 250 and parse_level("greedy") is None


def test_the_registry_offers_search_levels_for_shipped_games() -> None:
    for game_id in ("station", "codename"):
        levels = games.bots(game_id)
        assert list(levels)[:2] == ["greedy", "random"], "'bot' still means the game's quick bot"
        assert "search" in levels and "search:64" in levels


def test_a_search_bot_with_a_playout_budget_repeats_its_choices() -> None:
    state = position(7, (1, 2), (2, 1))
    view = SEARCHABLE.view(state, 0)
    legal = SEARCHABLE.legal_actions(state)
    first = [
        SearchBot(SEARCHABLE, seed=5, playouts=80, seconds=None).analyse(view, legal, 0) for _ in range(2)
    ]
    assert first[0] == first[1]
    assert msgspec.structs.asdict(first[0])["playouts"] == 80


def test_the_games_own_choice_is_kept_unless_another_is_clearly_better() -> None:
    """``prior_action`` (here: always take one) stands where the playouts see no difference, and gives way
    where another action clearly wins more often."""
    lost = position(1, (0, 5), (1, 1))
    result = search(HINTED, HINTED.view(lost, 0), 0, HINTED.legal_actions(lost), seed=2, playouts=60)
    assert result.action == Take(1)
    won = position(2, (3, 3), (1, 1))
    result = search(HINTED, HINTED.view(won, 0), 0, HINTED.legal_actions(won), seed=2, playouts=200)
    assert result.action == Take(2)
    assert result.reason().startswith("wins 100% of ")


class HalvingPebbles(OpenPebbles):
    """Open Pebbles searched by sequential halving (engine/halving.py)."""

    id: ClassVar[str] = "pebbles-halving-clock"
    search_method: ClassVar[str] = "halving"


BOTH_WAYS = pytest.mark.parametrize("rules", [OPEN, HalvingPebbles()], ids=["tree", "halving"])


@BOTH_WAYS
def test_the_plain_level_counts_its_time_limit_in_its_own_cpu_time(
    rules: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default level stops at 1.8 s of the thinking thread's CPU time (`THINKING_CLOCK`), not of the
    wall clock: a clock that never moves lets it run its full 400 playouts, one that has run out stops it."""
    from chimera_tui.engine import search as search_module

    state = position(7, (2, 2), (1, 1))
    view, legal = OPEN.view(state, 0), OPEN.legal_actions(state)
    monkeypatch.setattr(search_module, "THINKING_CLOCK", lambda: 0.0)
    full = SearchBot(rules, seed=3).analyse(view, legal, 0)  # type: ignore[arg-type]
    assert full.playouts >= search_module.DEFAULT_PLAYOUTS - len(legal)
    ticks = iter(range(1_000_000))
    monkeypatch.setattr(search_module, "THINKING_CLOCK", lambda: 10.0 * next(ticks))
    assert SearchBot(rules, seed=3).analyse(view, legal, 0).playouts < 10  # type: ignore[arg-type]


@BOTH_WAYS
def test_the_wall_clock_guard_stops_a_search_whose_cpu_time_is_left(rules: object) -> None:
    state = position(7, (2, 2), (1, 1))
    view, legal = OPEN.view(state, 0), OPEN.legal_actions(state)
    result = search(rules, view, 0, legal, seed=1, playouts=400, seconds=5.0, clock=lambda: 0.0, guard=0.0)  # type: ignore[arg-type]
    assert result.playouts <= len(legal)
    assert search(rules, view, 0, legal, seed=1, playouts=400, seconds=5.0, clock=lambda: 0.0).playouts >= 390  # type: ignore[arg-type]


def test_a_search_n_bot_has_no_time_limit_and_no_guard() -> None:
    bot = bot_factories(OPEN)["search:50"](OPEN, 1)
    assert isinstance(bot, SearchBot) and bot.seconds is None and bot.guard is None
    assert SearchBot(OPEN, 1).guard is not None
