"""What a host sharing a PostgreSQL database keeps open besides its pool: the news and the leases.

`Watcher` holds two connections of its own:

- the *listen* connection: ``LISTEN chimera``, turning every notification of another host into a `News`;
- the *lease* connection: the host's own advisory lock (`HOST_LOCKS`, its key) and the lock of every table
  it drives (`TABLE_LOCKS`, the table's id). Every `sweep` seconds it takes the locks of unfinished tables
  nobody holds (their host died, or stopped) and drops the `presence` rows of hosts whose lock is gone. A
  table this host opens is locked on a fresh id before its row is inserted (`reserve`), so it is driven by
  the host that opened it, never by another host's sweep that saw the row first.

When either connection fails (the database restarted, the network went), the host has lost every lock with
it: the watcher says `News("lost")`, drives nothing, and tries again every `RETRY` seconds; once both
connections are back it says `News("back")` (the host then catches up with every table) and sweeps as
before. What the log says meanwhile is the store's `Outage`: one line when the database went, one when it
is back (a sweep that works says it is back after a failure only the pool saw), the failed attempts counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from typing import Any

import msgspec
import psycopg

from chimera_tui.server.store.base import STORE_CHANNEL, Listener, News
from chimera_tui.server.store.outage import Outage, first_line

log = logging.getLogger("chimera.server.store")

HOST_LOCKS = 7_300_001
"""The first key of each host's own advisory lock (the second is the host's key)."""

TABLE_LOCKS = 7_300_002
"""The first key of each table's driver lock (the second is the table's id)."""

RETRY = 0.5
"""Seconds between two attempts to reach the database again."""

_DOWN = (psycopg.OperationalError, psycopg.InterfaceError, OSError)


class Payload(msgspec.Struct, omit_defaults=True):
    """A notification on `STORE_CHANNEL`, as JSON: its kind (t: table, p: presence, c: chat, m: the operator
    changed something), the table's code, the table's version (m: the `moderation` row), the host that sent it
    (0: a sweep, which every host hears) and a line said."""

    k: str
    c: str = ""
    v: int = 0
    h: int = 0
    s: str = ""
    i: str = ""
    """c: the account that said the line."""


_DECODE = msgspec.json.Decoder(Payload)
_ENCODE = msgspec.json.Encoder()
_KINDS = {"t": "table", "p": "presence", "c": "chat", "m": "moderation"}


class Watcher:
    """The listen and lease connections of one host (see the module's docstring)."""

    def __init__(self, url: str, host_key: int, outage: Outage, *, sweep: float = 1.0) -> None:
        self.url = url
        self.outage = outage
        self.host_key = host_key
        self.sweep = sweep
        self.listeners: list[Listener] = []
        self.driving: dict[str, int] = {}
        """The tables this host drives: code -> table id (the second key of its lock)."""
        self.up = False
        self._lease: psycopg.AsyncConnection[Any] | None = None
        self._listen: psycopg.AsyncConnection[Any] | None = None
        self._lease_lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None

    def _say(self, news: News) -> None:
        for listener in list(self.listeners):
            try:
                listener(news)
            except Exception:  # a listener's bug must not end the watch
                log.exception("a listener failed on %s", news)

    # -- connecting ------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Connect (raises what psycopg raises when it cannot) and start watching."""
        await self._connect()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _connect(self) -> None:
        name = f"chimera serve {os.getpid()}"
        lease = await psycopg.AsyncConnection.connect(self.url, autocommit=True, application_name=name)
        try:
            await lease.execute("SELECT pg_advisory_lock(%s, %s)", (HOST_LOCKS, self.host_key))
            listen = await psycopg.AsyncConnection.connect(self.url, autocommit=True, application_name=name)
            await listen.execute(f"LISTEN {STORE_CHANNEL}")
        except BaseException:
            await lease.close()
            raise
        self._lease, self._listen, self.up = lease, listen, True

    async def _disconnect(self) -> None:
        self.up = False
        self.driving.clear()
        for conn in (self._listen, self._lease):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
        self._lease = self._listen = None

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        await self._disconnect()

    async def _run(self) -> None:
        while True:
            try:
                if not self.up:
                    await self._connect()
                    self.outage.back()
                    self._say(News("back"))
                await self._watch()
            except _DOWN as exc:
                self.outage.lost(first_line(exc))
                if self.up:
                    await self._disconnect()
                    self._say(News("lost"))
                await asyncio.sleep(RETRY)

    async def _watch(self) -> None:
        assert self._listen is not None
        hear = asyncio.get_running_loop().create_task(self._hear(self._listen))
        try:
            while True:
                await asyncio.wait({hear}, timeout=self.sweep)
                if hear.done():
                    hear.result()  # raises what ended it
                    raise psycopg.OperationalError("the listen connection ended")
                await self._sweep()
                self.outage.back()
        finally:
            hear.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await hear

    async def _hear(self, conn: psycopg.AsyncConnection[Any]) -> None:
        async for notify in conn.notifies():
            try:
                payload = _DECODE.decode(notify.payload)
            except msgspec.DecodeError:
                log.warning("a notification chimera cannot read on %s", STORE_CHANNEL)
                continue
            kind = _KINDS.get(payload.k)
            if kind is None or payload.h == self.host_key:
                continue
            self._say(News(kind, payload.c, payload.v, payload.s, payload.i))

    # -- leases ----------------------------------------------------------------------------------------

    async def _sweep(self) -> None:
        """Take the tables nobody drives; drop the presence of hosts that are gone."""
        async with self._lease_lock:
            lease = self._lease
            if lease is None:
                return
            cursor = await lease.execute(
                "SELECT code, id FROM (SELECT id, code FROM tables WHERE finished IS NULL "
                "AND NOT (code = ANY(%s)) OFFSET 0) AS free WHERE pg_try_advisory_lock(%s, free.id::integer)",
                (list(self.driving), TABLE_LOCKS),
            )
            taken = await cursor.fetchall()
            async with lease.transaction():
                cursor = await lease.execute(
                    "DELETE FROM presence AS p WHERE NOT EXISTS (SELECT 1 FROM pg_locks AS l "
                    "WHERE l.locktype = 'advisory' AND l.granted AND l.classid = %s "
                    "AND l.objid = p.host_key::oid AND l.objsubid = 2 "
                    "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())) "
                    "RETURNING code",
                    (HOST_LOCKS,),
                )
                gone = {str(code) for (code,) in await cursor.fetchall()}
                for code in sorted(gone):
                    payload = _ENCODE.encode(Payload(k="p", c=code)).decode()
                    await lease.execute("SELECT pg_notify(%s, %s)", (STORE_CHANNEL, payload))
        for code, table_id in taken:
            self.driving[str(code)] = int(table_id)
            log.info("this host drives table %s now", code)
            self._say(News("driving", str(code)))

    async def drive(self, code: str) -> bool:
        async with self._lease_lock:
            if code in self.driving:
                return True
            lease = self._lease
            if lease is None:
                return False
            try:
                cursor = await lease.execute(
                    "SELECT id, pg_try_advisory_lock(%s, id::integer) FROM tables WHERE code = %s",
                    (TABLE_LOCKS, code),
                )
                found = await cursor.fetchone()
            except _DOWN:
                return False  # the watch notices and says so
            if found is None or not found[1]:
                return False
            self.driving[code] = int(found[0])
            return True

    async def reserve(self, code: str) -> int | None:
        """A fresh id for the table `code` this host opens, with its driver lock taken before the table's row
        exists: so no other host's sweep can take a table in the moment between its insert and this host's
        `drive` (the table is in `driving` from now on; `undrive` it if the insert fails). None when there is
        no lease connection now, or a table of that code is driven here already (the insert will fail)."""
        async with self._lease_lock:
            lease = self._lease
            if lease is None or code in self.driving:
                return None
            try:
                cursor = await lease.execute("SELECT nextval(pg_get_serial_sequence('tables', 'id'))")
                found = await cursor.fetchone()
                if found is None:
                    return None
                table_id = int(found[0])
                cursor = await lease.execute("SELECT pg_try_advisory_lock(%s, %s)", (TABLE_LOCKS, table_id))
                locked = await cursor.fetchone()
            except _DOWN:
                return None  # the watch notices and says so
            if locked is None or not locked[0]:
                return None
            self.driving[code] = table_id
            return table_id

    async def undrive(self, code: str) -> None:
        async with self._lease_lock:
            table_id = self.driving.pop(code, None)
            if table_id is None or self._lease is None:
                return
            with contextlib.suppress(*_DOWN):
                await self._lease.execute("SELECT pg_advisory_unlock(%s, %s)", (TABLE_LOCKS, table_id))
