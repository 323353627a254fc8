"""The replay screen by keys (issue 15): forward and back by action and by round, the jump dialog, the
viewpoint key, nothing ever played, Escape back; and a seat's view on the replay is what the live screen
shows that seat."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from chimera_tui.engine.match import Match
from chimera_tui.launch import GameStart, LaunchPlan
from chimera_tui.saves import save_match
from chimera_tui.table.base import Seat
from chimera_tui.table.replay import HERE_MARK, REPLAY_REFUSAL, ReplayTable
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.games.codename.screen import CodenameScreen
from chimera_tui.ui.games.generic import GenericGameScreen
from chimera_tui.ui.games.station.results import ResultsScreen
from chimera_tui.ui.games.station.screen import StationScreen
from chimera_tui.ui.replay_app import ReplayApp
from chimera_tui.ui.screens.load_game import LoadGameScreen
from chimera_tui.ui.screens.menu import MenuScreen
from chimera_tui.ui.screens.replay import HINT_REFUSAL, ReplayControls, replay_screen
from chimera_tui.ui.screens.replay_analysis import AnalysisScreen
from chimera_tui.ui.screens.replay_bar import ReplayBar
from chimera_tui.ui.screens.replay_jump import JumpDialog, parse_step
from chimera_tui.ui.widgets.action_log import ActionLog
from chimera_tui.ui.widgets.results_frame import ResultsFrame
from tests.golden.transcript import replayed
from tests.saves.cases import NOW, played
from tests.ui.settle import settled, until


def _table(name: str, **kwargs: Any) -> ReplayTable:
    match, seats = replayed(name)
    return ReplayTable(match.rules.id, match, seats, **kwargs)


def _bar(app: ChimeraApp) -> str:
    return str(app.screen.query_one(ReplayBar).render())


def _notes(app: ChimeraApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_forward_back_and_by_round_on_the_station_screen(tmp_path: Path) -> None:
    replay = _table("station-2p-seed11")
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        screen = app.screen
        assert isinstance(screen, StationScreen) and isinstance(screen, ReplayControls)
        assert "step 0 of 79" in _bar(app)
        await pilot.press("full_stop", "full_stop")
        assert replay.step == 2 and "step 2 of 79" in _bar(app)
        assert screen.state == replay.rules.view(replay.full.state_at(2), None)
        await pilot.press("comma")
        assert replay.step == 1
        await pilot.press("greater_than_sign")
        first = replay.step
        assert replay.round_label(first) != replay.round_label(first - 1)
        assert replay.round_label() in _bar(app)
        await pilot.press("greater_than_sign", "less_than_sign")
        assert replay.step == first
        await pilot.press("less_than_sign")
        assert replay.step == 0
        await pilot.press("end")
        assert replay.step == 79
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("full_stop")
        assert replay.step == 79 and "This is the end of the recorded game." in _notes(app)
        await pilot.press("home")
        assert replay.step == 0
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_the_log_marks_where_the_replay_stands(tmp_path: Path) -> None:
    app = ReplayApp(_table("codename-2p-seed21", step=6), saves=tmp_path)

    def marked() -> list[str]:
        return [
            line for log in app.screen.query(ActionLog) for line in log.lines if line.startswith(HERE_MARK)
        ]

    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        await until(pilot, lambda: len(marked()) == 1)
        first = marked()
        await pilot.press("comma")
        await until(pilot, lambda: len(marked()) == 1 and marked() != first)


async def test_jump_to_a_step_by_its_number(tmp_path: Path) -> None:
    replay = _table("codename-3p-seed22")
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, JumpDialog))
        field = app.screen.query_one(Input)
        field.value = ""
        await pilot.press("4", "2", "enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        assert replay.step == 42
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, JumpDialog))
        app.screen.query_one(Input).value = "999"
        await pilot.press("enter")
        problem = app.screen.query_one("#jump-problem", Static)
        assert "There is no step 999: the game has steps 0 to 100." in str(problem.render())
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        assert replay.step == 42


def test_parse_step() -> None:
    assert parse_step(" 7 ", 10) == 7
    assert parse_step("end", 10) == 10 and parse_step("start", 10) == 0
    assert parse_step("x", 10) == "Type a step number from 0 to 10."
    assert parse_step("11", 10) == "There is no step 11: the game has steps 0 to 10."


async def test_the_viewpoint_key_cycles_everyone_and_each_seat(tmp_path: Path) -> None:
    replay = _table("codename-2p-seed21", step=12)
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        screen = app.screen
        assert isinstance(screen, CodenameScreen)
        assert "seen by everyone" in _bar(app)
        state = replay.full.state_at(12)
        for seat, name in ((0, "Player 1"), (1, "Player 2"), (None, "everyone")):
            await pilot.press("v")
            assert replay.viewpoint == seat and f"seen by {name}" in _bar(app)
            assert screen.state == replay.rules.view(state, seat)
            assert f"Seen by {name}." in _notes(app)


async def test_nothing_can_be_played_or_saved(tmp_path: Path) -> None:
    replay = _table("station-2p-seed11", step=5)
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        legal = replay.rules.legal_actions(replay.match.state)
        assert not screen.submit(legal[0])
        await pilot.press("u", "ctrl+s", "enter", "c", "H")
        await pilot.pause()
        assert REPLAY_REFUSAL in _notes(app) and HINT_REFUSAL in _notes(app)
        assert "This is a replay: the save it shows is never written." in _notes(app)
        assert replay.step == 5 and app.screen is screen
        assert list(tmp_path.iterdir()) == []  # no save was written anywhere


async def test_a_game_without_its_own_screen_replays_on_the_generic_one(
    tmp_path: Path, pebbles: None
) -> None:
    match = played()
    replay = ReplayTable("pebbles", match, (Seat("Ada"), Seat("Brook")), step=2)
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        assert isinstance(app.screen, GenericGameScreen)
        assert app.screen.query_one("#generic-actions").border_title == "Waiting"
        await pilot.press("full_stop")
        assert replay.step == 3


async def test_watch_from_the_load_screen_leaves_the_save_alone(tmp_path: Path) -> None:
    match, seats = replayed("codename-2p-seed21")
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "codename.chimera"
    save_match(match, path, now=NOW, seats=seats)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    app = ChimeraApp(saves=folder, bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.action_load_game()
        await until(pilot, lambda: isinstance(app.screen, LoadGameScreen) and app.screen.checked)
        detail = str(app.screen.query_one("#load-detail", Static).render())
        assert "w watches it" in detail
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        assert isinstance(app.screen, CodenameScreen)
        await pilot.press("end", "escape")
        await until(pilot, lambda: isinstance(app.screen, LoadGameScreen))
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert sorted(p.name for p in folder.iterdir()) == ["codename.chimera"]


# -- a seat's view on the replay is the live screen's ----------------------------------------------------


def _screen_text(app: ChimeraApp) -> str:
    """What the terminal shows, as text (the SVG export without its generated class names)."""
    return re.sub(r"terminal-[0-9a-z-]+", "t", app.export_screenshot())


async def _as_drawn(app: ChimeraApp, table: Any) -> str:
    """The screen without its footer, replay bar and log panels, plus the log in words (compared as text: how
    a log wraps and scrolls while laying out depends on the machine's load), and the title line in words,
    where a live bot "is thinking…" and a replay's seat is "to act" (said the replay's way here)."""
    async with app.run_test(size=(140, 45)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        words = "\n".join(line.removeprefix(HERE_MARK) for line in table.log()) + repr(table.log_events())
        await settled(pilot, lambda: _screen_text(app))
        title = str(app.screen.query_one("#cn-title", Static).render())
        for widget in app.screen.query("ActionLog, KeysFooter, ReplayBar, #cn-title"):
            widget.display = False
        shown = await settled(pilot, lambda: _screen_text(app))
        return shown + words + "\n" + title.replace(" is thinking…", " to act")


async def test_a_seat_sees_on_the_replay_what_it_saw_live(tmp_path: Path) -> None:
    """Secrecy: just after Player 1 attached a part in private, Player 2's replay view is exactly Player 2's
    live screen, where the part does not show; Player 1's own replay view does show it."""
    match, _ = replayed("codename-2p-seed21")
    step = next(i for i, e in enumerate(match.log, 1) if e.action.startswith("attach") and e.seat == 0)
    cut: Match[Any, Any] = Match.replay(match.rules, match.config, match.seed, match.notations, upto=step)
    live_seats = (Seat("Player 1", "greedy"), Seat("Player 2"))
    start = GameStart(game_id="codename", match=cut, seats=live_seats)
    live_app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=1000.0)
    assert live_app._table is None
    live = await _as_drawn(live_app, _LiveLog(cut, 1))
    replay = ReplayTable("codename", match, live_seats, step=step, viewpoint=1)
    watched = await _as_drawn(ReplayApp(replay, saves=tmp_path / "r"), replay)
    assert "attaches" not in watched
    assert watched == live
    own = ReplayTable("codename", match, live_seats, step=step, viewpoint=0)
    assert "attaches" in await _as_drawn(ReplayApp(own, saves=tmp_path / "o"), own)


