"""The lobby's own screen: the open tables (yours first, with whose turn it is and for how long), and the
keys to open, join, resume or watch one, and to see the finished tables, the leaderboards and your page."""

from __future__ import annotations

from typing import ClassVar

from rich.markup import escape
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from chimera_tui.server import protocol as P
from chimera_tui.server.link import HostError, HostLink
from chimera_tui.ui.screens.lobby_board import BoardScreen
from chimera_tui.ui.screens.lobby_dialogs import CreateDialog, LineDialog
from chimera_tui.ui.screens.lobby_player import PlayerScreen
from chimera_tui.ui.screens.lobby_records import FinishedScreen
from chimera_tui.ui.screens.lobby_words import seats_text, state_text

CLOCK_REFRESH = 30.0
"""Seconds between two lists the lobby asks for itself: only its turn clocks ("your turn · 3 min") change
without the host sending the list again."""


class LobbyScreen(Screen[None]):
    """The open tables, and the keys to open, join, resume or watch one."""

    BINDINGS: ClassVar[list[Binding]] = [  # type: ignore[assignment]
        Binding("n", "create", "New", tooltip="Open a new table"),
        Binding("j", "join_code", "Join", tooltip="Join a table by its code"),
        Binding("w", "watch", "Watch"),
        Binding("f", "finished", "Finished"),
        Binding("b", "board", "Ranks", tooltip="The leaderboard of each game"),
        Binding("p", "page", "Your page"),
        Binding("r,f5", "refresh", "Refresh"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, link: HostLink) -> None:
        super().__init__()
        self.link = link
        self.codes: list[str] = []
        self._tables: tuple[P.TableInfo, ...] = ()
        self._shown: tuple[tuple[tuple[str, str, str, str], ...], int] | None = None
        """What the grid shows: each table's words, at which width (a refresh that changes neither draws
        nothing)."""

    def compose(self) -> ComposeResult:
        yield Static(
            f"[b]Chimera Tabletop[/b] lobby · signed in as {escape(self.link.name)} · "
            "Enter joins or resumes the table under the cursor",
            id="lobby-title",
        )
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static("No open tables yet: press n to open one.", id="lobby-empty")
        yield Footer()

    def on_mount(self) -> None:
        self._stop_listening = self.link.on_tables(self._listed)
        self.action_refresh()
        self.set_interval(CLOCK_REFRESH, self.action_refresh)

    def on_unmount(self) -> None:
        self._stop_listening()

    def _listed(self, tables: tuple[P.TableInfo, ...]) -> None:
        """A list of tables from the host: the answer to a refresh, or sent because the list changed."""
        self._tables = tables
        self._fill()

    def on_resize(self) -> None:
        self._fill()

    @work(exclusive=True, group="lobby-list")
    async def action_refresh(self) -> None:
        try:
            await self.link.list_tables()  # shown by `_listed`, as every list the host sends
        except HostError as exc:
            self.notify(exc.reason, severity="error", markup=False)

    def _fill(self) -> None:
        """Show the tables, the cursor staying on the table it was on. The Seats and State columns share the
        width the others leave and wrap, so nothing is cut at 80 columns ("yours" and "private" included).
        A list that reads the same as the one shown (a turn a few seconds longer) draws nothing."""
        width = self.size.width
        rows = tuple((i.code, i.title, seats_text(i.seats), state_text(i)) for i in self._tables)
        if self._shown == (rows, width) or width <= 0:
            return
        try:
            grid: DataTable[Text] = self.query_one("#tables", DataTable)
        except NoMatches:  # a list that arrives as the app ends: its widgets go before its refreshes stop
            return
        self._shown = (rows, width)
        selected = self._selected()
        code = max((len(row[0]) for row in rows), default=4)
        game = max((len(row[1]) for row in rows), default=4)
        room = width - 2 - (code + 2) - (game + 2) - 4  # the scrollbar, Code, Game, two paddings
        seats_width = max(12, room * 11 // 20)
        grid.clear(columns=True)
        grid.add_column("Code")
        grid.add_column("Game")
        grid.add_column("Seats", width=seats_width)
        grid.add_column("State", width=max(12, room - seats_width))
        self.codes = []
        for row in rows:
            grid.add_row(*map(Text, row), height=None, key=row[0])
            self.codes.append(row[0])
        if selected in self.codes:
            grid.move_cursor(row=self.codes.index(selected), animate=False)
        self.query_one("#lobby-empty", Static).display = not rows

    def _selected(self) -> str | None:
        grid = self.query_one("#tables", DataTable)
        if not self.codes or grid.cursor_row < 0 or grid.cursor_row >= len(self.codes):
            return None
        return self.codes[grid.cursor_row]

    @on(DataTable.RowSelected)
    def _row(self, event: DataTable.RowSelected) -> None:
        code = self._selected()
        if code is not None:
            self.app.sit(code, watch=False)  # type: ignore[attr-defined]

    def action_watch(self) -> None:
        code = self._selected()
        if code is not None:
            self.app.sit(code, watch=True)  # type: ignore[attr-defined]

    def action_finished(self) -> None:
        self.app.push_screen(FinishedScreen(self.link))

    def action_board(self) -> None:
        self.app.push_screen(BoardScreen(self.link))

    def action_page(self) -> None:
        self.app.push_screen(PlayerScreen(self.link))

    def action_join_code(self) -> None:
        def chosen(code: str | None) -> None:
            if code:
                self.app.sit(code, watch=False)  # type: ignore[attr-defined]

        self.app.push_screen(LineDialog("The table's code:", "e.g. K7QX4"), chosen)

    def action_create(self) -> None:
        def chosen(request: P.CreateTable | None) -> None:
            if request is not None:
                self.app.create_table(request)  # type: ignore[attr-defined]

        self.app.push_screen(CreateDialog(self.link.away_limit), chosen)
