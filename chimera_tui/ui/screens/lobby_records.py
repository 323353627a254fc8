"""What the server remembers, as the lobby shows it: the finished tables (Enter watches one again, every
seat's hidden facts revealed, as `chimera replay` does); the screen a game's leaderboard (`lobby_board`) and a
player's page (`lobby_player`) are made of, and their words.

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
