"""Search bots beside people on one `chimera serve`, measured through real OpenSSH clients (a benchmark run by
hand, not a test; docs/measurements.md, "Bots beside people"):

    python -m tests.server.bench_bots [--today PYTHON] [--tables 40] [--games 24] [--seconds 90]

For each server under test (this checkout with two bot workers and with one, and, given ``--today``, the
interpreter of a checkout of the code before the bot pool, whose search bots think in the host's threads):

- the store is written first: `--tables` Station tables of one person and three ``search`` bots, a two-seat
  table for Alice and Bob, and `--games` two-seat games of a ``search`` bot against the greedy bot
  (`bench_parts.prepare`);
- the server starts under `bench_probe.py` (its event loop's lag, and each bot thought's playouts);
- every person connects with ``ssh -tt`` in a pseudo-terminal of 80x24 and sits at their table; each solo
  player makes the first choice on their turn (c, Enter), so the bots keep thinking;
- for `--seconds`, Alice and Bob play each other the same way: a move's answer is the time from its Enter
  until the other player's terminal shows it ("Last:"), and until the mover's own does;
- with two workers, a worker is then killed (``kill -9``) 20 times while it thinks: each kill must be one line
  in the log, and every game must go on;
- the strength games are played to their end; the same seeds are played on an idle machine in this process
  (the reference), so the search bot's wins on a busy host compare with its wins on an idle one.

Everything runs on loopback. The load average before and after is printed: the figures are only as quiet as
the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from chimera_tui import games
from chimera_tui.engine.bots import bot_seed
from chimera_tui.engine.ruleset import GameConfig
from tests.server.bench_parts import LIMIT, Person, Plan, Tables, Terminal, join, people, prepare
from tests.server.bench_parts import spread as spread_ms
from tests.server.helpers import children_of

PROBE = Path(__file__).with_name("bench_probe.py")
LEVEL = "search"
KILLS = 20


@dataclass
class Result:
    name: str
    other_sees: list[float] = field(default_factory=list)
    own_sees: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    playouts: int = 0
    thoughts: int = 0
    seconds: float = 0.0
    wins: int = 0
    games: int = 0
    kills: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        rate = self.playouts / self.seconds if self.seconds else 0.0
        words = [
            f"{self.name}: moves answered (other / own screen, median / p95 / max) "
            f"{spread_ms(self.other_sees)} | {spread_ms(self.own_sees)} over {len(self.other_sees)} moves",
            f"loop lag {spread_ms(self.lags)}",
            f"bots {rate:.0f} playouts/s ({self.thoughts} thoughts, {self.playouts / max(self.thoughts, 1):.0f} each)",
        ]
        if self.games:
            words.append(f"search beat greedy {self.wins}/{self.games}")
        if self.kills:
            words.append("kill -9: " + ", ".join(f"{k} {v}" for k, v in self.kills.items()))
        return "; ".join(words)


def reference_game(seed: int) -> bool:
    """One strength game on an idle machine in this process: whether the search bot won."""
    rules, factories = games.get("station"), games.bots("station")
    seat = seed % 2
    bots = {
        seat: factories[LEVEL](rules, bot_seed(seed, seat)),
        1 - seat: factories["greedy"](rules, bot_seed(seed, 1 - seat)),
    }
    state = rules.new_game(GameConfig(players=2), seed)
    while (actor := rules.to_act(state)) is not None:
        state = rules.apply(
            state, bots[actor].choose(rules.view(state, actor), rules.legal_actions(state), actor)
        )
    return seat in rules.winner(state)


async def known_schema(python: str, data: Path) -> None:
    """Give an older checkout's server the store this checkout wrote: the schema steps since that checkout's
    last one only add tables and a column it never reads (names, moderation, notifications), so the version
    is set back to the last step it knows and it opens the store as its own."""
    ask = await asyncio.create_subprocess_exec(
        python, "-c", "from chimera_tui.server.store.schema import SCHEMA_VERSION; print(SCHEMA_VERSION)",
        stdout=asyncio.subprocess.PIPE, cwd=tempfile.gettempdir(),
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )  # fmt: skip
    known = int((await ask.communicate())[0])
    with contextlib.closing(sqlite3.connect(data / "chimera.db")) as db, db:
        db.execute("UPDATE schema_version SET version = ? WHERE version > ?", (known, known))


async def start(
    python: str, data: Path, probe: Path, workers: int | None
) -> tuple[asyncio.subprocess.Process, int, Path]:
    log = data.parent / "server.log"
    extra = ["--bot-workers", str(workers)] if workers else []
    process = await asyncio.create_subprocess_exec(
        python, str(PROBE), str(probe), "serve", "--ssh", "127.0.0.1:0", "--saves", str(data.parent / "saves"),
        "--data", str(data), "--max-sessions", "500", "--connections-per-minute", "10000", *extra,
        stdout=asyncio.subprocess.PIPE, stderr=log.open("wb"), env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )  # fmt: skip
    assert process.stdout is not None
    async with asyncio.timeout(LIMIT):
        while True:
            line = (await process.stdout.readline()).decode()
            if not line:
                raise RuntimeError(f"chimera serve ended before it listened: {log.read_text()[-2000:]}")
            if found := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
                return process, int(found.group(1)), log


async def first_choice(
    terminal: Terminal, tables: Tables, code: str, seat: int, until: asyncio.Event
) -> None:
    """Make the first choice at `code` whenever it is `seat`'s turn (c, Enter), until `until` is set."""
    while not until.is_set():
        if tables.to_act(code) != seat:
            await asyncio.sleep(0.3)
            continue
        step = tables.steps(code)
        await terminal.quiet(0.3)
        terminal.keys(b"c")
        await terminal.quiet(0.3)
        terminal.keys(b"\r")
        end = time.monotonic() + 5
        while tables.steps(code) == step and time.monotonic() < end and not until.is_set():
            await asyncio.sleep(0.1)


