"""`chimera serve` with two probes in its own process, for `bench_bots` (run as a script, so the server under
test may be another checkout's: ``PYTHON bench_probe.py OUT serve ARGS...``):

- the event loop's lag: a task that sleeps `PERIOD` seconds over and over, noting how late it wakes;
- each search bot's thought as the host receives it (the playouts it ran): from the bot pool's answers where
  the server has one (`chimera_tui.server.bot_pool`), else from `SearchBot.analyse` in the host's threads.

Both go to OUT as JSON lines ({"lag": [seconds...], "at": t} once a second, {"playouts": n, "at": t} per
thought), flushed as they come, so the benchmark reads them while the server runs.
"""

from __future__ import annotations

import sys

sys.path.pop(0)  # this script's folder is not a package folder of the server under test

import asyncio
import json
import threading
import time
from typing import Any, TextIO

PERIOD = 0.02
"""Seconds between two wake-ups of the lag probe."""


def probe(out: TextIO) -> None:
    lock = threading.Lock()

    def write(record: dict[str, Any]) -> None:
        with lock:
            out.write(json.dumps(record) + "\n")
            out.flush()

    async def lag() -> None:
        loop = asyncio.get_running_loop()
        batch: list[float] = []
        last = time.time()
        while True:
            began = loop.time()
            await asyncio.sleep(PERIOD)
            batch.append(loop.time() - began - PERIOD)
            if time.time() - last >= 1.0:
                write({"lag": batch, "at": time.time()})
                batch, last = [], time.time()

    class Policy(asyncio.DefaultEventLoopPolicy):
        def new_event_loop(self) -> asyncio.AbstractEventLoop:
            loop = super().new_event_loop()
            loop.call_soon(lambda: setattr(loop, "_lag_probe", loop.create_task(lag())))
            return loop

    asyncio.set_event_loop_policy(Policy())
    try:
        from chimera_tui.server import bot_pool

        think = bot_pool.BotPool.think

        async def thought(self: Any, request: Any, where: str) -> Any:
            answer = await think(self, request, where)
            write({"playouts": answer.playouts, "at": time.time()})
            return answer

        bot_pool.BotPool.think = thought  # type: ignore[method-assign]
    except ImportError:  # a server that thinks in its own threads
        from chimera_tui.engine import search

        analyse = search.SearchBot.analyse

        def analysed(self: Any, view: Any, legal: Any, seat: int) -> Any:
            result = analyse(self, view, legal, seat)
            write({"playouts": result.playouts, "at": time.time()})
            return result

        search.SearchBot.analyse = analysed  # type: ignore[method-assign]


def main() -> int:
    out = open(sys.argv[1], "a", encoding="utf-8")  # noqa: SIM115 (open for the server's whole life)
    probe(out)
    from chimera_tui.commands.cli import main as chimera

    return chimera(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
