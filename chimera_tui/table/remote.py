"""A remote seat: the `Table` interface over a connection to the table host (`chimera serve`).

Textual runs on an asyncio loop, and screens call a table's methods synchronously. So a `RemoteTable` answers
every question from what the host pushed last (the seat's view, legal actions, log), and acting is
fire-and-forget on the same loop:

- `submit` first checks the action against the cached legal notations, answering a refusal at once (not
  your turn, not a choice now), then sends it and returns None. The host's answer arrives as an `Update`, which
  replaces the cache and calls the listeners (`subscribe`), exactly as a `LocalTable` does after a move. In
  the rare case the host refuses what the cache allowed (another seat moved first), the reason goes to the
  refusal listeners (`on_refusal`).
- Until that `Update` arrives, `legal_actions` is empty, so a second key press cannot send a second action.

`HostLink` is the connection: `connect` (with the session's ticket), then `list_tables`, `create`, `join`,
`watch` (awaitable, for the lobby), each seating returning a `RemoteTable`. Nothing here imports Textual.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from chimera_tui import games
from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.match import LogEntry
from chimera_tui.engine.ruleset import GameConfig, Ruleset
from chimera_tui.server import protocol as P
from chimera_tui.table.base import Seat, TableListener

RefusalListener = Callable[[str], None]

AWAY = "away"
"""What `RemoteTable.seats` gives as the bot of a person's seat that a bot plays while they are away, so the
game screens, which mark bot seats, mark it too ("Alice (away)" on the generic screen)."""

REQUEST_TIMEOUT = 10.0
"""Seconds a lobby request waits for the host's answer."""


