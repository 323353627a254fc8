"""`chimera bench` takes `-o KEY=VALUE` as `chimera new` does, and counts games that stopped at a round limit."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import pytest
from msgspec.structs import replace

from chimera_tui import games
from chimera_tui.commands import cli
from chimera_tui.commands.bench import run_bench
from chimera_tui.engine import GameConfig
from chimera_tui.engine.ruleset import ended_at_limit
from tests.tinygame import Pebbles, State


class LimitedPebbles(Pebbles):
    """Pebbles whose games count as stopped at a limit whenever seat 0 took the last pebble."""

    id: ClassVar[str] = "pebbles-limited"

    def ended_at_limit(self, state: State) -> bool:
        return self.is_over(state) and 0 in self.winner(state)


@pytest.fixture
def pebbles() -> Iterator[None]:
    games.register(Pebbles())
    games.register(LimitedPebbles())
    yield
    games.unregister(Pebbles.id)
    games.unregister(LimitedPebbles.id)


def _last(capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    out, err = capsys.readouterr()
    return out.strip().splitlines()[-1] if out.strip() else "", err.strip()


def test_an_option_reaches_every_game(pebbles: None) -> None:
    short = run_bench("pebbles", 2, 30, 1, "random")
    long = run_bench("pebbles", 2, 30, 1, "random", options={"heap": "12"})
    assert long.decisions > short.decisions and short.errors == long.errors == 0


def test_the_command_line_takes_o_as_chimera_new_does(
    pebbles: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["bench", "pebbles", "--games", "30", "-o", "heap=12"]) == 0
    with_option, _ = _last(capsys)
    assert cli.main(["bench", "pebbles", "--games", "30"]) == 0
    without, _ = _last(capsys)
    per_game = [float(line.split(" decisions/game")[0].rsplit(" ", 1)[1]) for line in (with_option, without)]
    assert per_game[0] > per_game[1]


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("heap=10", "Option heap must be one of 9, 12, not '10'."),
        ("size=3", "Pebbles (test game) has no option 'size'; its options are: heap."),
        ("heap", "--option needs KEY=VALUE, not 'heap'."),
    ],
)
def test_a_bad_option_is_one_sentence_and_exit_2(
    pebbles: None, capsys: pytest.CaptureFixture[str], option: str, message: str
) -> None:
    assert cli.main(["bench", "pebbles", "--games", "3", "-o", option]) == 2
    assert _last(capsys) == ("", message)


def test_options_that_do_not_fit_the_player_count_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "imaginarium", "--players", "3", "--games", "1", "-o", "teams=on"]) == 2
    assert _last(capsys) == ("", "Team play needs the Chimera expansion and exactly 4 or 6 players.")


def test_the_last_line_counts_the_games_at_the_round_limit(pebbles: None) -> None:
    plain = run_bench("pebbles", 2, 40, 1, "random", seats=("random", "random"))
    limited = run_bench("pebbles-limited", 2, 40, 1, "random")
    assert plain.at_limit == 0 and plain.line().endswith(", 0 at the round limit, wins: random 40")
    # The same seeds, so the same games: seat 0 won some and lost some of them.
    rules = games.get("pebbles-limited")
    expected = 0
    for k in range(40):
        bench = run_bench("pebbles-limited", 2, 1, 1 + k, "random")
        expected += bench.at_limit
        assert bench.at_limit in (0, 1)
    assert 0 < limited.at_limit == expected < 40
    assert limited.line().endswith(f", {expected} at the round limit")
    assert not ended_at_limit(games.get("pebbles"), rules.new_game(GameConfig(players=2), 1))


def test_imaginarium_stops_at_the_round_limit_only_short_of_the_target_and_of_end() -> None:
    from chimera_tui.games.imaginarium import RULES
    from chimera_tui.games.imaginarium.content import content
    from chimera_tui.games.imaginarium.state import CAUSES

    eco = content().economy
    start = RULES.new_game(GameConfig(players=2), 1)
    assert not RULES.ended_at_limit(start)
    over = replace(start, phase="over", round=eco.round_limit)
    assert RULES.ended_at_limit(over)
    vp = [0] * len(CAUSES)
    vp[CAUSES.index("project")] = eco.vp_target
    reached = replace(over, teams=(replace(over.teams[0], vp=tuple(vp)), *over.teams[1:]))
    assert not RULES.ended_at_limit(reached)
    vp = [0] * len(CAUSES)
    vp[CAUSES.index("project")] = eco.vp_target - 2
    vp[CAUSES.index("bonus")] = 2  # the end bonuses come after the end: they do not end a game
    bonus_only = replace(over, teams=(replace(over.teams[0], vp=tuple(vp)), *over.teams[1:]))
    assert RULES.ended_at_limit(bonus_only)
    dreamt = replace(over, teams=(replace(over.teams[0], token=content().dream.end), *over.teams[1:]))
    assert not RULES.ended_at_limit(dreamt)


def test_codename_stops_at_the_round_limit_only_with_two_monsters_standing() -> None:
    from chimera_tui.games.codename import RULES
    from chimera_tui.games.codename.arena import ROUND_LIMIT
    from chimera_tui.games.codename.state import Phase

    start = RULES.new_game(GameConfig(players=2), 1)
    assert not RULES.ended_at_limit(start)
    over = replace(start, phase=Phase.OVER, arena_round=ROUND_LIMIT)
    assert RULES.ended_at_limit(over)
    fallen = replace(over, players=(over.players[0], replace(over.players[1], alive=False)))
    assert not RULES.ended_at_limit(fallen)
    assert not RULES.ended_at_limit(replace(over, arena_round=ROUND_LIMIT - 3))
