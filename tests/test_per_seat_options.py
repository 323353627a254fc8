"""Per-seat options (Station's mat side, ST-SETUP-18): one value for everyone or one per seat, checked the
same way by the command line, saves and the new-game dialog, which asks them in each seat's row."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from chimera_tui.engine.ruleset import OptionSpec
from chimera_tui.launch import LaunchError, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.screens.new_game import NewGameScreen

SIDE = OptionSpec("side", "Mat side", ("A", "B"), per_seat=True)
MODE = OptionSpec("mode", "Mode", ("x", "y"))


@pytest.mark.parametrize(
    ("value", "players", "ok"),
    [
        ("A", 3, True),
        ("B", 2, True),
        ("A,B", 2, True),
        ("B,A,B", 3, True),
        ("A,B", 3, False),
        ("A,C", 2, False),
    ],
)
def test_a_per_seat_option_takes_one_value_or_one_per_seat(value: str, players: int, ok: bool) -> None:
    assert (SIDE.problem(value, players) is None) is ok


def test_each_seat_reads_its_own_value() -> None:
    assert SIDE.for_seats("B", 3) == ("B", "B", "B")
    assert SIDE.for_seats("A,B,A", 3) == ("A", "B", "A")


def test_an_ordinary_option_takes_one_of_its_choices_only() -> None:
    assert MODE.problem("x", 2) is None
    assert MODE.problem("x,y", 2) is not None


def test_the_command_line_refuses_a_side_list_of_the_wrong_length() -> None:
    seats = make_seats("station", 2, ["human", "bot"], [])
    with pytest.raises(LaunchError, match="names 3 seats"):
        new_start("station", 2, seats, 1, {"side": "A,B,A"})
    start = new_start("station", 2, seats, 1, {"side": "A,B"})
    assert [p.side for p in start.match.state.players] == ["A", "B"]


async def test_the_new_game_dialog_asks_the_mat_side_in_each_seat_row(tmp_path: Path) -> None:
    app = ChimeraApp(saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.game_id == "station"
        assert not screen.query("#option-side"), "the side is asked per seat, not once for the table"
        screen.query_one("#seat-option-side-1", Select).value = "B"
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        table = app._table
        assert table is not None
        assert table.match.config.options["side"] == "A,B"
        assert [p.side for p in table.match.state.players] == ["A", "B"]
