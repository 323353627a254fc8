"""The default store: one SQLite file (WAL, mode 0600, in a 0700 folder) for one host.

Python's own `sqlite3`, one connection used by one worker thread, so the event loop never waits on the disk.
Every commit is durable (`synchronous=FULL`: the write-ahead log is flushed to disk before a move counts).
The file is locked (`flock`) while a host serves it: a second `chimera serve` on the same file is refused,
since several hosts need PostgreSQL. With one host there is nobody to tell: this host drives every table and
no news ever comes.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from chimera_tui.server.ratings import Outcome, RatingRow
from chimera_tui.server.store import schema
from chimera_tui.server.store.base import (
    FinishedRow,
    Listener,
    News,
    StoreError,
    StoreUnavailable,
    TableRow,
    TableStore,
    newer_schema,
)
from chimera_tui.server.store.sqlite_records import RATING, finished_rows, keep_outcome, rating_row
from chimera_tui.server.store.steps import Query, Rows, Step, Steps, T, drive

DB_NAME = "chimera.db"

_COLUMNS = ", ".join(schema.TABLE_COLUMNS)
_SETS = ", ".join(f"{column} = ?" for column in schema.TABLE_COLUMNS)


def _row(values: tuple[Any, ...]) -> TableRow:
    fields = dict(zip(schema.TABLE_COLUMNS, values, strict=True))
    fields["private"] = bool(fields["private"])
    return TableRow(**fields)


def _values(row: TableRow) -> tuple[Any, ...]:
    return tuple(getattr(row, column) for column in schema.TABLE_COLUMNS)


def private_folder(folder: Path) -> None:
    """Make `folder` (and its parents), and keep it to its owner (0700)."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)