class HostError(Exception):
    """The host refused a request or the connection failed; `reason` is a sentence for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class HostLink:
    """One client connection to the table host."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Wrap an open connection; `start` begins the conversation (`connect` does both)."""
        self._reader = reader
        self._writer = writer
        self._waiting: asyncio.Future[P.HostMessage] | None = None
        self._waiting_for: tuple[type[P.Message], ...] = ()
        self._lock = asyncio.Lock()
        self.table: RemoteTable | None = None
        self.name = ""
        self.identity = ""
        self.away_limit = 120.0
        """The host's default away limit in seconds (from its `Welcome`)."""
        self.closed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._close_listeners: list[Callable[[], None]] = []
        self._error_listeners: list[Callable[[Exception], None]] = []

    @classmethod
    async def connect(
        cls, path: Path | str, ticket: str, *, name: str | None = None, timeout: float = REQUEST_TIMEOUT
    ) -> HostLink:
        """Connect to the host's Unix socket at `path` and introduce this session with `ticket`.

        Raises:
            HostError: when the host cannot be reached or refuses the session.
        """
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(str(path), limit=P.HOST_FRAME_LIMIT), timeout
            )
        except (OSError, TimeoutError) as exc:
            raise HostError("The table host cannot be reached.") from exc
        link = cls(reader, writer)
        try:
            await link.start(ticket, name=name, timeout=timeout)
        except HostError:
            await link.close()
            raise
        return link

    async def start(self, ticket: str, *, name: str | None = None, timeout: float = REQUEST_TIMEOUT) -> None:
        """Start reading the host's messages and introduce this session with `ticket` (and `name`, which
        the host takes only for a ticket issued without a name).

        Raises:
            HostError: when the host refuses the session.
        """
        self._task = asyncio.get_running_loop().create_task(self._read_loop())
        answer = await self._request(P.Hello(ticket=ticket, name=name), (P.Welcome,), timeout)
        assert isinstance(answer, P.Welcome)
        self.name, self.identity, self.away_limit = answer.name, answer.identity, answer.away_limit

    # -- requests --------------------------------------------------------------------------------------

    def send(self, message: P.Message) -> None:
        """Send `message` without waiting (safe from synchronous code on the loop)."""
        if self.closed.is_set():
            return
        self._writer.write(P.frame(message))

    async def _request(
        self, message: P.Message, answers: tuple[type[P.Message], ...], timeout: float = REQUEST_TIMEOUT
    ) -> P.HostMessage:
        async with self._lock:
            if self.closed.is_set():
                raise HostError("The connection to the table host is closed.")
            future: asyncio.Future[P.HostMessage] = asyncio.get_running_loop().create_future()
            self._waiting, self._waiting_for = future, answers
            self.send(message)
            try:
                answer = await asyncio.wait_for(future, timeout)
            except TimeoutError as exc:
                raise HostError("The table host did not answer in time.") from exc
            finally:
                self._waiting, self._waiting_for = None, ()
        if isinstance(answer, P.Refused):
            raise HostError(answer.reason)
        return answer

    async def list_tables(self) -> tuple[P.TableInfo, ...]:
        answer = await self._request(P.ListTables(), (P.Tables,))
        assert isinstance(answer, P.Tables)
        return answer.tables

    async def create(
        self,
        game: str,
        players: int,
        bots: Sequence[str | None] = (),
        options: dict[str, str] | None = None,
        *,
        seed: int | None = None,
        away_limit: float | None = None,
        private: bool = False,
    ) -> RemoteTable:
        """Open a table and sit at it (see `protocol.CreateTable`)."""
        request = P.CreateTable(
            game=game,
            players=players,
            bots=tuple(bots),
            options=dict(options or {}),
            seed=seed,
            away_limit=away_limit,
            private=private,
        )
        return await self._seat(request)

    async def join(self, code: str) -> RemoteTable:
        return await self._seat(P.Join(code=code))

    async def watch(self, code: str) -> RemoteTable:
        return await self._seat(P.Watch(code=code))

    async def _seat(self, request: P.Message) -> RemoteTable:
        answer = await self._request(request, (P.Seated,))
        assert isinstance(answer, P.Seated)
        if self.table is None or self.table.code != answer.code:
            raise HostError("The table host did not send the table.")
        await asyncio.wait_for(self.table.ready.wait(), REQUEST_TIMEOUT)
        return self.table

    def leave(self) -> None:
        """Leave the current table (the seat stays yours)."""
        self.send(P.Leave())
        self.table = None

    async def close(self) -> None:
        self._writer.close()
        with contextlib.suppress(Exception):
            await self._writer.wait_closed()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    def on_close(self, listener: Callable[[], None]) -> None:
        """Call `listener` when the connection to the host ends."""
        self._close_listeners.append(listener)

    def on_error(self, listener: Callable[[Exception], None]) -> None:
        """Call `listener` with what a table's listener (a screen) raised while taking the host's news; the
        connection goes on. Without one, the exception ends the connection."""
        self._error_listeners.append(listener)

    # -- receiving -------------------------------------------------------------------------------------

    async def _read_loop(self) -> None:
        try:
            while True:
                body = await P.read_frame(self._reader, P.HOST_FRAME_LIMIT)
                if body is None:
                    break
                message = P.decode_host(body)
                try:
                    self._dispatch(message)
                except Exception as exc:  # a screen's bug, not the connection's: never "the host closed"
                    if not self._error_listeners:
                        raise
                    for failed in list(self._error_listeners):
                        failed(exc)
        except (P.ProtocolError, ConnectionError):
            pass
        finally:
            self.closed.set()
            if self._waiting is not None and not self._waiting.done():
                self._waiting.set_exception(HostError("The connection to the table host ended."))
            for listener in list(self._close_listeners):
                listener()

    def _dispatch(self, message: P.HostMessage) -> None:
        if isinstance(message, P.Seated):
            self.table = RemoteTable(self, message)
        elif isinstance(message, P.Update):
            if self.table is not None and self.table.code == message.code:
                self.table.receive(message)
            return
        waiting = self._waiting
        if waiting is not None and not waiting.done():
            if isinstance(message, self._waiting_for):
                waiting.set_result(message)
                return
            if isinstance(message, P.Refused):
                waiting.set_result(message)
                return
        if isinstance(message, P.Refused) and self.table is not None:
            self.table.refused(message.reason)


