"""How many moves a second the table host takes through its store, and how long a move takes to reach every
seat: SQLite with one host, PostgreSQL with one host and with two, side by side in one run.

    python -m tests.server.bench_store [--tables 2,20] [--moves 30]

Each host is its own process (`python -m tests.server.bench_store host …`, the same `TableHost` and store as
`chimera serve`, its Unix socket in a private folder); this process runs the clients (`HostLink`, the client
processes' connection). Every table is Chimera Station for three: two people (Alice and Bob, each with their own
connection; with two hosts Alice is on host 1 and Bob on host 2) and the random bot, which the host moves at
once (no bot delay). The people play random legal moves as soon as it is their turn. A move's latency is the
time from Alice's or Bob's `submit` until *both* of them hold the update with that move; moves per second
count every move, the bot's included, over the run. The PostgreSQL server is the tests' own (pgserver).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from chimera_tui.server.link import HostLink
from chimera_tui.server.remote_table import RemoteTable
from chimera_tui.server.store import TableRow


@dataclass
class Result:
    store: str
    hosts: int
    tables: int
    moves: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    host_cpu: float = 0.0
    """CPU seconds the host processes used during the play, together."""
    client_cpu: float = 0.0

    def row(self) -> str:
        lat = sorted(self.latencies)
        median = statistics.median(lat) * 1000 if lat else 0.0
        p95 = lat[int(len(lat) * 0.95)] * 1000 if lat else 0.0
        return (
            f"| {self.store} | {self.hosts} | {self.tables} | {self.moves} | {self.moves / self.seconds:.0f} "
            f"| {median:.1f} ms | {p95:.1f} ms | {self.host_cpu / self.moves * 1000:.2f} ms "
            f"| {self.client_cpu / self.moves * 1000:.2f} ms |"
        )


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process `pid` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class HostProcess:
    """A table host in its own process, answering ticket requests on its stdin."""

    def __init__(self, process: asyncio.subprocess.Process, socket: Path) -> None:
        self.process = process
        self.socket = socket

    @classmethod
    async def start(cls, db: str, folder: Path, name: str) -> HostProcess:
        socket = folder / f"{name}.sock"
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.server.bench_store",
            "host",
            "--db",
            db,
            "--socket",
            str(socket),
            "--data",
            str(folder / name),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), 60)
        assert line.strip() == b"ready", line
        return cls(process, socket)

    async def link(self, identity: str, name: str) -> HostLink:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"ticket {identity} {name}\n".encode())
        ticket = (await self.process.stdout.readline()).decode().strip()
        return await HostLink.connect(self.socket, ticket)

    async def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(b"quit\n")
        await self.process.wait()


async def _play(a: RemoteTable, b: RemoteTable, moves: int, seed: int, result: Result) -> None:
    rng = random.Random(seed)
    seats = (a, b)
    arrived: tuple[list[tuple[int, float]], list[tuple[int, float]]] = ([], [])
    news = asyncio.Event()

    def heard(seat: int, table: RemoteTable) -> None:
        arrived[seat].append((table.step, time.perf_counter()))
        news.set()

    def when(seat: int, step: int) -> float:
        """When `seat` first held step `step` or a later one (a host may send two moves in one update)."""
        return min(at for seen, at in arrived[seat] if seen >= step)

    for seat, table in enumerate(seats):
        table.subscribe(lambda seat=seat, table=table: heard(seat, table))
    start = a.step
    while a.step - start < moves and a.to_act() is not None:
        if a.step != b.step:
            news.clear()
            await news.wait()
            continue
        actor = a.to_act()
        if actor not in (0, 1):  # the bot's turn: the host moves it
            step = a.step
            while a.step == step and a.to_act() is not None:
                news.clear()
                await news.wait()
            continue
        mover = seats[actor]
        step = mover.step
        began = time.perf_counter()
        assert mover.submit(rng.choice(list(mover.legal_actions()))) is None
        while not (a.step > step and b.step > step):
            news.clear()
            await news.wait()
        result.latencies.append(max(when(0, step + 1), when(1, step + 1)) - began)
    result.moves += a.step - start


async def measure(db: str, store: str, hosts: int, tables: int, moves: int) -> Result:
    folder = Path(tempfile.mkdtemp(prefix="chb-"))
    started = [await HostProcess.start(db, folder, f"h{n}") for n in range(hosts)]
    result = Result(store, hosts, tables)
    try:
        pairs = []
        for n in range(tables):
            alice = await started[0].link(f"SHA256:alice{n}", f"Alice{n}")
            bob = await started[-1].link(f"SHA256:bob{n}", f"Bob{n}")
            a = await alice.create("station", 3, bots=(None, None, "random"), seed=n + 1)
            b = await bob.join(a.code)
            async with asyncio.timeout(30):
                while not (a.started and b.started and a.step == b.step):
                    await asyncio.sleep(0.01)
            pairs.append((alice, bob, a, b))
        began, cpu = time.perf_counter(), time.process_time()
        hosts_cpu = sum(cpu_seconds(p.process.pid) for p in started)
        await asyncio.gather(*(_play(a, b, moves, n, result) for n, (_, _, a, b) in enumerate(pairs)))
        result.seconds = time.perf_counter() - began
        result.client_cpu = time.process_time() - cpu
        result.host_cpu = sum(cpu_seconds(p.process.pid) for p in started) - hosts_cpu
        for alice, bob, _, _ in pairs:
            await alice.close()
            await bob.close()
    finally:
        for process in started:
            await process.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return result


async def store_alone(db: str, writers: int, seconds: float) -> float:
    """Commits a second the store itself takes: `writers` tables, each committed again and again (a Station
    save of 60 moves, as big as a table's row in the run above), for `seconds`; the host's own work left out."""
    from chimera_tui.server.store import store_for
    from chimera_tui.server.tables import HostedTable, TableRecord

    folder = Path(tempfile.mkdtemp(prefix="chb-"))
    store = store_for(db or None, folder)
    await store.open()
    rows = []
    for n in range(writers):
        record = TableRecord(
            code=f"W{n:04d}",
            game="station",
            players=2,
            seed=n,
            bots=(None, None),
            owners=["a", "b"],
            names=["A", "B"],
            away_limit=60.0,
            creator="a",
            created="2026-01-01T00:00:00+00:00",
        )
        table = HostedTable(record)
        table.start()
        assert table.match is not None
        rng = random.Random(n)
        for _ in range(60):
            table.match.submit(rng.choice(list(table.rules.legal_actions(table.match.state))))
        row = table.to_row(1, time.time())
        assert await store.insert(row)
        rows.append(row)
    done = 0
    end = time.perf_counter() + seconds

    async def writer(row: TableRow) -> None:
        nonlocal done
        while time.perf_counter() < end:
            version = row.version
            row.version += 1
            assert await store.commit(row, version)
            done += 1

    began = time.perf_counter()
    await asyncio.gather(*(writer(row) for row in rows))
    rate = done / (time.perf_counter() - began)
    await store.close()
    shutil.rmtree(folder, ignore_errors=True)
    return rate


async def run_host(db: str, socket: Path, data: Path) -> None:
    from chimera_tui.server.host import TableHost
    from chimera_tui.server.store import store_for

    host = TableHost(store_for(db or None, data), bot_delay=0.0)
    await host.open()
    server = await host.serve_unix(socket)
    print("ready", flush=True)
    while True:
        line = (await asyncio.to_thread(sys.stdin.readline)).split()
        if not line or line[0] == "quit":
            break
        print(host.issue_ticket(line[1], line[2]), flush=True)
    server.close()
    await host.close()


async def main(loads: list[int], moves: int) -> None:
    from tests.server.postgres import database

    print(f"Tables of Chimera Station (Alice, Bob and the random bot), {moves} moves a table")
    print(
        "| store | hosts | tables | moves | moves/s | move → every seat, median | p95 "
        "| host CPU a move | clients' CPU a move |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for tables in loads:
        print((await measure("", "SQLite", 1, tables, moves)).row(), flush=True)
        with database() as url:
            print((await measure(url, "PostgreSQL", 1, tables, moves)).row(), flush=True)
        with database() as url:
            print((await measure(url, "PostgreSQL", 2, tables, moves)).row(), flush=True)
    print()
    print("The store alone (commits of one table's row, the host's work left out):")
    print("| store | tables written at once | commits/s |")
    print("|---|---|---|")
    for writers in (1, max(loads)):
        print(f"| SQLite | {writers} | {await store_alone('', writers, 5.0):.0f} |", flush=True)
        with database() as url:
            print(f"| PostgreSQL | {writers} | {await store_alone(url, writers, 5.0):.0f} |", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", nargs="?", default="bench", choices=("bench", "host"))
    parser.add_argument("--tables", default="2,20", help="table counts, one run each (default 2,20)")
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--db", default="")
    parser.add_argument("--socket", type=Path)
    parser.add_argument("--data", type=Path)
    args = parser.parse_args()
    if args.mode == "host":
        asyncio.run(run_host(args.db, args.socket, args.data))
    else:
        asyncio.run(main([int(n) for n in args.tables.split(",")], args.moves))
