"""Hostile player names: plain text everywhere (issue "Trust"). Each name is shown on every screen of Chimera
Station, Codename: Chimera and the generic game screen (hand-off, board, dialogs, results, the load
screen). Nothing may crash; where a name is shown, it is the cleaned name (`plain_text`) letter for letter,
so markup such as ``[bold]`` or ``[@click=app.quit]`` shows as the brackets it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui import games
from chimera_tui.engine.bots import bot_seed
from chimera_tui.engine.match import Match
from chimera_tui.launch import GameStart, LaunchPlan, make_seats, new_start
from chimera_tui.table.base import Seat
from chimera_tui.ui.app import ChimeraApp
from tests.ui.hostile_names import (
    EDGE_IDS,
    EDGE_NAMES,
    OTHER,
    SCREEN_IDS,
    SCREEN_NAMES,
    _pass_hand_off,
    check_screen,
    press,
    settle,
)

# -- every screen ----------------------------------------------------------------------------------------------


def _start(game_id: str, name: str, kinds: str = "human,human", seed: int = 3) -> GameStart:
    kind_list = kinds.split(",")
    seats = make_seats(game_id, len(kind_list), kind_list, [name, OTHER][: len(kind_list)])
    return new_start(game_id, len(kind_list), seats, seed, {})


def _finished(game_id: str, name: str, seed: int = 4) -> GameStart:
    """A whole bots' game of `game_id`, replayed with `name` in the first seat (so results show it)."""
    rules = games.get(game_id)
    seats = make_seats(game_id, 2, ["human", "human"], [name, OTHER])
    start = new_start(game_id, 2, seats, seed, {})
    match = start.match
    bots = {s: games.bots(game_id)["random"](rules, bot_seed(seed, s)) for s in range(2)}
    while not rules.is_over(match.state):
        seat = rules.to_act(match.state)
        legal = rules.legal_actions(match.state)
        match.submit(bots[seat].choose(rules.view(match.state, seat), legal, seat))
    replayed = Match.replay(rules, match.config, match.seed, match.notations)
    return GameStart(game_id=game_id, match=replayed, seats=tuple(Seat(s.name, s.bot) for s in seats))


@pytest.mark.parametrize("name", SCREEN_NAMES, ids=SCREEN_IDS)
async def test_station_screens(name: str, tmp_path: Path) -> None:
    from chimera_tui.ui.games.station.widgets import ChoiceDialog

    app = ChimeraApp(plan=LaunchPlan(start=_start("station", name)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await _pass_hand_off(app, pilot, name, certain=False)
        await settle(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        check_screen(app, name, must_show=True)  # the dialog names the player deciding
        await pilot.press("escape")
        await settle(pilot)
        check_screen(app, name, must_show=True)
        for key in ("c", "escape", "tab", "question_mark", "escape"):
            await press(app, pilot, key)
            check_screen(app, name, must_show=False)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        seen = ""
        for key in ("escape", "1", "2", "3", "4", "v", "v", "v", "c"):
            await press(app, pilot, key)
            seen += check_screen(app, name, must_show=False)
        assert app.is_running


@pytest.mark.parametrize("name", SCREEN_NAMES, ids=SCREEN_IDS)
async def test_station_results(name: str, tmp_path: Path) -> None:
    app = ChimeraApp(plan=LaunchPlan(start=_finished("station", name)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "ResultsScreen")
        assert type(app.screen).__name__ == "ResultsScreen"
        check_screen(app, name, must_show=True)
        await pilot.press("escape")
        await settle(pilot)
        check_screen(app, name, must_show=True)
        await pilot.resize_terminal(80, 24)
        for key in ("1", "2", "3", "4", "r"):
            await press(app, pilot, key)
            check_screen(app, name, must_show=False)


@pytest.mark.parametrize("name", SCREEN_NAMES, ids=SCREEN_IDS)
async def test_codename_screens(name: str, tmp_path: Path) -> None:
    app = ChimeraApp(plan=LaunchPlan(start=_start("codename", name)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await _pass_hand_off(app, pilot, name, certain=False)
        check_screen(app, name, must_show=True)
        for key in ("c", "escape", "enter", "escape", "question_mark", "escape"):
            await press(app, pilot, key)
            check_screen(app, name, must_show=False)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        for key in ("tab", "tab", "tab", "t", "m", "c", "escape"):
            await press(app, pilot, key)
            check_screen(app, name, must_show=False)
        assert app.is_running


@pytest.mark.parametrize("name", SCREEN_NAMES, ids=SCREEN_IDS)
async def test_codename_end(name: str, tmp_path: Path) -> None:
    app = ChimeraApp(plan=LaunchPlan(start=_finished("codename", name)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await settle(pilot)
        check_screen(app, name, must_show=True)
        for key in ("escape", "tab", "t", "m"):
            await press(app, pilot, key)
            check_screen(app, name, must_show=False)
        assert app.is_running


@pytest.mark.parametrize("name", EDGE_NAMES, ids=EDGE_IDS)
async def test_generic_screen_and_load_screen(name: str, tmp_path: Path, pebbles: None) -> None:
    app = ChimeraApp(plan=LaunchPlan(start=_start("pebbles", name, seed=7)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await _pass_hand_off(app, pilot, name, certain=True)
        check_screen(app, name, must_show=True)
        await pilot.press("enter")  # a move: the hand-off to the other player
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("u")  # refused (not this seat's move): a notification, plain
        await settle(pilot)
        check_screen(app, name, must_show=True)
        await pilot.press("escape", "l")
        await settle(pilot)
        assert type(app.screen).__name__ == "LoadGameScreen"
        check_screen(app, name, must_show=True)
        await pilot.press("ctrl+p")
        await settle(pilot)
        check_screen(app, name, must_show=False)
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running
