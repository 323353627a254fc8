"""A game's leaderboard, as the lobby shows it (`b`): each player's rating, games and wins, best first; `g` the
next game's, Enter a player's page."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.binding import Binding
from textual.widgets import DataTable

from chimera_tui import games
from chimera_tui.server.link import HostError, HostLink
from chimera_tui.ui.screens.lobby_player import PlayerScreen
from chimera_tui.ui.screens.lobby_records import RATING_WORDS, RecordsScreen, rating_text, wins_text


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
