"""SVG snapshots of the replay (issue 15) at 80×24 and 120×40: the game's own screen, laid out as in the live
game, with the replay bar; a seat's view; the jump dialog; and the analysis chart. Games come from the golden transcripts (Chimera
Con's, which has none yet, from greedy bots with a fixed seed), so they never change by chance."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from chimera_tui import games
from chimera_tui.engine.bots import bot_seed
from chimera_tui.engine.match import Match, play_out
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.engine.win_chances import Estimate, points
from chimera_tui.table.base import Seat
from chimera_tui.table.replay import ReplayTable
from chimera_tui.ui.replay_app import ReplayApp
from chimera_tui.ui.screens.replay import ReplayControls
from chimera_tui.ui.screens.replay_analysis import AnalysisScreen
from tests.golden.transcript import replayed
from tests.ui.settle import settled, until

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def _app(name: str, tmp_path: Any, **kwargs: Any) -> ReplayApp:
    match, seats = replayed(name)
    return ReplayApp(ReplayTable(match.rules.id, match, seats, **kwargs), saves=tmp_path)


async def _shown(pilot: Pilot[Any]) -> None:
    """The replay on screen, drawn to the end (a log wraps again once its scrollbar shows: under load a
    fixed pause caught it half way)."""
    await until(pilot, lambda: isinstance(pilot.app.screen, ReplayControls))
    await settled(pilot, pilot.app.export_screenshot)


@pytest.mark.parametrize("size", SIZES)
def test_station_replay_seen_by_a_seat(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Station, step 18 of 79, through Player 1's eyes: the bar at the bottom, the log's last line marked."""
    app = _app("station-2p-seed11", tmp_path, step=18, viewpoint=0)
    assert snap_compare(app, run_before=_shown, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_codename_replay_in_private_building(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Codename's private building, just after Player 1 attached a part, seen by Player 2: its own hand and
    monster, nothing of what Player 1 attached."""
    match, _ = replayed("codename-2p-seed21")
    step = next(i for i, e in enumerate(match.log, 1) if e.action.startswith("attach") and e.seat == 0)
    assert match.rules.round_label(match.state_at(step)) == "Building"
    app = _app("codename-2p-seed21", tmp_path, step=step, viewpoint=1)

    async def shown_again(pilot: Pilot[Any]) -> None:
        # Codename's log is wrapped to its width when it is filled, and that width depends on whether its
        # scrollbar already shows, which under load it sometimes did not: one step back and on again wraps
        # the log with its scrollbar showing, every time.
        await _shown(pilot)
        await pilot.press("comma", "full_stop")
        await settled(pilot, pilot.app.export_screenshot)

    assert snap_compare(app, run_before=shown_again, terminal_size=size)


def _con_app(tmp_path: Any, step: int, viewpoint: int) -> ReplayApp:
    """A whole 3-player Chimera Con game of greedy bots (seed 5), watched at `step`."""
    rules = games.get("con")
    match = Match(rules, GameConfig(players=3), 5)
    greedy = games.bots("con")["greedy"]
    play_out(rules, match, {seat: greedy(rules, bot_seed(5, seat)) for seat in range(3)}, 5_000)
    assert rules.is_over(match.state)
    seats = tuple(Seat(match.config.name(seat), "greedy") for seat in range(3))
    return ReplayApp(ReplayTable("con", match, seats, step=step, viewpoint=viewpoint), saves=tmp_path)


@pytest.mark.parametrize("size", SIZES)
def test_con_replay_in_a_turn(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Chimera Con in the first round's turns, seen by Player 1: the chimeras, the table and the choices as
    the live Con screen lays them out (not the generic screen's), with the replay bar."""
    app = _con_app(tmp_path, 20, 0)
    assert snap_compare(app, run_before=_shown, terminal_size=size)


def test_jump_dialog(snap_compare, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """g asks for a step number over the game."""

    async def jump(pilot: Pilot[Any]) -> None:
        await _shown(pilot)
        await pilot.press("g")
        await pilot.pause(0.2)

    app = _app("codename-3p-seed22", tmp_path, step=40)
    assert snap_compare(app, run_before=jump, terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES)
def test_analysis_chart(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """e over Codename's replay at step 9: each seat's chance to win at the start of every round and at the
    end, as the search bot judged it (fixed figures here, so the picture never changes by chance)."""
    app = _app("codename-2p-seed21", tmp_path, step=9)

    async def shown(pilot: Pilot[Any]) -> None:
        await _shown(pilot)
        replay = app.replay
        steps = points([replay.round_label(i) for i in range(replay.total + 1)])
        chances = (0.5, 0.62, 0.41, 0.35, 0.7, 0.82, 0.9, 0.95)
        found = [Estimate(step, step % 2, chances[n % len(chances)]) for n, step in enumerate(steps[:-1])]
        found.append(
            Estimate(steps[-1], None, 1.0, winners=tuple(replay.full.rules.winner(replay.full.state)))
        )
        await app.push_screen(AnalysisScreen(replay, found))
        await until(pilot, lambda: isinstance(pilot.app.screen, AnalysisScreen))
        await settled(pilot, pilot.app.export_screenshot)

    assert snap_compare(app, run_before=shown, terminal_size=size)
