"""A database outage in the log: one line when the store goes away, one when it is back with how long it was
away and how many attempts to reach it failed, and none of psycopg's pool's own lines about it (a real
PostgreSQL, stopped and started). Also: a store that cannot be reached at start says why."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from chimera_tui.server.store import StoreError, StoreUnavailable
from chimera_tui.server.store.outage import Outage
from chimera_tui.server.store.postgres import PostgresStore
from tests.server.helpers import until
from tests.server.postgres import Postgres


def _said(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith(("psycopg", "chimera"))]


async def test_an_outage_costs_one_line_going_and_one_coming_back_and_the_pool_is_back_with_the_database(
    pg_url: str, pg_server: Postgres, caplog: pytest.LogCaptureFixture
) -> None:
    """Also: once the database is back, the host's next request is served. psycopg's pool waits twice as long
    after each failed attempt (1, 2, 4, 8, 16 s…), so after this outage of some 20 s its next attempt was
    about 10 s off, and the request failed after the pool's 5 s of waiting (`RECONNECT` gives an attempt up
    after 5 s, so a new one is never far off)."""
    caplog.set_level(logging.INFO, "chimera")
    store = PostgresStore(pg_url, sweep=0.2)
    await store.open()
    try:
        await store.load("NONE")
        pg_server.stop()
        await until(lambda: not store.watcher.up)
        for _ in range(4):  # the host goes on asking: each request waits for the pool, which tries again
            results = await asyncio.gather(*(store.load("NONE") for _ in range(4)), return_exceptions=True)
            assert all(isinstance(result, StoreUnavailable) for result in results)
        pg_server.start()
        await until(lambda: store.watcher.up and not store.outage.down)
        assert await store.load("NONE") is None  # the pool reconnects too, within a request's wait
    finally:
        await store.close()
    said = _said(caplog)
    assert [r.levelname for r in said] == ["WARNING", "INFO"], [r.getMessage() for r in said]
    went, back = (r.getMessage() for r in said)
    assert went.startswith(f"lost the database {store.description}: ")
    assert back.startswith(f"the database {store.description} is reachable again after ")
    failed = int(back.rsplit("(", 1)[1].split()[0])
    assert failed > 4  # the pool's attempts and the watcher's, counted
    assert all("\n" not in r.getMessage() for r in said)


def test_the_pools_lines_about_another_pool_are_left_alone() -> None:
    """Two stores in one process (tests; a command reading beside a host): each filter takes only its own."""

    class Pool:
        name = "chimera-1"

    mine, other = Pool(), Pool()
    other.name = "chimera-2"
    outage = Outage("PostgreSQL at x", mine)
    outage.back()

    def record(message: str, *args: object) -> logging.LogRecord:
        return logging.LogRecord("psycopg.pool", logging.WARNING, __file__, 1, message, args, None)

    assert not outage.filter(record("error connecting in %r: %s", "chimera-1", OSError("refused\nhint")))
    assert outage.down and outage.reason == "refused"
    assert outage.filter(record("error connecting in %r: %s", "chimera-2", OSError("refused")))
    assert outage.filter(record("connection given by %r", "chimera-1"))  # anything else goes through


async def test_a_database_that_cannot_be_reached_at_start_is_named_with_the_reason(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The refusal says why the pool could not connect, rather than that it timed out; the pool's attempts
    are not lines of their own."""
    store = PostgresStore(f"postgresql:///nobody?host={tmp_path}&connect_timeout=1")
    with pytest.raises(StoreError) as refused:
        await store.open()
    assert "No such file or directory" in str(refused.value), refused.value
    assert "incomplete" not in str(refused.value)
    assert not _said(caplog)
