"""The lobby of `chimera serve`, and the client app each SSH session runs.

The lobby lists the host's open tables (yours first), and opens a table (`n`), joins one by its code (`j`),
joins or resumes the selected one (Enter), watches it (`w`). A table waiting for players shows its code until
every seat is taken; then the game's own screen plays it through a `RemoteTable`, unchanged. At a table,
Ctrl+T opens its chat (`table_chat.ChatDialog`: what was said, and a line to say) over any screen, a game's
own dialogs included, and the turn clock in the top right corner names the seats a bot plays while their
player is away.

Run as ``python -m chimera_tui.ui.screens.lobby`` by the SSH and web front ends, which pass the host's socket
and a session ticket in the environment (`chimera_tui.server.protocol.ENV_SOCKET`, `ENV_TICKET`); a web
session (`ENV_ASK_NAME`) first asks the player's name, since a browser brings none.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any, ClassVar

from rich.markup import escape
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Input, Label, Select, Static

import chimera_tui.styles
from chimera_tui import games
from chimera_tui.engine.plain_text import NAME_LIMIT
from chimera_tui.server import protocol as P
from chimera_tui.table.remote import HostError, HostLink, RemoteTable
from chimera_tui.ui.screens.seat_words import seats_text
from chimera_tui.ui.screens.table_chat import HISTORY, ChatDialog
from chimera_tui.ui.signals import EndsOnSignals, start_fresh
from chimera_tui.ui.widgets.footer import KeysFooter

STYLES = Path(chimera_tui.styles.__file__).parent

AWAY_CHOICES = (30.0, 60.0, 120.0, 300.0, 600.0, 1800.0)
"""The away limits (seconds) the new-table dialog offers, besides the host's default."""


def duration(seconds: float) -> str:
    """A time limit in words ("30 seconds", "1 minute", "2 minutes")."""
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'' if minutes == 1 else 's'}"
    return f"{seconds:g} seconds"


def fresh(before: tuple[str, ...], now: tuple[str, ...]) -> tuple[str, ...]:
    """The lines of the sliding window `now` that were not in `before` (its older version)."""
    for dropped in range(len(before) + 1):
        kept = before[dropped:]
        if now[: len(kept)] == kept:
            return now[len(kept) :]
    return now  # pragma: no cover - the empty overlap always matches


