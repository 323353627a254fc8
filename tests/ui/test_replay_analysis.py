"""The replay's analysis (issue 15, optional): the search bot's estimate of each seat's chance at the start of
every round, as a chart opened with e."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from chimera_tui.engine.win_chances import Estimate, analysable, chart_values, estimate, points
from chimera_tui.table.base import Seat
from chimera_tui.table.replay import ReplayTable
from chimera_tui.ui.replay_app import ReplayApp
from chimera_tui.ui.screens.replay import ReplayControls
from chimera_tui.ui.screens.replay_analysis import AnalysisScreen
from tests.golden.transcript import replayed
from tests.saves.cases import played
from tests.ui.settle import until


def test_points_are_round_starts_and_the_end_spread_over_the_game() -> None:
    labels = ["a", "a", "b", "b", "b", "c", "c"]
    assert points(labels) == (0, 2, 5, 6)
    many = [str(i // 2) for i in range(41)]  # 21 rounds
    chosen = points(many, limit=5)
    assert len(chosen) == 5 and chosen[0] == 0 and chosen[-1] == 40
    assert list(chosen) == sorted(chosen)


def test_chart_values_two_players_share_the_rest_more_keep_their_latest() -> None:
    two = [Estimate(0, 1, 0.25), Estimate(5, 0, 0.6), Estimate(9, None, 0.0, (1,))]
    assert chart_values(two, 2) == [[75, 25], [60, 40], [0, 100]]
    three = [Estimate(0, 0, 0.5), Estimate(3, 2, 0.1), Estimate(7, None, 0.0, (0, 2))]
    assert chart_values(three, 3) == [[50, 33, 33], [50, 33, 10], [50, 0, 50]]


def test_estimate_is_the_search_of_the_seat_to_act_and_repeats_for_a_seed() -> None:
    match, _ = replayed("codename-2p-seed21")
    first = estimate(match, 10, seed=3, playouts=20)
    assert first.step == 10 and first.seat is not None
    assert 0.0 <= first.chance <= 1.0
    assert estimate(match, 10, seed=3, playouts=20) == first
    end = estimate(match, len(match), seed=3, playouts=20)
    assert end.seat is None and end.winners == tuple(match.rules.winner(match.state))


async def test_e_opens_the_chart_which_fills_in_and_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("chimera_tui.ui.screens.replay_analysis.PLAYOUTS", 4)
    match, seats = replayed("codename-2p-seed21")
    app = ReplayApp(ReplayTable("codename", match, seats, step=9), saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        replay_screen = app.screen
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        chart = app.screen
        assert isinstance(chart, AnalysisScreen)
        await until(pilot, lambda: chart.complete, tries=600)
        text = str(chart.query_one("#analysis-chart", Static).render())
        assert "Player 1" in text and "Player 2" in text and "Each seat's chance to win" in text
        assert "You are at step 9." in str(chart.query_one("#analysis-note", Static).render())
        found = list(chart.found)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is replay_screen)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        assert app.screen.complete and app.screen.found == found  # not judged again


async def test_no_chart_for_a_game_the_search_bot_cannot_play(tmp_path: Path, pebbles: None) -> None:
    match = played()
    replay = ReplayTable("pebbles", match, (Seat("Ada"), Seat("Brook")))
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ReplayControls)
    assert not analysable(match)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("codename-2p-seed21", "the other seat has the rest"),
        ("codename-3p-seed22", "each figure is that seat's own chance"),
    ],
)
async def test_the_chart_is_labelled_by_step_and_says_whose_chance_each_figure_is(
    tmp_path: Path, name: str, words: str
) -> None:
    """The columns are steps of the log, and the axis says so; with three or more players the note says
    plainly that each figure is that seat's own chance (a column need not add up to 100)."""
    match, seats = replayed(name)
    replay = ReplayTable("codename", match, seats, step=5)
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        steps = points([replay.round_label(i) for i in range(replay.total + 1)])
        found = [
            Estimate(step, step % len(seats), 0.5) for step in steps
        ]  # judged already: nothing to compute
        await app.push_screen(AnalysisScreen(replay, found))
        await pilot.pause()
        chart = str(app.screen.query_one("#analysis-chart", Static).render())
        axis = next(line for line in chart.splitlines() if "└" in line)
        assert axis.startswith("step ") and "round" not in axis
        assert all(str(step) in axis for step in steps)
        note = str(app.screen.query_one("#analysis-note", Static).render()).lower()
        assert words in note
        assert ("add up to 100" in note) == (len(seats) > 2)
