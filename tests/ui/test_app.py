"""The app end to end by keys: new game, play to the end, autosave, load, undo, hand-off, tiny terminals."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from chimera_tui import games
from chimera_tui.launch import LaunchPlan, load_start, make_seats, new_start
from chimera_tui.saves import list_saves, load
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.generic import GenericGameScreen
from chimera_tui.ui.screens.load_game import LoadGameScreen
from chimera_tui.ui.screens.menu import MenuScreen
from chimera_tui.ui.screens.new_game import NewGameScreen

pytestmark = pytest.mark.usefixtures("pebbles")


def _start(seats: str = "human,bot", seed: int = 7) -> LaunchPlan:
    kinds = seats.split(",")
    return LaunchPlan(
        start=new_start("pebbles", len(kinds), make_seats("pebbles", len(kinds), kinds, []), seed, {})
    )


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


@pytest.mark.parametrize("size", [(40, 12), (20, 8), (200, 60)])
async def test_tiny_and_huge_terminals_do_not_crash(size: tuple[int, int], tmp_path: Path) -> None:
    app = ChimeraApp(plan=_start(), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter", "down", "enter")
        await pilot.resize_terminal(*size[::-1]) if size[0] < size[1] else None
        await pilot.press("escape", "n", "escape", "l", "escape", "r", "escape")
        await pilot.pause()
        assert app.is_running


async def test_leaving_a_game_returns_to_the_menu(tmp_path: Path) -> None:
    app = ChimeraApp(plan=_start(), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, GenericGameScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


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


# -- the command palette's Screenshot, tiny terminals --------------------------------------------------------


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