class LineDialog(ModalScreen[str | None]):
    """Asks for one line of text (a table code, a chat line)."""

    DEFAULT_CSS = """
    LineDialog { align: center middle; }
    LineDialog > Vertical { width: 60; height: auto; border: round $accent; padding: 1 2; background: $surface; }
    """
    BINDINGS = [Binding("escape", "dismiss_none", "Back")]

    def __init__(self, title: str, placeholder: str = "", max_length: int = 16) -> None:
        super().__init__()
        self.title_text = title
        self.placeholder = placeholder
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, markup=False)
            yield Input(placeholder=self.placeholder, max_length=self.max_length, id="line")
        yield KeysFooter()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class CreateDialog(ModalScreen[P.CreateTable | None]):
    """Asks what table to open: the game, the number of players, who takes each other seat (a person who
    joins with the code, or a bot), and the game's options. You take the first seat."""

    DEFAULT_CSS = """
    CreateDialog { align: center middle; }
    CreateDialog > Vertical {
        width: 64; height: auto; max-height: 100%; border: round $accent; padding: 0 1; background: $surface;
    }
    CreateDialog VerticalScroll { height: auto; max-height: 14; }
    CreateDialog #fields { height: auto; }
    CreateDialog Select { width: 100%; }
    CreateDialog Horizontal { height: auto; }
    """
    BINDINGS = [
        Binding("f5", "open", "Open the table", tooltip="Open the table the fields describe"),
        Binding("escape", "dismiss_none", "Back", tooltip="Back to the lobby without opening a table"),
    ]

    def __init__(self, away_limit: float = 120.0) -> None:
        """`away_limit`: the host's default, chosen at first."""
        super().__init__()
        self.away_limit = away_limit

    def compose(self) -> ComposeResult:
        ids = games.game_ids()
        with Vertical():
            yield Label("Open a table (you take seat 1) · F5 opens it")
            yield Select([(games.title(g), g) for g in ids], value=ids[0], allow_blank=False, id="game")
            with VerticalScroll(can_focus=False):  # Tab goes from field to field, never to the box
                yield Select(
                    [
                        ("Public: listed in the lobby", "public"),
                        ("Private: not listed, joined by its code only", "private"),
                    ],
                    value="public",
                    allow_blank=False,
                    id="visibility",
                )
                limits = sorted({*AWAY_CHOICES, self.away_limit})
                yield Select(
                    [(f"A bot plays for an absent player after {duration(s)}", s) for s in limits],
                    value=self.away_limit,
                    allow_blank=False,
                    id="away",
                )
                with Vertical(id="fields"):  # what depends on the game, built again when it changes
                    yield from self._fields(ids[0], games.get(ids[0]).min_players)
            with Horizontal():
                yield Button("Open", variant="primary", id="open")
                yield Button("Back", id="back")
        yield KeysFooter()

    @staticmethod
    def _fields(game: str, players: int) -> list[Select[Any]]:
        """The player count, one choice per other seat, and one per option of `game`."""
        rules = games.get(game)
        counts = [(f"{n} players", n) for n in range(rules.min_players, rules.max_players + 1)]
        fields: list[Select[Any]] = [Select(counts, value=players, allow_blank=False, id="players")]
        bots = list(games.bots(game))
        for seat in range(1, players):
            kinds = [(f"Seat {seat + 1}: a person (joins with the code)", "")]
            kinds += [(f"Seat {seat + 1}: {bot} bot", bot) for bot in bots]
            fields.append(Select(kinds, value="", allow_blank=False, classes="seat"))
        for spec in rules.options:
            if spec.per_seat:  # one choice per seat (Station's mat side), joined as "A,B,A"
                for seat in range(players):
                    choices = [(f"Seat {seat + 1} {spec.label.lower()}: {c}", c) for c in spec.choices]
                    fields.append(
                        Select(
                            choices,
                            value=spec.default,
                            allow_blank=False,
                            classes="seat-option",
                            name=spec.key,
                        )
                    )
                continue
            choices = [(f"{spec.label}: {choice}", choice) for choice in spec.choices]
            fields.append(
                Select(choices, value=spec.default, allow_blank=False, classes="option", name=spec.key)
            )
        return fields

    async def _rebuild(self, game: str, players: int) -> None:
        box = self.query_one("#fields", Vertical)
        await box.remove_children()
        await box.mount_all(self._fields(game, players))

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        game = str(event.value)
        await self._rebuild(game, games.get(game).min_players)

    @on(Select.Changed, "#players")
    async def _players_changed(self, event: Select.Changed) -> None:
        seats = len(self.query(".seat")) + 1
        if event.value != seats:
            await self._rebuild(str(self.query_one("#game", Select).value), int(str(event.value)))

    def request(self) -> P.CreateTable:
        """The table the fields describe now."""
        game = str(self.query_one("#game", Select).value)
        players = int(str(self.query_one("#players", Select).value))
        others = [str(select.value) or None for select in self.query(".seat").results(Select)]
        bots = (None, *others)
        options = {str(select.name): str(select.value) for select in self.query(".option").results(Select)}
        per_seat: dict[str, list[str]] = {}
        for select in self.query(".seat-option").results(Select):
            per_seat.setdefault(str(select.name), []).append(str(select.value))
        for key, chosen in per_seat.items():
            options[key] = chosen[0] if len(set(chosen)) == 1 else ",".join(chosen)
        private = self.query_one("#visibility", Select).value == "private"
        away = float(str(self.query_one("#away", Select).value))
        return P.CreateTable(
            game=game, players=players, bots=bots, options=options, private=private, away_limit=away
        )

    @on(Button.Pressed, "#open")
    def action_open(self) -> None:
        self.dismiss(self.request())

    @on(Button.Pressed, "#back")
    def action_dismiss_none(self) -> None:
        self.dismiss(None)


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


