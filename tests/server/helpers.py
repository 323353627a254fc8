"""Shared pieces of the server tests: a host on a Unix socket in a short private folder, clients, waiting."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chimera_tui.engine.match import Match
from chimera_tui.saves import decode_save, restore
from chimera_tui.server import protocol as P
from chimera_tui.server.host import TableHost
from chimera_tui.server.link import HostLink
from chimera_tui.server.remote_table import RemoteTable

if TYPE_CHECKING:
    from chimera_tui.ui.screens.lobby import LobbyApp

HANG = 20.0
"""Seconds after which a wait is a hang (a bound, never a timing assertion)."""


@dataclass
class Hosted:
    host: TableHost
    socket: Path

    async def link(self, identity: str, name: str) -> HostLink:
        return await HostLink.connect(self.socket, self.host.issue_ticket(identity, name))


@asynccontextmanager
async def hosted(saves: Path, **kwargs: object) -> AsyncIterator[Hosted]:
    """A resumed, started host serving a Unix socket (its folder is short: socket paths are limited)."""
    folder = Path(tempfile.mkdtemp(prefix="chs-"))
    host = TableHost(saves, bot_delay=0.01, **kwargs)  # type: ignore[arg-type]
    await host.open()
    server = await host.serve_unix(folder / "host.sock")
    try:
        yield Hosted(host, folder / "host.sock")
    finally:
        server.close()
        await host.close()
        await server.wait_closed()
        shutil.rmtree(folder, ignore_errors=True)


async def stored_match(host: TableHost, code: str) -> Match[Any, Any]:
    """The match of table `code` as the host's store holds it (replayed from its save bytes)."""
    row = await host.store.load(code)
    assert row is not None and row.save is not None
    return restore(decode_save(row.save, code), code).match


async def until(condition: Callable[[], bool], what: str = "the condition") -> None:
    """Wait until `condition()` holds; fails after `HANG` seconds (a hang, not a timing assertion)."""
    async with asyncio.timeout(HANG):
        while not condition():
            await asyncio.sleep(0.005)


async def play(tables: list[RemoteTable], steps: int, seed: int = 1) -> None:
    """Let the seats of `tables` take random legal actions until `steps` more actions were taken (or the end)."""
    rng = random.Random(seed)
    target = tables[0].step + steps
    while tables[0].step < target and tables[0].to_act() is not None:
        actor = tables[0].to_act()
        mover = next((t for t in tables if t.seat == actor), None)
        if mover is None:  # a bot's turn: the host moves it
            before = tables[0].step
            await until(lambda before=before: tables[0].step > before or tables[0].to_act() is None)
            continue
        await until(lambda mover=mover: bool(mover.legal_actions()) and mover.step == tables[0].step)
        before = mover.step
        assert mover.submit(rng.choice(list(mover.legal_actions()))) is None
        await until(lambda before=before: all(t.step > before for t in tables))


class Tap:
    """A stream reader that keeps a copy of every byte read (the raw bytes a client receives)."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self.reader = reader
        self.bytes = bytearray()

    async def readexactly(self, n: int) -> bytes:
        data = await self.reader.readexactly(n)
        self.bytes += data
        return data


async def tapped_link(hosted: Hosted, identity: str, name: str) -> tuple[HostLink, Tap]:
    reader, writer = await asyncio.open_unix_connection(str(hosted.socket), limit=P.HOST_FRAME_LIMIT)
    tap = Tap(reader)
    link = HostLink(tap, writer)  # type: ignore[arg-type]
    await link.start(hosted.host.issue_ticket(identity, name))
    return link, tap


def children_of(pid: int) -> set[int]:
    """The process ids whose parent is `pid` (from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry))
    return found


def _screen_name(app: LobbyApp) -> str:
    return type(app.screen).__name__
