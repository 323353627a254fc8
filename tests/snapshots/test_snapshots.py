"""SVG snapshots of every foundation screen at 80×24 and 120×40 (pytest-textual-snapshot).

Apps are passed as instances (never file paths, whose screenshot cache ignores other modules). Seeds, saves
and clocks are fixed; cursors do not blink (tests/conftest.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from chimera_tui import games
from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from tests.tinygame import RULES

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
HERE = Path(__file__).parent


@pytest.fixture(autouse=True)
def _fixed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The test game registered, a fixed seed for new games, and saves written to a temporary folder."""
    games.register(RULES)
    monkeypatch.setattr("chimera_tui.ui.screens.new_game.clock_seed", lambda: 424242)
    monkeypatch.chdir(HERE)
    yield
    games.unregister(RULES.id)


def _app(saves: str = "fixtures/saves", **kwargs: object) -> ChimeraApp:
    return ChimeraApp(saves=Path(saves), bot_delay=0.0, **kwargs)  # type: ignore[arg-type]


def _pebbles_app(tmp_path: Path, seats: str = "human,human") -> ChimeraApp:
    start = new_start("pebbles", 2, make_seats("pebbles", 2, seats.split(","), ["Ada", "Bashir"]), 7, {})
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


class TestMenu:
    @pytest.mark.parametrize("size", SIZES)
    def test_menu(self, snap_compare, size) -> None:  # type: ignore[no-untyped-def]
        """The main menu, first thing a player sees."""
        assert snap_compare(_app(), terminal_size=size)

    @pytest.mark.parametrize("theme", ["textual-light", "chimera-high-contrast", "ansi-dark"])
    def test_menu_themes(self, snap_compare, theme) -> None:  # type: ignore[no-untyped-def]
        """A light theme, our high-contrast theme and the 16-colour ANSI theme."""
        assert snap_compare(_app(theme=theme), terminal_size=(80, 24))


class TestNewGame:
    @pytest.mark.parametrize("size", SIZES)
    def test_new_game_dialog(self, snap_compare, size) -> None:  # type: ignore[no-untyped-def]
        """The new-game form with the test game's option, fixed seed."""
        assert snap_compare(_app(), press=["n", "wait:100"], terminal_size=size)

    def test_three_players(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        """Choosing 3 players shows a third seat row."""
        keys = ["n", "tab", "enter", "down", "enter", "wait:100"]
        assert snap_compare(_app(), press=keys, terminal_size=(80, 24))


async def _checked(pilot) -> None:  # type: ignore[no-untyped-def]
    """Open the load screen and wait until its worker has checked every save (the rows are then final)."""
    await pilot.press("l")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


class TestLoad:
    @pytest.mark.parametrize("size", SIZES)
    def test_load_screen(self, snap_compare, size) -> None:  # type: ignore[no-untyped-def]
        """Two saves and a damaged file (listed, dimmed, with why)."""
        assert snap_compare(_app(), press=["wait:100"], terminal_size=size, run_before=_checked)

    def test_load_screen_empty(self, snap_compare, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
        """No saves yet: a sentence, not an empty table."""
        monkeypatch.chdir(tmp_path)  # the screen names the folder: keep it the same on every machine
        keys = ["wait:100"]
        assert snap_compare(_app("no-saves-yet"), press=keys, terminal_size=(80, 24), run_before=_checked)


class TestRules:
    @pytest.mark.parametrize("size", SIZES)
    def test_rules_screen(self, snap_compare, size) -> None:  # type: ignore[no-untyped-def]
        """The rules browser: pick a game, then its topics."""
        assert snap_compare(_app(), press=["r", "wait:100", "enter", "wait:200"], terminal_size=size)

    def test_rules_search(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        """Typing filters the topics."""
        keys = ["r", "wait:100", "enter", "wait:100", *"roll", "wait:200"]
        assert snap_compare(_app(), press=keys, terminal_size=(80, 24))


class TestGenericGame:
    @pytest.mark.parametrize("size", SIZES)
    def test_game_in_progress(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """The generic game screen after two moves against a bot."""
        keys = ["wait:100", "enter", "wait:300"]
        assert snap_compare(_pebbles_app(tmp_path, "human,bot"), press=keys, terminal_size=size)

    def test_hand_off(self, snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Two people at one terminal: the hand-off screen hides the board between them (the first hand-off,
        to Ada as the game opens, is passed; this is the one to Bashir after Ada's move)."""
        keys = ["wait:100", "enter", "wait:100", "enter", "wait:200"]
        assert snap_compare(_pebbles_app(tmp_path), press=keys, terminal_size=(80, 24))


class TestLeavingUnsaved:
    @pytest.mark.parametrize("size", SIZES)
    def test_unsaved_dialog(self, snap_compare, size, monkeypatch) -> None:  # type: ignore[no-untyped-def]
        """Esc after a move that could not be saved (the saves "folder" is a file): what the last attempt
        said, a folder to save in instead, and the three ways out."""
        monkeypatch.setenv("HOME", "/home/ada")
        start = new_start("pebbles", 2, make_seats("pebbles", 2, ["human", "bot"], ["Ada", "Bashir"]), 7, {})
        app = ChimeraApp(
            plan=LaunchPlan(start=start), saves=Path("fixtures/saves/broken.chimera"), bot_delay=0.0
        )
        app.NOTIFICATION_TIMEOUT = 600  # the toast "No saves folder" stays however slow the machine is
        keys = ["wait:100", "enter", "wait:300", "escape", "wait:200"]
        assert snap_compare(app, press=keys, terminal_size=size)
