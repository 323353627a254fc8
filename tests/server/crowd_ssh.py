"""Many players at once over real SSH, against a real `chimera serve` process on loopback.

Each player is an asyncssh client with its own key and a PTY at 80x24, so the server runs one client process
per session, as for people. Players pair up: the first of each pair opens a two-seat Chimera Station table
from the lobby (n, F5), the second joins it by its code (j); then every table plays moves at the same time,
each move made by keys (c and Enter on the player to act: the first of every choice), and each move must
show on the other player's terminal. Nothing may go wrong on the way: no client process ends, no terminal
shows a traceback, and the server logs no error, no warning and no refusal.

The test (`test_ssh_crowd.py`) runs it with 20 sessions on 10 tables; by hand:

    python -m tests.server.crowd_ssh [--sessions 20] [--moves 3]

It reports the time each phase took and the resident memory of the server process and of each session's
client process (from /proc), for docs/measurements.md ("What one machine holds").
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
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from tests.server.ssh_helpers import Screen, terminal
from tests.server.stored import StoredTables

LIMIT = 50.0
"""Seconds one phase may take at most (a hang, not a timing assertion)."""


@dataclass
class Player:
    name: str
    key: asyncssh.SSHKey
    conn: asyncssh.SSHClientConnection | None = None
    screen: Screen | None = None

    @property
    def identity(self) -> str:
        return str(self.key.get_fingerprint("sha256"))

    @property
    def term(self) -> Screen:
        assert self.screen is not None
        return self.screen


@dataclass
class Crowd:
    """What a run measured."""

    sessions: int
    tables: int
    moves: int
    seconds: dict[str, float] = field(default_factory=dict)
    """Seconds per phase: connect (every lobby drawn), seat (every table playing), play, leave."""
    server_kib: int = 0
    client_kib: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """What went wrong (empty: nothing)."""

    def report(self) -> str:
        per = statistics.mean(self.client_kib) / 1024 if self.client_kib else 0.0
        total = (self.server_kib + sum(self.client_kib)) / 1024
        phases = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in self.seconds.items())
        return (
            f"{self.sessions} SSH sessions on {self.tables} tables, {self.moves} moves a table: {phases}; "
            f"memory: server {self.server_kib / 1024:.0f} MiB RSS, each session's client process "
            f"{per:.0f} MiB RSS (min {min(self.client_kib, default=0) / 1024:.0f}, "
            f"max {max(self.client_kib, default=0) / 1024:.0f}), {total:.0f} MiB in all"
        )


async def start_server(folder: Path, *extra: str) -> tuple[asyncio.subprocess.Process, int, Path]:
    """`chimera serve` (with `extra` arguments) on a free loopback port with room for everyone from one
    address; its log goes to a file. Returns the process, its port and the log's path."""
    log = folder / "server.log"
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
        "--max-sessions",
        "200",
        "--connections-per-minute",
        "1000",
        *extra,
        stdout=asyncio.subprocess.PIPE,
        stderr=log.open("wb"),
    )
    assert process.stdout is not None
    async with asyncio.timeout(LIMIT):
        while True:
            line = (await process.stdout.readline()).decode()
            if not line:
                raise RuntimeError("chimera serve ended before it listened")
            if found := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
                return process, int(found.group(1)), log


def rss_kib(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def client_pids(log: Path) -> list[int]:
    """The client processes of the sessions still running, from the server's log (forked by its zygote,
    so not its own children)."""
    text = log.read_text(errors="replace")
    started = re.findall(r"session of (\S+) \(.*?\) started, process (\d+)", text)
    return [int(pid) for _, pid in started if Path(f"/proc/{pid}").exists()]


async def _phase(crowd: Crowd, name: str, work: Awaitable[object]) -> None:
    """Await `work`, noting how long it took as phase `name`."""
    began = time.perf_counter()
    async with asyncio.timeout(LIMIT):
        await work
    crowd.seconds[name] = time.perf_counter() - began
    if __name__ == "__main__":
        print(f"{name}: {crowd.seconds[name]:.1f} s", flush=True)


async def _connect(port: int, player: Player) -> None:
    player.conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=player.name,
        client_keys=[player.key],
        known_hosts=None,
        agent_path=None,
        preferred_auth="publickey",
    )
    player.screen = await terminal(player.conn)
    await player.term.wait_for(b"lobby")


