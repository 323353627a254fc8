"""The PostgreSQL store: one set of tables for one host or several (psycopg 3 with its connection pool).

How several hosts share it, with PostgreSQL's own mechanisms:

- **Moves.** `commit` is ``UPDATE … WHERE code = … AND version = …``: a change stands only over the version it
  was made on (READ COMMITTED re-reads the row after waiting for a concurrent update, so of two changes made
  on one version exactly one matches). In the same transaction ``pg_notify`` tells the other hosts, which
  PostgreSQL delivers only if the transaction commits.
- **News.** Each host keeps one connection that LISTENs on `STORE_CHANNEL` (`Watcher` in `postgres_watch`).
- **Who drives a table.** Its bots and timers run on the host holding the session-level advisory lock
  (`TABLE_LOCKS`, the table's id) on its lease connection; the host that opens a table takes its lock before
  the row is inserted, so it drives it. The lock goes when that connection does, so when a host dies (kill -9
  included) PostgreSQL frees its locks at once, and another host's next sweep (every `sweep` seconds) takes
  them. Each host also holds a lock of its own (`HOST_LOCKS`, its random key), by which the others tell that
  its rows of `presence` (its sessions at each table) are still true.
"""

from __future__ import annotations

import logging
import os
import secrets
from typing import Any

import msgspec
import psycopg
import psycopg_pool
from psycopg import sql

from chimera_tui.server.ratings import Outcome, RatingRow
from chimera_tui.server.store import postgres_records as records
from chimera_tui.server.store import schema
from chimera_tui.server.store.base import (
    STORE_CHANNEL,
    FinishedRow,
    Listener,
    StoreError,
    StoreUnavailable,
    TableRow,
    TableStore,
    newer_schema,
)
from chimera_tui.server.store.outage import POOL_LOGGER, Outage, first_line
from chimera_tui.server.store.postgres_watch import HOST_LOCKS, Payload, Watcher
from chimera_tui.server.store.steps import Lock, Query, Rows, Step, Steps, T, drive_async

MIGRATION_LOCK = 7_300_000
"""The advisory lock (one key) two hosts starting at once take before migrating."""

PEOPLE_LOCKS = 7_300_004
"""The first key of the transaction locks the operations of `people` and `moderation` take (`steps.Lock`)."""

RECONNECT = 5.0
"""Seconds the pool goes on trying to make one connection before it gives that attempt up. psycopg_pool waits
twice as long after each failure (1 s, 2 s, 4 s … until this), so with its default of 5 minutes a host whose
database was away for 30 s went on failing for 30 s more after it was back (the pool's next try was that far
off). Given up sooner, a try is never more than 2 s away, and a request made when none is under way starts one
at once."""

_COLUMNS = ", ".join(schema.TABLE_COLUMNS)
_PLACES = ", ".join(["%s"] * len(schema.TABLE_COLUMNS))
_SETS = ", ".join(f"{column} = %s" for column in schema.TABLE_COLUMNS)
_ENCODE = msgspec.json.Encoder()

_DOWN = (psycopg.OperationalError, psycopg_pool.PoolTimeout, psycopg.InterfaceError, OSError)
"""What a call raises when the server cannot be reached (or went away in the middle)."""


def _row(values: tuple[Any, ...]) -> TableRow:
    fields = dict(zip(schema.TABLE_COLUMNS, values, strict=True))
    for blob in ("setup", "save", "told"):
        if fields[blob] is not None:
            fields[blob] = bytes(fields[blob])
    return TableRow(**fields)


def _values(row: TableRow) -> tuple[Any, ...]:
    return tuple(getattr(row, column) for column in schema.TABLE_COLUMNS)


def application_name() -> str:
    """How this host's connections are named in ``pg_stat_activity`` (which host holds which lock)."""
    return f"chimera serve {os.getpid()}"