class LobbyScreen(Screen[None]):
    """The open tables, and the keys to open, join, resume or watch one."""

    BINDINGS: ClassVar[list[Binding]] = [  # type: ignore[assignment]
        Binding("n", "create", "New table"),
        Binding("j", "join_code", "Join by code"),
        Binding("w", "watch", "Watch"),
        Binding("r,f5", "refresh", "Refresh"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, link: HostLink) -> None:
        super().__init__()
        self.link = link
        self.codes: list[str] = []
        self._tables: tuple[P.TableInfo, ...] = ()
        self._shown: tuple[tuple[P.TableInfo, ...], int] | None = None
        """What the grid shows: the tables, at which width (a refresh that changes neither draws nothing)."""

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
        self.action_refresh()
        self.set_interval(3.0, self.action_refresh)

    def on_resize(self) -> None:
        self._fill()

    @work(exclusive=True, group="lobby-list")
    async def action_refresh(self) -> None:
        try:
            self._tables = await self.link.list_tables()
        except HostError as exc:
            self.notify(exc.reason, severity="error")
            return
        self._fill()

    def _fill(self) -> None:
        """Show the tables, the cursor staying on the table it was on. The Seats and State columns share the
        width the others leave and wrap, so nothing is cut at 80 columns ("yours" and "private" included)."""
        width = self.size.width
        if self._shown == (self._tables, width) or width <= 0:
            return
        self._shown = (self._tables, width)
        grid: DataTable[Text] = self.query_one("#tables", DataTable)
        selected = self._selected()
        code = max((len(info.code) for info in self._tables), default=4)
        game = max((len(info.title) for info in self._tables), default=4)
        room = width - 2 - (code + 2) - (game + 2) - 4  # the scrollbar, Code, Game, two paddings
        seats_width = max(12, room * 11 // 20)
        grid.clear(columns=True)
        grid.add_column("Code")
        grid.add_column("Game")
        grid.add_column("Seats", width=seats_width)
        grid.add_column("State", width=max(12, room - seats_width))
        self.codes = []
        for info in self._tables:
            if info.over:
                state = "over"
            elif info.started:
                state = info.round or "playing"
            else:
                state = "waiting"
            marks = ["yours"] * info.mine + ["private"] * info.private
            if marks:
                state += f" ({', '.join(marks)})"
            cells = (Text(info.code), Text(info.title), Text(seats_text(info.seats)), Text(state))
            grid.add_row(*cells, height=None, key=info.code)
            self.codes.append(info.code)
        if selected in self.codes:
            grid.move_cursor(row=self.codes.index(selected), animate=False)
        self.query_one("#lobby-empty", Static).display = not self._tables

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


class LobbyApp(EndsOnSignals[int]):
    """The client app of one remote session: the lobby, and the game screens over `RemoteTable`s."""

    TITLE = "Chimera Tabletop"
    CSS_PATH: ClassVar[Any] = [str(STYLES / "app.tcss")]
    ENABLE_COMMAND_PALETTE = False
    """The palette offers screenshots (files on the server) and such: nothing a remote player should do."""
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        # A priority key: it opens the chat over the game's own dialogs too, and the words typed then go to
        # the chat's line, never to the dialog below. Shown (at the end of the footer) only at a table.
        Binding("ctrl+t", "chat", "Chat", priority=True, tooltip="Read the table's chat and say something"),
    ]

    def __init__(self, socket_path: str, ticket: str, *, ask_name: bool = False) -> None:
        super().__init__()
        self.socket_path = socket_path
        self.ticket = ticket
        self.ask_name = ask_name
        """A web session has no SSH user name: ask for one before the lobby."""
        self.link: HostLink | None = None
        self.table: RemoteTable | None = None
        self._heard: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        self.chat_history: list[str] = []
        """What was said at the current table since this session sat there (and what the host still had)."""
        from chimera_tui.ui.themes import THEMES

        for theme in THEMES:
            self.register_theme(theme)

    def on_mount(self) -> None:
        if self.ask_name:
            self.push_screen(
                LineDialog("Your name at the tables:", "e.g. Alice", max_length=NAME_LIMIT), self._named
            )
        else:
            self._connect(None)

    def _named(self, name: str | None) -> None:
        self._connect(name or "Player")

    @work(exclusive=True, group="connect")
    async def _connect(self, name: str | None) -> None:
        try:
            self.link = await HostLink.connect(self.socket_path, self.ticket, name=name)
        except HostError as exc:
            self.exit(1, message=f"chimera: {exc.reason}")
            return
        self.link.on_close(self._host_gone)
        self.link.on_error(self._screen_failed)
        self.push_screen(LobbyScreen(self.link))

    def _screen_failed(self, error: Exception) -> None:
        """A screen failed on the host's news: fail as it would at a local table (the app's own error, with
        its traceback), not as a lost connection."""

        def fail() -> None:
            raise error

        self.call_next(fail)

    def _host_gone(self) -> None:
        self.exit(1, message="chimera: the table host closed the connection.")

    @work(exclusive=True, group="sit")
    async def sit(self, code: str, *, watch: bool) -> None:
        assert self.link is not None
        try:
            table = await (self.link.watch(code) if watch else self.link.join(code))
        except HostError as exc:
            self.notify(exc.reason, severity="warning", markup=False)
            return
        self._open(table)

    @work(exclusive=True, group="sit")
    async def create_table(self, request: P.CreateTable) -> None:
        assert self.link is not None
        try:
            table = await self.link.create(
                request.game,
                request.players,
                request.bots,
                request.options,
                seed=request.seed,
                private=request.private,
                away_limit=request.away_limit,
            )
        except HostError as exc:
            self.notify(exc.reason, severity="warning", markup=False)
            return
        self._open(table)

    def _open(self, table: RemoteTable) -> None:
        self.table = table
        self._heard = (table.chat_lines, table.notes)
        self.chat_history = list(table.chat_lines)
        table.on_refusal(lambda reason: self.notify(reason, severity="warning", markup=False))
        table.subscribe(lambda: self._hear(table))
        if table.started:
            self.start_table(table)
        else:
            self.push_screen(WaitingScreen(table))

    def _hear(self, table: RemoteTable) -> None:
        """Show the chat lines and table notes that arrived with the latest update."""
        if table is not self.table:
            return
        chat, notes = self._heard
        said = fresh(chat, table.chat_lines)
        self.chat_history.extend(said)
        del self.chat_history[:-HISTORY]
        if isinstance(self.screen, ChatDialog):  # the lines show in the open chat
            self.screen.add_lines(said)
        else:
            for line in said:
                self.notify(line, title="Chat (Ctrl+T)", markup=False)
        for line in fresh(notes, table.notes):
            self.notify(line, markup=False)
        self._heard = (table.chat_lines, table.notes)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat":
            return self.table is not None  # no chat key in the lobby
        return True

    def action_chat(self) -> None:
        table = self.table
        if table is None or isinstance(self.screen, ChatDialog):
            return

        def said(text: str | None) -> None:
            if text and table is self.table:
                table.chat(text)

        title = f"Chat at table {table.code} · Enter says your line · Esc closes"
        self.push_screen(ChatDialog(title, self.chat_history, P.CHAT_LIMIT), said)

    def start_table(self, table: RemoteTable) -> None:
        """Show `table` on its game's own screen (replacing the waiting screen)."""
        from chimera_tui.ui.games import screen_class

        screen = screen_class(table.game_id)(table, bot_delay=0)  # type: ignore[arg-type]
        while len(self.screen_stack) > 2 and not isinstance(self.screen, WaitingScreen):
            self.pop_screen()  # a dialog over the waiting screen (the chat line, say)
        if isinstance(self.screen, WaitingScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self._add_clock(screen, table)

    @work(group="clock")
    async def _add_clock(self, screen: Screen[Any], table: RemoteTable) -> None:
        for _ in range(200):  # the screen mounts within a few frames
            if screen.is_mounted:
                await screen.mount(TurnClock(table))
                return
            await asyncio.sleep(0.02)

    # This app runs on the server: nothing in it may open programs or write files there.

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        self.notify(f"Open {url} in your own browser.", markup=False)

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        self.notify("Screenshots are not taken on the server.", markup=False)
        return None

    # What the game screens ask of their app.

    def save_now(self) -> None:
        self.notify("The table host saves the game after every move.", title="Saved")

    def leave_game(self) -> None:
        if self.link is not None:
            self.link.leave()
        self.table = None
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if isinstance(self.screen, LobbyScreen):
            self.screen.action_refresh()


def main() -> int:
    """Run the client app of one SSH session (the environment names the host's socket and the ticket)."""
    found = P.client_environment()
    if found is None:
        print("chimera: this is the client of `chimera serve`; it is started by the server.", file=sys.stderr)
        return 2
    start_fresh()
    app = LobbyApp(*found, ask_name=P.client_asks_name())
    return app.run() or 0


if __name__ == "__main__":
    sys.exit(main())
