"""What every part of the table host shares: its tables and sessions, how a change reaches the store, and
how the sessions at a table hear of it.

A change of a table is made in memory under the table's `guard`, then written with `HostCore.commit` as the
next version of its row. The store takes it only over the version it was made on: when another host changed
the table first, or the store cannot be reached, the table goes back to what the store holds and the player
is told why, in one sentence. Only a change that stands is sent to the sessions.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import msgspec

from chimera_tui.saves import SaveError
from chimera_tui.server import protocol as P
from chimera_tui.server.clock import Clock, SystemClock
from chimera_tui.server.store import StoreUnavailable, TableRow, TableStore
from chimera_tui.server.tables import HostedTable, table_of

log = logging.getLogger("chimera.server")

DEFAULT_AWAY_LIMIT = 120.0
"""Seconds an absent player's turn waits before a bot plays it."""

CONFLICT = "Another move reached the table first; yours was not played."

REPLACED = "A bot has your seat for good (your time ran out): you watch this table now."
"""What the person of a seat a bot took over for good hears when they try to play or undo."""
"""What a player hears whose change was made on a version another host (or session) changed first."""


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

    def __init__(self, identity: str, name: str, writer: asyncio.StreamWriter, key: str = "") -> None:
        self.identity = identity
        """The account (a person; see `store.people`): what seats, ratings and limits count."""
        self.name = name
        self.key = key or identity
        """The key (or browser) this session signed in with."""
        self.mutes: set[str] = set()
        """The accounts whose chat lines this session's player does not see (`/mute`)."""
        self.writer = writer
        self.table: HostedTable | None = None
        self.seat: int | None = None
        self.chat_times: deque[float] = deque()
        self.log_sent: tuple[str, ...] = ()
        """The whole log (as this session's seat reads it) as of the last `Update` sent."""
        self.follows_list = False
        """Whether it asked for the list of tables (and so is sent it again when it changes)."""
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


