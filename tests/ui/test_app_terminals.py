"""The app in any terminal: tiny and huge ones do not crash, below 80×24 a notice says so until it is resized,
and an unknown theme is named as typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.screens.menu import MenuScreen
from tests.ui.launch_plans import _start

pytestmark = pytest.mark.usefixtures("pebbles")


@pytest.mark.parametrize("size", [(40, 12), (20, 8), (200, 60)])
async def test_tiny_and_huge_terminals_do_not_crash(size: tuple[int, int], tmp_path: Path) -> None:
    app = ChimeraApp(plan=_start(), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter", "down", "enter")
        await pilot.resize_terminal(*size[::-1]) if size[0] < size[1] else None
        await pilot.press("escape", "n", "escape", "l", "escape", "r", "escape")
        await pilot.pause()
        assert app.is_running


@pytest.mark.parametrize("size", [(60, 20), (79, 24), (80, 23), (20, 8)])
async def test_a_terminal_below_80x24_says_so_until_resized(size: tuple[int, int], tmp_path: Path) -> None:
    from chimera_tui.ui.dialogs.too_small import TooSmallNotice

    app = ChimeraApp(plan=_start(), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        [notice] = app.screen.query(TooSmallNotice)
        text = str(notice.render())
        assert f"This window is {size[0]}×{size[1]}" in text and "at least 80×24" in text
        assert notice.region.offset == (0, 0) and notice.region.width == size[0]  # covers the screen
        table = app._table
        assert table is not None
        moves, under = len(table.match), app.screen
        await pilot.press("question_mark", "enter", "u", "escape")  # typed blind: nothing happens
        await pilot.pause()
        assert app.screen is under and len(table.match) == moves
        from chimera_tui.ui.dialogs.rules import RulesScreen

        app.push_screen(RulesScreen(table.game_id))  # a new screen gets the notice too
        await pilot.pause()
        [notice] = app.screen.query(TooSmallNotice)
        assert notice.region.offset == (0, 0) and notice.region.width == size[0]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not any(s.query(TooSmallNotice) for s in app.screen_stack)
        await pilot.press("escape")
        await pilot.pause()
        assert not app.screen.query(TooSmallNotice)


async def test_no_notice_at_80x24(tmp_path: Path) -> None:
    from chimera_tui.ui.dialogs.too_small import TooSmallNotice

    app = ChimeraApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query(TooSmallNotice)


@pytest.mark.parametrize("theme", ["neon", "[/]", "[b]x[/i]"])
async def test_an_unknown_theme_is_named_as_typed(theme: str, tmp_path: Path) -> None:
    """`chimera --theme NAME` with no such theme opens the menu and says so, the name as typed (one that looks
    like markup ended the app with a MarkupError)."""
    app = ChimeraApp(saves=tmp_path, theme=theme)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        assert app.is_running and isinstance(app.screen, MenuScreen)
        assert [n.message for n in app._notifications] == [f"There is no theme called {theme!r}."]
