"""Benchmark (not a test): CPU a game screen spends per move when every seat is a random bot, from a save.

    python -m tests.ui.bench_table_moves [SAVE] [--size 80x24] [--seconds 8] [--profile]

What a served table's client pays to show each move (with the local table's autosave and the random bot's
choice included: a few ms). The app runs headless (Pilot); `--profile` prints the functions that took the most
time of their own.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import tempfile
import time
from pathlib import Path

import msgspec

from chimera_tui.launch import LaunchPlan, load_start, make_seats
from chimera_tui.ui.app import ChimeraApp

SAMPLE = Path(__file__).parents[2] / "saves" / "station-4p-round4.chimera"


async def run(save: Path, size: tuple[int, int], seconds: float, profile: bool) -> None:
    start = load_start(save)
    players = len(start.seats)
    seats = make_seats(start.game_id, players, ["random"] * players, [])
    start = msgspec.structs.replace(start, save_path=None, seats=seats)
    with tempfile.TemporaryDirectory() as saves:
        app = ChimeraApp(plan=LaunchPlan(start=start), saves=Path(saves), bot_delay=0.05)
        async with app.run_test(size=size) as pilot:
            await pilot.pause(1.0)
            table = app.screen.table  # type: ignore[attr-defined]
            before, cpu = len(table.match), time.process_time()
            profiler = cProfile.Profile()
            if profile:
                profiler.enable()
            ends = time.monotonic() + seconds
            while time.monotonic() < ends and not table.rules.is_over(table.match.state):
                await pilot.pause(0.05)
            profiler.disable()
            moves, spent = len(table.match) - before, time.process_time() - cpu
            print(
                f"{save.name} at {size[0]}x{size[1]}: {moves} moves, {spent * 1000 / max(moves, 1):.1f} ms CPU a move"
            )
            if profile:
                pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("save", nargs="?", type=Path, default=SAMPLE)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    asyncio.run(run(args.save, (width, height), args.seconds, args.profile))


if __name__ == "__main__":
    main()
