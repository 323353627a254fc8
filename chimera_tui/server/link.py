"""The client's side of `chimera serve`: a remote seat, the `Table` interface over a connection to the table
host (`RemoteTable` in `remote_table.py`, `HostLink` here).

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
from collections.abc import Callable, Sequence
from pathlib import Path

from chimera_tui.server import protocol as P
from chimera_tui.server.remote_table import RemoteTable

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
        self.waiting = 0
        """How many tables waited for this player's move when the host said `Welcome`."""
        self._turn_listeners: list[Callable[[P.YourTurn], None]] = []
        self._notice_listeners: list[Callable[[str], None]] = []
        self._tables_listeners: list[Callable[[tuple[P.TableInfo, ...]], None]] = []
        self.closed = asyncio.Event()
        self.goodbye = ""
        """Why the host ended this session (`protocol.Goodbye`), when it did."""
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
        self.waiting = answer.waiting

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

    async def list_finished(self) -> tuple[P.FinishedInfo, ...]:
        answer = await self._request(P.ListFinished(), (P.Finished,))
        assert isinstance(answer, P.Finished)
        return answer.tables

    async def replay_save(self, code: str) -> bytes:
        """The save of the finished table `code` (every seat's hidden facts revealed)."""
        answer = await self._request(P.GetReplay(code=code), (P.Replay,))
        assert isinstance(answer, P.Replay)
        return answer.save

    async def board(self, game: str) -> P.Board:
        answer = await self._request(P.GetBoard(game=game), (P.Board,))
        assert isinstance(answer, P.Board)
        return answer

    async def key_code(self) -> P.KeyCode:
        """A one-time code that adds another key to this player's name."""
        answer = await self._request(P.GetKeyCode(), (P.KeyCode,))
        assert isinstance(answer, P.KeyCode)
        return answer

    async def notify(self, what: str = "", value: str = "") -> P.NotifySettings:
        """Where you are told of your turns, after changing `what` to `value` (see `protocol.SetNotify`)."""
        asked = P.SetNotify(what=what, value=value) if what else P.GetNotify()
        answer = await self._request(asked, (P.NotifySettings,))
        assert isinstance(answer, P.NotifySettings)
        return answer

    async def player(self, key: str = "") -> P.Player:
        """A player's page (`key` from a `Board` row; "" for yours)."""
        answer = await self._request(P.GetPlayer(player=key), (P.Player,))
        assert isinstance(answer, P.Player)
        return answer

    def on_notice(self, listener: Callable[[str], None]) -> None:
        """Call `listener` with each line the host says to this player (`protocol.Notice`)."""
        self._notice_listeners.append(listener)

    def on_tables(self, listener: Callable[[tuple[P.TableInfo, ...]], None]) -> Callable[[], None]:
        """Call `listener` with every list of tables the host sends (the answers to `list_tables`, and the
        lists it sends by itself when they change, once this link has asked for one); returns what stops
        it."""
        self._tables_listeners.append(listener)
        return lambda: self._tables_listeners.remove(listener) if listener in self._tables_listeners else None

    def on_your_turn(self, listener: Callable[[P.YourTurn], None]) -> None:
        """Call `listener` when a table this player is not at becomes their move."""
        self._turn_listeners.append(listener)

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
        pace: str = "live",
        turn_limit: float | None = None,
        on_timeout: str = "bot",
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
            pace=pace,
            turn_limit=turn_limit,
            on_timeout=on_timeout,
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
        elif isinstance(message, P.YourTurn):
            for listener in list(self._turn_listeners):
                listener(message)
            return
        elif isinstance(message, P.Goodbye):
            self.goodbye = message.reason
            return
        elif isinstance(message, P.Notice):
            for heard in list(self._notice_listeners):
                heard(message.text)
            return
        elif isinstance(message, P.Tables):
            for shown in list(self._tables_listeners):
                shown(message.tables)  # and the request waiting for a list, if any, takes it below
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
