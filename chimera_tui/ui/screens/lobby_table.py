"""At a table in the lobby app: the waiting screen of a table whose seats are not all taken, and the turn clock
over a game's screen."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from chimera_tui import games
from chimera_tui.server.remote_table import RemoteTable
from chimera_tui.ui.screens.lobby_words import seats_text


class WaitingScreen(Screen[None]):
    """A table whose seats are not all taken yet: its code, and who is there."""

    BINDINGS = [Binding("escape", "leave", "Lobby")]

    def __init__(self, table: RemoteTable) -> None:
        super().__init__()
        self.table = table
        self._started = False

    def compose(self) -> ComposeResult:
        yield Static(id="waiting")
        yield Footer()

    def on_mount(self) -> None:
        self.table.subscribe(self._changed)
        self._changed()

    def on_unmount(self) -> None:
        self.table.unsubscribe(self._changed)

    def _changed(self) -> None:
        if self.table.started:
            if not self._started:  # once: more updates may come before this screen is gone
                self._started = True
                self.app.start_table(self.table)  # type: ignore[attr-defined]
            return
        text = Text()
        text.append(f"{games.title(self.table.game_id)}, table ", style="bold")
        text.append(self.table.code, style="bold reverse")
        text.append("\n\nGive the code to the other players: they join with j in their lobby.")
        if self.table.private:
            text.append("\nThis table is private: the lobby does not list it.")
        text.append("\nCtrl+T says something at this table.\n\n")
        text.append(f"Seats: {seats_text(self.table.seat_infos)}\n")
        self.query_one("#waiting", Static).update(text)

    def action_leave(self) -> None:
        self.app.leave_game()  # type: ignore[attr-defined]


def clock_text(table: RemoteTable) -> str:
    """Who is away (a bot plays for them), and who is to act and for how long ("Bob away · Alice thinking
    1:05"); "" when nobody is to act."""
    actor = table.to_act()
    if actor is None or not table.started:
        return ""
    away = table.away()
    parts = [f"{table.player_name(seat)} away" for seat in away if seat != actor]
    doing = "away, a bot plays" if actor in away else "thinking"
    seconds = int(table.thinking())
    parts.append(f"{table.player_name(actor)} {doing} {seconds // 60}:{seconds % 60:02d}")
    return " · ".join(parts)


class TurnClock(Static):
    """Over the top right corner of a game screen: who is away, whose turn it is and for how long, for
    everyone at the table (the host says when the turn began; this ticks once a second)."""

    DEFAULT_CSS = """
    TurnClock {
        overlay: screen; position: absolute; width: auto; height: 1; padding: 0 1;
        background: $panel; color: $text;
    }
    """

    def __init__(self, table: RemoteTable) -> None:
        super().__init__(markup=False)
        self.table = table
        self._shown = ""

    def on_mount(self) -> None:
        self._tick()
        self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        text = clock_text(self.table)
        if text != self._shown:
            self._shown = text
            self.update(text)
        self.display = bool(text)
        width = len(text) + 2
        self.styles.offset = (max(0, self.screen.size.width - width), 0)