class SqliteStore(TableStore):
    """Tables and identities in `folder/chimera.db`."""

    def __init__(
        self, folder: Path, *, readonly: bool = False, beside: bool = False, sweep: float = 1.0
    ) -> None:
        """`readonly`: only read (no lock, no migration), beside a server that serves the file; `beside`: write
        without the lock when a server holds it (the operator's `chimera players`), the schema as it is."""
        self.readonly = readonly
        self.beside = beside
        self.sweep = sweep
        """Seconds between two looks for the operator's changes (`listen`)."""
        self._watch: asyncio.Task[None] | None = None
        self.path = Path(folder) / DB_NAME
        self.description = f"SQLite at {self.path}"
        self._db: sqlite3.Connection | None = None
        self._lock_fd: int | None = None
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chimera-sqlite")

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        db = self._db
        if db is None:
            raise StoreUnavailable("The table store is closed.")

        def call() -> T:
            return work(db)

        try:
            return await asyncio.get_running_loop().run_in_executor(self._worker, call)
        except sqlite3.OperationalError as exc:  # a full disk, say: nothing was written
            raise StoreUnavailable(f"The table store cannot write now ({exc}).") from exc

    # -- opening ---------------------------------------------------------------------------------------

    async def open(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._worker, self._open)

    def _open(self) -> None:
        if self.readonly:
            self._open_to_read()
            return
        try:
            private_folder(self.path.parent)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise StoreError(f"Cannot open the database at '{self.path}': {exc.strerror or exc}.") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            if self.beside:
                self._open_beside()
                return
            raise StoreError(
                f"Another chimera serve uses the database at '{self.path}'; "
                "several hosts share one set of tables through PostgreSQL (--db postgresql://…)."
            ) from None
        os.fchmod(fd, 0o600)
        self._lock_fd = fd
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA busy_timeout=5000")
            self._migrate(db)
        except sqlite3.DatabaseError as exc:
            self._unlock()
            raise StoreError(f"'{self.path}' is not a database chimera can use ({exc}).") from exc
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(OSError):
                Path(f"{self.path}{suffix}").chmod(0o600)
        self._db = db

    def _open_beside(self) -> None:
        """Beside the server that holds the lock: write as it does, but only to the schema it already has."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA busy_timeout=5000")
        found = db.execute("SELECT version FROM schema_version").fetchone()
        version = 0 if found is None else int(found[0])
        if version != schema.SCHEMA_VERSION:
            db.close()
            raise StoreError(
                f"The chimera serve that holds '{self.path}' keeps schema version {version} and this chimera "
                f"needs {schema.SCHEMA_VERSION}: run the same version of chimera as the server."
            )
        self._db = db

    def _open_to_read(self) -> None:
        if not self.path.is_file():
            raise StoreError(f"There is no database at '{self.path}'.")
        try:
            db = sqlite3.connect(
                f"file:{self.path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False
            )
            found = db.execute("SELECT version FROM schema_version").fetchone()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"'{self.path}' is not a database chimera can use ({exc}).") from exc
        version = 0 if found is None else int(found[0])
        if version > schema.SCHEMA_VERSION:
            db.close()
            raise StoreError(newer_schema(version, schema.SCHEMA_VERSION))
        self._db = db

    @staticmethod
    def _migrate(db: sqlite3.Connection, upto: int | None = None) -> None:
        target = schema.SCHEMA_VERSION if upto is None else upto
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(schema.VERSION_TABLE)
            found = db.execute("SELECT version FROM schema_version").fetchone()
            version = 0 if found is None else int(found[0])
            if version > schema.SCHEMA_VERSION:
                raise StoreError(newer_schema(version, schema.SCHEMA_VERSION))
            for statements in schema.SQLITE[version:target]:
                for statement in statements:
                    db.execute(statement)
            if found is None:
                db.execute("INSERT INTO schema_version (version) VALUES (?)", (max(version, target),))
            else:
                db.execute("UPDATE schema_version SET version = ?", (max(version, target),))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _unlock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing the descriptor drops the flock
            self._lock_fd = None

    async def close(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
            self._watch = None
        db, self._db = self._db, None
        if db is not None:
            await asyncio.get_running_loop().run_in_executor(self._worker, db.close)
        self._unlock()
        self._worker.shutdown(wait=False)

    # -- tables ----------------------------------------------------------------------------------------

    async def insert(self, row: TableRow) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            try:
                db.execute(
                    f"INSERT INTO tables ({_COLUMNS}) VALUES ({', '.join('?' * len(schema.TABLE_COLUMNS))})",
                    _values(row),
                )
            except sqlite3.IntegrityError:
                return False
            return True

        return await self._run(work)

    async def commit(self, row: TableRow, expected: int, outcome: Outcome | None = None) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            try:
                cursor = db.execute(
                    f"UPDATE tables SET {_SETS} WHERE code = ? AND version = ?",
                    (*_values(row), row.code, expected),
                )
                if cursor.rowcount != 1:
                    db.execute("ROLLBACK")
                    return False
                if outcome is not None:
                    keep_outcome(db, row, outcome)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return True

        return await self._run(work)

    # -- what is remembered ----------------------------------------------------------------------------

    async def finished(self, identity: str, limit: int) -> list[FinishedRow]:
        return await self._run(lambda db: finished_rows(db, identity, limit))

    async def board(self, game: str, limit: int) -> list[RatingRow]:
        def work(db: sqlite3.Connection) -> list[RatingRow]:
            rows = db.execute(
                f"SELECT {RATING} FROM ratings WHERE game = ? ORDER BY mu - 3 * sigma DESC, games DESC LIMIT ?",
                (game, limit),
            ).fetchall()
            return [rating_row(found) for found in rows]

        return await self._run(work)

    async def ratings(self, identity: str) -> tuple[list[RatingRow], list[tuple[str, float, float]]]:
        def work(db: sqlite3.Connection) -> tuple[list[RatingRow], list[tuple[str, float, float]]]:
            rows = db.execute(f"SELECT {RATING} FROM ratings WHERE identity = ? ORDER BY game", (identity,))
            history = db.execute(
                "SELECT game, mu, sigma FROM rating_history WHERE identity = ? ORDER BY at, rowid",
                (identity,),
            )
            return (
                [rating_row(found) for found in rows.fetchall()],
                [(str(g), float(m), float(s)) for g, m, s in history.fetchall()],
            )

        return await self._run(work)

    async def identity_of(self, player: str) -> str | None:
        def work(db: sqlite3.Connection) -> str | None:
            found = db.execute("SELECT identity FROM ratings WHERE player = ? LIMIT 1", (player,)).fetchone()
            return None if found is None else str(found[0])

        return await self._run(work)

    async def load(self, code: str) -> TableRow | None:
        def work(db: sqlite3.Connection) -> TableRow | None:
            found = db.execute(f"SELECT {_COLUMNS} FROM tables WHERE code = ?", (code,)).fetchone()
            return None if found is None else _row(found)

        return await self._run(work)

    async def unfinished(self) -> list[TableRow]:
        def work(db: sqlite3.Connection) -> list[TableRow]:
            rows = db.execute(f"SELECT {_COLUMNS} FROM tables WHERE finished IS NULL ORDER BY id").fetchall()
            return [_row(found) for found in rows]

        return await self._run(work)

    async def versions(self) -> dict[str, int]:
        def work(db: sqlite3.Connection) -> dict[str, int]:
            rows = db.execute("SELECT code, version FROM tables WHERE finished IS NULL").fetchall()
            return {str(code): int(version) for code, version in rows}

        return await self._run(work)

    # -- identities and imports ------------------------------------------------------------------------

    async def seen(self, identity: str, name: str, now: float) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO identities (identity, kind, name, first_seen, last_seen) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (identity) DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen",
                (identity, schema.identity_kind(identity), name, now, now),
            )

        await self._run(work)

    async def identity(self, identity: str) -> tuple[str, float, float] | None:
        def work(db: sqlite3.Connection) -> tuple[str, float, float] | None:
            found = db.execute(
                "SELECT name, first_seen, last_seen FROM identities WHERE identity = ?", (identity,)
            ).fetchone()
            return None if found is None else (str(found[0]), float(found[1]), float(found[2]))

        return await self._run(work)

    async def imported(self, folder: str) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            return db.execute("SELECT 1 FROM imports WHERE folder = ?", (folder,)).fetchone() is not None

        return await self._run(work)

    async def mark_imported(self, folder: str, tables: int, now: float) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT OR REPLACE INTO imports (folder, tables, at) VALUES (?, ?, ?)", (folder, tables, now)
            )

        await self._run(work)

    # -- operations written once (`steps`) ---------------------------------------------------------------

    async def run(self, steps: Steps[T]) -> T:
        def take(db: sqlite3.Connection, step: Step) -> Rows | None:
            if not isinstance(step, Query):
                return None  # one writer at a time: no lock needed; the host reads the operator's rows
            cursor = db.execute(step.sql, step.args)
            return Rows(cursor.fetchall(), cursor.rowcount)

        def work(db: sqlite3.Connection) -> T:
            db.execute("BEGIN" if self.readonly else "BEGIN IMMEDIATE")
            try:
                result = drive(steps, lambda step: take(db, step))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return result

        return await self._run(work)

    # -- one host: it drives everything; the operator's changes are looked for ----------------------------

    def listen(self, listener: Listener) -> None:
        """No other host shares this file; but the operator (`chimera players`) may write beside it: every
        `sweep` seconds, whether another connection committed (SQLite's data_version), then
        `News("moderation")`."""
        if self._watch is None:
            self._watch = asyncio.get_running_loop().create_task(self._look(listener))

    async def _look(self, listener: Listener) -> None:
        def version(db: sqlite3.Connection) -> int:
            return int(db.execute("PRAGMA data_version").fetchone()[0])

        seen = await self._run(version)
        while True:
            await asyncio.sleep(self.sweep)
            try:
                now = await self._run(version)
            except StoreUnavailable:
                continue
            if now != seen:
                seen = now
                listener(News("moderation"))

    def drives(self, code: str) -> bool:
        return True

    async def drive(self, code: str) -> bool:
        return True

    async def undrive(self, code: str) -> None:
        return None

    async def publish_presence(self, code: str, sessions: dict[int, int]) -> None:
        return None

    async def presence(self, code: str) -> dict[int, int]:
        return {}

    async def say(self, code: str, line: str, who: str = "") -> None:
        return None
