"""What a session costs when its client is forked from the warm parent, against today's spawn, side by side
in one run, through real SSH clients (asyncssh, 80x24) and a real `chimera serve` process on loopback:

    python -m tests.server.bench_fork [--sessions 200] [--connects 20] [--moves 10] [--modes spawn,fork]

For each way of starting clients (``--client-start spawn`` and ``fork``) it measures:
- connect → lobby's first frame: `--connects` sessions one after another, from the start of the SSH
  connection until the lobby's title arrives (median, and the spread);
- proportional set size (PSS, /proc/PID/smaps_rollup) of each client process: at a four-player Station table
  (four players sitting at a table made for their keys before the server started), and at the lobby once
  `--sessions` sessions are connected at once (a sample of 20), where the pages shared with the warm parent
  are divided among them all;
- `--sessions` sessions connected at once (admitted with the limits raised by flags): how many reached the
  lobby and how long that took;
- with all of them connected, `--moves` moves at the Station table: from the key that makes a move until the
  three other players' terminals show it ("Last:"), the median;
- the server's log: its error, warning and traceback lines.

It prints one table with a column per mode, and the machine's load average (the machine is shared: compare
the columns of one run, not runs of different days).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

from chimera_tui.server import page_merging
from chimera_tui.server.host import TableHost
from chimera_tui.server.link import HostLink
from tests.server.ssh_helpers import Screen, terminal

LIMIT = 600.0
"""Seconds one phase may take at most (a hang, not a measurement)."""


def pss_kib(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time process `pid` has used so far (whatever the machine's load)."""
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def merging_cpu() -> float:
    """CPU seconds the kernel's page-merging thread (ksmd) has used so far (0 where there is none)."""
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if entry.name.isdigit() and (entry / "comm").read_text().strip() == "ksmd":
                return cpu_seconds(int(entry.name))
    return 0.0


async def merged(limit: float) -> float:
    """Wait until the kernel's same-page merging has gone twice over all memory marked for it (a page is
    merged on the second scan that finds it unchanged) and the pages it shares grow by less than 1 % in 20
    seconds, at most `limit` seconds; the seconds waited."""
    began = time.perf_counter()
    scans = _counter("full_scans")
    sharing = [_counter("pages_sharing")]
    while time.perf_counter() - began < limit:
        await asyncio.sleep(5.0)
        sharing.append(_counter("pages_sharing"))
        if _counter("full_scans") >= scans + 2 and len(sharing) > 4 and sharing[-1] <= sharing[-5] * 1.01:
            break
    return time.perf_counter() - began


def _counter(name: str) -> int:
    return int((page_merging.KSM / name).read_text())


def faults(pid: int) -> int:
    """The minor page faults process `pid` has taken so far (a write to a shared or merged page is one)."""
    with contextlib.suppress(OSError, IndexError, ValueError):
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[7])
    return 0


def pids_by_name(log: Path) -> dict[str, int]:
    """The client process of each session's user name, from the server's log (the latest one wins)."""
    text = log.read_text(errors="replace")
    return {
        name: int(pid) for name, pid in re.findall(r"session of \S+ \((.*?)\) started, process (\d+)", text)
    }


async def prepare_table(saves: Path, keys: list[asyncssh.SSHKey]) -> str:
    """A four-player Station table whose seats belong to `keys`, kept in the store in `saves` (the server's
    data folder) for the server to resume."""
    folder = Path(tempfile.mkdtemp(prefix="chb-"))
    saves.mkdir(mode=0o700, parents=True, exist_ok=True)
    host = TableHost(saves)
    await host.open()
    code = ""
    server = await host.serve_unix(folder / "host.sock")
    links = []
    try:
        for n, key in enumerate(keys):
            identity = str(key.get_fingerprint("sha256"))
            link = await HostLink.connect(folder / "host.sock", host.issue_ticket(identity, f"seat{n}"))
            links.append(link)
            table = await (link.create("station", 4, seed=7) if n == 0 else link.join(code))
            code = table.code
        for link in links:
            await link.close()
    finally:
        server.close()
        await host.close()
    return code


