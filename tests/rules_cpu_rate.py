"""Decisions per second of the process's CPU time for one game's random-bot games (issue 26's speed pairs):

    python -m tests.rules_cpu_rate GAME PLAYERS GAMES

`bench.run_bench(GAME, PLAYERS, GAMES, 1, "random")` timed with `time.process_time()`, after the game and its
data are loaded and one game (seed 0, not counted) has been played, as `tests/catanatron_rate.py` imports
catanatron and plays one game before its timer: what is timed is steady play, not what a process does once
(reading the game's data, filling its tables). Process time, so a loaded machine counts only this process's
own work. Prints the rate, then the decisions played. Run it alternating with
`tests/catanatron_rate.py` (in a virtualenv with catanatron) and with an older copy of the code
(``PYTHONPATH=/tmp/old python -m tests.rules_cpu_rate …``), several rounds, best of three each.
"""

from __future__ import annotations

import contextlib
import io
import sys
import time

from chimera_tui import games
from chimera_tui.commands import bench


def main() -> None:
    game, players, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    games.get(game)
    with contextlib.redirect_stdout(io.StringIO()):
        bench.run_bench(game, players, 1, 0, "random")
    began = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        result = bench.run_bench(game, players, count, 1, "random")
    spent = time.process_time() - began
    print(f"{result.decisions / spent:.0f} {result.decisions}")


if __name__ == "__main__":
    main()
