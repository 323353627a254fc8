"""The table host: every table's authoritative match, its seats and spectators, behind a local socket.

Pure asyncio (no Textual). Client processes connect over a Unix socket (`serve_unix`) and speak the frames of
`chimera_tui.server.protocol`. A connection proves who it is with a ticket the front end issued for its
session (`issue_ticket`), so a client process cannot claim another identity.

The host is put together from parts, each in its own module:

- `core`: the tables and sessions, how a change is committed to the store and told to the sessions;
- `seating`: the lobby's requests (list, open, join, watch, leave);
- `playing`: actions, undo and chat;
- `driving`: bots and away timers, on the one host that drives each table;
- `syncing`: news from other hosts sharing the store;
- `remembering`: finished tables, leaderboards and players' pages.

Tables live in a store (`chimera_tui.server.store`): SQLite in a folder by default, or PostgreSQL shared by
several hosts. `TableHost(folder)` keeps them in ``folder/chimera.db`` and imports the table saves an older
`chimera serve` left in that folder. Each session receives only its own seat's view, legal actions and log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chimera_tui.engine.plain_text import plain_text
from chimera_tui.saves import SaveError
from chimera_tui.server import protocol as P
from chimera_tui.server.bot_pool import BotPool
from chimera_tui.server.clock import Clock
from chimera_tui.server.core import DEFAULT_AWAY_LIMIT, Limits, Session
from chimera_tui.server.driving import Driving
from chimera_tui.server.importing import import_folder
from chimera_tui.server.moderating import Moderating
from chimera_tui.server.naming import Naming
from chimera_tui.server.notify.notifying import Notifying
from chimera_tui.server.notify.sending import NotifyOptions
from chimera_tui.server.playing import TOO_FAST, Playing
from chimera_tui.server.remembering import Remembering
from chimera_tui.server.seating import Seating
from chimera_tui.server.store import News, StoreUnavailable, TableStore, moderation
from chimera_tui.server.store.people import take_known_names
from chimera_tui.server.store.sqlite import SqliteStore
from chimera_tui.server.syncing import Syncing
from chimera_tui.server.tables import clean_code, table_of

log = logging.getLogger("chimera.server")

HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to say `Hello`."""

__all__ = ["DEFAULT_AWAY_LIMIT", "HELLO_TIMEOUT", "Limits", "Session", "TableHost"]


