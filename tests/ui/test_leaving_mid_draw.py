"""Going back to the menu while the game screen still has drawing to do must not crash the app.

A resize drawn under a dialog schedules work on the game screen for after the next refresh (Station rewraps
its log to the new width); a player who leaves for the menu just then (Escape, or keys queued over SSH)
removes the screen's widgets before that work runs. It used to look for the log that was gone and end the
app with a traceback. `GameScreen.call_after_refresh` now drops what falls due after the screen has left.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.games.station.screen import StationScreen
from chimera_tui.ui.screens.menu import MenuScreen
from chimera_tui.ui.widgets.footer import KeysFooter
from tests.ui.settle import until


def _app(game: str, tmp_path: Path) -> ChimeraApp:
    options = {"side": "A"} if game == "station" else {}
    start = new_start(game, 2, make_seats(game, 2, ["human", "bot"], []), 3, options)
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=30.0)


def _game(app: ChimeraApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def test_station_left_while_a_resize_is_being_drawn(tmp_path: Path) -> None:
    app = _app("station", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: any(isinstance(s, StationScreen) for s in app.screen_stack))
        await pilot.pause(0.2)
        screen = _game(app)
        assert isinstance(screen, StationScreen)
        screen._apply_size(100, 30)  # what a resize does: the log's rewrap waits for the next refresh
        app.action_menu()  # and the player is off to the menu before it
        await until(pilot, lambda: not any(isinstance(s, GameScreen) for s in app.screen_stack))
        await pilot.pause(0.2)
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("game", ["station", "codename", "imaginarium", "con"])
async def test_work_due_after_the_screen_left_is_dropped(game: str, tmp_path: Path) -> None:
    app = _app(game, tmp_path)
    ran: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        await pilot.pause(0.2)
        screen = _game(app)
        screen.call_after_refresh(lambda: ran.append("while shown"))  # runs as Textual's would
        await until(pilot, lambda: ran == ["while shown"])
        screen.call_after_refresh(lambda: ran.append(screen.query_one(KeysFooter).id or "after leaving"))
        app.action_menu()
        await until(pilot, lambda: not any(isinstance(s, GameScreen) for s in app.screen_stack))
        await pilot.pause(0.2)
        assert isinstance(app.screen, MenuScreen)
    assert ran == ["while shown"]