def where(url: str) -> str:
    """The server and database of `url`, without its password, for messages."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "the given address"
    host = str(info.get("host") or "localhost")
    port = f":{info['port']}" if info.get("port") else ""
    return f"{host}{port}/{info.get('dbname') or info.get('user') or ''}"


class PostgresStore(TableStore):
    """Tables, identities and the hosts' news in the PostgreSQL database at `url`."""

    def __init__(
        self,
        url: str,
        *,
        sweep: float = 1.0,
        pool_size: int = 8,
        readonly: bool = False,
        beside: bool = False,
    ) -> None:
        """`readonly`: only read (no migration, no news, no leases), as `chimera tables` does; `beside`: read
        and write, but hold no leases and hear no news (the operator's `chimera players`)."""
        self.url = url
        self.readonly = readonly
        self.beside = beside
        self.description = f"PostgreSQL at {where(url)}"
        self.host_key = secrets.randbelow(2**31 - 2) + 1
        """This host's key: its advisory lock, its rows of `presence`, and how it knows its own news."""
        self.pool = psycopg_pool.AsyncConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            open=False,
            timeout=5.0,
            reconnect_timeout=RECONNECT,
            kwargs={"autocommit": True, "application_name": application_name()},
            check=psycopg_pool.AsyncConnectionPool.check_connection,
            name=f"chimera-{self.host_key}",
        )
        self.outage = Outage(self.description, self.pool)
        """What the log says while the database is away (the pool's own lines about it are counted instead)."""
        self.watcher = Watcher(url, self.host_key, self.outage, sweep=sweep)

    async def open(self) -> None:
        logging.getLogger(POOL_LOGGER).addFilter(self.outage)
        try:
            await self.pool.open(wait=True, timeout=10.0)
        except _DOWN as exc:
            await self.pool.close()
            logging.getLogger(POOL_LOGGER).removeFilter(self.outage)
            why = _sentence(self.outage.reason or first_line(exc))  # the pool's own reason, not its timeout
            raise StoreError(f"Cannot reach the database {self.description}: {why}") from exc
        self.outage.back()
        try:
            if self.readonly:
                await self._check_version()
                return
            await self._migrate()
            if not self.beside:
                await self.watcher.start()
        except _DOWN as exc:
            await self.close()
            raise StoreError(
                f"Cannot use the database {self.description}: {_sentence(first_line(exc))}"
            ) from exc
        except StoreError:
            await self.close()
            raise

    async def _migrate(self, upto: int | None = None) -> None:
        target = schema.SCHEMA_VERSION if upto is None else upto
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            await conn.execute(schema.VERSION_TABLE)
            found = await (await conn.execute("SELECT version FROM schema_version")).fetchone()
            version = 0 if found is None else int(found[0])
            if version > schema.SCHEMA_VERSION:
                raise StoreError(newer_schema(version, schema.SCHEMA_VERSION))
            for statements in schema.POSTGRES[version:target]:
                for statement in statements:
                    await conn.execute(sql.SQL(statement))
            if found is None:
                await conn.execute(
                    "INSERT INTO schema_version (version) VALUES (%s)", (max(version, target),)
                )
            else:
                await conn.execute("UPDATE schema_version SET version = %s", (max(version, target),))

    async def _check_version(self) -> None:
        async with self.pool.connection() as conn:
            found = await (await conn.execute("SELECT to_regclass('schema_version') IS NOT NULL")).fetchone()
            if found is None or not found[0]:
                raise StoreError(f"The database {self.description} holds no tables of chimera.")
            row = await (await conn.execute("SELECT version FROM schema_version")).fetchone()
            version = 0 if row is None else int(row[0])
            if version > schema.SCHEMA_VERSION:
                raise StoreError(newer_schema(version, schema.SCHEMA_VERSION))

    async def close(self) -> None:
        await self.watcher.stop()
        await self.pool.close()
        logging.getLogger(POOL_LOGGER).removeFilter(self.outage)

    async def _notify(self, conn: psycopg.AsyncConnection[Any], payload: Payload) -> None:
        await conn.execute("SELECT pg_notify(%s, %s)", (STORE_CHANNEL, _ENCODE.encode(payload).decode()))

    # -- tables ----------------------------------------------------------------------------------------

    async def insert(self, row: TableRow) -> bool:
        """Store a new table, driven by this host from the start: its lock is taken on a fresh id before the
        row exists (`Watcher.reserve`), so another host's sweep cannot take it first."""
        table_id = await self.watcher.reserve(row.code)
        stored = False
        try:
            async with self.pool.connection() as conn, conn.transaction():
                if table_id is None:
                    await conn.execute(f"INSERT INTO tables ({_COLUMNS}) VALUES ({_PLACES})", _values(row))
                else:
                    await conn.execute(
                        f"INSERT INTO tables (id, {_COLUMNS}) VALUES (%s, {_PLACES})",
                        (table_id, *_values(row)),
                    )
                await self._notify(conn, Payload(k="t", c=row.code, v=row.version, h=self.host_key))
            stored = True
        except psycopg.errors.UniqueViolation:
            return False
        except _DOWN as exc:
            raise StoreUnavailable() from exc
        finally:
            if table_id is not None and not stored:
                await self.watcher.undrive(row.code)
        return True

    async def commit(self, row: TableRow, expected: int, outcome: Outcome | None = None) -> bool:
        try:
            async with self.pool.connection() as conn, conn.transaction():
                cursor = await conn.execute(
                    f"UPDATE tables SET {_SETS} WHERE code = %s AND version = %s",
                    (*_values(row), row.code, expected),
                )
                if cursor.rowcount != 1:
                    return False
                if outcome is not None:
                    await records.keep_outcome(conn, row, outcome)
                await self._notify(conn, Payload(k="t", c=row.code, v=row.version, h=self.host_key))
        except _DOWN as exc:
            raise StoreUnavailable() from exc
        return True

    async def _fetch(self, query: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            async with self.pool.connection() as conn:
                cursor = await conn.execute(query, args)
                return await cursor.fetchall()
        except _DOWN as exc:
            raise StoreUnavailable() from exc

    async def _do(self, query: str, args: tuple[Any, ...] = ()) -> None:
        try:
            async with self.pool.connection() as conn:
                await conn.execute(query, args)
        except _DOWN as exc:
            raise StoreUnavailable() from exc

    async def load(self, code: str) -> TableRow | None:
        rows = await self._fetch(f"SELECT {_COLUMNS} FROM tables WHERE code = %s", (code,))
        return _row(rows[0]) if rows else None

    async def unfinished(self) -> list[TableRow]:
        rows = await self._fetch(f"SELECT {_COLUMNS} FROM tables WHERE finished IS NULL ORDER BY id")
        return [_row(found) for found in rows]

    async def versions(self) -> dict[str, int]:
        rows = await self._fetch("SELECT code, version FROM tables WHERE finished IS NULL")
        return {str(code): int(version) for code, version in rows}

    # -- what is remembered ----------------------------------------------------------------------------

    async def finished(self, identity: str, limit: int) -> list[FinishedRow]:
        return records.finished_rows(await self._fetch(records.FINISHED, (identity, identity, limit)))

    async def board(self, game: str, limit: int) -> list[RatingRow]:
        return records.rating_rows(await self._fetch(records.BOARD, (game, limit)))

    async def ratings(self, identity: str) -> tuple[list[RatingRow], list[tuple[str, float, float]]]:
        rows = records.rating_rows(await self._fetch(records.RATINGS, (identity,)))
        history = await self._fetch(records.HISTORY, (identity,))
        return rows, [(str(g), float(m), float(s)) for g, m, s in history]

    async def identity_of(self, player: str) -> str | None:
        rows = await self._fetch(records.IDENTITY, (player,))
        return str(rows[0][0]) if rows else None

    # -- identities and imports ------------------------------------------------------------------------

    async def seen(self, identity: str, name: str, now: float) -> None:
        await self._do(
            "INSERT INTO identities (identity, kind, name, first_seen, last_seen) VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT (identity) DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen",
            (identity, schema.identity_kind(identity), name, now, now),
        )

    async def identity(self, identity: str) -> tuple[str, float, float] | None:
        rows = await self._fetch(
            "SELECT name, first_seen, last_seen FROM identities WHERE identity = %s", (identity,)
        )
        return (str(rows[0][0]), float(rows[0][1]), float(rows[0][2])) if rows else None

    async def imported(self, folder: str) -> bool:
        return bool(await self._fetch("SELECT 1 FROM imports WHERE folder = %s", (folder,)))

    async def mark_imported(self, folder: str, tables: int, now: float) -> None:
        await self._do(
            "INSERT INTO imports (folder, tables, at) VALUES (%s, %s, %s) "
            "ON CONFLICT (folder) DO UPDATE SET tables = excluded.tables, at = excluded.at",
            (folder, tables, now),
        )

    # -- operations written once (`steps`) ---------------------------------------------------------------

    async def run(self, steps: Steps[T]) -> T:
        try:
            async with self.pool.connection() as conn, conn.transaction():

                async def take(step: Step) -> Rows | None:
                    if isinstance(step, Query):
                        cursor = await conn.execute(step.sql.replace("?", "%s"), step.args)
                        rows = await cursor.fetchall() if cursor.description is not None else []
                        return Rows(list(rows), cursor.rowcount)
                    if isinstance(step, Lock):
                        await conn.execute(
                            "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (PEOPLE_LOCKS, step.key)
                        )
                    else:
                        await self._notify(conn, Payload(k="m", v=step.id, h=self.host_key))
                    return None

                return await drive_async(steps, take)
        except _DOWN as exc:
            raise StoreUnavailable() from exc

    # -- hosts sharing the store -----------------------------------------------------------------------

    def listen(self, listener: Listener) -> None:
        self.watcher.listeners.append(listener)

    def drives(self, code: str) -> bool:
        return code in self.watcher.driving

    async def drive(self, code: str) -> bool:
        return await self.watcher.drive(code)

    async def undrive(self, code: str) -> None:
        await self.watcher.undrive(code)

    async def publish_presence(self, code: str, sessions: dict[int, int]) -> None:
        try:
            async with self.pool.connection() as conn, conn.transaction():
                await conn.execute(
                    "DELETE FROM presence WHERE host_key = %s AND code = %s", (self.host_key, code)
                )
                rows = [(self.host_key, code, seat, count) for seat, count in sessions.items() if count > 0]
                if rows:
                    async with conn.cursor() as cursor:
                        await cursor.executemany(
                            "INSERT INTO presence (host_key, code, seat, sessions) VALUES (%s, %s, %s, %s)",
                            rows,
                        )
                await self._notify(conn, Payload(k="p", c=code, h=self.host_key))
        except _DOWN as exc:
            raise StoreUnavailable() from exc

    async def presence(self, code: str) -> dict[int, int]:
        rows = await self._fetch(
            "SELECT seat, SUM(sessions) FROM presence WHERE code = %s AND host_key <> %s GROUP BY seat",
            (code, self.host_key),
        )
        return {int(seat): int(count) for seat, count in rows}

    async def say(self, code: str, line: str, who: str = "") -> None:
        try:
            async with self.pool.connection() as conn:
                await self._notify(conn, Payload(k="c", c=code, h=self.host_key, s=line, i=who))
        except _DOWN as exc:
            raise StoreUnavailable() from exc


def _sentence(line: str) -> str:
    return line if line.endswith(".") else line + "."


__all__ = ["HOST_LOCKS", "PostgresStore"]
