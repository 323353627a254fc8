"""Two `chimera serve` processes started at the same moment on one machine and one PostgreSQL: both serve, the
fresh database is migrated once, and neither removes the other's socket folder (a real PostgreSQL, real
processes, their socket folders in a temporary folder of the test's own)."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import psycopg
import pytest

from chimera_tui.server.serve import SOCKET_FOLDER_PREFIX
from chimera_tui.server.store import schema
from chimera_tui.server.store.postgres import MIGRATION_LOCK
from tests.server.helpers import HANG, until
from tests.server.postgres import Postgres

T = TypeVar("T")

LAGS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3)
"""How long after the first host the second starts, in seconds, in each round: at once, and a little later,
so that it looks for stale socket folders while the first is opening its store (one host died in 2 of 3
tries before the folder lock; without it these rounds failed in each of two runs, and the first test below
fails every time)."""


@dataclass
class Place:
    """Where one try's hosts keep things: their data and logs in `tmp`, their socket folders in `sockets` (a
    short path: a Unix socket's path is short, too short for pytest's folders under xdist)."""

    tmp: Path
    sockets: Path

    def folders(self) -> list[Path]:
        return sorted(self.sockets.glob(f"{SOCKET_FOLDER_PREFIX}*"))

    def log(self, name: str) -> str:
        return (self.tmp / f"{name}.log").read_text()


@pytest.fixture
def places(tmp_path: Path) -> Iterator[Callable[[], Place]]:
    """Fresh places, one for each try."""
    short = Path(tempfile.mkdtemp(prefix="chs-"))
    made = 0

    def place() -> Place:
        nonlocal made
        made += 1
        tmp = tmp_path / str(made)
        tmp.mkdir()
        return Place(tmp, Path(tempfile.mkdtemp(dir=short)))

    try:
        yield place
    finally:
        shutil.rmtree(short, ignore_errors=True)


async def _start(at: Place, name: str, url: str | None, log: str = "") -> asyncio.subprocess.Process:
    """`chimera serve --db URL` (SQLite without one) with its data in NAME and its log in LOG.log (LOG is
    NAME unless given)."""
    env = {**os.environ, "TMPDIR": str(at.sockets)}
    db = ("--db", url) if url else ()
    data = at.tmp / name
    with (at.tmp / f"{log or name}.log").open("wb") as err:
        return await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "chimera_tui", "serve", *db, "--ssh", "127.0.0.1:0"),
            *("--data", str(data), "--saves", str(data / "saves"), "--client-start", "spawn"),
            stdout=asyncio.subprocess.PIPE,
            stderr=err,
            env=env,
        )


async def _later(seconds: float, start: Awaitable[T]) -> T:
    await asyncio.sleep(seconds)
    return await start


async def _listens(process: asyncio.subprocess.Process, at: Place, name: str) -> None:
    """Wait until the host says it listens; fail with what it said if it ends first."""
    assert process.stdout is not None
    said = []
    async with asyncio.timeout(HANG * 3):
        while True:
            line = (await process.stdout.readline()).decode()
            said.append(line)
            if not line:
                raise AssertionError(f"{name} ended before it listened: {''.join(said)}{at.log(name)}")
            if re.search(r"listening on 127\.0\.0\.1:\d+", line):
                return


async def _stop(*processes: asyncio.subprocess.Process) -> list[int]:
    for process in processes:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
    statuses = []
    for process in processes:
        try:
            async with asyncio.timeout(HANG):
                statuses.append(await process.wait())
        except TimeoutError:
            process.kill()
            statuses.append(await process.wait())
    return statuses


def _versions(url: str) -> list[int]:
    with psycopg.connect(url, autocommit=True) as conn:
        return [int(version) for (version,) in conn.execute("SELECT version FROM schema_version")]


async def test_a_server_that_made_its_socket_folder_but_has_not_bound_its_socket_keeps_it(
    pg_url: str, places: Callable[[], Place]
) -> None:
    """The first host made its folder and waits in its migration (this test holds the migration's lock), so
    nothing listens on its socket yet; the second starts and looks for stale folders meanwhile. It used to
    remove the first's folder (its socket answered no connection), and the first then died with "[Errno 2] No
    such file or directory" when it bound its socket."""
    at = places()
    hosts: list[asyncio.subprocess.Process] = []
    async with await psycopg.AsyncConnection.connect(pg_url, autocommit=True) as gate:
        await gate.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
        try:
            hosts.append(await _start(at, "h1", pg_url))
            await until(lambda: len(at.folders()) == 1)
            (made,) = at.folders()
            hosts.append(await _start(at, "h2", pg_url))
            await until(lambda: len(at.folders()) == 2 or not made.exists())  # the second made its own
            assert made.exists(), "the second host removed the first's socket folder"
            await gate.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
            await _listens(hosts[0], at, "h1")
            await _listens(hosts[1], at, "h2")
        finally:
            statuses = await _stop(*hosts)
    assert statuses == [0, 0]
    assert at.folders() == []


async def test_two_hosts_started_together_both_serve_and_migrate_a_fresh_database_once(
    pg_server: Postgres, places: Callable[[], Place]
) -> None:
    for lag in LAGS:
        at = places()
        url = pg_server.new_database()
        try:
            hosts = await asyncio.gather(_start(at, "h1", url), _later(lag, _start(at, "h2", url)))
            try:
                await asyncio.gather(_listens(hosts[0], at, "h1"), _listens(hosts[1], at, "h2"))
                assert _versions(url) == [schema.SCHEMA_VERSION]  # one row: migrated once
                assert len(at.folders()) == 2
            finally:
                statuses = await _stop(*hosts)
            assert statuses == [0, 0]
            assert at.folders() == []
            assert "Traceback" not in at.log("h1") + at.log("h2")
        finally:
            pg_server.drop_database(url)


async def test_two_hosts_started_together_on_one_sqlite_file_one_serves_and_the_other_is_told(
    places: Callable[[], Place],
) -> None:
    """SQLite serves one host: of two started at once on one data folder, one migrates the fresh file and
    serves, the other is refused in a sentence (the file's lock is taken before its migration)."""
    for lag in LAGS[:3]:
        at = places()
        hosts = await asyncio.gather(_start(at, "h", None, "one"), _later(lag, _start(at, "h", None, "two")))
        try:
            async with asyncio.timeout(HANG * 3):
                while all(host.returncode is None for host in hosts):
                    await asyncio.sleep(0.05)
            (refused,) = [host for host in hosts if host.returncode is not None]
            (serving,) = [host for host in hosts if host is not refused]
            await _listens(serving, at, "one" if serving is hosts[0] else "two")
            assert refused.stdout is not None
            said = (await refused.stdout.read()).decode()
        finally:
            statuses = await _stop(*hosts)
        assert sorted(statuses) == [0, 1]
        assert said.startswith("chimera serve: Another chimera serve uses the database"), said
        assert "Traceback" not in at.log("one") + at.log("two")
        assert at.folders() == []