async def start_server(
    folder: Path, mode: str, sessions: int, checkout: Path | None = None
) -> tuple[asyncio.subprocess.Process, int]:
    """`chimera serve` with clients started by `mode`, from `checkout` (a copy of another version of the
    code: ``python -m`` finds the package in its working folder first) or this one."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "chimera_tui", "serve", "--ssh", "127.0.0.1:0",
        "--saves", str(folder / "saves"), "--data", str(folder / "data"),
        "--max-sessions", str(sessions + 20), "--connections-per-minute", "10000",
        "--client-start", mode,
        stdout=asyncio.subprocess.PIPE, stderr=(folder / "server.log").open("wb"), cwd=checkout,
    )  # fmt: skip
    assert process.stdout is not None
    async with asyncio.timeout(120):
        while found := await process.stdout.readline():
            if match := re.search(rb"listening on 127\.0\.0\.1:(\d+)", found):
                return process, int(match.group(1))
    raise SystemExit("chimera serve ended before it listened")


async def connect(
    port: int, name: str, key: asyncssh.SSHKey | None = None
) -> tuple[asyncssh.SSHClientConnection, Screen, float]:
    """A session at 80x24 at its lobby, and the seconds from connecting to the lobby's first frame."""
    began = time.perf_counter()
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[key or asyncssh.generate_private_key("ssh-ed25519")],
        known_hosts=None, agent_path=None, preferred_auth="publickey",
    )  # fmt: skip
    screen = await terminal(conn)
    await screen.wait_for(b"lobby")
    return conn, screen, time.perf_counter() - began


async def moves_answered(
    seats: list[Screen], moves: int, clients: list[int], server: int
) -> tuple[list[float], list[float], list[float], list[float]]:
    """Make `moves` moves at the table by keys (c lists the choices, Enter takes the first); each one's
    seconds from the Enter until the other three terminals show it, and the CPU seconds and minor page
    faults of the table's four `clients` and the CPU seconds of the `server` process meanwhile."""
    answers: list[float] = []
    clients_cpu: list[float] = []
    clients_faults: list[float] = []
    server_cpu: list[float] = []
    tries = 0
    while len(answers) < moves and tries < moves * 10:
        tries += 1
        actor = _actor(seats)
        if actor is None:
            await asyncio.sleep(0.2)
            continue
        mover = seats[actor]
        await mover.press(b"c")
        others = [s for s in seats if s is not mover]
        marks = [len(s.received) for s in others]
        before = sum(cpu_seconds(pid) for pid in clients), cpu_seconds(server), sum(map(faults, clients))
        pressed = time.perf_counter()
        mover.keys(b"\r")
        try:
            async with asyncio.timeout(5):
                for other, mark in zip(others, marks, strict=True):
                    await other.wait_for(b"Last:", mark)
        except TimeoutError:
            continue  # that Enter answered a question without a move: try again
        answers.append(time.perf_counter() - pressed)
        clients_cpu.append(sum(cpu_seconds(pid) for pid in clients) - before[0])
        server_cpu.append(cpu_seconds(server) - before[1])
        clients_faults.append(sum(map(faults, clients)) - before[2])
        await asyncio.sleep(0.3)
    return answers, clients_cpu, clients_faults, server_cpu


def _actor(seats: list[Screen]) -> int | None:
    """The seat whose turn it is, from the turn clock each terminal shows ("seat2 thinking")."""
    text = bytes(seats[0].received[-20000:]).decode("utf-8", "replace")
    found = re.findall(r"seat(\d) (?:thinking|away)", text)
    return int(found[-1]) if found else None