async def _sit(first: Player, second: Player, saves: StoredTables) -> str:
    """`first` opens a two-seat Station table from the lobby, `second` joins it by its code."""
    first.term.keys(b"n")
    await first.term.wait_for(b"Open a table")
    first.term.keys(b"\x1b[15~")  # F5: the dialog's first choices, Chimera Station for two people
    while (code := saves.code_of(first.identity)) is None:
        await asyncio.sleep(0.05)
    await first.term.wait_for(code.encode())
    second.term.keys(b"j")
    await second.term.wait_for(b"The table's code")
    second.term.keys(code.encode() + b"\r")
    for player in (first, second):
        await player.term.wait_for(b"thinking")  # the turn clock over the game's own screen
    return code


async def _play(code: str, seats: tuple[Player, Player], moves: int, saves: StoredTables) -> None:
    """Make `moves` actions at table `code` by keys, each seen on the other player's terminal."""
    while saves.turn(code)[1] is None:
        await asyncio.sleep(0.05)
    for _ in range(moves):
        step, actor = saves.turn(code)
        if actor is None:
            return  # the game ended
        mover, other = seats[actor], seats[1 - actor]
        mark = len(other.term.received)
        while saves.turn(code)[0] == step:
            # c lists every choice (over an open question it does nothing), Enter takes the first
            await mover.term.press(b"c")
            await mover.term.press(b"\r")
            end = time.monotonic() + 3.0
            while saves.turn(code)[0] == step and time.monotonic() < end:
                await asyncio.sleep(0.05)
        await other.term.wait_for(b"Last:", mark)  # the other terminal shows the move


async def crowd(sessions: int = 20, moves: int = 3) -> Crowd:
    """Run `sessions` players (an even number) at `sessions // 2` tables, `moves` moves a table."""
    if sessions < 2 or sessions % 2:
        raise ValueError("sessions must be an even number of at least 2")
    result = Crowd(sessions=sessions, tables=sessions // 2, moves=moves)
    folder = Path(tempfile.mkdtemp(prefix="chimera-crowd-"))
    server, port, log = await start_server(folder)
    players = [Player(f"p{i:02d}", asyncssh.generate_private_key("ssh-ed25519")) for i in range(sessions)]
    saves = StoredTables(folder / "data")
    try:
        await _phase(result, "connect", asyncio.gather(*(_connect(port, p) for p in players)))
        pairs = [(players[i], players[i + 1]) for i in range(0, sessions, 2)]
        codes: list[str] = []

        async def seat_all() -> None:
            codes.extend(await asyncio.gather(*(_sit(a, b, saves) for a, b in pairs)))

        await _phase(result, "seat", seat_all())
        try:
            await _phase(
                result,
                "play",
                asyncio.gather(*(_play(c, pair, moves, saves) for c, pair in zip(codes, pairs, strict=True))),
            )
        except TimeoutError:
            turns = ", ".join(
                f"{c} at step {saves.turn(c)[0]}, seat {saves.turn(c)[1]} to act" for c in codes
            )
            result.problems.append(f"the tables did not make their moves in {LIMIT:.0f} s: {turns}")
        result.server_kib = rss_kib(server.pid)
        result.client_kib = [rss_kib(pid) for pid in client_pids(log)]
        if len(result.client_kib) != sessions:
            result.problems.append(f"{len(result.client_kib)} client processes run for {sessions} sessions")
        for player in players:
            if player.term.process.exit_status is not None:
                result.problems.append(f"{player.name}'s session ended early")
            if b"Traceback" in player.term.received:
                result.problems.append(f"{player.name}'s terminal shows a traceback")

        async def leave_all() -> None:
            await asyncio.gather(*(p.term.close() for p in players))

        await _phase(result, "leave", leave_all())
        for player in players:
            if player.term.process.exit_status != 0:
                result.problems.append(f"{player.name}'s client ended with {player.term.process.exit_status}")
    finally:
        for player in players:
            if player.conn is not None:
                player.conn.close()
        server.terminate()
        await server.wait()
    for line in log.read_text(errors="replace").splitlines():
        if any(word in line for word in (" ERROR ", " WARNING ", "Traceback", "refused")):
            result.problems.append(f"server log: {line}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--moves", type=int, default=3)
    args = parser.parse_args()
    result = asyncio.run(crowd(args.sessions, args.moves))
    print(result.report())
    for problem in result.problems:
        print("problem:", problem)
    sys.exit(1 if result.problems else 0)


if __name__ == "__main__":
    main()
