"""Chimera Con's screen keeps the generic screen's menu of legal actions (it is a `GenericGameScreen`): a new
3-player game starts there, and one move made with the keyboard is applied."""

from __future__ import annotations

from pathlib import Path

from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.generic import GenericGameScreen


async def test_new_three_player_game_starts_and_takes_a_move(tmp_path: Path) -> None:
    seats = make_seats("con", 3, ["human", "human", "human"], [])
    app = ChimeraApp(plan=LaunchPlan(start=new_start("con", 3, seats, 5, {})), saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, GenericGameScreen)
        table = app._table
        assert table is not None and len(table.match.notations) == 0
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.match.notations) == 1
        assert table.match.notations[0].split()[0] == "build"
