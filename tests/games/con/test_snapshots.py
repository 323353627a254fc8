"""SVG snapshots of Chimera Con's screen at 80×24 and 160×50 in each phase: building in private, a turn
with the turn-start cheat window open, and the Market Phase. A 3-seat hot-seat game with a fixed seed, driven
by Enter (the highlighted choice; hand-off screens are passed), so the positions never change by chance."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from chimera_tui.games.con import State
from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.con.screen import ConScreen
from tests.ui.settle import until

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 50), id="160x50")]


def _app(tmp_path: Path) -> ChimeraApp:
    seats = make_seats("con", 3, ["human", "human", "human"], [])
    return ChimeraApp(plan=LaunchPlan(start=new_start("con", 3, seats, 5, {})), saves=tmp_path)


def _driver(reached: Callable[[State], bool]) -> Callable[[Pilot[Any]], Any]:
    async def drive(pilot: Pilot[Any]) -> None:
        app = pilot.app
        for _ in range(2000):
            table = app._table  # type: ignore[attr-defined]
            if isinstance(app.screen, ConScreen) and table is not None and reached(table.match.state):
                break
            await pilot.press("enter")
            await pilot.pause()
        await until(pilot, lambda: isinstance(app.screen, ConScreen))
        await pilot.pause(0.3)

    return drive


def _building(s: State) -> bool:
    return s.phase == "build" and s.built.count(True) == 1


def _cheat_window(s: State) -> bool:
    return s.phase == "turn" and bool(s.asks) and s.asks[-1].kind == "cheat"


def _market(s: State) -> bool:
    return s.phase == "market"


@pytest.mark.parametrize("size", SIZES)
def test_building(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Player 2 builds: Player 1's chimera is laid face down, Player 2 sees only their own hand."""
    assert snap_compare(_app(tmp_path), run_before=_driver(_building), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_turn_with_a_cheat_window(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The first turn's cheat window: who may cheat now, their hand and cheats, every chimera."""
    assert snap_compare(_app(tmp_path), run_before=_driver(_cheat_window), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_market_phase(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The Market Phase: the pile face up, the highest Magic choosing first."""
    assert snap_compare(_app(tmp_path), run_before=_driver(_market), terminal_size=size)
