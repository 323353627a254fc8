"""Two table hosts sharing one real PostgreSQL database, in this process: one lobby, one table played from
both, a race between two players' changes, presence and chat across hosts, and a host that stops."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import psycopg
import pytest

from chimera_tui.saves import state_digest
from chimera_tui.server.core import CONFLICT
from chimera_tui.server.host import TableHost
from chimera_tui.server.store import TableRow
from chimera_tui.server.store.postgres import PostgresStore
from tests.server.helpers import Hosted, play, stored_match, until
from tests.tinygame import Take


@asynccontextmanager
async def two_hosts(url: str, **kwargs: object) -> AsyncIterator[tuple[Hosted, Hosted]]:
    folder = Path(tempfile.mkdtemp(prefix="chh-"))
    made: list[tuple[TableHost, asyncio.Server]] = []
    try:
        for n in (1, 2):
            host = TableHost(PostgresStore(url, sweep=0.1), bot_delay=0.01, **kwargs)  # type: ignore[arg-type]
            await host.open()
            made.append((host, await host.serve_unix(folder / f"h{n}.sock")))
        yield Hosted(made[0][0], folder / "h1.sock"), Hosted(made[1][0], folder / "h2.sock")
    finally:
        for host, server in made:
            server.close()
            await host.close()
        shutil.rmtree(folder, ignore_errors=True)


async def test_alice_on_one_host_and_bob_on_another_play_one_table(pg_url: str) -> None:
    async with two_hosts(pg_url) as (one, two):
        alice = await one.link("SHA256:alice", "Alice")
        bob = await two.link("SHA256:bob", "Bob")
        a = await alice.create("station", 2, seed=5)
        await until(lambda: a.code in two.host.tables)  # host 2 heard of it at once
        assert [t.code for t in await bob.list_tables()] == [a.code]  # one lobby
        b = await bob.join(a.code)
        await until(lambda: a.started and b.started)
        assert [s.name for s in a.seats] == [s.name for s in b.seats] == ["Alice", "Bob"]
        await until(lambda: all(s.here for s in a.seat_infos) and all(s.here for s in b.seat_infos))
        await play([a, b], 8)  # moves made on each host, each seen on the other
        for host in (one.host, two.host):
            match = host.tables[a.code].match
            assert match is not None and len(match) == a.step == b.step
        rules = one.host.tables[a.code].rules
        stored = await stored_match(one.host, a.code)
        assert a.view() == rules.view(stored.state, 0) and b.view() == rules.view(stored.state, 1)
        a.chat("hello from host 1")
        b.chat("and from host 2")
        await until(lambda: len(a.chat_lines) == 2 and len(b.chat_lines) == 2)
        assert set(a.chat_lines) == set(b.chat_lines) == {"Alice: hello from host 1", "Bob: and from host 2"}
        await bob.close()  # Bob's seat reads "gone" on host 1 too
        await until(lambda: not a.seat_infos[1].here)
        await alice.close()


async def test_two_changes_racing_from_two_hosts_one_stands_and_the_other_player_is_told(
    pg_url: str, pebbles: None
) -> None:
    async with two_hosts(pg_url) as (one, two):
        alice = await one.link("SHA256:alice", "Alice")
        bob = await two.link("SHA256:bob", "Bob")
        a = await alice.create("pebbles", 2, seed=3)
        b = await bob.join(a.code)
        await until(lambda: a.started and b.started)
        if a.to_act() == 0:  # Alice takes first; then Bob, whose take is the one he may undo
            assert a.submit(Take(1)) is None
            await until(lambda: b.to_act() == 1)
        assert b.submit(Take(1)) is None
        await until(lambda: a.to_act() == 0 and b.undo_refusal() is None)
        version = one.host.tables[a.code].version
        told: list[str] = []
        a.on_refusal(told.append)
        b.on_refusal(told.append)
        async with await psycopg.AsyncConnection.connect(pg_url) as blocker:
            # Hold the table's row, so both hosts' commits wait on it and reach it on one version.
            await blocker.execute("SELECT 1 FROM tables WHERE code = %s FOR UPDATE", (a.code,))
            assert a.submit(Take(2)) is None  # Alice takes two (host 1) ...
            assert b.undo() is None  # ... while Bob takes back his take (host 2)
            async with asyncio.timeout(20):
                while await _waiting_on_locks(pg_url) < 2:
                    await asyncio.sleep(0.02)
            await blocker.rollback()
        await until(lambda: len(told) == 1)
        assert told == [CONFLICT]
        await until(lambda: a.step == b.step and one.host.tables[a.code].version == version + 1)
        await until(lambda: two.host.tables[a.code].version == version + 1)
        stored = await stored_match(one.host, a.code)
        for host in (one.host, two.host):
            match = host.tables[a.code].match
            assert match is not None and match.notations == stored.notations
        assert state_digest(stored.state) == state_digest(one.host.tables[a.code].match.state)  # type: ignore[union-attr]
        await alice.close()
        await bob.close()


async def _waiting_on_locks(url: str) -> int:
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        cursor = await conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        found = await cursor.fetchone()
        return int(found[0]) if found else 0


async def test_when_the_driving_host_stops_the_other_drives_the_bots(pg_url: str) -> None:
    async with two_hosts(pg_url) as (one, two):
        alice = await two.link("SHA256:alice", "Alice")
        a_on_two = await alice.create("codename", 2, bots=(None, "random"), seed=4)
        code = a_on_two.code
        await alice.close()
        assert two.host.store.drives(code) and not one.host.store.drives(code)
        await two.host.close()  # its lease goes with its connections
        await until(lambda: one.host.store.drives(code))
        carol = await one.link("SHA256:alice", "Alice")
        a = await carol.join(code)
        before = a.step
        await play([a], 4)  # the random bot's turns come from host 1 now
        assert a.step >= before + 4
        await carol.close()


async def test_the_host_that_opens_a_table_drives_it_though_the_other_sweeps_the_moment_it_is_stored(
    pg_url: str, pebbles: None
) -> None:
    """The other host's sweep (every 0.1 s here) could run between the table's insert and its opener's `drive`,
    and take it (the test above failed so, now and then): the opener locks it before its row exists."""
    async with two_hosts(pg_url) as (one, two):
        insert = two.host.store.insert

        async def insert_then_sweep(row: TableRow) -> bool:
            stored = await insert(row)
            await (
                one.host.store.watcher._sweep()
            )  # host 1 looks for tables nobody drives, at the worst moment
            return stored

        two.host.store.insert = insert_then_sweep  # type: ignore[method-assign]
        alice = await two.link("SHA256:alice", "Alice")
        table = await alice.create("pebbles", 2, bots=(None, "random"), seed=3)
        assert two.host.store.drives(table.code) and not one.host.store.drives(table.code)
        await alice.close()


@pytest.fixture
def pebbles(pebbles: None) -> None:  # the tiny game, for the race above
    return None


async def test_a_lobby_on_one_host_hears_of_a_table_opened_on_the_other_without_asking_again(
    pg_url: str,
) -> None:
    async with two_hosts(pg_url) as (one, two):
        alice = await one.link("SHA256:alice", "Alice")
        bob = await two.link("SHA256:bob", "Bob")
        heard: list[tuple[str, ...]] = []
        alice.on_tables(lambda tables: heard.append(tuple(t.code for t in tables)))
        await alice.list_tables()
        table = await bob.create("station", 2, seed=5)
        await until(
            lambda: bool(heard) and heard[-1] == (table.code,), "host 1's lobby to list host 2's table"
        )
        await alice.close()
        await bob.close()
