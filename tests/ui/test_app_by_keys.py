"""The app end to end by keys: the menu's screens, a new game played to the end and autosaved, load, undo,
Ctrl+S, the rules, the command palette and its Screenshot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from chimera_tui import games
from chimera_tui.launch import load_start
from chimera_tui.saves import list_saves, load
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.generic import GenericGameScreen
from chimera_tui.ui.screens.load_game import LoadGameScreen
from chimera_tui.ui.screens.menu import MenuScreen
from chimera_tui.ui.screens.new_game import NewGameScreen
from tests.ui.launch_plans import _start

pytestmark = pytest.mark.usefixtures("pebbles")


async def test_menu_keys_open_each_screen(tmp_path: Path) -> None:
    app = ChimeraApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape", "l")
        assert isinstance(app.screen, LoadGameScreen)
        await pilot.press("escape", "t")
        assert app.screen.__class__.__name__ == "LearnScreen"
        await pilot.press("escape", "down", "down", "down", "enter")
        assert app.screen.__class__.__name__ == "RulesScreen"


async def test_learn_and_rules_list_the_games_in_one_order(tmp_path: Path) -> None:
    """Issue 32: Learn listed Station, Imaginarium, Codename, Con and Rules Station, Codename, Imaginarium,
    Con. Both follow the registry's order (the New game list's too)."""
    app = ChimeraApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        learn = [o.id for o in app.screen.query_one("#learn-games", OptionList).options]
        await pilot.press("escape", "down", "down", "down", "enter")
        await pilot.pause()
        rules = [o.id for o in app.screen.query_one("#rules-games", OptionList).options]
    assert rules == list(games.game_ids())
    assert learn == [g for g in rules if g in learn] and len(learn) == 4


async def test_new_game_by_keys_plays_to_the_end_and_autosaves(tmp_path: Path) -> None:
    app = ChimeraApp(saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        # The game list: the shipped games, then Pebbles (registered by this test).
        position = games.game_ids().index("pebbles")
        await pilot.press("enter", *["down"] * position, "enter")
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, GenericGameScreen)
        for _ in range(30):
            table = app._table
            assert table is not None
            if table.rules.is_over(table.match.state):
                break
            await pilot.press("enter")
            await pilot.pause(0.05)
        assert table.rules.is_over(table.match.state)
        [summary] = list_saves(tmp_path)
        assert summary.error is None and summary.round == "0 pebbles left"
        saved = load(summary.path)
        assert saved.match.notations == table.match.notations
        assert saved.seats[1].bot == "random"


async def test_load_screen_resumes_with_bots_in_their_seats(tmp_path: Path) -> None:
    first = ChimeraApp(plan=_start(), saves=tmp_path, bot_delay=0.0)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause(0.2)
        played = first._table.match.notations if first._table else ()
    assert len(played) >= 2
    app = ChimeraApp(saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GenericGameScreen)
        assert app._table is not None and app._table.match.notations == played
        assert app._table.seats[1].is_bot


async def test_undo_takes_back_a_reversible_move_and_refuses_otherwise(tmp_path: Path) -> None:
    app = ChimeraApp(plan=_start("human,human"), saves=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert isinstance(app.screen, HandOffScreen)  # two people: Player 1 first
        await pilot.press("enter")
        await pilot.press("enter")  # take 1: reversible
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")
        table = app._table
        assert table is not None and len(table.match) == 1
        # Seat 2 is to act now: seat 1's move is not theirs to undo, and the screen says so in words.
        await pilot.press("u")
        await pilot.pause()
        assert len(table.match) == 1
        refusal = table.undo_refusal()
        assert refusal
        assert [n.message for n in app._notifications if n.title == "Cannot undo"] == [refusal]
        await pilot.press("down", "down", "enter")  # roll: a random outcome
        await pilot.pause()
        await pilot.press("enter")  # hand-off back to seat 1
        await pilot.press("u")
        assert len(table.match) == 2
        assert list_saves(tmp_path)[0].error is None


async def test_ctrl_s_saves_and_says_where(tmp_path: Path) -> None:
    app = ChimeraApp(plan=_start(), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert any("Saved to" in n.message for n in app._notifications)
        assert load_start(list_saves(tmp_path)[0].path).game_id == "pebbles"


async def test_unwritable_saves_folder_is_a_message_not_a_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    app = ChimeraApp(plan=_start(), saves=blocker / "saves", bot_delay=0.0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert isinstance(app.screen, GenericGameScreen)
        assert any(n.severity == "error" for n in app._notifications)


async def test_question_mark_opens_the_games_rules(tmp_path: Path) -> None:
    app = ChimeraApp(plan=_start(), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "RulesScreen"
        await pilot.press("escape")
        assert isinstance(app.screen, GenericGameScreen)
        assert isinstance(app.screen.query_one(OptionList), OptionList)


async def test_command_palette_offers_the_menu_commands(tmp_path: Path) -> None:
    from chimera_tui.ui.commands import ChimeraCommands

    app = ChimeraApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        provider = ChimeraCommands(app.screen)
        names = [str(hit.display) async for hit in provider.discover()]
        assert names[:5] == ["New game", "Load game", "Rules", "Main menu", "Quit"]
        assert "Rules: Pebbles (test game)" in names
        hits = [hit async for hit in provider.search("load")]
        assert hits and "Load" in str(hits[0].match_display)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "CommandPalette"


# -- the command palette's Screenshot ----------------------------------------------------------------------


async def test_palette_screenshot_writes_an_svg(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    app = ChimeraApp(saves=tmp_path, screenshots=shots)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        [command] = [c for c in app.get_system_commands(app.screen) if c.title == "Screenshot"]
        command.callback()
        await pilot.pause(0.3)
        [svg] = list(shots.glob("*.svg"))
        assert svg.read_text().lstrip().startswith("<svg")
        assert any(str(svg) in n.message for n in app._notifications)
        assert not any(n.severity == "error" for n in app._notifications)


async def test_palette_screenshot_into_a_missing_folder_says_so(tmp_path: Path) -> None:
    app = ChimeraApp(saves=tmp_path, screenshots=tmp_path / "missing")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.deliver_screenshot()
        await pilot.pause()
        assert [n.title for n in app._notifications if n.severity == "error"] == ["Screenshot"]