class _LiveLog:
    """The live table's log and events for `seat`, as LocalTable gives them (read before the app runs, so
    a bot can never have moved)."""

    def __init__(self, match: Match[Any, Any], seat: int) -> None:
        from chimera_tui.table.local import LocalTable

        table = LocalTable("codename", match, (Seat("Player 1", "greedy"), Seat("Player 2")))
        assert table.seat == seat
        self._log, self._events = table.log(), table.log_events()

    def log(self) -> tuple[str, ...]:
        return self._log

    def log_events(self) -> tuple[tuple[str, ...], ...]:
        return self._events


def test_replay_screens_are_made_once_per_game_screen() -> None:
    one = replay_screen(_table("station-2p-seed11"))
    two = replay_screen(_table("station-3p-seed12"))
    assert type(one) is type(two) and type(one).__name__ == "ReplayStationScreen"
    assert isinstance(replay_screen(_table("codename-2p-seed21")), CodenameScreen)


def test_the_bar_shows_names_as_typed_and_fits_the_width() -> None:
    """Player-given names are plain text in the bar (never markup); a narrow bar keeps the step and viewer."""
    from chimera_tui.ui.screens.replay_bar import bar_content

    match, _ = replayed("codename-2p-seed21")
    replay = ReplayTable("codename", match, (Seat("[/]"), Seat("[bold]Eve\\")), step=7, viewpoint=1)
    wide = bar_content(replay, 120).plain
    assert wide.startswith(" REPLAY  step 7 of 70 · ") and "seen by [bold]Eve\\" in wide
    narrow = bar_content(replay, 40)
    assert narrow.cell_length <= 40 and narrow.plain.startswith(" REPLAY  7/70 view: [bold]Eve")


