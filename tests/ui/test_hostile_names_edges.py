"""Hostile player names: plain text everywhere (issue "Trust"). The edges a name comes in by: each goes
through the command line, the new-game dialog (typed or pasted) and a save round trip, and comes out as the
cleaned name (`plain_text`) or the default, never as markup."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from chimera_tui.commands.cli import build_parser
from chimera_tui.commands.opening import plan_launch
from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.saves import list_saves, load, save_match
from chimera_tui.ui.app import ChimeraApp
from tests.ui.hostile_names import EDGE_IDS, EDGE_NAMES, OTHER, check_screen, expected, settle

# -- the edges: command line, new-game dialog, saves -----------------------------------------------------------


@pytest.mark.parametrize("name", EDGE_NAMES, ids=EDGE_IDS)
def test_command_line_names_are_plain(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`chimera new station --names NAME,Zed` (the app's run is replaced by a note of what it would open)."""
    from chimera_tui.commands import cli

    argv = [
        "--saves",
        str(tmp_path),
        "new",
        "station",
        "--seats",
        "human,human",
        "--names",
        f"{name},{OTHER}",
    ]
    opened: list[LaunchPlan] = []
    monkeypatch.setenv("CHIMERA_SAVES", str(tmp_path))  # main() sets it from --saves: restored after
    monkeypatch.setattr(ChimeraApp, "run", lambda self, *a, **k: opened.append(self.plan))
    assert cli.main(argv) == 0
    [plan] = opened
    assert plan.start is not None
    assert [s.name for s in plan.start.seats] == [expected(name), OTHER]
    assert plan.start.match.config.names == (expected(name), OTHER)
    assert plan_launch(build_parser().parse_args(argv)).start is not None


@pytest.mark.parametrize("name", EDGE_NAMES, ids=EDGE_IDS)
async def test_new_game_dialog_names_are_plain(name: str, tmp_path: Path) -> None:
    app = ChimeraApp(saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        app.screen.query_one("#seat-name-0", Input).value = name
        await pilot.press("f5")
        await settle(pilot, lambda: app._table is not None)
        assert app._table is not None
        assert app._table.seats[0].name == expected(name)
        check_screen(app, name, must_show=False)


async def test_a_name_pasted_into_the_new_game_dialog_is_its_first_line_as_plain_text(tmp_path: Path) -> None:
    """A paste reaches the name field as plain text (`ui.pasting`): the escape sequences the terminal passed on
    inside the paste would otherwise be drawn back to the terminal as they are."""
    app = ChimeraApp(saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        field = app.screen.query_one("#seat-name-0", Input)
        field.focus()
        await settle(pilot)
        app.post_message(events.Paste("\x1b[2J\r\n\x1b[31mBob\x07 the\tGreat\x1b[0m\nsecond line"))
        await settle(pilot, lambda: field.value != "")
        assert field.value == "Bob the Great"


@pytest.mark.parametrize("name", EDGE_NAMES, ids=EDGE_IDS)
def test_names_survive_a_save_round_trip(name: str, tmp_path: Path) -> None:
    seats = make_seats("codename", 2, ["human", "bot"], [name])
    start = new_start("codename", 2, seats, 3, {})
    path = tmp_path / "game.chimera"
    save_match(start.match, path, now=datetime(2026, 1, 1, tzinfo=UTC), seats=start.seats)
    loaded = load(path)
    assert loaded.seats[0].name == expected(name)
    [row] = list_saves(tmp_path)
    assert row.players[0] == expected(name)
