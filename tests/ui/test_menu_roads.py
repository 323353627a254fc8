"""Two roads the issue 24 review found open from the menu and the palette: a live hot-seat game watched from
the menu shows no seat's view, and the palette lists Quit once (over the hand-off, nothing else)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.screens.menu import MenuScreen
from tests.ui.launch_plans import _start
from tests.ui.settle import until

pytestmark = pytest.mark.usefixtures("pebbles")  # the tiny test game (tests/conftest.py)


async def test_watching_a_live_hot_seat_game_from_the_menu_shows_no_seats_view(tmp_path: Path) -> None:
    """Menu → Load → w on a hot-seat game still going → v: the replay stays on what everyone sees, and says
    why (each seat's view is for finished games, or `chimera replay FILE --reveal`)."""
    from chimera_tui.ui.screens.replay import ReplayControls

    app = ChimeraApp(plan=_start("human,human"), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # hand-off, then Player 1 takes: Player 2 is next
        await pilot.pause()
        await pilot.press("enter", "escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("l")
        await pilot.pause(0.3)
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        replay = app.screen.replay  # type: ignore[attr-defined]
        for _ in range(3):
            await pilot.press("v")
            await pilot.pause()
            assert replay.viewpoint is None
        assert any("not finished" in str(n.message) for n in app._notifications)


async def test_the_palette_lists_quit_once(tmp_path: Path) -> None:
    """Textual's own Quit is left out: ours is the one (it asks first when a game could not be saved); over
    the hand-off it is the only command at all (issue 24: it was listed twice there)."""
    from textual.command import CommandPalette

    app = ChimeraApp(plan=_start("human,human"), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HandOffScreen)
        for screen in (app.screen, None):
            if screen is None:
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("ctrl+p")
            await until(pilot, lambda: isinstance(app.screen, CommandPalette))
            await pilot.pause(0.3)
            names = [str(o.prompt).split("\n")[0] for o in app.screen.query_one("CommandList").options]
            assert names.count("Quit") == 1, names
            if screen is not None:
                assert names == ["Quit"]
            await pilot.press("escape")
            await pilot.pause()
