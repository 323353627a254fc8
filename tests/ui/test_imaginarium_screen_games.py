"""Pilot tests of the Imaginarium screen (issue 12): whole games by keys (3 players, and 4 in teams), a move
by keys from a new game, the results, and the sample saves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from chimera_tui.launch import LaunchPlan, load_start, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.imaginarium.screen import ImaginariumScreen
from chimera_tui.ui.games.imaginarium.widgets import ChoiceDialog, ResultsScreen
from tests.ui.imaginarium_apps import SAMPLES, _app, _next_key, _sample, _screen
from tests.ui.settle import settled, until


def _new(tmp_path: Path, kinds: list[str], seed: int, options: dict[str, str] | None = None) -> ChimeraApp:
    n = len(kinds)
    start = new_start("imaginarium", n, make_seats("imaginarium", n, kinds, []), seed, options or {})
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


async def _play_by_keys(app: ChimeraApp, pilot: Any, limit: int = 6000) -> int:
    """Play the people's seats by keys until the end: Enter in a dialog or on a hand-off, else `_next_key`.
    Returns the presses."""
    screen = _screen(app)
    table = screen.table
    presses = 0
    for _ in range(limit):
        if table.rules.is_over(table.match.state):
            break
        actor = table.to_act()
        if isinstance(app.screen, (ChoiceDialog, HandOffScreen)):
            await pilot.press("enter")
        elif app.screen is screen and actor is not None and not table.seats[actor].is_bot and screen.deciding:
            await pilot.press(_next_key(screen))
        else:
            await pilot.pause(0.01)
            continue
        presses += 1
    return presses


async def test_a_new_game_opens_on_its_own_screen_and_takes_a_move_by_keys(tmp_path: Path) -> None:
    """Three people: the hand-off first, then Enter on the lit belt place and Enter in its menu reserves it."""
    app = _new(tmp_path, ["human", "human", "human"], 5)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ImaginariumScreen))
        screen = _screen(app)
        table = screen.table
        assert len(table.match) == 0 and screen.focused is screen.query_one("#belt")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.previews[0]
        await pilot.press("enter")
        await until(pilot, lambda: len(table.match) == 1)
        assert table.match.notations[0].split()[0] in ("place", "x1", "x2")


async def test_whole_three_player_game_by_keys(tmp_path: Path) -> None:
    """A 3-player game, one person against two bots, played to the results by key presses alone."""
    app = _new(tmp_path, ["human", "greedy", "greedy"], 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        presses = await _play_by_keys(app, pilot)
        table = _screen(app).table
        assert table.rules.is_over(table.match.state)
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert sum(1 for e in table.match.log if e.seat == 0) > 30 and presses > 30
        await pilot.press("escape")
        assert isinstance(app.screen, ImaginariumScreen)
        await pilot.press("r")
        assert isinstance(app.screen, ResultsScreen)


async def test_whole_four_player_team_game_by_keys(tmp_path: Path) -> None:
    """Team play at 4: two partners at the keyboard (seats 1 and 3) against two bots. Partners share the
    screen, so the game never hides the board between them; it hides it when the other team's seat... never
    plays here (bots), and the whole game is played by keys."""
    app = _new(tmp_path, ["human", "greedy", "human", "greedy"], 8, {"teams": "on"})
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        hand_offs = 0
        screen = _screen(app)
        table = screen.table
        seen: set[int] = set()
        for _ in range(8000):
            if table.rules.is_over(table.match.state):
                break
            if isinstance(app.screen, HandOffScreen):
                hand_offs += 1
            actor = table.to_act()
            if actor is not None and not table.seats[actor].is_bot:
                seen.add(actor)
            if isinstance(app.screen, ChoiceDialog | HandOffScreen):
                await pilot.press("enter")
            elif (
                app.screen is screen
                and actor is not None
                and not table.seats[actor].is_bot
                and screen.deciding
            ):
                await pilot.press(_next_key(screen))
            else:
                await pilot.pause(0.01)
        assert table.rules.is_over(table.match.state)
        assert seen == {0, 2}
        assert hand_offs <= 1  # at most the opening one: partners see the same screen


async def test_results_at_the_end(tmp_path: Path) -> None:
    app = _app(_sample("imaginarium-over"), tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        results = app.screen
        assert isinstance(results, ResultsScreen)
        labels = [label for label, _ in results.rows]
        assert labels[-1] == "Total" and any(label.startswith("Most") for label in labels)
        assert results.columns[-1] == "end" and results.track.spots
        text = (await settled(pilot, app.export_screenshot)).replace("&#160;", " ")
        assert "VP over the rounds" in text and "The dream track at the end" in text


def test_the_finished_game_is_public() -> None:
    """Once it is over, every seat's view (and the public one) shows every team's screen."""
    start = _sample("imaginarium-over")
    state = start.match.state
    rules = start.match.rules
    for seat in (None, 0, 1):
        assert rules.view(state, seat).teams == state.teams


def test_sample_saves_load() -> None:
    for path in sorted(SAMPLES.glob("imaginarium-*.chimera")):
        start = load_start(path)
        assert start.game_id == "imaginarium" and len(start.match) > 0
        assert msgspec.structs.replace(start, save_path=None).seats[0].bot is None
