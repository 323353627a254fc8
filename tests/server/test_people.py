"""Accounts, keys and the names they own, in SQLite and a real PostgreSQL alike (`store.people`): a name is
its first taker's, lookalikes included; a one-time code adds a key to a name, and a stranger cannot guess
it; the names identities used before names were owned go to whoever used them first (issue 34)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from chimera_tui.server.store import TableStore
from chimera_tui.server.store.moderation import reserve
from chimera_tui.server.store.people import (
    CODE_LIFETIME,
    CODE_TRIES,
    NAMES_PER_ACCOUNT,
    link_key,
    new_code,
    sign_in,
    take_known_names,
)
from chimera_tui.server.store.postgres import PostgresStore
from chimera_tui.server.store.schema import SCHEMA_VERSION
from chimera_tui.server.store.sqlite import DB_NAME, SqliteStore
from tests.server.test_store import make_store, opened

__all__ = ["make_store"]

ALICE, BOB, LAPTOP = "SHA256:alice", "SHA256:bob", "SHA256:alice-laptop"


async def test_a_name_is_its_first_takers_and_a_lookalike_is_refused_as_taken(
    make_store: Callable[[], TableStore],
) -> None:
    async with opened(make_store()) as store:
        first = await store.run(sign_in(ALICE, "alice", 1.0))
        assert (first.account, first.name, first.refusal) == (ALICE, "alice", "")
        for lookalike in ("Alice", "\u0430lice", "ALI\u200bCE", "AIice"):
            refused = await store.run(sign_in(BOB, lookalike, 2.0))
            assert (refused.refusal, refused.detail, refused.account) == ("taken", "alice", "")
        again = await store.run(sign_in(ALICE, "ALICE", 3.0))  # her own name, however she types it
        assert (again.account, again.name) == (ALICE, "alice")
        assert (await store.run(sign_in(BOB, "bob", 4.0))).name == "bob"


async def test_an_account_holds_a_few_names_and_a_reserved_name_is_nobodys(
    make_store: Callable[[], TableStore],
) -> None:
    async with opened(make_store()) as store:
        for n in range(NAMES_PER_ACCOUNT):
            assert (await store.run(sign_in(ALICE, f"alice{n}", 1.0))).refusal == ""
        many = await store.run(sign_in(ALICE, "one more", 2.0))
        assert many.refusal == "too many names" and len(many.own) == NAMES_PER_ACCOUNT
        assert await store.run(reserve("admin", 2.5)) is None
        reserved = await store.run(sign_in(BOB, "Admin", 3.0))
        assert reserved.refusal == "reserved"


async def test_a_one_time_code_adds_a_key_to_a_name_and_a_stranger_cannot_guess_it(
    make_store: Callable[[], TableStore],
) -> None:
    async with opened(make_store()) as store:
        await store.run(sign_in(ALICE, "alice", 1.0))
        expires = await store.run(new_code(ALICE, "K7QX4MZP", 10.0))
        assert expires == 10.0 + CODE_LIFETIME
        # A stranger guessing: every wrong code counts, and the last try voids the code.
        for _ in range(CODE_TRIES - 1):
            wrong = await store.run(link_key(BOB, "alice", "AAAAAAAA", 11.0))
            assert (wrong.refusal, wrong.detail) == ("code", "that code is wrong")
        await store.run(link_key(BOB, "alice", "BBBBBBBB", 11.0))
        void = await store.run(link_key(BOB, "alice", "K7QX4MZP", 11.0))  # even the right one, now
        assert (void.refusal, void.detail) == ("code", "that code is unknown or has expired")
        # An expired code is no code.
        await store.run(new_code(ALICE, "K7QX4MZP", 20.0))
        late = await store.run(link_key(LAPTOP, "alice", "K7QX4MZP", 20.0 + CODE_LIFETIME + 1))
        assert late.detail == "that code is unknown or has expired"
        # The right code, in time, from her new key: used once.
        await store.run(new_code(ALICE, "K7QX4MZP", 30.0))
        linked = await store.run(link_key(LAPTOP, "Alice", "K7QX4MZP", 31.0))
        assert (linked.account, linked.name, linked.linked) == (ALICE, "alice", True)
        assert (await store.run(link_key(BOB, "alice", "K7QX4MZP", 32.0))).refusal == "code"
        from_laptop = await store.run(sign_in(LAPTOP, "alice", 33.0))
        assert (from_laptop.account, from_laptop.name, from_laptop.refusal) == (ALICE, "alice", "")
        # A key with a name of its own is not moved by a code.
        await store.run(sign_in(BOB, "bob", 40.0))
        await store.run(new_code(ALICE, "M9PQ2WXY", 41.0))
        kept = await store.run(link_key(BOB, "alice", "M9PQ2WXY", 42.0))
        assert kept.refusal == "code" and "bob" in kept.detail


async def test_names_used_before_names_were_owned_go_to_who_used_them_first(
    make_store: Callable[[], TableStore], tmp_path: Path
) -> None:
    """A store of schema 2 (identities with their last name, nobody owning one) becomes schema 3: each name
    goes to the identity first seen with it, once, however many hosts start."""
    old = SCHEMA_VERSION - 1
    seen = [("SHA256:early", "Alice", 1.0), ("SHA256:late", "alice", 5.0), ("SHA256:carol", "carol", 3.0)]
    insert = "INSERT INTO identities (identity, kind, name, first_seen, last_seen) VALUES (?, 'ssh', ?, ?, ?)"
    store = make_store()
    if isinstance(store, SqliteStore):
        with sqlite3.connect(tmp_path / DB_NAME, isolation_level=None) as db:
            SqliteStore._migrate(db, upto=old)
            db.executemany(insert, [(i, n, t, t) for i, n, t in seen])
    else:
        assert isinstance(store, PostgresStore)
        await store.pool.open(wait=True)
        await store._migrate(upto=old)
        async with store.pool.connection() as conn, conn.cursor() as cursor:
            await cursor.executemany(insert.replace("?", "%s"), [(i, n, t, t) for i, n, t in seen])
        await store.pool.close()
    async with opened(make_store()) as store:
        assert await store.run(take_known_names(9.0)) == 2
        assert await store.run(take_known_names(9.0)) == 0  # once
        assert (await store.run(sign_in("SHA256:late", "alice", 10.0))).refusal == "taken"
        assert (await store.run(sign_in("SHA256:early", "alice", 10.0))).name == "Alice"
        assert (await store.run(sign_in("SHA256:carol", "Carol", 10.0))).account == "SHA256:carol"


@pytest.mark.parametrize("kind", ["sqlite"])
async def test_the_operator_writes_beside_a_running_sqlite_server(tmp_path: Path, kind: str) -> None:
    """The server holds the file's lock; `chimera players` writes beside it (no lock, the schema as it is)."""
    async with opened(SqliteStore(tmp_path)) as server:
        await server.run(sign_in(ALICE, "alice", 1.0))
        async with opened(SqliteStore(tmp_path, beside=True)) as operator:
            assert await operator.run(reserve("admin", 1.5)) is None
        assert (await server.run(sign_in(BOB, "admin", 2.0))).refusal == "reserved"
