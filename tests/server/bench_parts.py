"""The parts of `bench_bots`: OpenSSH clients in pseudo-terminals, the tables written into a server's store
before it starts, where each table stands (read from the store beside the running server), and the numbers.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import shutil
import sqlite3
import statistics
import struct
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import msgspec

from chimera_tui import games
from chimera_tui.saves import decode_save
from chimera_tui.server.host import TableHost
from chimera_tui.server.link import HostLink
from chimera_tui.server.store.sqlite import DB_NAME
from chimera_tui.server.tables import TableRecord
from tests.server.ssh_helpers import key_file, openssh_args
from tests.ui.terminal_replay import Shown

LIMIT = 120.0
"""Seconds any one wait may take (a hang, not a measurement)."""


@dataclass
class Person:
    name: str
    key: asyncssh.SSHKey
    key_path: Path

    @property
    def identity(self) -> str:
        return str(self.key.get_fingerprint("sha256"))


def people(folder: Path, prefix: str, count: int) -> list[Person]:
    made = []
    for n in range(count):
        path, key = key_file(folder)
        made.append(Person(f"{prefix}{n:02d}", key, path))
    return made


class Terminal:
    """An OpenSSH client (``ssh -tt``) in a pseudo-terminal of 80x24: what it was sent, and keys to type."""

    def __init__(self, person: Person) -> None:
        self.person = person
        self.received = bytearray()
        self.shown: Shown | None = Shown(80, 24)
        """What the terminal shows (frame-diff writes only the cells that change, so a text on the screen need
        not arrive in one piece); None once nobody reads it, to spare the benchmark's own CPU."""
        self.last = time.monotonic()
        self.process: asyncio.subprocess.Process | None = None
        self._master = -1

    async def start(self, port: int) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self._master = master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._read)
        args = openssh_args("ssh", port, self.person.key_path, "-tt", f"{self.person.name}@127.0.0.1")
        env = {**os.environ, "TERM": "xterm-256color"}
        self.process = await asyncio.create_subprocess_exec(
            *args, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)

    def _read(self) -> None:
        try:
            data = os.read(self._master, 65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self._master)
            return
        self.received += data
        if self.shown is not None:
            self.shown.feed(data)
        self.last = time.monotonic()

    def keys(self, data: bytes) -> None:
        os.write(self._master, data)

    async def wait_for(self, text: bytes, start: int = 0, limit: float = LIMIT) -> float:
        """Wait until `text` arrives after byte `start`, or the screen shows it and has changed since then;
        the monotonic time it was seen."""
        async with asyncio.timeout(limit):
            while text not in self.received[start:] and not (
                self.shown is not None and self.shown.changed_to_show(text.decode(), start)
            ):
                await asyncio.sleep(0.002)
        return time.monotonic()

    async def wait_line_change(self, marker: str, start: int, limit: float = LIMIT) -> float:
        """Wait until the screen's line holding `marker` differs from what it was when byte `start` arrived
        (a move shown: "Last: …"); the monotonic time it was seen."""
        assert self.shown is not None

        def line(text: str) -> str | None:
            return next((row for row in text.splitlines() if marker in row), None)

        before = line(self.shown.text_at(start))
        async with asyncio.timeout(limit):
            while (now := line(self.shown.text())) is None or now == before:
                await asyncio.sleep(0.002)
        return time.monotonic()

    async def quiet(self, seconds: float, limit: float = 10.0) -> None:
        end = time.monotonic() + limit
        while time.monotonic() < end and time.monotonic() - self.last < seconds:
            await asyncio.sleep(0.02)

    async def close(self) -> None:
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()
        if self._master >= 0:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self._master)
            os.close(self._master)
            self._master = -1


async def join(terminal: Terminal, code: str) -> None:
    """In the lobby, take one's seat at table `code` (j, the code, Enter) and wait for its screen."""
    await terminal.wait_for(b"lobby")
    await terminal.quiet(0.3)
    terminal.keys(b"j")
    await terminal.wait_for(b"The table's code")
    mark = len(terminal.received)
    terminal.keys(code.encode() + b"\r")
    await terminal.wait_for(b"thinking", mark)  # the turn clock over the game's own screen


@dataclass
class Plan:
    """The tables written into the store: codes of the solo tables, the pair's and the strength games'
    (with the seat the search bot plays)."""

    solos: list[str] = field(default_factory=list)
    pair: str = ""
    strength: dict[str, int] = field(default_factory=dict)


