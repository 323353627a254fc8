"""The table host: every table's authoritative match, its seats and spectators, behind a local socket.

Pure asyncio (no Textual). Client processes connect over a Unix socket (`serve_unix`) and speak the frames of
`chimera_tui.server.protocol`. A connection proves who it is with a ticket the front end issued for its
session (`issue_ticket`), so a client process cannot claim another identity.

- Each table has a short code; people create tables, join by code (their own seat again if they have one),
  or watch. A table's match starts when its last person seat is taken.
- Bots move on their turn after `bot_delay` seconds. When it is a person's turn and nobody sits in that seat,
  a timer of the table's away limit starts; when it runs out a bot plays for them ("away") until they return,
  and every seat's game log says so ("Alice is away: ...", "Alice is back ...", `HostedTable.tell`).
- After every action the table is saved with the ordinary save format (`table-CODE.chimera`) beside a small
  record of who owns which seat; `resume` brings back every unfinished table after a restart.
- Each session receives only its own seat's view, legal actions and log (`Update`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from chimera_tui import games
from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.plain_text import plain_text
from chimera_tui.engine.ruleset import seat_count_error
from chimera_tui.saves import SaveError, acquire
from chimera_tui.server import protocol as P
from chimera_tui.server.tables import (
    RECORD_SUFFIX,
    HostedTable,
    TableRecord,
    clean_code,
    load_table,
    new_code,
    save_path_of,
)

log = logging.getLogger("chimera.server")

HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to say `Hello`."""

DEFAULT_AWAY_LIMIT = 120.0
"""Seconds an absent player's turn waits before a bot plays it."""


@dataclass(frozen=True)
class Limits:
    """What one identity may use of the host."""

    sessions_per_identity: int = 3
    tables_per_identity: int = 5
    """Unfinished tables one identity may have created."""
    tables: int = 500
    """Tables the host holds at most."""
    chat_lines: int = 5
    chat_window: float = 10.0
    """At most `chat_lines` chat lines per `chat_window` seconds per session."""
    chat_length: int = P.CHAT_LIMIT
    write_buffer: int = 4 * 1024 * 1024
    """A client that lets this many bytes pile up unread is disconnected."""


class Session:
    """One client connection: who it is, where it sits, and its outgoing frames."""

    def __init__(self, identity: str, name: str, writer: asyncio.StreamWriter) -> None:
        self.identity = identity
        self.name = name
        self.writer = writer
        self.table: HostedTable | None = None
        self.seat: int | None = None
        self.chat_times: deque[float] = deque()
        self.log_sent: tuple[str, ...] = ()
        """The whole log (as this session's seat reads it) as of the last `Update` sent."""
        self.closed = False

    def send(self, message: P.Message, limit: int) -> None:
        if self.closed:
            return
        self.writer.write(P.frame(message))
        transport = self.writer.transport
        if transport.get_write_buffer_size() > limit:
            log.warning("dropping a session of %s: it does not read", self.identity)
            self.closed = True
            transport.abort()