async def bench(column: str, sessions: int, connects: int, moves: int, merge_wait: float) -> dict[str, str]:
    mode, _, checkout = column.partition("@")
    folder = Path(tempfile.mkdtemp(prefix=f"chimera-bench-{mode}-"))
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(4)]
    await prepare_table(folder / "data", keys)
    ksmd_before = merging_cpu()
    server, port = await start_server(folder, mode, sessions, Path(checkout) if checkout else None)
    log = folder / "server.log"
    held: list[tuple[asyncssh.SSHClientConnection, Screen]] = []
    out: dict[str, str] = {}
    began_all = time.perf_counter()
    try:
        firsts, cpu = [], []
        for n in range(connects):
            conn, screen, seconds = await connect(port, f"probe{n}")
            firsts.append(seconds)
            cpu.append(cpu_seconds(pids_by_name(log)[f"probe{n}"]))
            await screen.close()
            conn.close()
        out["connect → lobby's first frame, median (min–max)"] = _ms(firsts)
        out["CPU time of a client until its lobby is drawn, median"] = _ms(cpu)
        seats = []
        for n, key in enumerate(keys):
            conn, screen, _ = await connect(port, f"seat{n}", key)
            held.append((conn, screen))
            screen.keys(b"\r")  # the table made for their keys is listed first: Enter sits there
            seats.append(screen)
        for screen in seats:
            await screen.wait_for(b"thinking")  # the turn clock over the game's own screen
        await asyncio.sleep(2.0)
        names = pids_by_name(log)
        table_pss = [pss_kib(names[f"seat{n}"]) for n in range(4)]
        out["PSS per session at a 4-player Station table, 4 connected, median"] = _mib(table_pss)
        began = time.perf_counter()
        pending = list(range(sessions - 4))
        reached = 0

        async def one(n: int) -> None:
            nonlocal reached
            conn, screen, _ = await connect(port, f"crowd{n}")
            held.append((conn, screen))
            reached += 1

        while pending:  # 20 at a time, as people arrive, not all in one instant
            batch, pending = pending[:20], pending[20:]
            results = await asyncio.gather(*(one(n) for n in batch), return_exceptions=True)
            for failure in (r for r in results if isinstance(r, BaseException)):
                print(f"{mode}: a session did not reach the lobby: {failure!r}", file=sys.stderr)
        out[f"sessions connected at once (of {sessions}), all at the lobby after"] = (
            f"{reached + 4} in {time.perf_counter() - began:.1f} s"
        )
        await asyncio.sleep(3.0)
        merging = "the kernel merges the identical pages" in log.read_text(errors="replace")
        if merging:
            waited = await merged(merge_wait)
            out["the kernel's same-page merging: waited for two full scans"] = f"{waited:.0f} s"
        names = pids_by_name(log)
        table_pss = [pss_kib(names[f"seat{n}"]) for n in range(4)]
        out[f"PSS per session at a 4-player Station table, {sessions} connected, median"] = _mib(table_pss)
        crowd_pss = [
            pss_kib(names[f"crowd{n}"]) for n in range(0, sessions - 4, max(1, (sessions - 4) // 20))
        ]
        out[f"PSS per session at the lobby with {sessions} connected, median"] = _mib(crowd_pss)
        starter = re.findall(r"session starter ready \(process (\d+)\)", log.read_text())
        out["PSS of the server / of the warm parent"] = f"{pss_kib(server.pid) / 1024:.1f} / " + (
            f"{pss_kib(int(starter[0])) / 1024:.1f} MiB" if starter else "none"
        )
        every = [pss_kib(pid) for pid in names.values() if Path(f"/proc/{pid}").exists()]
        total = sum(every) + pss_kib(server.pid) + (pss_kib(int(starter[0])) if starter else 0)
        out["PSS of everything, per connected session"] = f"{total / 1024 / max(1, len(every)):.1f} MiB"
        idle = [pid for name, pid in names.items() if name.startswith("crowd")]
        before = sum(cpu_seconds(pid) for pid in idle)
        await asyncio.sleep(10.0)
        spent = sum(cpu_seconds(pid) for pid in idle) - before
        out[f"CPU of the {len(idle)} idle lobbies' clients, share of one core"] = f"{spent / 10.0:.0%}"
        answered, clients_cpu, clients_faults, server_cpu = await moves_answered(
            seats, moves, [names[f"seat{n}"] for n in range(4)], server.pid
        )
        out[f"a move at the table among them, to the other three screens ({len(answered)} moves)"] = _ms(
            answered
        )
        out["CPU meanwhile of the table's four clients / of the server, median"] = (
            f"{_ms_only(clients_cpu)} / {_ms_only(server_cpu)}"
        )
        out["minor page faults meanwhile of the table's four clients, median"] = (
            f"{statistics.median(clients_faults):.0f}" if clients_faults else "none"
        )
    finally:
        if page_merging.running():
            out["CPU of the kernel's page merging (ksmd) during the run, share of one core"] = (
                f"{(merging_cpu() - ksmd_before) / (time.perf_counter() - began_all):.0%}"
            )
        for conn, _ in held:
            conn.close()
        server.terminate()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(server.wait(), 60)
    bad = [
        line
        for line in log.read_text(errors="replace").splitlines()
        if re.search(r" ERROR | WARNING |Traceback", line)
    ]
    out["error, warning or traceback lines in the server's log"] = str(len(bad))
    for line in bad[:5]:
        print(f"{mode} log: {line}", file=sys.stderr)
    return out


def _ms(seconds: list[float]) -> str:
    if not seconds:
        return "none"
    return f"{statistics.median(seconds) * 1000:.0f} ms ({min(seconds) * 1000:.0f}–{max(seconds) * 1000:.0f})"


def _ms_only(seconds: list[float]) -> str:
    return f"{statistics.median(seconds) * 1000:.0f} ms" if seconds else "none"


def _mib(kib: list[int]) -> str:
    kib = [k for k in kib if k]
    return f"{statistics.median(kib) / 1024:.1f} MiB" if kib else "none"


async def run(modes: list[str], sessions: int, connects: int, moves: int, merge_wait: float) -> None:
    results = {}
    loads = [os.getloadavg()[0]]
    for mode in modes:
        print(f"{mode}: running", file=sys.stderr, flush=True)
        async with asyncio.timeout(LIMIT * 3 + merge_wait):
            results[mode] = await bench(mode, sessions, connects, moves, merge_wait)
        loads.append(os.getloadavg()[0])
    load = ", ".join(f"{x:.1f}" for x in loads)
    print(f"chimera serve over SSH, {sessions} sessions, {os.cpu_count()} cores, load average {load}")
    print("(the one-minute load average before the first mode and after each; " + _merging_settings() + ")")
    print("| | " + " | ".join(f"`--client-start {m}`" for m in modes) + " |")
    print("|---|" + "---|" * len(modes))
    rows = list(dict.fromkeys(row for m in modes for row in results[m]))
    for row in rows:
        print(f"| {row} | " + " | ".join(results[m].get(row, "") for m in modes) + " |")


def _merging_settings() -> str:
    if not page_merging.running():
        return "the kernel's same-page merging (KSM) is off"
    scan = (page_merging.KSM / "pages_to_scan").read_text().strip()
    sleep = (page_merging.KSM / "sleep_millisecs").read_text().strip()
    return f"the kernel's same-page merging (KSM) is on: {scan} pages every {sleep} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--connects", type=int, default=20)
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument(
        "--modes",
        default="spawn,fork",
        help="how clients start, one column each: spawn or fork, with @FOLDER to run the copy of the code "
        "in FOLDER (e.g. an older version: fork@/tmp/old,fork)",
    )
    parser.add_argument(
        "--merge-wait",
        type=float,
        default=600.0,
        help="when the kernel's same-page merging is on: at most this many seconds to wait for it before "
        "measuring memory with all sessions connected",
    )
    args = parser.parse_args()
    asyncio.run(run(args.modes.split(","), args.sessions, args.connects, args.moves, args.merge_wait))


if __name__ == "__main__":
    main()
