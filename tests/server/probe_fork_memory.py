"""A quick look at what forked clients cost in memory, without SSH: a table host in this process, the session
starter (`chimera_tui.server.forks.Zygote`), and `--lobbies` lobby clients plus four players at a Station
table forked on pseudo-terminals (80x24) whose output this process reads:

    python -m tests.server.probe_fork_memory [--lobbies 40] [--maps] [--census]

It prints the median PSS and private memory of a lobby client and of a table client, with ``--maps``
where one client's private memory lies (/proc/PID/smaps, by mapping: Python's object arenas and other
anonymous memory, the C heap, each shared library's data), and with ``--census`` why it is private: each
private page against the starter's page at the same address (`page_census`; needs root).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from chimera_tui.server import protocol as P
from chimera_tui.server.forks import ForkedClient, Zygote
from chimera_tui.server.host import TableHost
from chimera_tui.server.link import HostLink
from chimera_tui.server.ssh_session import session_env, set_size
from tests.server.page_census import census, report

LIMIT = 300.0


class Terminal:
    """A client forked on a pseudo-terminal, and what it has drawn so far."""

    def __init__(self, child: ForkedClient, master: int) -> None:
        self.child = child
        self.master = master
        self.received = bytearray()
        self._changed = asyncio.Event()
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._read)

    def _read(self) -> None:
        with contextlib.suppress(BlockingIOError):
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            if not data:
                asyncio.get_running_loop().remove_reader(self.master)
                return
            self.received += data
            self._changed.set()

    async def wait_for(self, text: bytes, start: int = 0) -> None:
        while text not in self.received[start:]:
            self._changed.clear()
            await self._changed.wait()

    def keys(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)


async def fork_client(zygote: Zygote, socket_path: Path, ticket: str) -> Terminal:
    master, slave = os.openpty()
    set_size(master, 80, 24)
    env = session_env(
        {"TERM": "xterm-256color", "ESCDELAY": "25", P.ENV_SOCKET: str(socket_path), P.ENV_TICKET: ticket}
    )
    child = await zygote.fork(env, (slave, slave, slave), tty=True)
    os.close(slave)
    return Terminal(child, master)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rollup(pid: int) -> dict[str, int]:
    found = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value = line.split(":", 1)
        if value.strip().endswith("kB"):
            found[key] = int(value.split()[0])
    return found


def by_mapping(pid: int) -> dict[str, list[int]]:
    """Private_Dirty and Pss (KiB) by mapping name (anonymous mappings together, sized by kind)."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    name = ""
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        head = line.split()
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            start, end = (int(x, 16) for x in head[0].split("-"))
            size = end - start
            name = (
                head[5] if len(head) > 5 else ("anon 1 MiB (pymalloc arena?)" if size == 1 << 20 else "anon")
            )
            out[name][2] += 1
        elif head[0] == "Private_Dirty:":
            out[name][0] += int(head[1])
        elif head[0] == "Pss:":
            out[name][1] += int(head[1])
    return out


async def table_for(socket_path: Path, host: TableHost) -> tuple[str, list[str]]:
    """A four-player Station table and the tickets of its four players."""
    identities = [f"SHA256:probe-seat-{n}" for n in range(4)]
    code = ""
    for n, identity in enumerate(identities):
        link = await HostLink.connect(socket_path, host.issue_ticket(identity, f"seat{n}"))
        table = await (link.create("station", 4, seed=7) if n == 0 else link.join(code))
        code = table.code
        await link.close()
    return code, [host.issue_ticket(identity, f"seat{n}") for n, identity in enumerate(identities)]


async def probe(lobbies: int, maps: bool, settle: float, idle: float, pages: bool = False) -> None:
    folder = Path(tempfile.mkdtemp(prefix="chimera-probe-"))
    (folder / "saves").mkdir()
    host = TableHost(folder / "saves", bot_delay=0.0)
    await host.open()
    socket_path = folder / "host.sock"
    server = await host.serve_unix(socket_path)
    zygote = Zygote(folder / "zygote.sock")
    terminals: list[Terminal] = []
    try:
        assert await zygote.start(session_env({})), "the session starter did not start"
        assert zygote._process is not None
        starter_pid = zygote._process.pid
        _, tickets = await table_for(socket_path, host)
        seats = [await fork_client(zygote, socket_path, ticket) for ticket in tickets]
        terminals += seats
        for seat in seats:
            await seat.wait_for(b"lobby")
            seat.keys(b"\r")
        for seat in seats:
            await seat.wait_for(b"thinking")
        firsts, cpu = [], []
        for n in range(lobbies):
            began = time.perf_counter()
            terminal = await fork_client(zygote, socket_path, host.issue_ticket(f"SHA256:probe-{n}", f"p{n}"))
            terminals.append(terminal)
            await terminal.wait_for(b"lobby")
            firsts.append(time.perf_counter() - began)
            cpu.append(cpu_seconds(terminal.child.pid))
        await asyncio.sleep(settle)
        crowd = terminals[4:]
        before = sum(cpu_seconds(t.child.pid) for t in crowd)
        await asyncio.sleep(idle)
        spent = sum(cpu_seconds(t.child.pid) for t in crowd) - before
        print(f"{len(crowd)} idle lobbies (a started table listed): {spent / idle:.1%} of a core")
        lobby = [rollup(t.child.pid) for t in crowd]
        table = [rollup(t.child.pid) for t in seats]
        for what, rows in (("lobby", lobby), ("table", table)):
            pss = statistics.median(r["Pss"] for r in rows) / 1024
            private = statistics.median(r["Private_Dirty"] + r["Private_Clean"] for r in rows) / 1024
            print(f"{what}: PSS {pss:.1f} MiB, private {private:.1f} MiB (median of {len(rows)})")
        print(
            f"fork request -> lobby's first frame: median {statistics.median(firsts) * 1000:.0f} ms, "
            f"CPU of the client by then: median {statistics.median(cpu) * 1000:.0f} ms"
        )
        print(
            f"starter: PSS {rollup(starter_pid)['Pss'] / 1024:.1f} MiB, RSS {rollup(starter_pid)['Rss'] / 1024:.1f}"
        )
        if maps:
            for what, pid in (("lobby", crowd[0].child.pid), ("table", seats[0].child.pid)):
                print(f"{what} client {pid}, Private_Dirty / PSS (KiB) by mapping, largest first:")
                rows = sorted(by_mapping(pid).items(), key=lambda kv: -kv[1][0])
                for name, (dirty, pss_kib, count) in rows[:14]:
                    print(f"  {dirty:7d} {pss_kib:7d}  {count:4d}x {name}")
        if pages:
            for what, pid in (("lobby", crowd[0].child.pid), ("table", seats[0].child.pid)):
                print(f"{what} client {pid}, its pages against the starter's:")
                print("\n".join(report(census(pid, starter_pid))))
    finally:
        for terminal in terminals:
            terminal.child.signal_group(__import__("signal").SIGHUP)
        await asyncio.sleep(0.5)
        for terminal in terminals:
            with contextlib.suppress(OSError):
                terminal.close()
        await zygote.close()
        server.close()
        await host.close()
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lobbies", type=int, default=40)
    parser.add_argument("--maps", action="store_true")
    parser.add_argument("--census", action="store_true", help="each private page against the starter's")
    parser.add_argument(
        "--idle", type=float, default=10.0, help="seconds over which the lobbies' CPU is counted"
    )
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to wait before measuring")
    args = parser.parse_args()
    asyncio.run(asyncio.wait_for(probe(args.lobbies, args.maps, args.settle, args.idle, args.census), LIMIT))


if __name__ == "__main__":
    main()
