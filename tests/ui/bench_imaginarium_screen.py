"""Benchmark (not a test): process CPU time per key press on the 4-player Imaginarium screen at 160×50.

    python -m tests.ui.bench_imaginarium_screen [ROUNDS]

Pilot's own waits make wall time per press meaningless, so this measures `time.process_time()` (DESIGN.md's
method) around each press and the two short pauses after it, in which the screen draws what the press
changed; a trivial Textual app costs about 4 ms per press measured so. The presses, by kind, on a planning
turn of the 4-player sample (saves/imaginarium-4p-round4.chimera):

- cursor moves along the belt (left/right, h/l) and up and down the workshops (up/down, k/j);
- Tab and Shift+Tab from area to area;
- Enter on a lit belt place (its choices, each with a preview) and Escape closing them.
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
BLOCKS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("#belt", ("right", "left", "l", "h")),
    ("#workshops", ("down", "up", "j", "k")),
    ("#belt", ("tab", "shift+tab")),
    ("#belt", ("enter", "escape")),
)
"""(area to start in, keys pressed in turn): each block is pressed `ROUNDS` times."""


async def run(rounds: int, size: tuple[int, int] = (160, 50)) -> dict[str, list[float]]:
    start = msgspec.structs.replace(load_start(SAMPLE), save_path=None)
    times: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as saves:
        app = ChimeraApp(plan=LaunchPlan(start=start), saves=Path(saves), bot_delay=30.0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.5)
            screen = app.screen
            for area, keys in BLOCKS:
                widget = screen.query_one(area)
                widget.focus()
                lit = [k for k in getattr(screen, "_places", {}) if k.startswith("place:")]
                if area == "#belt" and lit:
                    widget.cursor = lit[0]  # type: ignore[attr-defined]
                await pilot.pause(0.2)
                for _ in range(rounds):
                    for key in keys:
                        t0 = time.process_time()
                        await pilot.press(key)
                        await pilot.pause()
                        await pilot.pause()
                        times[key].append(time.process_time() - t0)
    return times


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    times = asyncio.run(run(rounds))
    every = [t * 1000 for ts in times.values() for t in ts]
    print(f"{len(every)} presses at 160x50, 4 players: median {statistics.median(every):.1f} ms CPU per key")
    for key, ts in times.items():
        ms = [t * 1000 for t in ts]
        print(
            f"  {key:10} median {statistics.median(ms):5.1f} ms  max {max(ms):5.1f} ms  ({len(ms)} presses)"
        )


if __name__ == "__main__":
    main()