class SeenMatch:
    """What a remote seat knows of the match: the state as it sees it and how many actions were taken.

    Screens that read ``table.match.state`` get the seat's view. Past states and the log of actions are known
    once the game is over, as public views and notations (the host sends them with the final `Update`), for
    result screens; before that `log` is empty and `state_at` knows only the present.
    """

    def __init__(self, table: RemoteTable) -> None:
        self._table = table

    @property
    def state(self) -> Any:
        return self._table.view()

    def __len__(self) -> int:
        return self._table.step

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every action taken (seat, notation), once the game is over; () before."""
        return self._table.history_log

    def state_at(self, step: int) -> Any:
        """The state after `step` actions: the current view, or once the game is over any past public view.

        Raises:
            IndexError: for a past step while the game is still on (a seat never sees the past states).
        """
        return self._table.state_at(step)


class RemoteTable:
    """One seat's handle on a table the host holds (see the module's docstring for how acting works)."""

    def __init__(self, link: HostLink, seated: P.Seated) -> None:
        self.link = link
        self.code = seated.code
        self.private = seated.private
        self.game_id = seated.game
        self.rules: Ruleset[Any, Any] = games.get(seated.game)
        self.config = GameConfig(players=seated.players, names=seated.names, options=dict(seated.options))
        self.seats: tuple[Seat, ...] = tuple(Seat(name) for name in seated.names)
        self.match = SeenMatch(self)
        self.ready = asyncio.Event()
        self.step = 0
        self.started = False
        self.seat_infos: tuple[P.SeatInfo, ...] = ()
        self.notes: tuple[str, ...] = ()
        self.chat_lines: tuple[str, ...] = ()
        self._seat = seated.seat
        self._view: Any = None
        self._to_act: int | None = None
        self.turn_since = time.monotonic()
        """This process's clock when the seat to act got its turn (from the host's `Update.thinking`)."""
        self._legal_notations: tuple[str, ...] = ()
        self._legal: tuple[Any, ...] | None = None
        self._log: tuple[str, ...] = ()
        self._log_events: tuple[tuple[str, ...], ...] = ()
        self._undo_refusal: str | None = "There is nothing to undo."
        self._pending = False
        self._history: tuple[bytes, ...] = ()
        self.history_log: tuple[LogEntry, ...] = ()
        """Every action (seat, notation) once the game is over; () before."""
        self._past: dict[int, Any] = {}
        self._listeners: list[TableListener] = []
        self._refusal_listeners: list[RefusalListener] = []

    # -- news from the host ----------------------------------------------------------------------------

    def state_at(self, step: int) -> Any:
        """See `SeenMatch.state_at`."""
        if step == self.step:
            return self._view
        if not 0 <= step < len(self._history):
            raise IndexError(f"step {step} is not known to this seat")
        cached = self._past.get(step)
        if cached is None:
            cached = self._past[step] = P.decode_view(self._history[step], self.rules.state_type)
        return cached

    def receive(self, update: P.Update) -> None:
        """Take the host's latest `update` and tell the listeners."""
        self.step = update.step
        self.started = update.started
        self.seat_infos = update.seats
        self.seats = tuple(
            Seat(info.name, AWAY if info.kind == "away" else info.bot) for info in update.seats
        )
        if update.started:
            self.config = GameConfig(
                players=self.config.players,
                names=tuple(s.name for s in self.seats),
                options=self.config.options,
            )
        self.notes = update.notes
        self.chat_lines = update.chat
        self._view = None if update.view is None else P.decode_view(update.view, self.rules.state_type)
        self._to_act = update.to_act
        self.turn_since = time.monotonic() - update.thinking
        self._legal_notations = update.legal
        self._legal = None
        self._log = self._log[: update.log_from] + update.log
        self._log_events = self._log_events[: update.log_from] + update.log_events
        self._undo_refusal = update.undo_refusal
        self.history_log = update.history_log
        if update.history != self._history:
            self._history = update.history
            self._past = {}
        self._pending = False
        self.ready.set()
        for listener in list(self._listeners):
            listener()

    def refused(self, reason: str) -> None:
        """The host refused an action or an undo this table sent."""
        self._pending = False
        for listener in list(self._refusal_listeners):
            listener(reason)
        for changed in list(self._listeners):  # the legal actions are back: screens read them again
            changed()

    # -- seeing ----------------------------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        return self._seat

    def view(self) -> Any:
        return self._view

    def to_act(self) -> int | None:
        return self._to_act

    def thinking(self) -> float:
        """Seconds the seat to act has been thinking (0 when nobody is to act)."""
        return 0.0 if self._to_act is None else max(0.0, time.monotonic() - self.turn_since)

    def away(self) -> tuple[int, ...]:
        """The person seats a bot plays now because their player is away."""
        return tuple(seat for seat, info in enumerate(self.seat_infos) if info.kind == "away")

    def legal_actions(self) -> Sequence[Any]:
        if self._pending or self._view is None:
            return ()
        if self._legal is None:
            self._legal = tuple(self.rules.parse(self._view, text) for text in self._legal_notations)
        return self._legal

    def viewer(self) -> int | None:
        over = self._view is not None and self.rules.is_over(self._view)
        return None if over else self._seat

    def log(self) -> tuple[str, ...]:
        return self._log

    def log_events(self) -> tuple[tuple[str, ...], ...]:
        return self._log_events

    def describe(self, action: Any) -> str:
        try:
            return self.rules.describe(self._view, action)
        except Exception:  # a redacted view may lack what the words need
            return str(action)

    def player_name(self, seat: int) -> str:
        return self.seats[seat].name

    def needs_hand_off(self, from_seat: int | None, to_seat: int | None) -> bool:
        """Never: one person sits at this terminal."""
        return False

    def human_seats(self) -> tuple[int, ...]:
        return () if self._seat is None else (self._seat,)

    def bot_to_act(self) -> bool:
        """Always False: the host moves the bots."""
        return False

    def all_bots(self) -> bool:
        return False

    def play_bot(self) -> str | None:
        return None

    # -- acting ----------------------------------------------------------------------------------------

    def submit(self, action: Any) -> str | None:
        if self._seat is None:
            return "Spectators cannot play."
        if self._to_act is None:
            return "The game is over." if self.started else "The game has not begun."
        if self._to_act != self._seat:
            return f"It is {self.player_name(self._to_act)}'s turn."
        if self._pending:
            return "Your last action is still on its way."
        notation = str(action)
        if notation not in self._legal_notations:
            return "That is not one of your choices now."
        self._pending = True
        self.link.send(P.Act(notation=notation))
        return None

    def submit_text(self, text: str) -> str | None:
        if self._view is None:
            return "The game has not begun."
        try:
            action = self.rules.parse(self._view, text)
        except IllegalAction as exc:
            return exc.reason
        return self.submit(action)

    def undo_refusal(self) -> str | None:
        if self._seat is None:
            return "Spectators cannot undo."
        if self._pending:
            return "Your last action is still on its way."
        return self._undo_refusal

    def undo(self) -> str | None:
        if (reason := self.undo_refusal()) is not None:
            return reason
        self._pending = True
        self.link.send(P.Undo())
        return None

    def chat(self, text: str) -> None:
        """Say `text` at this table (the host cleans it and may refuse it, through `on_refusal`)."""
        self.link.send(P.Chat(text=text))

    # -- listeners -------------------------------------------------------------------------------------

    def subscribe(self, listener: TableListener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: TableListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def on_refusal(self, listener: RefusalListener) -> None:
        self._refusal_listeners.append(listener)