class HostCore:
    """The host's shared state and the steps every request takes (see the module's docstring)."""

    def __init__(
        self,
        store: TableStore,
        *,
        limits: Limits | None = None,
        bot_delay: float = 0.5,
        away_limit: float = DEFAULT_AWAY_LIMIT,
        clock: Callable[[], float] | Clock = time.time,
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.away_limit = away_limit
        self.timer: Clock = SystemClock(clock) if callable(clock) else clock
        """What deadlines are waited on (tests move a clock of their own on)."""
        self.clock: Callable[[], float] = self.timer.now
        """Seconds since the epoch (turn clocks are shared by every host through the store)."""
        self.tables: dict[str, HostedTable] = {}
        self._sessions: dict[str, set[Session]] = {}
        self._timers: dict[str, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[Any]] = set()
        self._publishing: dict[str, bool] = {}
        self._list_news: asyncio.TimerHandle | None = None
        self._list_news_next = 0.0
        self._closing = False
        self.muted_everywhere: set[str] = set()
        """The accounts the operator muted on every host: their chat lines are refused."""

    # -- sessions --------------------------------------------------------------------------------------

    def sessions_of(self, identity: str) -> int:
        """How many sessions `identity` has open now."""
        return len(self._sessions.get(identity, ()))

    def where(self, identity: str) -> str:
        """Where `identity` is, for a seat of theirs they are not at: "lobby" (a session at no table),
        "another table", or "" when they have no session open on this host."""
        sessions = self._sessions.get(identity, ())
        if any(s.table is None for s in sessions):
            return "lobby"
        return "another table" if sessions else ""

    def session_count(self) -> int:
        """How many sessions are open now."""
        return sum(len(sessions) for sessions in self._sessions.values())

    def _send(self, session: Session, message: P.Message) -> None:
        session.send(message, self.limits.write_buffer)

    def _at(self, table: HostedTable) -> list[Session]:
        return [s for sessions in self._sessions.values() for s in sessions if s.table is table]

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` in the background (its failure is logged, never lost)."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- writing a change ------------------------------------------------------------------------------

    async def commit(self, table: HostedTable) -> str | None:
        """Write `table` as it is now (changed under its `guard`) as its next version; None when it stands,
        else why not (the table is then as the store holds it, and its sessions are told)."""
        row = table.to_row(table.version + 1, self.clock())
        ends = row.finished is not None and table.finished is None
        try:
            stored = await self.store.commit(row, table.version, table.outcome() if ends else None)
        except StoreUnavailable as exc:
            log.warning("table %s: %s", table.code, exc)
            self._roll_back(table)
            return str(exc)
        if stored:
            table.committed(row)
            return None
        log.info("table %s: a change made on version %d came second", table.code, table.version)
        await self.catch_up(table)
        return CONFLICT

    def _roll_back(self, table: HostedTable) -> None:
        """Undo what was changed in memory: the table is again its last stored row."""
        if table.row is not None:
            table.adopt(table.row)

    async def catch_up(self, table: HostedTable) -> None:
        """Read the table again from the store, and tell its sessions (call under its `guard`)."""
        try:
            row = await self.store.load(table.code)
        except StoreUnavailable:
            self._roll_back(table)
            self.changed(table)
            return
        if row is None:
            return
        try:
            table.adopt(row)
        except SaveError as exc:
            log.error("table %s: %s", table.code, exc.message)
            self._roll_back(table)
        self.changed(table)

    async def find_table(self, code: str, row: TableRow | None = None) -> HostedTable | None:
        """The unfinished table `code`: this host's, or one another host opened that this host has not
        heard of yet (read from the store; `row`: its row, read already)."""
        if code in self.tables:
            return self.tables[code]
        if row is None:
            row = await self.store.load(code)
        if row is None or row.finished is not None or code in self.tables:
            return self.tables.get(code)
        try:
            table = table_of(row)
        except SaveError as exc:
            log.error("cannot take table %s: %s", code, exc.message)
            return None
        table.remote = await self.store.presence(code)
        if code not in self.tables:
            self.tables[code] = table
            log.info("table %s (%s) opened on another host", code, row.game)
            self.tables_changed()
        return self.tables[code]

    # -- after a change --------------------------------------------------------------------------------

    def changed(self, table: HostedTable) -> None:
        """Tell every session at `table` (and its player to act, wherever they are) and the lobbies, and
        let its bots or timers move."""
        self._broadcast(table)
        self._tell_turn(table)
        self.tables_changed()
        self.drive(table)

    def list_tables(self, identity: str | None = None) -> tuple[P.TableInfo, ...]:
        """The tables the lobby of `identity` lists; the host's seating part defines it."""
        raise NotImplementedError

    def tables_changed(self) -> None:
        """The list of tables may read differently now: send it to every session in the lobby that follows
        it, at once if the last time was `LIST_NEWS_INTERVAL` seconds ago, else then (however many changes
        came meanwhile: a busy host sends no more than idle lobbies used to ask for)."""
        if self._list_news is not None or self._closing:
            return
        loop = asyncio.get_running_loop()
        wait = max(0.0, self._list_news_next - loop.time())
        self._list_news = loop.call_later(wait, self._tell_lobbies)

    def _tell_lobbies(self) -> None:
        """Send the list to the lobbies: one list for everyone who sits at no table (they all read the
        same), one for each player who does (their own tables first, their turn marked)."""
        self._list_news = None
        self._list_news_next = asyncio.get_running_loop().time() + P.LIST_NEWS_INTERVAL
        seated = {owner for table in self.tables.values() for owner in table.record.owners if owner}
        lists: dict[str | None, P.Tables] = {}
        for sessions in list(self._sessions.values()):
            for session in sessions:
                if session.follows_list and session.table is None and not session.closed:
                    whose = session.identity if session.identity in seated else None
                    if whose not in lists:
                        lists[whose] = P.Tables(tables=self.list_tables(whose))
                    self._send(session, lists[whose])

    def stop_telling_lobbies(self) -> None:
        if self._list_news is not None:
            self._list_news.cancel()
            self._list_news = None

    def waiting_for(self, identity: str) -> int:
        """How many tables wait for `identity`'s move."""
        return sum(1 for table in self.tables.values() if table.waits_for(identity))

    def _tell_turn(self, table: HostedTable) -> None:
        """When `table` became a person's turn, say so to their sessions elsewhere (the lobby, another
        table), once per turn."""
        actor = table.to_act()
        turn = (actor, len(table.match or ()))
        if actor is None or turn == table.told_turn:
            return
        table.told_turn = turn
        owner = table.record.owners[actor]
        if owner is None or not table.waits_for(owner):
            return
        for session in self._sessions.get(owner, ()):
            if session.table is not table:
                message = P.YourTurn(
                    code=table.code, title=table.rules.title, waiting=self.waiting_for(owner)
                )
                self._send(session, message)

    def drive(self, table: HostedTable) -> None:
        """(Re)start the table's timer; the host's driving part defines it."""
        raise NotImplementedError

    async def moderate(self) -> None:
        """Take up what the operator changed; the host's moderating part defines it."""
        raise NotImplementedError

    def deadline_passed(self, table: HostedTable, actor: int, line: str) -> None:
        """A turn-based move's time ran out (`line`: what every seat was told); the notifying part queues
        it for the player."""

    def stop_driving(self) -> None:
        """Stop every timer (this host drives nothing now)."""
        for task in list(self._timers.values()):
            if task is not asyncio.current_task():
                task.cancel()
        self._timers.clear()

    def forget_if_done(self, table: HostedTable) -> None:
        """Drop a finished table nobody here sits at from memory (the store keeps it)."""
        idle = table.over and table.spectators == 0 and not any(table.here.values())
        if idle and self.tables.pop(table.code, None) is not None:
            self.tables_changed()

    def publish(self, table: HostedTable) -> None:
        """Tell the other hosts, soon, how many of this host's sessions sit at `table` (coalesced)."""
        code = table.code
        if code in self._publishing:
            self._publishing[code] = True
            return
        self._publishing[code] = False
        self._spawn(self._publish(table))

    async def _publish(self, table: HostedTable) -> None:
        code = table.code
        try:
            while True:
                sessions = {seat: n for seat, n in table.here.items() if n} | {-1: table.spectators}
                try:
                    await self.store.publish_presence(code, sessions)
                except StoreUnavailable:
                    return  # published again when the store is back
                if not self._publishing.get(code):
                    return
                self._publishing[code] = False
        finally:
            self._publishing.pop(code, None)

    def update_for(self, table: HostedTable, seat: int | None) -> P.Update:
        """What `seat` (None: a spectator) may know of `table` now."""
        base: dict[str, Any] = {
            "code": table.code,
            "started": table.started,
            "thinking": table.thinking(self.clock()),
            "seats": table.seat_infos(self.where),
            "notes": tuple(table.notes),
            "chat": tuple(line for _, line in table.chat),
        }
        match = table.match
        if match is None:
            return P.Update(step=0, to_act=None, undo_refusal="The game has not begun.", **base)
        if seat is not None and seat in table.record.for_good:  # its person watches the bot, as a spectator
            return msgspec.structs.replace(self.update_for(table, None), undo_refusal=REPLACED, replaced=True)
        state = match.state
        over = table.rules.is_over(state)
        viewer = None if over else seat
        actor = table.rules.to_act(state)
        legal: tuple[str, ...] = ()
        if seat is not None and actor == seat:
            legal = tuple(str(a) for a in table.rules.legal_actions(state))
        since = table.last_move_of(seat) if seat is not None and table.record.pace == "turn" else None
        lines, events = table.log_for(viewer, since)
        return P.Update(
            step=len(match),
            to_act=actor,
            view=P.encode_view(table.rules.view(state, viewer)),
            legal=legal,
            log=lines,
            log_events=events,
            undo_refusal="Spectators cannot undo." if seat is None else match.undo_refusal(seat),
            history=table.history(),
            history_log=match.log if over else (),
            **base,
        )

    def _broadcast(self, table: HostedTable) -> None:
        cache: dict[int | None, P.Update] = {}
        for session in self._at(table):
            if session.seat not in cache:
                cache[session.seat] = self.update_for(table, session.seat)
            update = cache[session.seat]
            if session.mutes:  # without the lines of those this player muted
                chat = tuple(line for who, line in table.chat if who not in session.mutes)
                update = msgspec.structs.replace(update, chat=chat)
            self._send(session, self._news(session, update))

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
