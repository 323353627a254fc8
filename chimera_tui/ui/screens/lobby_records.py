"""What the server remembers, as the lobby shows it: the finished tables (Enter watches one again, every
seat's hidden facts revealed, as `chimera replay` does), a game's leaderboard, and a player's page.

Names are plain text everywhere (`markup=False`, `Text` cells): a name such as "[b]x" shows as typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from chimera_tui import games
from chimera_tui.server.link import HostError, HostLink

SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: tuple[float, ...], width: int = 40) -> str:
    """The last `width` values as a line of block characters, lowest to highest."""
    shown = values[-width:]
    if not shown:
        return ""
    low, high = min(shown), max(shown)
    span = (high - low) or 1.0
    return "".join(SPARKS[round((v - low) / span * (len(SPARKS) - 1))] for v in shown)


def when(seconds: float) -> str:
    """A date and time in the server's zone, as "2026-11-27 14:05"."""
    return datetime.fromtimestamp(seconds).astimezone().strftime("%Y-%m-%d %H:%M")


def wins_text(wins: float) -> str:
    return f"{wins:g}" if wins == int(wins) else f"{wins:.1f}"


def rating_text(rating: int, provisional: bool) -> str:
    """A rating as the leaderboard and a player's page show it ("1086", "954 (provisional)")."""
    return f"{rating} (provisional)" if provisional else str(rating)


RATING_WORDS = "a newcomer starts at 1000 (openskill), provisional for 5 games"
"""What a rating is, in the titles of the leaderboard and a player's page (`ratings.shown`)."""


class RecordsScreen(Screen[None]):
    """A title line, a grid and the footer; Esc goes back to the lobby."""

    BINDINGS: ClassVar[list[Binding]] = [Binding("escape", "back", "Lobby")]  # type: ignore[assignment]

    def __init__(self, link: HostLink) -> None:
        super().__init__()
        self.link = link
        self._shown: tuple[str, tuple[str, ...], Sequence[tuple[Text, ...]], str] | None = None
        self._width = 0

    def compose(self) -> ComposeResult:
        yield Static(id="records-title", markup=False)
        yield DataTable(id="records", cursor_type="row", zebra_stripes=True)
        yield Static(id="records-empty", markup=False)
        yield Footer()

    def action_back(self) -> None:
        self.dismiss(None)

    def show(
        self, title: str, columns: tuple[str, ...], rows: Sequence[tuple[Text, ...]], empty: str
    ) -> None:
        """Fill the grid; the last column takes the width the others leave, and wraps (nothing is cut at
        80 columns)."""
        self._shown = (title, columns, rows, empty)
        self._width = self.size.width
        self.query_one("#records-title", Static).update(title)
        grid: DataTable[Text] = self.query_one("#records", DataTable)
        grid.clear(columns=True)
        widths = [max([len(column), *(row[i].cell_len for row in rows)]) for i, column in enumerate(columns)]
        room = self.size.width - 2 - sum(widths[:-1]) - 2 * len(columns)
        for i, column in enumerate(columns):
            last = i == len(columns) - 1
            grid.add_column(column, width=max(12, room) if last else widths[i])
        for row in rows:
            grid.add_row(*row, height=None)
        grid.display = bool(rows)
        self.query_one("#records-empty", Static).update("" if rows else empty)

    def on_resize(self) -> None:
        if self._shown is not None and self.size.width != self._width:
            self.show(*self._shown)


class FinishedScreen(RecordsScreen):
    """The finished tables, yours and public ones, latest first."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("escape", "back", "Lobby"),
        Binding("enter", "watch", "Watch again", show=True),
    ]

    def __init__(self, link: HostLink) -> None:
        super().__init__(link)
        self.codes: list[str] = []

    def on_mount(self) -> None:
        self._load()

    @work(exclusive=True, group="records")
    async def _load(self) -> None:
        try:
            tables = await self.link.list_finished()
        except HostError as exc:
            self.notify(exc.reason, severity="error", markup=False)
            return
        self.codes = [info.code for info in tables]
        rows = [
            (
                Text(info.code),
                Text(info.title),
                Text(when(info.finished)),
                Text(info.result + (" (yours)" if info.mine else "")),
            )
            for info in tables
        ]
        self.show(
            "Finished tables · Enter watches one again, every hand shown · Esc back to the lobby",
            ("Code", "Game", "Ended", "Result"),
            rows,
            "No finished tables yet.",
        )

    @on(DataTable.RowSelected)
    def action_watch(self) -> None:
        grid = self.query_one("#records", DataTable)
        if 0 <= grid.cursor_row < len(self.codes):
            self.app.open_replay(self.codes[grid.cursor_row])  # type: ignore[attr-defined]


class BoardScreen(RecordsScreen):
    """A game's leaderboard; `g` shows the next game's, Enter a player's page."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("escape", "back", "Lobby"),
        Binding("g", "next_game", "Next game"),
        Binding("enter", "page", "Player's page", show=True),
    ]

    def __init__(self, link: HostLink, game: str | None = None) -> None:
        super().__init__(link)
        self.game = game or games.game_ids()[0]
        self.players: list[str] = []

    def on_mount(self) -> None:
        self._load()

    def action_next_game(self) -> None:
        ids = games.game_ids()
        self.game = ids[(ids.index(self.game) + 1) % len(ids)] if self.game in ids else ids[0]
        self._load()

    @work(exclusive=True, group="records")
    async def _load(self) -> None:
        try:
            board = await self.link.board(self.game)
        except HostError as exc:
            self.notify(exc.reason, severity="error", markup=False)
            return
        self.players = [row.player for row in board.rows]
        rows = [
            (
                Text(str(rank)),
                Text(row.name + (" (you)" if row.mine else "")),
                Text(rating_text(row.rating, row.provisional)),
                Text(str(row.games)),
                Text(wins_text(row.wins)),
            )
            for rank, row in enumerate(board.rows, start=1)
        ]
        self.show(
            f"Leaderboard · {games.title(self.game)} · {RATING_WORDS} · g next game · Enter a player's page "
            "· Esc back",
            ("#", "Player", "Rating", "Games", "Wins"),
            rows,
            f"Nobody has finished a rated game of {games.title(self.game)} yet (two people or more).",
        )

    @on(DataTable.RowSelected)
    def action_page(self) -> None:
        grid = self.query_one("#records", DataTable)
        if 0 <= grid.cursor_row < len(self.players):
            self.app.push_screen(PlayerScreen(self.link, self.players[grid.cursor_row]))


class PlayerScreen(RecordsScreen):
    """A player's page: their games, wins and rating per game, and the rating after each rated game."""

    def __init__(self, link: HostLink, player: str = "") -> None:
        super().__init__(link)
        self.player = player

    def on_mount(self) -> None:
        self._load()

    @work(exclusive=True, group="records")
    async def _load(self) -> None:
        try:
            page = await self.link.player(self.player)
        except HostError as exc:
            self.notify(exc.reason, severity="error", markup=False)
            return
        since = f" · here since {when(page.first_seen)[:10]}" if page.first_seen else ""
        rows = [
            (
                Text(game.title),
                Text(rating_text(game.rating, game.provisional)),
                Text(str(game.games)),
                Text(wins_text(game.wins)),
                Text(sparkline(game.history, 24)),
            )
            for game in page.games
        ]
        self.show(
            f"{page.name}{since} · rating: {RATING_WORDS} · Esc back",
            ("Game", "Rating", "Games", "Wins", "Rating over time"),
            rows,
            f"{page.name} has no rated games yet: a table finished with two people or more counts.",
        )
