"""The app's hand-off between hot-seat players: it hides the board until the next player is ready, and every
way into a seat's view passes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui.launch import LaunchPlan, load_start
from chimera_tui.saves import list_saves
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.generic import GenericGameScreen
from chimera_tui.ui.screens.menu import MenuScreen
from tests.ui.launch_plans import _start

pytestmark = pytest.mark.usefixtures("pebbles")


async def test_hand_off_hides_the_board_until_the_next_player_is_ready(tmp_path: Path) -> None:
    app = ChimeraApp(plan=_start("human,human"), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HandOffScreen)
        assert "Player 1" in str(app.screen.query_one("#handoff-title").render())
        await pilot.press("enter")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        assert "Player 2" in str(app.screen.query_one("#handoff-title").render())
        await pilot.press("enter")
        assert isinstance(app.screen, GenericGameScreen)


# -- hand-off: every way into a seat's view passes it ------------------------------------------------------


async def test_loading_a_hot_seat_game_hands_off_first(tmp_path: Path) -> None:
    """`chimera load` of a two-person game opens on the hand-off, never on a seat's private view."""
    first = ChimeraApp(plan=_start("human,human"), saves=tmp_path)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # hand-off, then Player 1 takes
        await pilot.pause()
    [summary] = list_saves(tmp_path)
    app = ChimeraApp(plan=LaunchPlan(start=load_start(summary.path)), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        assert "Player 2" in str(app.screen.query_one("#handoff-title").render())


async def test_the_palette_leads_nowhere_from_the_hand_off(tmp_path: Path) -> None:
    """From the hand-off, the palette offers only Quit, and the menu/load/new/rules actions do nothing."""
    from chimera_tui.ui.commands import ChimeraCommands

    app = ChimeraApp(plan=_start("human,human"), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        hand_off = app.screen
        assert isinstance(hand_off, HandOffScreen)
        provider = ChimeraCommands(hand_off)
        assert [str(hit.display) async for hit in provider.discover()] == ["Quit"]
        assert [str(hit.match_display) async for hit in provider.search("menu")] == []
        for action in ("menu", "load_game", "new_game", "rules"):
            await app.run_action(action)
            await pilot.pause()
            assert app.screen is hand_off, action


async def test_reopening_from_the_menu_hands_off_again(tmp_path: Path) -> None:
    """Menu → Load → Enter on a hot-seat game passes the hand-off too."""
    app = ChimeraApp(plan=_start("human,human"), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # hand-off, then Player 1 takes: Player 2 is next
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)


async def test_no_hand_off_when_the_next_seat_sees_nothing_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With views and logs equal for every seat, nothing is private: no hand-off at all."""
    from tests.tinygame import RULES

    monkeypatch.setattr(RULES, "view", lambda state, seat: state)
    app = ChimeraApp(plan=_start("human,human"), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, GenericGameScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GenericGameScreen)
        assert app._table is not None and app._table.seat == 1