class TableHost(Seating, Playing, Notifying, Driving, Syncing, Remembering, Naming, Moderating):
    """Holds the tables and serves client connections."""

    def __init__(
        self,
        store: TableStore | Path,
        *,
        import_from: Path | None = None,
        limits: Limits | None = None,
        bot_delay: float = 0.5,
        away_limit: float = DEFAULT_AWAY_LIMIT,
        clock: Callable[[], float] | Clock = time.time,
        pool: BotPool | None = None,
        notify: NotifyOptions | None = None,
    ) -> None:
        """`store`: the store, or a folder for an SQLite store (whose table saves are then imported too);
        `import_from`: a folder of table saves to import once; `pool`: the worker processes search bots think
        in (None: a thread of this process; whoever made the pool closes it); `notify`: how players are told
        of their turns (None: they are not)."""
        if isinstance(store, Path):
            import_from = store if import_from is None else import_from
            store = SqliteStore(store)
        super().__init__(store, limits=limits, bot_delay=bot_delay, away_limit=away_limit, clock=clock)
        self.import_from = import_from
        self.pool = pool
        self._thoughts = {}
        self.notify_wanted = notify or NotifyOptions()
        self._tickets: dict[str, tuple[str, str | None, str]] = {}
        self._connections: dict[asyncio.Task[Any], asyncio.StreamWriter] = {}
        self._inbox: asyncio.Queue[News] = asyncio.Queue()
        self._news_task: asyncio.Task[None] | None = None
        self.opened = False

    # -- tickets and start-up --------------------------------------------------------------------------

    def issue_ticket(self, identity: str, name: str | None, key: str = "") -> str:
        """A secret that lets one client process speak as the account `identity` (display name `name`,
        signed in with `key`), or, with `name` None, as the key `identity` signed in with the name the client
        gives in its `Hello` (as a web player types it)."""
        ticket = secrets.token_urlsafe(24)
        self._tickets[ticket] = (identity, None if name is None else plain_text(name) or "Player", key)
        return ticket

    def revoke_ticket(self, ticket: str) -> None:
        self._tickets.pop(ticket, None)

    async def open(self) -> list[str]:
        """Open the store, import the old table saves once, and bring back every unfinished table, its
        timers running; returns the tables' codes.

        Raises:
            StoreError: when the store cannot be opened (one sentence).
        """
        await self.store.open()
        self.opened = True
        named = await self.store.run(take_known_names(self.clock()))
        if named:
            log.info("names are owned now: %d name(s) went to the player who used each first", named)
        await self.start_moderating()
        if self.import_from is not None:
            copied = await import_folder(self.store, self.import_from, self.clock())
            if copied:
                log.info("imported %d table(s) from %s", copied, self.import_from)
        codes = []
        for row in await self.store.unfinished():
            try:
                table = table_of(row)
            except SaveError as exc:
                log.error("cannot resume table %s: %s", row.code, exc.message)
                continue
            table.remote = await self.store.presence(row.code)
            self.tables[table.code] = table
            codes.append(table.code)
            await self.store.drive(table.code)
            log.info("resumed table %s (%s, step %d)", table.code, table.record.game, len(table.match or ()))
        self.store.listen(self.hear)
        self._news_task = asyncio.get_running_loop().create_task(self.take_news())
        await self.start_notifying(self.notify_wanted)
        for table in list(self.tables.values()):
            self.drive(table)
        return codes

    async def serve_unix(self, path: Path) -> asyncio.Server:
        """Listen for client processes on the Unix socket `path` (its folder should be private)."""
        server = await asyncio.start_unix_server(self.serve_connection, path=str(path))
        path.chmod(0o600)
        return server

    async def close(self) -> None:
        """Stop every timer, close every connection, wait for their handlers, and close the store."""
        self._closing = True
        self.stop_driving()
        await self.stop_notifying()
        self.stop_telling_lobbies()
        for writer in list(self._connections.values()):
            writer.close()
        handlers = list(self._connections)
        if handlers:
            await asyncio.wait(handlers, timeout=5)
        if self._news_task is not None:
            self._news_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._news_task
        for task in list(self._background):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 5)
        if self.opened:
            await self.store.close()

    async def flush(self) -> None:
        """Wait until the background work asked for so far (presence, chat to other hosts) is done."""
        while self._background:
            await asyncio.wait(list(self._background))

    # -- a connection ----------------------------------------------------------------------------------

    async def serve_connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Serve one client connection until it ends."""
        session: Session | None = None
        me = asyncio.current_task()
        if me is not None:
            self._connections[me] = writer
        try:
            async with asyncio.timeout(HELLO_TIMEOUT):
                body = await P.read_frame(reader, P.CLIENT_FRAME_LIMIT)
            if body is None:
                return
            hello = P.decode_client(body)
            if not isinstance(hello, P.Hello) or hello.ticket not in self._tickets:
                log.warning("refused a connection without a valid ticket")
                writer.write(
                    P.frame(P.Refused(reason="This connection has no valid ticket.", request="Hello"))
                )
                return
            identity, given, key = self._tickets[hello.ticket]
            name = given or ""
            if given is None:  # a browser: it signs in with the name its player typed
                signed = await self.sign_in(identity, hello.name or "")
                if isinstance(signed, str):
                    writer.write(P.frame(P.Refused(reason=signed, request="Hello")))
                    return
                key, (identity, name) = identity, signed
            if self.sessions_of(identity) >= self.limits.sessions_per_identity:
                log.warning("refused a session of %s: too many sessions", identity)
                writer.write(
                    P.frame(
                        P.Refused(
                            reason=f"You already have {self.limits.sessions_per_identity} sessions open.",
                            request="Hello",
                        )
                    )
                )
                return
            session = Session(identity, name, writer, key)
            session.mutes = await self.store.run(moderation.mutes(identity))
            self._sessions.setdefault(identity, set()).add(session)
            self._moved(identity)
            self._spawn(self._seen(session.key, name))
            log.info("session of %s (%s) opened", identity, name)
            session.send(
                P.Welcome(
                    name=name,
                    identity=identity,
                    away_limit=self.away_limit,
                    waiting=self.waiting_for(identity),
                ),
                self.limits.write_buffer,
            )
            while not session.closed:
                body = await P.read_frame(reader, P.CLIENT_FRAME_LIMIT)
                if body is None:
                    break
                message = P.decode_client(body)
                try:
                    await self.handle(session, message)
                except Exception:  # a bug must cost one request, never the host
                    log.exception("request %s of %s failed", P.tag(message), session.identity)
                    self._send(
                        session, P.Refused(reason="The host could not do that.", request=P.tag(message))
                    )
                await writer.drain()
        except P.ProtocolError as exc:
            log.warning("closing a connection: %s", exc)
        except (ConnectionError, asyncio.IncompleteReadError, TimeoutError):
            pass
        finally:
            if session is not None:
                self.leave(session)
                self._sessions.get(session.identity, set()).discard(session)
                if not self._sessions.get(session.identity):
                    self._sessions.pop(session.identity, None)
                self._moved(session.identity)
                log.info("session of %s closed", session.identity)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
            if me is not None:
                self._connections.pop(me, None)

    def _moved(self, identity: str) -> None:
        """`identity` connected or left: the lobbies list where they are if they sit at a table."""
        self.presence_changed(identity)
        if any(table.seat_of(identity) is not None for table in self.tables.values()):
            self.tables_changed()

    async def _remembered(
        self, session: Session, message: P.GetReplay | P.GetBoard | P.GetPlayer
    ) -> P.HostMessage | str:
        if isinstance(message, P.GetReplay):
            return await self.replay(session, clean_code(message.code))
        if isinstance(message, P.GetBoard):
            return await self.board(session, message.game)
        return await self.player(session, message.player)

    async def _seen(self, identity: str, name: str) -> None:
        try:
            await self.store.seen(identity, name, self.clock())
        except StoreUnavailable:
            log.warning("could not note that %s connected", identity)

    async def handle(self, session: Session, message: P.ClientMessage) -> None:
        """Answer one message of `session`."""
        reason: str | None
        try:
            if isinstance(message, P.Hello):
                reason = "You are already connected."
            elif isinstance(message, P.ListTables):
                session.follows_list = True
                self._send(session, P.Tables(tables=self.list_tables(session.identity)))
                return
            elif isinstance(message, P.CreateTable):
                reason = await self.create(session, message)
            elif isinstance(message, P.Join):
                reason = await self.join(session, clean_code(message.code))
            elif isinstance(message, P.Watch):
                reason = await self.watch(session, clean_code(message.code))
            elif isinstance(message, P.Leave):
                self.leave(session)
                return
            elif isinstance(message, P.Act):
                reason = await self.act(session, message.notation)
            elif isinstance(message, P.Undo):
                reason = await self.undo(session)
            elif isinstance(message, P.Chat) and message.text.lstrip().startswith("/"):  # /mute: counted too
                fast = self.chatting_too_fast(session)
                reason = TOO_FAST if fast else await self.chat_command(session, message.text)
            elif isinstance(message, P.Chat):
                reason = self.chat(session, message.text)
            elif isinstance(message, P.GetKeyCode):
                self._send(session, await self.key_code(session))
                return
            elif isinstance(message, (P.GetNotify, P.SetNotify)):
                told = await self.notify_request(session, message)
                if not isinstance(told, str):
                    self._send(session, told)
                    return
                reason = told
            elif isinstance(message, P.ListFinished):
                self._send(session, await self.finished_tables(session))
                return
            elif isinstance(message, (P.GetReplay, P.GetBoard, P.GetPlayer)):
                answer = await self._remembered(session, message)
                if not isinstance(answer, str):
                    self._send(session, answer)
                    return
                reason = answer
            else:  # pragma: no cover - the decoder admits only the kinds above
                reason = "Unknown request."
        except StoreUnavailable as exc:
            reason = str(exc)
        if reason is not None:
            self._send(session, P.Refused(reason=reason, request=P.tag(message)))