async def pair_play(pair: list[Terminal], tables: Tables, code: str, seconds: float, result: Result) -> None:
    """Alice and Bob take turns at `code` for `seconds`, each move timed until both screens show it."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and (actor := tables.to_act(code)) is not None:
        mover, other = pair[actor], pair[1 - actor]
        step = tables.steps(code)
        await mover.quiet(0.3)
        mover.keys(b"c")
        await mover.quiet(0.3)
        other_mark, own_mark = len(other.received), len(mover.received)
        pressed = time.monotonic()
        mover.keys(b"\r")
        with contextlib.suppress(TimeoutError):
            seen = await asyncio.gather(
                other.wait_line_change("Last:", other_mark, 10), mover.wait_line_change("Last:", own_mark, 10)
            )
            deadline = time.monotonic() + 5
            while tables.steps(code) == step and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            if tables.steps(code) == step + 1:  # the Enter made exactly this move: a good sample
                result.other_sees.append(seen[0] - pressed)
                result.own_sees.append(seen[1] - pressed)


def workers_of(log: Path) -> set[int]:
    """The bot workers: the session starter's children that run at a lower priority."""
    found = re.search(r"session starter ready \(process (\d+)\)", log.read_text())
    if not found:
        return set()
    workers = set()
    for pid in children_of(int(found.group(1))):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[16]) > 0:  # nice
                workers.add(pid)
    return workers


def cpu_ticks(pid: int) -> int:
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    return -1


async def kill_drill(log: Path, result: Result) -> None:
    """Kill a worker that is thinking (its CPU time moves) `KILLS` times, four seconds apart."""
    done = 0
    async with asyncio.timeout(10 * LIMIT):
        while done < KILLS:
            before = {pid: cpu_ticks(pid) for pid in workers_of(log)}
            await asyncio.sleep(0.1)
            busy = [pid for pid, ticks in before.items() if cpu_ticks(pid) > ticks >= 0]
            if busy:
                os.kill(busy[0], signal.SIGKILL)
                done += 1
                await asyncio.sleep(4.0)  # its move thought again meanwhile (a retry goes first)
    await asyncio.sleep(3.0)
    text = log.read_text()
    result.kills = {
        "killed": done,
        "retried": text.count("while thinking; another worker thinks again"),
        "to greedy": text.count("while thinking; the greedy bot moves instead"),
        "while free": text.count("while free; another takes its place"),
    }


def read_probe(probe: Path, began: float, ended: float, result: Result) -> None:
    for line in probe.read_text().splitlines():
        record = json.loads(line)
        if not began <= record["at"] <= ended:
            continue
        if "lag" in record:
            result.lags += record["lag"]
        else:
            result.playouts += record["playouts"]
            result.thoughts += 1
    result.seconds = ended - began