async def test_every_step_of_a_whole_game_draws(tmp_path: Path) -> None:
    """A game screen meets every position of a game from a seat that does not act in it (no legal actions
    while it is that seat's turn, something a live game never shows): each one draws."""
    replay = _table("codename-2p-seed21", viewpoint=1)
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        screen = app.screen
        while replay.step < replay.total:
            await pilot.press("full_stop")
            await pilot.pause(0.01)
            assert screen.state == replay.view()
        await pilot.pause(0.2)
        assert app.screen is screen and app.is_running


@pytest.mark.parametrize(
    "name", ["station-2p-seed11", "codename-2p-seed21", "imaginarium-2p-seed31", "con-2p-seed41"]
)
async def test_the_replay_keys_work_at_the_end_of_the_game(name: str, tmp_path: Path) -> None:
    """Issue 32: at the end of a finished replay the results opened by themselves over it, and v and e did
    nothing until Esc. The end is a step like any other: v changes the viewpoint, e opens the chart, the
    results open on r."""
    replay = _table(name)
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        screen = app.screen
        await pilot.press("end")
        await pilot.pause(0.3)
        assert replay.step == replay.total and app.screen is screen
        await pilot.press("v")
        assert replay.viewpoint == 0
        for key, opened in (("e", AnalysisScreen), ("r", ResultsFrame)):
            await pilot.press(key)
            await until(pilot, lambda opened=opened: isinstance(app.screen, opened))
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen)


async def test_watch_on_a_damaged_save_says_why(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "broken.chimera").write_bytes(b"not a save")
    app = ChimeraApp(saves=folder, bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.action_load_game()
        await until(pilot, lambda: isinstance(app.screen, LoadGameScreen) and app.screen.checked)
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, LoadGameScreen)
        assert any("broken.chimera" in note and "not a Chimera Tabletop save" in note for note in _notes(app))


async def test_the_footer_offers_no_game_key_that_does_nothing(tmp_path: Path) -> None:
    """Imaginarium's n (End/Done) and c (Choices) are greyed in a live game while nothing is to be done; a
    replay, where nothing is ever done, leaves them out of the footer (issue 24)."""
    replay = _table("imaginarium-2p-seed31", step=40)
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        await pilot.pause()
        shown = {binding.action for _, binding, enabled, _ in app.screen.active_bindings.values() if enabled}
        footer = {b.action for _, b, enabled, _ in app.screen.active_bindings.values() if b.show}
        assert "finish" not in footer and "choices" not in footer
        assert "replay_jump" in shown