async def prepare(
    data: Path, solos: list[Person], pair: list[Person], strength_seeds: list[int], level: str
) -> Plan:
    """Write the benchmark's tables into the SQLite store of `data` with a host of this checkout (the store's
    schema is the same for the server under test): Station tables of one person and three `level` bots for
    `solos`, a two-seat table for `pair`, and for each strength seed a two-seat table of a `level` bot and a
    greedy bot (a person seat a bot has taken for good, as when a turn-based player's time runs out: the
    lobby opens no table of bots alone)."""
    plan = Plan()
    folder = Path(tempfile.mkdtemp(prefix="chb-"))
    host = TableHost(data, bot_delay=3600.0)  # no bot moves here
    await host.open()
    server = await host.serve_unix(folder / "host.sock")

    async def link(identity: str, name: str) -> HostLink:
        return await HostLink.connect(folder / "host.sock", host.issue_ticket(identity, name))

    try:
        for n, person in enumerate(solos):
            own = await link(person.identity, person.name)
            table = await own.create("station", 4, bots=(None, level, level, level), seed=100 + n)
            plan.solos.append(table.code)
            await own.close()
        first, second = await link(pair[0].identity, pair[0].name), await link(pair[1].identity, pair[1].name)
        table = await first.create("station", 2, bots=(None, None), seed=7)
        await second.join(table.code)
        plan.pair = table.code
        await first.close()
        await second.close()
        for seed in strength_seeds:
            ghost = await link(f"SHA256:greedy{seed}", "Greedy")
            seat = seed % 2  # the search bot plays first in half the games
            bots = (level, None) if seat == 0 else (None, level)
            table = await ghost.create("station", 2, bots=bots, seed=seed)
            plan.strength[table.code] = seat
            await ghost.close()
    finally:
        server.close()
        await host.close()
        await server.wait_closed()
        shutil.rmtree(folder, ignore_errors=True)
    with contextlib.closing(sqlite3.connect(data / DB_NAME)) as db:
        for code, seat in plan.strength.items():
            (setup,) = db.execute("SELECT setup FROM tables WHERE code = ?", (code,)).fetchone()
            record = msgspec.msgpack.decode(setup, type=TableRecord)
            greedy = 1 - seat
            record = msgspec.structs.replace(record, for_good=[greedy], away=[greedy])
            db.execute("UPDATE tables SET setup = ? WHERE code = ?", (msgspec.msgpack.encode(record), code))
        db.commit()
    return plan


class Tables:
    """Where each table stands, read from the store beside the running server (each save's new actions
    applied to a state kept here, so a read costs only what changed)."""

    def __init__(self, data: Path) -> None:
        self.path = data / DB_NAME
        self._known: dict[str, tuple[int, Any, int]] = {}
        """Per code: the version read, the state, the actions applied."""

    def refresh(self) -> None:
        with contextlib.closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5)) as db:
            rows = db.execute("SELECT code, version, save FROM tables WHERE save IS NOT NULL").fetchall()
        for code, version, save in rows:
            known = self._known.get(code)
            if known is not None and known[0] == version:
                continue
            saved = decode_save(bytes(save), code)
            rules = games.get(saved.game)
            if known is None or known[2] > len(saved.log):
                state, done = rules.new_game(saved.config, saved.seed), 0
            else:
                state, done = known[1], known[2]
            for text in saved.log[done:]:
                state = rules.apply(state, rules.parse(state, text))
            self._known[code] = (version, state, len(saved.log))

    def steps(self, code: str) -> int:
        known = self._known.get(code)
        return -1 if known is None else known[2]

    def to_act(self, code: str) -> int | None:
        known = self._known.get(code)
        return None if known is None else games.get("station").to_act(known[1])

    def winners(self, code: str) -> tuple[int, ...] | None:
        """The winning seats once the game is over, else None."""
        known = self._known.get(code)
        rules = games.get("station")
        if known is None or not rules.is_over(known[1]):
            return None
        return tuple(rules.winner(known[1]))


def spread(values: list[float]) -> str:
    """Median, 95th percentile and largest of `values` in milliseconds."""
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered) * 1000:.0f} / {p95 * 1000:.0f} / {ordered[-1] * 1000:.0f} ms"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else float("nan")
