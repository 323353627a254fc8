"""The lobby app over `RemoteTable`s, headless (Textual's Pilot), against a real table host on a Unix socket:
its list of tables (whole at 80 columns, the cursor kept, a list arriving as it closes), the table it
opens, and that it opens and writes nothing on the server."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from chimera_tui.ui.screens.lobby import CreateDialog, LobbyApp, LobbyScreen, WaitingScreen
from chimera_tui.ui.screens.table_chat import ChatDialog
from tests.server.helpers import hosted, until


async def test_the_lobby_opens_a_table_that_waits_for_its_players(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("n")
            await until(lambda: isinstance(app.screen, CreateDialog))
            await pilot.press("f5")
            await until(lambda: isinstance(app.screen, WaitingScreen))
            (code,) = h.host.tables
            assert app.table is not None and app.table.code == code
            await pilot.press("ctrl+t")
            await until(lambda: isinstance(app.screen, ChatDialog))
            await pilot.press("h", "i", "enter")
            await until(lambda: [line for _, line in h.host.tables[code].chat] == ["Alice: hi"])
            await pilot.press("escape")
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await until(lambda: code in app.screen.codes)  # type: ignore[attr-defined]


async def test_the_remote_app_opens_nothing_and_writes_nothing_on_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", lambda url, *a, **k: opened.append(url))
    monkeypatch.chdir(tmp_path)
    async with hosted(tmp_path / "saves") as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            app.open_url("https://example.invalid/")
            assert app.deliver_screenshot() is None
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)  # no command palette
    assert opened == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves"]


async def test_the_lobby_shows_every_state_whole_at_80_columns_and_keeps_the_cursor(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        mine = await alice.create("station", 3, bots=(None, "greedy", "random"), seed=2, private=True)
        await until(lambda: mine.started)
        other = await (await h.link("SHA256:carol", "Carol With A Long Name")).create("codename", 2)
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.codes) == 2)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            grid = lobby.query_one(DataTable)
            await pilot.pause()
            assert grid.max_scroll_x == 0  # nothing is cut off at the right
            state = grid.get_row(mine.code)[3]
            assert "(yours, private)" in str(state)
            assert lobby.codes == [mine.code, other.code]
            await pilot.press("down")
            lobby._shown = None  # the next refresh redraws
            lobby.action_refresh()
            await until(lambda: lobby._shown is not None)
            await pilot.pause()
            assert lobby.codes[grid.cursor_row] == other.code  # a refresh leaves the cursor where it was
        await alice.close()


async def test_a_list_of_tables_arriving_as_the_lobby_is_taken_down_fails_nothing(tmp_path: Path) -> None:
    """When the app ends, the lobby's widgets are removed before its refreshes stop: a list of tables that
    arrives then is dropped, not an error (the session starter's warm-up failed on it now and then)."""
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)):
            await until(lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await lobby.query_one("#tables", DataTable).remove()
            lobby._shown = None  # a list other than the one shown: what a refresh answered then draws
            lobby._fill()
            assert lobby.is_attached
