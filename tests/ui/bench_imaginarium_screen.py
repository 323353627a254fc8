"""Benchmark (not a test): process CPU time per key press on the 4-player Imaginarium screen at 160×50.

    python -m tests.ui.bench_imaginarium_screen [PRESSES]

Pilot's own waits make wall time per press meaningless, so this measures `time.process_time()` around each
press (DESIGN.md's method): cursor moves over the belt, the office, the workshops and the track, Tab and
Shift+Tab between the areas, and Enter (the place's choices, with their previews) then Escape.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import msgspec

from chimera_tui.launch import LaunchPlan, load_start
from chimera_tui.ui.app import ChimeraApp

SAMPLE = Path(__file__).parents[2] / "saves" / "imaginarium-4p-round4.chimera"
KEYS = [
    "right",
    "l",
    "down",
    "j",
    "left",
    "h",
    "up",
    "k",
    "tab",
    "right",
    "down",
    "shift+tab",
    "enter",
    "escape",
]
"""One round of presses; "enter" opens the choices of the place under the cursor (a belt place in planning)."""


async def run(presses: int, size: tuple[int, int] = (160, 50)) -> dict[str, list[float]]:
    start = msgspec.structs.replace(load_start(SAMPLE), save_path=None)
    with tempfile.TemporaryDirectory() as saves:
        app = ChimeraApp(plan=LaunchPlan(start=start), saves=Path(saves), bot_delay=30.0)
        times: dict[str, list[float]] = defaultdict(list)
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.5)
            for i in range(presses):
                key = KEYS[i % len(KEYS)]
                t0 = time.process_time()
                await pilot.press(key)
                times[key].append(time.process_time() - t0)
        return times


def main() -> None:
    presses = int(sys.argv[1]) if len(sys.argv) > 1 else 280
    times = asyncio.run(run(presses))
    every = [t * 1000 for ts in times.values() for t in ts]
    print(f"{presses} presses at 160x50, 4 players: median {statistics.median(every):.1f} ms CPU per key")
    for key, ts in sorted(times.items(), key=lambda kv: -statistics.median(kv[1])):
        ms = [t * 1000 for t in ts]
        print(
            f"  {key:10} median {statistics.median(ms):5.1f} ms  max {max(ms):5.1f} ms  ({len(ms)} presses)"
        )


if __name__ == "__main__":
    main()
