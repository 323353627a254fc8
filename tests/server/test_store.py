"""The stores behind the table host, SQLite and a real PostgreSQL alike: the schema and its migrations,
versioned commits, identities, the one-time import of old table saves, and `chimera tables`."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import msgspec
import psycopg
import pytest

from chimera_tui.launch import open_replay
from chimera_tui.saves import load, save_match, state_digest
from chimera_tui.server.host import TableHost
from chimera_tui.server.store import StoreError, TableRow, TableStore, store_for
from chimera_tui.server.store.postgres import PostgresStore
from chimera_tui.server.store.schema import SCHEMA_VERSION, TABLE_COLUMNS
from chimera_tui.server.store.sqlite import DB_NAME, SqliteStore
from chimera_tui.server.tables import HostedTable, TableRecord
from tests.server.helpers import hosted, play, until

KINDS = ("sqlite", "postgres")


@pytest.fixture(params=KINDS)
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], TableStore]:
    """A maker of stores on one database: SQLite in `tmp_path`, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return lambda: SqliteStore(tmp_path)
    url = request.getfixturevalue("pg_url")
    return lambda: PostgresStore(url, sweep=0.2)


@asynccontextmanager
async def opened(store: TableStore) -> AsyncIterator[TableStore]:
    await store.open()
    try:
        yield store
    finally:
        await store.close()


def _row(code: str = "ABCDE", version: int = 1) -> TableRow:
    record = TableRecord(
        code=code,
        game="station",
        players=2,
        seed=5,
        bots=(None, "greedy"),
        owners=["SHA256:alice", None],
        names=["Alice", "Greedy bot"],
        away_limit=120.0,
        creator="SHA256:alice",
        created="2026-01-01T00:00:00+00:00",
    )
    table = HostedTable(record)
    table.start()
    return table.to_row(version, 1000.0)


async def test_a_fresh_store_is_made_at_the_current_schema(make_store: Callable[[], TableStore]) -> None:
    async with opened(make_store()) as store:
        assert await store.unfinished() == []
        assert await store.insert(_row())
        assert not await store.insert(_row())  # the code is taken
    async with opened(make_store()) as store:  # opened again: nothing to migrate, nothing lost
        (row,) = await store.unfinished()
        assert row.code == "ABCDE" and row.version == 1 and row.save == _row().save
        assert await store.versions() == {"ABCDE": 1}


async def test_a_store_of_the_previous_schema_is_migrated_keeping_its_tables(
    make_store: Callable[[], TableStore], tmp_path: Path
) -> None:
    """Version 1 (tables, identities) becomes version 2 (results, seats, ratings) in one transaction."""
    old = SCHEMA_VERSION - 1
    assert old >= 1
    row = _row()
    v1 = [c for c in TABLE_COLUMNS if c != "result"]
    values = [getattr(row, c) for c in v1]
    store = make_store()
    if isinstance(store, SqliteStore):
        with sqlite3.connect(tmp_path / DB_NAME, isolation_level=None) as db:
            SqliteStore._migrate(db, upto=old)
            db.execute(f"INSERT INTO tables ({', '.join(v1)}) VALUES ({', '.join('?' * len(v1))})", values)
            assert db.execute("SELECT version FROM schema_version").fetchone() == (old,)
    else:
        assert isinstance(store, PostgresStore)
        await store.pool.open(wait=True)
        await store._migrate(upto=old)
        async with store.pool.connection() as conn:
            await conn.execute(
                f"INSERT INTO tables ({', '.join(v1)}) VALUES ({', '.join(['%s'] * len(v1))})",  # type: ignore[arg-type]
                values,
            )
        await store.pool.close()
    async with opened(make_store()) as store:
        (kept,) = await store.unfinished()
        assert kept.save == row.save and kept.result is None and kept.version == 1
        assert await store.board("station", 5) == [] and await store.finished("SHA256:alice", 5) == []
    if isinstance(store, SqliteStore):
        with sqlite3.connect(tmp_path / DB_NAME) as db:
            assert db.execute("SELECT version FROM schema_version").fetchone() == (SCHEMA_VERSION,)


async def test_a_newer_schema_is_refused_in_one_sentence(
    make_store: Callable[[], TableStore], tmp_path: Path
) -> None:
    store = make_store()
    async with opened(store):
        pass
    newer = SCHEMA_VERSION + 1
    if isinstance(store, SqliteStore):
        with sqlite3.connect(tmp_path / DB_NAME) as db:
            db.execute("UPDATE schema_version SET version = ?", (newer,))
    else:
        assert isinstance(store, PostgresStore)
        async with await psycopg.AsyncConnection.connect(store.url, autocommit=True) as conn:
            await conn.execute("UPDATE schema_version SET version = %s", (newer,))
    with pytest.raises(StoreError) as refused:
        await make_store().open()
    message = str(refused.value)
    assert message == (
        f"The database has schema version {newer}, newer than this version of chimera knows "
        f"({SCHEMA_VERSION}); upgrade chimera-tabletop to serve it."
    )


async def test_of_two_changes_made_on_one_version_exactly_one_stands(
    make_store: Callable[[], TableStore],
) -> None:
    async with opened(make_store()) as first:
        assert await first.insert(_row())
        second = make_store() if isinstance(first, PostgresStore) else first
        if second is not first:
            await second.open()
        try:
            a, b = _row(version=2), _row(version=2)
            a.updated, b.updated = 1.0, 2.0
            results = await asyncio.gather(first.commit(a, 1), second.commit(b, 1))
            assert sorted(results) == [False, True]
            stored = await first.load("ABCDE")
            assert stored is not None and stored.version == 2
            assert stored.updated == (1.0 if results[0] else 2.0)
            assert not await first.commit(_row(version=3), 1)  # made on a version long gone
        finally:
            if second is not first:
                await second.close()


