"""The lobby of `chimera serve`, and the client app each SSH session runs.

The lobby (`lobby_screen.LobbyScreen`) lists the host's open tables, yours first with whose turn it is and
for how long, and opens a table (`n`, `lobby_dialogs.CreateDialog`: the game, seats, options, and the pace:
live or turn-based), joins one by its code (`j`), joins or resumes the selected one (Enter), watches it
(`w`), and shows the finished tables (`f`), the leaderboards (`b`) and your page (`p`) (`lobby_records`). A
table waiting for players shows its code until every seat is taken (`lobby_table.WaitingScreen`); then the
game's own screen plays it through a `RemoteTable`, unchanged. At a table, Ctrl+T opens its chat
(`table_chat.ChatDialog`: what was said, and a line to say) over any screen, a game's own dialogs included,
and the turn clock in the top right corner names the seats a bot plays while their player is away. Wherever
the player is, a table becoming their move is said in the corner (`YourTurn`).

Run as ``python -P -m chimera_tui.ui.screens.lobby`` by the SSH and web front ends, which pass the host's socket
and a session ticket in the environment (`chimera_tui.server.protocol.ENV_SOCKET`, `ENV_TICKET`); a web
session (`ENV_ASK_NAME`) first asks the player's name, since a browser brings none.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any, ClassVar

from textual import work
from textual.binding import Binding
from textual.screen import Screen

import chimera_tui.styles
from chimera_tui.engine.plain_text import NAME_LIMIT
from chimera_tui.saves import SaveError, decode_save, restore
from chimera_tui.server import protocol as P
from chimera_tui.server.link import HostError, HostLink
from chimera_tui.server.remote_table import RemoteTable
from chimera_tui.table.replay import ReplayTable
from chimera_tui.ui.pasting import PlainPastes
from chimera_tui.ui.screens.lobby_dialogs import AWAY_CHOICES, CreateDialog, LineDialog
from chimera_tui.ui.screens.lobby_screen import LobbyScreen
from chimera_tui.ui.screens.lobby_table import TurnClock, WaitingScreen, clock_text
from chimera_tui.ui.screens.lobby_words import duration, fresh, seats_text
from chimera_tui.ui.screens.replay import replay_screen
from chimera_tui.ui.screens.table_chat import HISTORY, ChatDialog
from chimera_tui.ui.signals import EndsOnSignals, start_fresh

STYLES = Path(chimera_tui.styles.__file__).parent


class LobbyApp(PlainPastes[int], EndsOnSignals[int]):
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
        self._replaced_told: RemoteTable | None = None
        """The table whose player was last told that a bot took their seat for good."""
        self.chat_history: list[str] = []
        """What was said at the current table since this session sat there (and what the host still had)."""
        from chimera_tui.ui.themes import THEMES

        for theme in THEMES:
            self.register_theme(theme)

    def on_mount(self) -> None:
        if self.ask_name:
            self._ask_name()
        else:
            self._connect(None)

    def _ask_name(self) -> None:
        """A browser brings no name: ask for one (longer than a name may be, so the host can say so; a
        name+CODE adds this browser to a name)."""
        dialog = LineDialog("Your name at the tables:", "e.g. Alice", max_length=NAME_LIMIT + 16)
        self.push_screen(dialog, self._named)

    def _named(self, name: str | None) -> None:
        self._connect(name or "Player")

    @work(exclusive=True, group="connect")
    async def _connect(self, name: str | None) -> None:
        try:
            self.link = await HostLink.connect(self.socket_path, self.ticket, name=name)
        except HostError as exc:
            if self.ask_name and name is not None:  # a name taken, too long...: say so and ask again
                self.notify(
                    exc.reason, title="Pick another name", severity="warning", markup=False, timeout=20
                )
                self._ask_name()
                return
            self.exit(1, message=f"chimera: {exc.reason}")
            return
        self.link.on_close(self._host_gone)
        self.link.on_error(self._screen_failed)
        self.link.on_your_turn(self._your_turn)
        self.link.on_notice(lambda line: self.notify(line, severity="warning", markup=False))
        self.push_screen(LobbyScreen(self.link))
        if self.link.waiting:
            many = self.link.waiting
            self.notify(f"{many} table{'s wait' if many > 1 else ' waits'} for your move.", title="Your turn")

    def _your_turn(self, message: P.YourTurn) -> None:
        """A table this player is not at became their move: say so in the corner, and in the lobby's list."""
        self.notify(f"It is your move at {message.code} ({message.title}).", title="Your turn", markup=False)
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.action_refresh()

    @work(exclusive=True, group="sit")
    async def open_replay(self, code: str) -> None:
        """Watch the finished table `code` again on its game's own screen (every seat's hand shown)."""
        assert self.link is not None
        try:
            save = await self.link.replay_save(code)
            loaded = restore(decode_save(save, f"table {code}"), f"table {code}")
        except (HostError, SaveError) as exc:
            self.notify(getattr(exc, "reason", None) or str(exc), severity="warning", markup=False)
            return
        self.push_screen(replay_screen(ReplayTable(loaded.game_id, loaded.match, loaded.seats)))

    def _screen_failed(self, error: Exception) -> None:
        """A screen failed on the host's news: fail as it would at a local table (the app's own error, with
        its traceback), not as a lost connection."""

        def fail() -> None:
            raise error

        self.call_next(fail)

    def _host_gone(self) -> None:
        why = self.link.goodbye if self.link is not None else ""
        self.exit(1, message=f"chimera: {why or 'the table host closed the connection.'}")

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
                pace=request.pace,
                turn_limit=request.turn_limit,
                on_timeout=request.on_timeout,
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
        if table.replaced and self._replaced_told is not table:
            self._bot_took_the_seat(table)

    def _bot_took_the_seat(self, table: RemoteTable) -> None:
        """Say at once that a bot has this player's seat for good, and close the seat's open dialogs: from
        now on the game screen shows the table as a spectator sees it."""
        self._replaced_told = table
        while len(self.screen_stack) > 3 and not isinstance(self.screen, ChatDialog):
            self.pop_screen()  # a decision of the seat that is the bot's now
        self.notify(
            "Your time ran out: a bot plays your seat for good. You watch the rest of the game.",
            title="A bot has your seat",
            severity="warning",
            timeout=30,
        )

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


__all__ = [
    "AWAY_CHOICES",
    "CreateDialog",
    "LineDialog",
    "LobbyApp",
    "LobbyScreen",
    "TurnClock",
    "WaitingScreen",
    "clock_text",
    "duration",
    "fresh",
    "seats_text",
]
