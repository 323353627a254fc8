"""What `chimera serve` costs over SSH, measured with real clients (a benchmark run by hand, not a test):

    python -m tests.server.bench_ssh [--moves 30] [--truecolor]

Starts ``chimera serve`` as its own process on a free loopback port, then with asyncssh clients at 80x24:

- time from connecting to the lobby's first frame, and the bytes of the first paint (until the screen is
  quiet for 0.5 s);
- Alice opens a two-seat Station table from the lobby, Bob joins it by its code; on Alice's Station board,
  the bytes sent per cursor move (arrow keys around a square) and per Tab (next area), each counted from the
  press until the screen has answered and then been quiet for 0.25 s (the turn clock's once-a-second tick
  lands in some of these windows). Tab is reported as a whole and split: at 80x24 the narrow layout shows one
  pane at a time, so a Tab either moves within the pane (Reactor to Lab to perks) or shows another pane;
- the resident memory of the server process and of each session's client process (from /proc).

``--truecolor`` makes the clients send ``COLORTERM=truecolor`` (as ``ssh -o SendEnv=COLORTERM`` does), so
the sessions draw in 24-bit colour rather than the default 256 colours.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

from chimera_tui.ui.games.station.layout import AREA_PANES, AREAS
from tests.server.crowd_ssh import client_pids
from tests.server.stored import StoredTables

QUIET_KEY = 0.25
QUIET_PAINT = 0.5
ANSWER_LIMIT = 2.0
"""Seconds a press waits for the first byte of its answer (a press that changes nothing costs this)."""


class Session:
    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.process = process
        self.received = bytearray()
        self.last = time.monotonic()
        self._task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error):
            while data := await self.process.stdout.read(65536):
                self.received += data
                self.last = time.monotonic()

    async def wait_for(self, text: bytes, start: int = 0, limit: float = 30) -> None:
        async with asyncio.timeout(limit):
            while text not in self.received[start:]:
                await asyncio.sleep(0.01)

    async def quiet(self, seconds: float, limit: float = 10) -> None:
        """Wait until nothing arrived for `seconds`."""
        end = time.monotonic() + limit
        while time.monotonic() < end and time.monotonic() - self.last < seconds:
            await asyncio.sleep(0.02)

    async def press(self, key: bytes) -> int:
        """Bytes sent in answer to `key`: from the press until the answer has begun and the screen is then
        quiet. (Waiting only for quiet would end at once, the screen being quiet before the press, and count a
        slow answer against the next press: Tab, which repaints a pane, read 0 bytes twice in three.)"""
        await self.quiet(QUIET_KEY)
        before = len(self.received)
        self.process.stdin.write(key)
        end = time.monotonic() + ANSWER_LIMIT
        while len(self.received) == before and time.monotonic() < end:
            await asyncio.sleep(0.005)
        await self.quiet(QUIET_KEY)
        return len(self.received) - before


async def start_server(folder: Path) -> tuple[asyncio.subprocess.Process, int]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "chimera_tui",
        "serve",
        "--ssh",
        "127.0.0.1:0",
        "--saves",
        str(folder / "saves"),
        "--data",
        str(folder / "data"),
        stdout=asyncio.subprocess.PIPE,
        stderr=(folder / "server.log").open("wb"),
    )
    assert process.stdout is not None
    while True:
        line = (await process.stdout.readline()).decode()
        if not line:
            raise SystemExit("chimera serve ended before it listened")
        if found := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
            return process, int(found.group(1))


async def open_session(port: int, name: str, truecolor: bool) -> tuple[Session, float]:
    """A terminal session at 80x24 and the seconds from connecting to the lobby's first frame."""
    began = time.perf_counter()
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
        known_hosts=None,
        agent_path=None,
    )
    env = {"COLORTERM": "truecolor"} if truecolor else {}
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(80, 24), encoding=None, env=env
    )
    session = Session(process)
    await session.wait_for(b"lobby")
    return session, time.perf_counter() - began


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def bench(moves: int, truecolor: bool) -> None:
    folder = Path(tempfile.mkdtemp(prefix="chimera-bench-"))
    server, port = await start_server(folder)
    try:
        alice, first_frame = await open_session(port, "alice", truecolor)
        await alice.quiet(QUIET_PAINT)
        first_paint = len(alice.received)
        alice.process.stdin.write(b"n")
        await alice.wait_for(b"Open a table")
        alice.process.stdin.write(b"\x1b[15~")  # F5: Station, two people (the dialog's first choices)
        stored = StoredTables(folder / "data")
        async with asyncio.timeout(30):
            while not stored.codes():
                await asyncio.sleep(0.05)
        (code,) = stored.codes()
        bob, _ = await open_session(port, "bob", truecolor)
        await bob.quiet(QUIET_PAINT)
        bob.process.stdin.write(b"j")
        await bob.wait_for(b"e.g. K7QX4")
        bob.process.stdin.write(code.encode() + b"\r")
        mark = len(alice.received)
        await alice.wait_for(b"thinking", mark)  # the turn clock over the game screen
        await alice.quiet(1.0)
        await alice.press(b"\r")  # Alice answers the question her first turn opens (its first choice)
        await alice.press(b"1")  # the board pane, with the keyboard on the board
        arrows = [b"\x1b[C", b"\x1b[B", b"\x1b[D", b"\x1b[A"]
        cursor = [await alice.press(arrows[i % 4]) for i in range(moves)]
        tab = [await alice.press(b"\t") for _ in range(moves)]
        # Tab i leaves the area it reached before for the next one (the board first: "1" put it there).
        switches = [
            AREA_PANES[AREAS[i % len(AREAS)]] != AREA_PANES[AREAS[(i + 1) % len(AREAS)]] for i in range(moves)
        ]
        within = [n for n, switch in zip(tab, switches, strict=True) if not switch]
        across = [n for n, switch in zip(tab, switches, strict=True) if switch]
        if "--raw" in sys.argv:
            print("cursor", cursor, "tab", tab)
        sessions = client_pids(folder / "server.log")
        server_kib = rss_kib(server.pid)
        client_kib = [rss_kib(pid) for pid in sessions]
        colour = "24-bit colour (COLORTERM=truecolor)" if truecolor else "256 colours (no COLORTERM sent)"
        print(f"chimera serve over SSH at 80x24, {colour}, {moves} presses each:")
        print(f"  connect to the lobby's first frame: {first_frame * 1000:.0f} ms")
        print(f"  first paint of the lobby: {first_paint} bytes")
        print(
            f"  cursor move on the Station board: median {statistics.median(cursor):.0f} bytes "
            f"(min {min(cursor)}, max {max(cursor)})"
        )
        print(f"  Tab to the next area: {_spread(tab)}")
        print(f"    within the pane shown ({len(within)} presses): {_spread(within)}")
        print(f"    to another pane ({len(across)} presses): {_spread(across)}")
        print(
            f"  memory: server {server_kib / 1024:.0f} MiB RSS; per session (client process) "
            f"{statistics.mean(client_kib) / 1024:.0f} MiB RSS ({len(client_kib)} sessions)"
        )
    finally:
        server.terminate()
        await server.wait()


def _spread(sizes: list[int]) -> str:
    if not sizes:
        return "none"
    return f"median {statistics.median(sizes):.0f} bytes (min {min(sizes)}, max {max(sizes)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--truecolor", action="store_true")
    parser.add_argument("--raw", action="store_true", help="also print every press's bytes")
    args = parser.parse_args()
    asyncio.run(bench(args.moves, args.truecolor))


if __name__ == "__main__":
    main()