async def test_identities_keep_when_they_were_first_and_last_seen(
    make_store: Callable[[], TableStore],
) -> None:
    async with opened(make_store()) as store:
        await store.seen("SHA256:alice", "Alice", 100.0)
        await store.seen("SHA256:alice", "Alice B", 250.0)
        await store.seen("web:0123", "Bob", 300.0)
        assert await store.identity("SHA256:alice") == ("Alice B", 100.0, 250.0)
        assert await store.identity("web:0123") == ("Bob", 300.0, 300.0)
        assert await store.identity("SHA256:nobody") is None


async def test_the_sqlite_file_is_private_and_one_host_at_a_time(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    async with opened(SqliteStore(folder)):
        assert os.stat(folder).st_mode & 0o777 == 0o700
        for name in (DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm"):
            assert os.stat(folder / name).st_mode & 0o777 == 0o600, name
        with pytest.raises(StoreError, match="several hosts share one set of tables through PostgreSQL"):
            await SqliteStore(folder).open()
        with sqlite3.connect(folder / DB_NAME) as db:
            assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def _legacy_folder(folder: Path) -> tuple[str, str]:
    """A folder of table saves as `chimera serve` wrote them before it had a store: a started table (record
    and save) and a table waiting for its second player (record only)."""
    folder.mkdir(parents=True, exist_ok=True)
    started = _row("KQX4P")
    table = HostedTable(msgspec.msgpack.decode(started.setup, type=TableRecord))
    table.start()
    assert table.match is not None
    for _ in range(3):
        table.match.submit(table.rules.legal_actions(table.match.state)[0])
    (folder / "table-KQX4P.seats").write_bytes(msgspec.msgpack.encode(table.record))
    from datetime import datetime

    save_match(table.match, folder / "table-KQX4P.chimera", now=datetime.now(), seats=table.seats())
    waiting = msgspec.msgpack.decode(_row("WAIT2").setup, type=TableRecord)
    waiting.bots, waiting.names = (None, None), ["Alice", "Open seat"]
    (folder / "table-WAIT2.seats").write_bytes(msgspec.msgpack.encode(waiting))
    (folder / "table-BAD99.seats").write_bytes(b"not a record")
    return "KQX4P", "WAIT2"


async def test_old_table_saves_are_imported_once_and_left_in_place(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    started, waiting = _legacy_folder(saves)
    before = sorted(p.name for p in saves.iterdir())
    host = TableHost(SqliteStore(tmp_path / "data"), import_from=saves)
    assert sorted(await host.open()) == sorted([started, waiting])
    match = host.tables[started].match
    assert match is not None and len(match) == 3
    expected = load(saves / "table-KQX4P.chimera").match
    assert state_digest(match.state) == state_digest(expected.state)
    assert host.tables[waiting].match is None and host.tables[waiting].empty_seat() == 1
    await host.close()
    assert sorted(p.name for p in saves.iterdir()) == before  # the files stay
    (saves / "table-KQX4P.seats").unlink()  # imported once: what happens to the folder later is not read
    again = TableHost(SqliteStore(tmp_path / "data"), import_from=saves)
    assert sorted(await again.open()) == sorted([started, waiting])
    await again.close()


async def _tables(*args: str) -> tuple[int, str, str]:
    """`chimera tables ARGS` as its own process: (exit status, stdout, stderr)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "chimera_tui",
        "tables",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await process.communicate()
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_a_table_exported_by_chimera_tables_opens_with_load_and_replay(tmp_path: Path) -> None:
    data = tmp_path / "data"
    async with hosted(data) as h:
        alice = await h.link("SHA256:alice", "Alice")
        a = await alice.create("station", 2, bots=(None, "greedy"), seed=9)
        await until(lambda: a.started)
        await play([a], 4)
        code = a.code
        waiting = await (await h.link("SHA256:bob", "Bob")).create("codename", 2, seed=1)
        # While the server runs, `chimera tables` reads its store beside it.
        status, listing, _ = await _tables("--data", str(data))
        assert (
            status == 0 and code in listing and waiting.code in listing and "waiting for players" in listing
        )
        out = tmp_path / "exported.chimera"
        table = h.host.tables[code]
        async with table.guard:  # no bot move on its way to the store
            assert (await _tables("export", code.lower(), str(out), "--data", str(data)))[0] == 0
            assert table.match is not None
            notations = table.match.notations
        loaded = load(out)  # what `chimera load` and `chimera replay` read
        assert loaded.match.notations == notations and [s.name for s in loaded.seats] == [
            "Alice",
            "Greedy bot",
        ]
        assert open_replay(str(out)).match is not None
        status, _, err = await _tables(
            "export", waiting.code, str(tmp_path / "w.chimera"), "--data", str(data)
        )
        assert status == 1 and "has not started" in err
        status, _, err = await _tables("export", "NOPE2", str(tmp_path / "n.chimera"), "--data", str(data))
        assert status == 1 and err.startswith("chimera tables: there is no table NOPE2 in SQLite at ")
        await alice.close()


def test_store_for_names_each_kind_and_refuses_others(tmp_path: Path) -> None:
    assert isinstance(store_for(None, tmp_path), SqliteStore)
    assert isinstance(store_for("postgresql://u@localhost/chimera", tmp_path), PostgresStore)
    with pytest.raises(StoreError, match="--db takes a PostgreSQL address"):
        store_for("mysql://x", tmp_path)
