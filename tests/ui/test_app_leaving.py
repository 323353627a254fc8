"""Leaving a game in the app: back to the menu, Ctrl+Q over dialogs, and leaving with unsaved moves (asked
first, saved elsewhere, left unsaved by choice, a save that fails midway)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.saves import list_saves, load
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.generic import GenericGameScreen
from chimera_tui.ui.screens.menu import MenuScreen
from tests.ui.launch_plans import _start

pytestmark = pytest.mark.usefixtures("pebbles")


async def test_leaving_a_game_returns_to_the_menu(tmp_path: Path) -> None:
    app = ChimeraApp(plan=_start(), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, GenericGameScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


# -- Ctrl+Q over dialogs -----------------------------------------------------------------------------------


async def test_ctrl_q_quits_over_a_modal_dialog(tmp_path: Path) -> None:
    from chimera_tui.ui.dialogs.confirm import ConfirmDialog

    app = ChimeraApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ConfirmDialog("Really?"))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


async def test_ctrl_q_quits_over_stations_opening_choice_dialog(tmp_path: Path) -> None:
    from chimera_tui.ui.games.station.widgets import ChoiceDialog

    start = new_start("station", 2, make_seats("station", 2, ["human", "bot"], []), 3, {})
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):  # bounds a hang only: the dialog opens after the first refresh
            if isinstance(app.screen, ChoiceDialog):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


# -- leaving with unsaved moves ----------------------------------------------------------------------------


def _unsaved_app(tmp_path: Path) -> ChimeraApp:
    """A game whose saves folder is a file (`--saves FILE`): every move says "Not saved"."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    return ChimeraApp(plan=_start(), saves=blocker, bot_delay=0.0)


async def _take_a_move(pilot: object, app: ChimeraApp) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await pilot.press("enter")
    await pilot.pause(0.1)
    assert app._unsaved is not None


@pytest.mark.parametrize("how", ["escape", "ctrl+q", "palette quit", "palette menu", "textual quit"])
async def test_leaving_with_unsaved_moves_asks_first(how: str, tmp_path: Path) -> None:
    from chimera_tui.ui.dialogs.unsaved import UnsavedDialog

    app = _unsaved_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _take_a_move(pilot, app)
        game = app.screen
        if how.startswith("palette"):
            await app.run_action(how.split()[1])
        elif how == "textual quit":  # the palette's own (system) Quit command
            [quit_] = [c for c in app.get_system_commands(app.screen) if c.title == "Quit"]
            await quit_.callback()
        else:
            await pilot.press(how)
        await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, UnsavedDialog)
        await pilot.press("escape")  # stay
        await pilot.pause()
        assert app.screen is game


async def test_unsaved_game_can_be_saved_in_another_folder(tmp_path: Path) -> None:
    from textual.widgets import Input

    from chimera_tui.ui.dialogs.unsaved import UnsavedDialog

    app = _unsaved_app(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    async with app.run_test(size=(80, 24)) as pilot:
        await _take_a_move(pilot, app)
        played = app._table.match.notations if app._table else ()
        await pilot.press("escape")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, UnsavedDialog)
        # A folder that cannot be made is refused in words, and the dialog stays.
        dialog.query_one(Input).value = str(tmp_path / "a-file" / "sub")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog
        assert "a-file" in str(dialog.query_one("#unsaved-error").render())
        dialog.query_one(Input).value = str(elsewhere)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    [summary] = list_saves(elsewhere)
    assert load(summary.path).match.notations == played


async def test_leaving_without_saving_is_a_choice(tmp_path: Path) -> None:
    app = _unsaved_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _take_a_move(pilot, app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.click("#unsaved-discard")
        await pilot.pause()
        assert not app.is_running


async def test_a_save_that_fails_midway_asks_before_leaving(tmp_path: Path) -> None:
    """The folder vanishes (a real OSError at the next autosave): leaving asks; a good save clears it."""
    import shutil

    from chimera_tui.ui.dialogs.unsaved import UnsavedDialog

    saves = tmp_path / "saves"
    app = ChimeraApp(plan=_start(), saves=saves, bot_delay=0.0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert app._unsaved is None
        shutil.rmtree(saves)
        saves.write_text("now a file")
        await _take_a_move(pilot, app)
        assert any(n.title == "Not saved" for n in app._notifications)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedDialog)
        await pilot.press("escape")
        saves.unlink()
        saves.mkdir()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app._unsaved is None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
