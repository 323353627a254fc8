"""The table host over its store: a restarted host resumes its tables exactly, a second host on the same
SQLite file is refused, and the store is written off the event loop."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from chimera_tui.saves import state_digest
from chimera_tui.server.host import TableHost
from chimera_tui.server.store import StoreError
from chimera_tui.server.store.sqlite import SqliteStore
from tests.server.helpers import hosted, play, stored_match, until


async def test_a_restarted_host_resumes_the_table_exactly(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        a = await alice.create("station", 2, bots=(None, "greedy"), seed=9)
        await until(lambda: a.started)
        await play([a], 5)
        code = a.code
        table = h.host.tables[code]
        await alice.close()
    assert table.match is not None  # the host has stopped: this is where it left the table
    log, digest = table.match.notations, state_digest(table.match.state)
    again = TableHost(tmp_path)
    assert await again.open() == [code]
    resumed = again.tables[code].match
    assert resumed is not None
    assert resumed.notations == log and state_digest(resumed.state) == digest
    # While a host serves the SQLite file, a second host on it is refused in one sentence.
    with pytest.raises(StoreError, match="Another chimera serve uses the database"):
        await TableHost(tmp_path).open()
    await again.close()
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        a = await alice.join(code)
        assert a.seat == 0
        match = h.host.tables[code].match
        assert match is not None
        await until(lambda: a.step == len(match) and a.to_act() == 0)  # the bot has had its turn
        assert a.view() == match.rules.view(match.state, 0)
        await play([a], 2)
        await alice.close()


async def test_the_store_is_written_off_the_event_loop(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        a = await alice.create("codename", 2, bots=(None, "random"), seed=2)
        await until(lambda: a.started)
        store = h.host.store
        assert isinstance(store, SqliteStore) and store._db is not None
        threads: list[str] = []
        store._db.set_trace_callback(lambda _: threads.append(threading.current_thread().name))
        for _ in range(3):
            step = a.step
            await until(lambda: bool(a.legal_actions()) or a.to_act() is None)
            if a.to_act() is None:
                break
            assert a.submit(a.legal_actions()[0]) is None
            await until(lambda step=step: a.step > step)
        store._db.set_trace_callback(None)
        assert threads and all(name.startswith("chimera-sqlite") for name in threads)
        table = h.host.tables[a.code]
        async with table.guard:  # no change on its way to the store
            assert table.match is not None
            stored = await stored_match(h.host, a.code)
            assert state_digest(stored.state) == state_digest(table.match.state)
        await alice.close()
