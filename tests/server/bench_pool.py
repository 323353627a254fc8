"""The bot workers alone: how many playouts a second a pool of one and of two workers gives when it has more
requests than workers (a benchmark run by hand, not a test; docs/measurements.md, issue 33):

    python -m tests.server.bench_pool [--seconds 30] [--rounds 2]

`bench_bots` measures the pool on a host busy with 40 tables' sessions, where the sessions (at a higher
priority, on purpose) take the cores the workers would use; this measures what the workers themselves scale
to. Each round runs a pool of 1 worker, then of 2 (spawned interpreters at the workers' own lower priority),
each kept busy for `--seconds` with Station positions of four players asked by twice as many search bots as
workers, and counts the playouts of every answered thought; then the same search in 1 and in 2 plain
processes at that priority, with no pool (what this machine's cores give this work: where two processes give
less than twice one, no pool can do better). The load average before and after is printed: the figures are
only as quiet as the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from chimera_tui.engine.search import SearchBot
from chimera_tui.games import get
from chimera_tui.server.bot_pool import BotPool, request_for, start_worker
from tests.server.test_bot_pool import position


async def measure(size: int, seconds: float) -> tuple[float, int]:
    """Playouts a second of a pool of `size` workers kept busy for `seconds`, and how many thoughts."""
    rules = get("station")
    pool = BotPool(size, lambda: start_worker(None))
    assert await pool.open() == size
    positions = [position("station", 4, steps) for steps in (6, 14, 22, 30)]
    playouts = thoughts = 0
    end = time.monotonic() + seconds

    async def asker(n: int) -> None:
        nonlocal playouts, thoughts
        bot = SearchBot(rules, 100 + n, name="search")
        while time.monotonic() < end:
            state, seat, legal = positions[(n + thoughts) % len(positions)]
            thought = await pool.think(
                request_for("station", bot, rules.view(state, seat), legal, seat), "bench"
            )
            if time.monotonic() <= end:
                playouts += thought.playouts
                thoughts += 1

    began = time.monotonic()
    try:
        await asyncio.gather(*(asker(n) for n in range(2 * size)))
    finally:
        await pool.close()
    return playouts / (min(time.monotonic(), end) - began), thoughts


def search_alone(seconds: float) -> float:
    """Playouts a second of the same search in this process alone, at the workers' priority."""
    os.nice(10)
    rules = get("station")
    positions = [position("station", 4, steps) for steps in (6, 14, 22, 30)]
    bot = SearchBot(rules, 5, name="search")
    playouts = count = 0
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        state, seat, legal = positions[count % len(positions)]
        count += 1
        bot.choose(rules.view(state, seat), legal, seat)
        assert bot.last is not None
        playouts += bot.last.playouts
    return playouts / (time.monotonic() - began)


def plain(size: int, seconds: float) -> float:
    """Playouts a second of `size` plain processes searching at once, in all."""
    with ProcessPoolExecutor(size) as processes:
        return sum(processes.map(search_alone, [seconds] * size))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print("load before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    rates: dict[str, list[float]] = {"1 worker": [], "2 workers": [], "1 process": [], "2 processes": []}
    for round_ in range(1, args.rounds + 1):
        for size in (1, 2):
            rate, thoughts = asyncio.run(measure(size, args.seconds))
            rates[f"{size} worker{'s' * (size > 1)}"].append(rate)
            print(
                f"round {round_}, {size} worker(s): {rate:.0f} playouts/s ({thoughts} thoughts)", flush=True
            )
        for size in (1, 2):
            rate = plain(size, args.seconds)
            rates[f"{size} process{'es' * (size > 1)}"].append(rate)
            print(f"round {round_}, {size} plain process(es): {rate:.0f} playouts/s", flush=True)
    middle = {name: statistics.median(found) for name, found in rates.items()}
    for one, two in (("1 worker", "2 workers"), ("1 process", "2 processes")):
        print(
            f"median: {one} {middle[one]:.0f}, {two} {middle[two]:.0f} playouts/s: {middle[two] / middle[one]:.2f}x"
        )
    print("load after:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
