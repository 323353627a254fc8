"""SVG snapshots of the replay (issue 15) at 80×24 and 120×40: the game's own screen with the replay bar, a
seat's view, and the jump dialog. Games come from the golden transcripts, so they never change by chance."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from chimera_tui.table.replay import ReplayTable
from chimera_tui.ui.screens.replay import ReplayControls
from chimera_tui.ui.screens.replay_app import ReplayApp
from tests.golden.transcript import replayed
from tests.ui.settle import until

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def _app(name: str, tmp_path: Any, **kwargs: Any) -> ReplayApp:
    match, seats = replayed(name)
    return ReplayApp(ReplayTable(match.rules.id, match, seats, **kwargs), saves=tmp_path)


async def _shown(pilot: Pilot[Any]) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, ReplayControls))
    await pilot.pause(0.2)


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
    assert snap_compare(app, run_before=_shown, terminal_size=size)


def test_jump_dialog(snap_compare, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """g asks for a step number over the game."""

    async def jump(pilot: Pilot[Any]) -> None:
        await _shown(pilot)
        await pilot.press("g")
        await pilot.pause(0.2)

    app = _app("codename-3p-seed22", tmp_path, step=40)
    assert snap_compare(app, run_before=jump, terminal_size=(80, 24))
