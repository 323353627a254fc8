"""`chimera serve`'s bot workers as a real server starts them: forked by the session starter (or spawned when
clients are), as many as ``--bot-workers`` says, replaced when one is killed, and gone when the server stops."""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

import pytest

from tests.server.crowd_ssh import start_server
from tests.server.helpers import HANG, children_of


async def _until(condition: object, what: str) -> None:
    async with asyncio.timeout(HANG):
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.05)


async def _stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
        async with asyncio.timeout(HANG):
            await process.wait()


async def test_the_workers_are_forked_by_the_session_starter_and_a_killed_one_is_replaced(
    tmp_path: Path,
) -> None:
    process, _, log = await start_server(tmp_path, "--bot-workers", "2")
    try:
        text = log.read_text()
        assert "2 bot worker(s) ready, forked by the session starter" in text
        found = re.search(r"session starter ready \(process (\d+)\)", text)
        assert found, text
        zygote = int(found.group(1))
        workers = children_of(zygote)  # no session yet: the session starter's children are the workers
        assert len(workers) == 2
        victim = min(workers)
        os.kill(victim, signal.SIGKILL)
        line = f"a bot worker (process {victim}) ended by SIGKILL while free; another takes its place"
        await _until(lambda: line in log.read_text(), "the pool to say it replaces the worker")
        await _until(lambda: len(children_of(zygote) - {victim}) == 2, "a new worker")
        workers = children_of(zygote)
    finally:
        await _stop(process)
    assert process.returncode == 0
    await _until(lambda: not any(os.path.exists(f"/proc/{pid}") for pid in workers), "the workers to end")


@pytest.mark.parametrize("count", ["1", "3"])
async def test_spawned_clients_mean_spawned_workers(tmp_path: Path, count: str) -> None:
    process, _, log = await start_server(tmp_path, "--client-start", "spawn", "--bot-workers", count)
    try:
        assert f"{count} bot worker(s) ready, spawned" in log.read_text()
        assert len(children_of(process.pid)) == int(count)
    finally:
        await _stop(process)
