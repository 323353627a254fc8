"""The load screen over a hostile folder: every save checked off the UI thread, reasons in the rows, damaged
files last, hostile names shown as typed, Ctrl+Q answered while checking, and a copy offered for a save
another process plays."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from chimera_tui.saves import files, list_saves, load, save_match
from chimera_tui.saves.lock import lock_path_for
from chimera_tui.table.base import Seat
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.confirm import ConfirmDialog
from chimera_tui.ui.screens import load_game
from chimera_tui.ui.screens.load_game import LoadGameScreen, column_widths
from tests.saves.cases import MOVES, NOW, played, tampered
from tests.saves.test_cli import ROOT
from tests.saves.test_locking import HOLDER

BAD = {
    "altered.chimera": tampered(digest=bytes(32)),
    "rejected.chimera": tampered(log=["take 1", "take 2", "take 5", "roll"]),
    "newer-rules.chimera": tampered(rules_version=2),
    "bad-option.chimera": tampered(config={"players": 2, "names": [], "options": {"heap": "lots"}}),
}
NAMES = ("[/]", "[@click=app.quit]q[/]")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    saves = tmp_path / "saves"
    saves.mkdir()
    save_match(played(), saves / "good.chimera", now=NOW, seats=(Seat(NAMES[0]), Seat(NAMES[1])))
    for name, data in BAD.items():
        (saves / name).write_bytes(data)
    (saves / "dir.chimera").mkdir()
    (saves / "zero.chimera").symlink_to("/dev/zero")
    os.mkfifo(saves / "x.chimera")
    with (saves / "huge.chimera").open("wb") as out:
        out.truncate(files.MAX_SIZE + 10)
    (saves / "deep.chimera").write_bytes(b"\x91" * 500_000 + b"\x00")
    return saves


async def _checked(app: ChimeraApp, pilot: Any) -> LoadGameScreen:
    await pilot.press("l")
    await asyncio.wait_for(app.workers.wait_for_complete(), timeout=60)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, LoadGameScreen) and screen.checked
    return screen


def _lines(screen: LoadGameScreen) -> list[str]:
    table = screen.query_one("#load-table", DataTable)
    return ["".join(seg.text for seg in table.render_line(y)) for y in range(table.size.height)]


async def test_every_save_is_checked_and_the_damaged_ones_come_last_with_why(folder: Path) -> None:
    app = ChimeraApp(saves=folder, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _checked(app, pilot)
        rows = screen.rows
        assert rows[0].path.name == "good.chimera"
        assert rows[0].error is None and rows[0].players == NAMES
        assert all(row.error for row in rows[1:]) and len(rows) == 10
        by_name = {row.path.name: row for row in rows}
        assert "does not match its own record" in (by_name["altered.chimera"].error or "")
        assert "step 3 ('take 5') is not legal" in (by_name["rejected.chimera"].error or "")
        assert "newer rules" in (by_name["newer-rules.chimera"].error or "")
        assert "its option 'heap' is 'lots'" in (by_name["bad-option.chimera"].error or "")
        assert by_name["x.chimera"].error == f"'{folder / 'x.chimera'}' is a named pipe, not a save file."
        lines = _lines(screen)
        assert "[/], [@click=ap…" in lines[1]  # shown as typed, never as markup
        assert "ready" in lines[1]
        assert sum("Enter resumes" in line or "ready" in line for line in lines) == 1
        for row, line in zip(rows[1:], lines[2:], strict=False):
            assert row.path.name[:8] in line and f"✗ {row.label}" in line
        # The highlighted damaged row says why below the table, and Enter does not resume it.
        await pilot.press("down", "down")
        await pilot.pause()
        detail = str(screen.query_one("#load-detail", Static).render())
        assert detail == rows[2].error
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen


async def test_the_columns_fit_at_80_columns(folder: Path) -> None:
    app = ChimeraApp(saves=folder, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _checked(app, pilot)
        table = screen.query_one("#load-table", DataTable)
        assert table.virtual_size.width <= table.size.width
        assert all(len(line.rstrip()) <= table.size.width - 2 for line in _lines(screen))


@pytest.mark.parametrize("width", [40, 60, 78, 100, 118, 158])
def test_column_widths_add_up(width: int) -> None:
    widths = column_widths(width)
    assert sum(widths) + 2 * len(widths) + 2 <= max(width, 56)
    assert min(widths) >= 8


async def test_ctrl_q_quits_while_a_save_is_being_checked(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    entered = threading.Event()
    release = threading.Event()
    real = load_game.summarize

    def slow(path: Path, *, replay: bool = False) -> Any:
        if replay:
            entered.set()
            release.wait(timeout=60)
        return real(path, replay=replay)

    monkeypatch.setattr(load_game, "summarize", slow)
    app = ChimeraApp(saves=folder, bot_delay=0.0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("l")
            assert await asyncio.to_thread(entered.wait, 60)
            screen = app.screen
            assert isinstance(screen, LoadGameScreen) and not screen.checked
            assert screen.rows  # the quick listing is already shown
            await pilot.press("down")  # keys still move the cursor
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert app.return_code == 0
    finally:
        release.set()


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Path]:
    saves = tmp_path / "saves"
    saves.mkdir()
    path = saves / "shared.chimera"
    save_match(played(MOVES[:1]), path, now=NOW)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), str(saves)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "holding"
    yield path
    process.kill()
    process.wait(timeout=30)


async def test_a_save_another_process_plays_offers_a_copy(held: Path) -> None:
    before = held.read_bytes()
    app = ChimeraApp(saves=held.parent, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _checked(app, pilot)
        assert "in use elsewhere" in _lines(screen)[1]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "is being played by another Chimera Tabletop" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert app._table is not None and app._table.match.notations == MOVES[:1]
    assert held.read_bytes() == before
    copies = [row for row in list_saves(held.parent) if row.path != held]
    assert len(copies) == 1 and load(copies[0].path).save.log == MOVES[:1]


async def test_reopening_the_save_in_play_keeps_its_lock(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    path = saves / "game.chimera"
    save_match(played(MOVES[:1]), path, now=NOW, seats=(Seat("Ada"), Seat("Bot 2", "random")))
    app = ChimeraApp(saves=saves, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _checked(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert app._lock is not None and app._lock.held and app._table is not None
        app.action_load_game()
        await asyncio.wait_for(app.workers.wait_for_complete(), timeout=60)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app._lock is not None and app._lock.held
        assert lock_path_for(path).exists()
        app.action_menu()
        await pilot.pause()
        assert app._lock is None and not lock_path_for(path).exists()


async def test_game_names_show_whole_at_80_columns(tmp_path: Path) -> None:
    """Issue 24: the load screen cut "Chimera Stat…" at 80 columns; a name that does not fit leaves out the
    word every game shares, and nothing is cut."""
    from chimera_tui.engine.match import Match
    from chimera_tui.engine.ruleset import GameConfig
    from chimera_tui.games import get

    saves = tmp_path / "saves"
    saves.mkdir()
    for game in ("station", "codename"):
        match = Match(get(game), GameConfig(players=2), 3)
        save_match(match, saves / f"{game}.chimera", now=NOW, seats=(Seat("Ada"), Seat("Brook")))
    app = ChimeraApp(saves=saves, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _checked(app, pilot)
        shown = "\n".join(_lines(screen))
        assert " Station " in shown and " Codename " in shown and "…" not in shown.split("Ada")[0]