class TableHost:
    """Holds the tables and serves client connections."""

    def __init__(
        self,
        folder: Path,
        *,
        limits: Limits | None = None,
        bot_delay: float = 0.5,
        away_limit: float = DEFAULT_AWAY_LIMIT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.folder = Path(folder)
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.away_limit = away_limit
        self.clock = clock
        self.tables: dict[str, HostedTable] = {}
        self._tickets: dict[str, tuple[str, str | None]] = {}
        self._sessions: dict[str, set[Session]] = {}
        self._timers: dict[str, asyncio.Task[None]] = {}
        self._connections: dict[asyncio.Task[Any], asyncio.StreamWriter] = {}
        self._closing = False

    # -- tickets and start-up --------------------------------------------------------------------------

    def issue_ticket(self, identity: str, name: str | None) -> str:
        """A secret that lets one client process speak as `identity` (display name `name`; None: the name
        the client gives in its `Hello`, as a web player types it)."""
        ticket = secrets.token_urlsafe(24)
        self._tickets[ticket] = (identity, None if name is None else plain_text(name) or "Player")
        return ticket

    def revoke_ticket(self, ticket: str) -> None:
        self._tickets.pop(ticket, None)

    def sessions_of(self, identity: str) -> int:
        """How many sessions `identity` has open now."""
        return len(self._sessions.get(identity, ()))

    def where(self, identity: str) -> str:
        """Where `identity` is, for a seat of theirs they are not at: "lobby" (a session at no table),
        "another table", or "" when they have no session open."""
        sessions = self._sessions.get(identity, ())
        if any(s.table is None for s in sessions):
            return "lobby"
        return "another table" if sessions else ""

    def session_count(self) -> int:
        """How many sessions are open now."""
        return sum(len(sessions) for sessions in self._sessions.values())

    def resume(self) -> list[str]:
        """Bring back every unfinished table saved in the folder; returns their codes (then call `start`)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        codes = []
        for path in sorted(self.folder.glob(f"table-*{RECORD_SUFFIX}")):
            try:
                lock = acquire(save_path_of(path))
            except SaveError as exc:  # another process plays it
                log.error("cannot resume a table: %s", exc.message)
                continue
            try:
                table = load_table(path)
            except SaveError as exc:
                lock.release()
                log.error("cannot resume a table: %s", exc.message)
                continue
            if table.over or table.code in self.tables:
                lock.release()
                continue
            table.lock = lock
            self.tables[table.code] = table
            codes.append(table.code)
            log.info("resumed table %s (%s, step %d)", table.code, table.record.game, len(table.match or ()))
        return codes

    def start(self) -> None:
        """Start the timers of every table (call once the event loop runs, after `resume`)."""
        for table in list(self.tables.values()):
            self._drive(table)

    async def serve_unix(self, path: Path) -> asyncio.Server:
        """Listen for client processes on the Unix socket `path` (its folder should be private)."""
        server = await asyncio.start_unix_server(self.serve_connection, path=str(path))
        path.chmod(0o600)
        return server

    async def close(self) -> None:
        """Stop every timer, close every connection and wait for their handlers to finish."""
        self._closing = True
        for task in list(self._timers.values()):
            task.cancel()
        self._timers.clear()
        for writer in list(self._connections.values()):
            writer.close()
        handlers = list(self._connections)
        if handlers:
            await asyncio.wait(handlers, timeout=5)
        await self.flush()
        for table in self.tables.values():
            table.release()

    async def flush(self) -> None:
        """Wait until every table's saves asked for so far are written."""
        for table in list(self.tables.values()):
            await table.saved()

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
            identity, given = self._tickets[hello.ticket]
            name = given if given is not None else plain_text(hello.name or "") or "Player"
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
            session = Session(identity, name, writer)
            self._sessions.setdefault(identity, set()).add(session)
            log.info("session of %s (%s) opened", identity, name)
            session.send(
                P.Welcome(name=name, identity=identity, away_limit=self.away_limit), self.limits.write_buffer
            )
            while not session.closed:
                body = await P.read_frame(reader, P.CLIENT_FRAME_LIMIT)
                if body is None:
                    break
                message = P.decode_client(body)
                try:
                    self.handle(session, message)
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
                self._leave(session)
                self._sessions.get(session.identity, set()).discard(session)
                if not self._sessions.get(session.identity):
                    self._sessions.pop(session.identity, None)
                log.info("session of %s closed", session.identity)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
            if me is not None:
                self._connections.pop(me, None)

    def handle(self, session: Session, message: P.ClientMessage) -> None:
        """Answer one message of `session`."""
        reason: str | None
        if isinstance(message, P.Hello):
            reason = "You are already connected."
        elif isinstance(message, P.ListTables):
            self._send(session, P.Tables(tables=self.list_tables(session.identity)))
            return
        elif isinstance(message, P.CreateTable):
            reason = self._create(session, message)
        elif isinstance(message, P.Join):
            reason = self._join(session, clean_code(message.code))
        elif isinstance(message, P.Watch):
            reason = self._watch(session, clean_code(message.code))
        elif isinstance(message, P.Leave):
            self._leave(session)
            return
        elif isinstance(message, P.Act):
            reason = self._act(session, message.notation)
        elif isinstance(message, P.Undo):
            reason = self._undo(session)
        elif isinstance(message, P.Chat):
            reason = self._chat(session, message.text)
        else:  # pragma: no cover - the decoder admits only the kinds above
            reason = "Unknown request."
        if reason is not None:
            self._send(session, P.Refused(reason=reason, request=P.tag(message)))

    def _send(self, session: Session, message: P.Message) -> None:
        session.send(message, self.limits.write_buffer)

    # -- the lobby -------------------------------------------------------------------------------------

    def list_tables(self, identity: str | None = None) -> tuple[P.TableInfo, ...]:
        """Open tables (and every table `identity` sits at), those you sit at first."""
        infos = [
            t.info(identity, self.where)
            for t in self.tables.values()
            if (not t.over and not t.record.private) or t.seat_of(identity or "") is not None
        ]
        infos.sort(key=lambda info: (not info.mine, info.started, info.code))
        return tuple(infos)

    def _create(self, session: Session, request: P.CreateTable) -> str | None:
        try:
            rules = games.get(request.game)
        except games.UnknownGame as exc:
            return str(exc)
        if (problem := seat_count_error(rules, request.players)) is not None:
            return problem
        bots = tuple(request.bots) + (None,) * (request.players - len(request.bots))
        if len(bots) != request.players:
            return "There are more seat choices than seats."
        factories = games.bots(request.game)
        for bot in bots:
            if bot is not None and bot not in factories:
                return f"{rules.title} has no bot called {plain_text(bot, 24)!r}."
        if all(bot is not None for bot in bots):
            return "Leave at least one seat for a person."
        for key, value in request.options.items():
            spec = next((o for o in rules.options if o.key == key), None)
            if spec is None or spec.problem(value, request.players) is not None:
                return f"{rules.title} has no option {plain_text(key, 24)}={plain_text(value, 24)}."
        mine = sum(1 for t in self.tables.values() if t.record.creator == session.identity and not t.over)
        if mine >= self.limits.tables_per_identity:
            return f"You already have {mine} open tables; finish or leave one first."
        if len(self.tables) >= self.limits.tables:
            return "The host holds as many tables as it can; try again later."
        away = self.away_limit if request.away_limit is None else max(0.1, min(request.away_limit, 3600.0))
        seed = request.seed if request.seed is not None else secrets.randbits(32)
        names = [f"{bot.capitalize()} bot" if bot else "Open seat" for bot in bots]
        owners: list[str | None] = [None] * request.players
        record = TableRecord(
            code=new_code(self.tables),
            game=request.game,
            players=request.players,
            options=dict(request.options),
            seed=seed,
            bots=bots,
            owners=owners,
            names=names,
            away_limit=away,
            creator=session.identity,
            created=_now().isoformat(timespec="seconds"),
            private=request.private,
        )
        table = HostedTable(record, self.folder)
        try:
            table.lock = acquire(table.save_path)
        except SaveError as exc:
            log.error("cannot open table %s: %s", table.code, exc.message)
            return "The host cannot save a new table now; try again."
        self.tables[table.code] = table
        log.info(
            "%s created table %s (%s, %d players, %s)",
            session.identity,
            table.code,
            request.game,
            request.players,
            "private" if request.private else "public",
        )
        reason = self._join(session, table.code)
        if reason is not None:  # cannot happen: a fresh table has an empty seat
            self.tables.pop(table.code, None)
            table.release()
        return reason

    def _join(self, session: Session, code: str) -> str | None:
        table = self.tables.get(code)
        if table is None:
            return f"There is no table with the code {code or '(none)'}."
        seat = table.seat_of(session.identity)
        if seat is None:
            if table.started:
                return "That table is full; you can watch it."
            seat = table.empty_seat()
            if seat is None:  # pragma: no cover - a table that has not started has an empty seat
                return "That table is full; you can watch it."
            table.record.owners[seat] = session.identity
            table.record.names[seat] = self._unique_name(table, session.name)
            table.notes.append(f"{table.record.names[seat]} sat down.")
            if table.empty_seat() is None:
                table.start()
                table.notes.append("Every seat is taken: the game begins.")
            try:
                table.write_record()
                table.autosave(_now())
            except SaveError as exc:
                log.error("table %s: %s", table.code, exc.message)
        self._leave(session)
        session.table, session.seat, session.log_sent = table, seat, ()
        table.here[seat] = table.here.get(seat, 0) + 1
        if seat in table.away:
            table.drop_away_bot(seat)
            table.tell(f"{table.record.names[seat]} is back and plays again.")
        log.info("%s sits at table %s, seat %d", session.identity, code, seat + 1)
        self._seated(session, table)
        self._changed(table)
        return None

    def _unique_name(self, table: HostedTable, name: str) -> str:
        taken = {n for n, owner in zip(table.record.names, table.record.owners, strict=True) if owner}
        candidate, n = name, 2
        while candidate in taken:
            candidate = f"{name[:20]} {n}"
            n += 1
        return candidate

    def _watch(self, session: Session, code: str) -> str | None:
        table = self.tables.get(code)
        if table is None:
            return f"There is no table with the code {code or '(none)'}."
        self._leave(session)
        session.table, session.seat, session.log_sent = table, None, ()
        table.spectators += 1
        log.info("%s watches table %s", session.identity, code)
        self._seated(session, table)
        self._changed(table)
        return None

    def _seated(self, session: Session, table: HostedTable) -> None:
        record = table.record
        self._send(
            session,
            P.Seated(
                code=table.code,
                game=record.game,
                players=record.players,
                names=tuple(record.names),
                options=dict(record.options),
                seat=session.seat,
                private=record.private,
            ),
        )

    def _leave(self, session: Session) -> None:
        table = session.table
        if table is None:
            return
        if session.seat is None:
            table.spectators = max(0, table.spectators - 1)
        else:
            table.here[session.seat] = max(0, table.here.get(session.seat, 0) - 1)
        session.table, session.seat = None, None
        self._changed(table, moved=False)
        if table.over and table.spectators == 0 and not any(table.here.values()):
            self.tables.pop(table.code, None)  # its save stays in the folder
            table.release()

    # -- playing ---------------------------------------------------------------------------------------

    def _act(self, session: Session, notation: str) -> str | None:
        table, seat = session.table, session.seat
        if table is None:
            return "You are not at a table."
        if seat is None:
            return "Spectators cannot play."
        if table.match is None:
            return "The game has not begun: seats are still empty."
        actor = table.to_act()
        if actor is None:
            return "The game is over."
        if actor != seat:
            return f"It is {table.record.names[actor]}'s turn."
        try:
            table.match.submit(table.rules.parse(table.match.state, notation[:1000]))
        except IllegalAction as exc:
            return exc.reason
        self._changed(table)
        return None

    def _undo(self, session: Session) -> str | None:
        table, seat = session.table, session.seat
        if table is None or table.match is None:
            return "There is nothing to undo."
        if seat is None:
            return "Spectators cannot undo."
        try:
            table.match.undo(seat)
        except IllegalAction as exc:
            return exc.reason
        self._changed(table)
        return None

    def _chat(self, session: Session, text: str) -> str | None:
        table = session.table
        if table is None:
            return "You are not at a table."
        line = plain_text(text, self.limits.chat_length)
        if not line:
            return None
        now = self.clock()
        times = session.chat_times
        while times and now - times[0] > self.limits.chat_window:
            times.popleft()
        if len(times) >= self.limits.chat_lines:
            return "You are chatting too fast; wait a moment."
        times.append(now)
        who = table.record.names[session.seat] if session.seat is not None else f"{session.name} (watching)"
        table.chat.append(f"{who}: {line}")
        log.info("chat line at table %s from %s", table.code, session.identity)
        self._changed(table, moved=False)
        return None

    # -- after a change --------------------------------------------------------------------------------

    def _changed(self, table: HostedTable, *, moved: bool = True) -> None:
        """Save (after an action), tell every session at `table`, and let bots or the away timer move."""
        if moved and table.match is not None:
            table.save_later(_now())
        self._broadcast(table)
        self._drive(table)

    def update_for(self, table: HostedTable, seat: int | None) -> P.Update:
        """What `seat` (None: a spectator) may know of `table` now."""
        base: dict[str, Any] = {
            "code": table.code,
            "started": table.started,
            "thinking": table.thinking(self.clock()),
            "seats": table.seat_infos(self.where),
            "notes": tuple(table.notes),
            "chat": tuple(table.chat),
        }
        match = table.match
        if match is None:
            return P.Update(step=0, to_act=None, undo_refusal="The game has not begun.", **base)
        state = match.state
        over = table.rules.is_over(state)
        viewer = None if over else seat
        actor = table.rules.to_act(state)
        legal: tuple[str, ...] = ()
        if seat is not None and actor == seat:
            legal = tuple(str(a) for a in table.rules.legal_actions(state))
        log, log_events = table.log_for(viewer)
        return P.Update(
            step=len(match),
            to_act=actor,
            view=P.encode_view(table.rules.view(state, viewer)),
            legal=legal,
            log=log,
            log_events=log_events,
            undo_refusal="Spectators cannot undo." if seat is None else match.undo_refusal(seat),
            history=table.history(),
            history_log=match.log if over else (),
            **base,
        )

    def _broadcast(self, table: HostedTable) -> None:
        cache: dict[int | None, P.Update] = {}
        for sessions in self._sessions.values():
            for session in sessions:
                if session.table is table:
                    if session.seat not in cache:
                        cache[session.seat] = self.update_for(table, session.seat)
                    self._send(session, self._news(session, cache[session.seat]))

    @staticmethod
    def _news(session: Session, update: P.Update) -> P.Update:
        """`update` (with the whole log) cut to the log lines `session` does not have yet."""
        had, now = session.log_sent, update.log
        session.log_sent = now
        if update.history:  # the game is over: every line may now read in full
            return update
        same = 0
        for old, new in zip(had, now, strict=False):
            if old is not new and old != new:
                break
            same += 1
        if same == 0:
            return update
        return msgspec.structs.replace(
            update, log_from=same, log=now[same:], log_events=update.log_events[same:]
        )

    def _drive(self, table: HostedTable) -> None:
        """(Re)start the table's timer: a bot's move, or the away limit of an absent person."""
        if self._closing:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # resumed before the loop runs: `start` drives every table again
            return
        old = self._timers.pop(table.code, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        actor = table.to_act()
        if actor is None:
            return
        step = len(table.match or ())
        if table.bot_for(actor) is not None:
            delay = self.bot_delay
        elif table.here.get(actor, 0) == 0:
            delay = table.record.away_limit
        else:
            return
        self._timers[table.code] = loop.create_task(self._timer(table, actor, step, delay))

    async def _timer(self, table: HostedTable, actor: int, step: int, delay: float) -> None:
        await asyncio.sleep(delay)
        if self.tables.get(table.code) is not table or table.match is None:
            return
        if table.to_act() != actor or len(table.match) != step:
            return
        if table.bot_for(actor) is None:
            if table.here.get(actor, 0) > 0:
                return
            table.away.add(actor)
            table.tell(f"{table.record.names[actor]} is away: a bot plays for them until they are back.")
            log.info("table %s: seat %d is away, a bot plays it", table.code, actor + 1)
        bot = table.bot_for(actor)
        assert bot is not None
        state = table.match.state
        try:
            view, legal = table.rules.view(state, actor), table.rules.legal_actions(state)
            if getattr(bot, "thinks", False):  # the search bot: think in a thread, never stall other tables
                action = await asyncio.to_thread(bot.choose, view, legal, actor)
                if (
                    self.tables.get(table.code) is not table
                    or table.match is None
                    or table.match.state is not state
                ):
                    return
            else:
                action = bot.choose(view, legal, actor)
            table.match.submit(action)
        except Exception:
            log.exception("table %s: the bot of seat %d failed", table.code, actor + 1)
            return
        self._timers.pop(table.code, None)
        self._changed(table)


def _now() -> datetime:
    return datetime.now().astimezone()
