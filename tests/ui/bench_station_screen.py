"""Benchmark (not a test): process CPU time per key press on a full 4-player Station board at 160×50.

    python tests/ui/bench_station_screen.py [PRESSES]

Pilot's own waits make wall time per press meaningless, so this measures `time.process_time()` around each
press: cursor moves over the board and the rows, Tab between areas, and opening and closing the place menu.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import msgspec

from chimera_tui.launch import LaunchPlan, load_start
from chimera_tui.ui.app import ChimeraApp

SAMPLE = Path(__file__).parents[2] / "saves" / "station-4p-round4.chimera"
KEYS = ["right", "l", "down", "j", "left", "h", "up", "k", "tab", "shift+tab", "enter", "escape"]


async def run(presses: int) -> list[float]:
    start = msgspec.structs.replace(load_start(SAMPLE), save_path=None)
    with tempfile.TemporaryDirectory() as saves:
        app = ChimeraApp(plan=LaunchPlan(start=start), saves=Path(saves), bot_delay=30.0)
        times: list[float] = []
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause(0.5)
            for i in range(presses):
                key = KEYS[i % len(KEYS)]
                t0 = time.process_time()
                await pilot.press(key)
                times.append(time.process_time() - t0)
        return times


def main() -> None:
    presses = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    times = asyncio.run(run(presses))
    ms = [t * 1000 for t in times]
    print(
        f"{presses} presses at 160x50, 4 players: median {statistics.median(ms):.1f} ms CPU per key, "
        f"mean {statistics.mean(ms):.1f} ms, total {sum(ms) / 1000:.2f} s"
    )


if __name__ == "__main__":
    main()