async def run(
    name: str, python: str, workers: int | None, args: argparse.Namespace, drill: bool, strength: bool
) -> Result:
    result = Result(name)
    folder = Path(tempfile.mkdtemp(prefix="chb-run-"))
    data = folder / "data"
    solos, pair = people(folder, "solo", args.tables), people(folder, "p", 2)
    pair[0].name, pair[1].name = "alice", "bob"
    seeds = list(range(1, args.games + 1)) if strength else []
    plan: Plan = await prepare(data, solos, pair, seeds, LEVEL)
    probe = folder / "probe.jsonl"
    if python != sys.executable:
        await known_schema(python, data)
    server, port, log = await start(python, data, probe, workers)
    tables = Tables(data)
    stop = asyncio.Event()
    terminals: list[Terminal] = []

    async def watch() -> None:
        while not stop.is_set():
            with contextlib.suppress(sqlite3.Error):  # the server writing at that moment: read again soon
                tables.refresh()
            await asyncio.sleep(0.1)

    watcher = asyncio.ensure_future(watch())
    players: list[asyncio.Future[None]] = []
    try:
        limiter = asyncio.Semaphore(6)

        async def seat(person: Person, code: str) -> Terminal:
            async with limiter:
                terminal = Terminal(person)
                terminals.append(terminal)
                await terminal.start(port)
                await join(terminal, code)
                return terminal

        solo_terms = await asyncio.gather(*(seat(p, c) for p, c in zip(solos, plan.solos, strict=True)))
        for terminal in solo_terms:
            terminal.shown = None  # seated: nobody reads their screens again
        pair_terms = [await seat(pair[0], plan.pair), await seat(pair[1], plan.pair)]
        players = [
            asyncio.ensure_future(first_choice(t, tables, c, 0, stop))
            for t, c in zip(solo_terms, plan.solos, strict=True)
        ]
        await asyncio.sleep(5)  # the bots get going
        began = time.time()
        await pair_play(pair_terms, tables, plan.pair, args.seconds, result)
        read_probe(probe, began, time.time(), result)
        print(f"{result.line()} (window {result.seconds:.0f} s)", flush=True)
        if drill:
            await kill_drill(log, result)
            print(f"{name}: kill -9: {result.kills}", flush=True)
        if strength:
            end = time.monotonic() + args.strength_minutes * 60
            while time.monotonic() < end and any(tables.winners(c) is None for c in plan.strength):
                await asyncio.sleep(1)
            over = [code for code in plan.strength if tables.winners(code) is not None]
            result.games = len(over)
            result.wins = sum(plan.strength[code] in (tables.winners(code) or ()) for code in over)
            steps = sorted(tables.steps(code) for code in plan.strength if code not in over)
            print(
                f"{name}: search beat greedy {result.wins}/{len(over)} finished (unfinished at steps {steps})"
            )
        progress = {code: tables.steps(code) for code in plan.solos}
        end = time.monotonic() + 120  # a starved pool may take a while to come round to a solo table
        while time.monotonic() < end and not any(tables.steps(c) > n for c, n in progress.items()):
            await asyncio.sleep(1)
        if not any(tables.steps(code) > steps for code, steps in progress.items()):
            result.problems.append("the solo tables stopped moving")
    finally:
        stop.set()
        for task in [*players, watcher]:
            task.cancel()
        for terminal in terminals:
            await terminal.close()
        server.send_signal(signal.SIGTERM)
        try:
            async with asyncio.timeout(60):
                await server.wait()
        except TimeoutError:
            server.kill()
            await server.wait()
    for line in log.read_text(errors="replace").splitlines():
        if " ERROR " in line or "Traceback" in line:
            result.problems.append(f"server log: {line}")
    shutil.rmtree(folder, ignore_errors=True)
    return result


def load() -> str:
    """The load average over 1, 5 and 15 minutes."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


async def bench(args: argparse.Namespace) -> list[Result]:
    results = []
    here = sys.executable
    if args.today and args.only != "workers":
        print(f"load before: {load()}", flush=True)
        results.append(
            await run("today (threads)", args.today, None, args, drill=False, strength=args.games > 0)
        )
        print(results[-1].line(), flush=True)
    if args.only == "today":
        return results
    print(f"load: {load()}", flush=True)
    results.append(await run("2 workers", here, 2, args, drill=True, strength=args.games > 0))
    print(results[-1].line(), flush=True)
    print(f"load: {load()}", flush=True)
    results.append(await run("1 worker", here, 1, args, drill=False, strength=False))
    print(results[-1].line(), flush=True)
    print(f"load after: {load()}", flush=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--today", metavar="PYTHON", help="the interpreter of a checkout to compare with")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--strength-minutes", type=float, default=30.0, help="how long the games may take")
    parser.add_argument("--only", choices=("today", "workers"), help="run only these servers")
    args = parser.parse_args()
    if args.games and not args.only:
        with ProcessPoolExecutor(2) as pool:
            wins = sum(pool.map(reference_game, range(1, args.games + 1)))
        print(f"idle reference: search beat greedy {wins}/{args.games}", flush=True)
    results = asyncio.run(bench(args))
    problems = [f"{r.name}: {p}" for r in results for p in r.problems]
    for problem in problems:
        print("problem:", problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
