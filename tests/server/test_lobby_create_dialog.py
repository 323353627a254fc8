"""The lobby's dialog that creates a table, headless (Textual's Pilot), against a real table host on a Unix
socket: a question for each seat and every option, private and turn-based tables, its fields by tab."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from chimera_tui.ui.screens.lobby import CreateDialog, LobbyApp, LobbyScreen, WaitingScreen
from chimera_tui.ui.widgets.footer import KeysFooter
from tests.server.helpers import hosted, until


async def test_the_create_dialog_asks_for_each_seat_and_every_option(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("n")
            await until(lambda: isinstance(app.screen, CreateDialog))
            dialog = app.screen
            assert isinstance(dialog, CreateDialog)
            dialog.query_one("#game", Select).value = "station"
            await until(lambda: dialog.query(".seat-option").first(Select).name == "side")
            dialog.query_one("#players", Select).value = 3
            await until(lambda: len(dialog.query(".seat")) == 2 and len(dialog.query(".seat-option")) == 3)
            dialog.query(".seat").last(Select).value = "greedy"
            dialog.query(".seat-option").last(Select).value = "B"  # the mat side is chosen per seat
            await pilot.pause()
            await pilot.press("f5")
            await until(lambda: isinstance(app.screen, WaitingScreen))
            (table,) = h.host.tables.values()
            assert table.record.bots == (None, None, "greedy")
            assert table.record.options == {"side": "A,A,B"}


async def test_the_create_dialog_offers_a_private_table(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)):
            await until(lambda: isinstance(app.screen, LobbyScreen))
            dialog = CreateDialog()
            await app.push_screen(dialog)
            assert dialog.request().private is False
            dialog.query_one("#visibility", Select).value = "private"
            assert dialog.request().private is True


async def test_the_create_dialog_tabs_through_its_fields_offers_the_away_limit_and_shows_its_keys(
    tmp_path: Path,
) -> None:
    async with hosted(tmp_path, away_limit=300.0) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("n")
            await until(lambda: isinstance(app.screen, CreateDialog))
            dialog = app.screen
            assert isinstance(dialog, CreateDialog)
            assert dialog.request().away_limit == 300.0  # the host's default comes first
            order = []
            for _ in range(5):
                order.append(app.focused.id if app.focused else None)
                await pilot.press("tab")
            # never the scrolling box; what a live table does when its time runs out is not asked (hidden)
            assert order == ["game", "visibility", "pace", "away", "players"]
            keys = {b.binding.action for b in dialog.active_bindings.values() if b.binding.show}
            assert {"open", "dismiss_none"} <= keys and dialog.query_one(KeysFooter).display
            dialog.query_one("#away", Select).value = 60.0
            await pilot.pause()
            await pilot.press("f5")
            await until(lambda: isinstance(app.screen, WaitingScreen))
            (table,) = h.host.tables.values()
            assert table.record.away_limit == 60.0 and table.record.pace == "live"


async def test_the_create_dialog_opens_a_turn_based_table(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("n")
            await until(lambda: isinstance(app.screen, CreateDialog))
            dialog = app.screen
            assert isinstance(dialog, CreateDialog)
            dialog.query_one("#pace", Select).value = str(86400.0)
            await pilot.pause()
            assert (
                dialog.query_one("#timeout", Select).display and not dialog.query_one("#away", Select).display
            )
            dialog.query_one("#timeout", Select).value = "replace"
            await pilot.pause()
            await pilot.press("f5")
            await until(lambda: isinstance(app.screen, WaitingScreen))
            (table,) = h.host.tables.values()
            record = table.record
            assert (record.pace, record.turn_limit, record.on_timeout) == ("turn", 86400.0, "replace")
