"""Machine instructions per decision, counted by valgrind's callgrind (issue 26's speed pairs):

    python -m tests.instructions_per_decision GAME PLAYERS GAMES
    python -m tests.instructions_per_decision catanatron GAMES --python /path/to/catanatron-venv/bin/python

The CPU rates of `tests/rules_cpu_rate.py` and `tests/catanatron_rate.py` swing by a quarter from minute to
minute on a shared machine; an instruction count does not move at all (the same code and seeds, with
``PYTHONHASHSEED=0``, give the same count to the instruction). Each is run twice under callgrind, once for 1
game and once for GAMES games; the difference of the instructions, over the difference of the decisions,
is the cost of a decision in steady play (loading, the warm-up game and the first game cancel out).

An instruction is not a fixed slice of time (cache misses, allocation and branches differ between programs),
so the ratio to catanatron's count is a stable guide to the ratio of rates, not the same number: on this
machine the time ratio has run about a fifth below the instruction ratio. Needs `valgrind` on the PATH (not
a dependency: a measuring tool, like catanatron's own virtualenv).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def counted(command: list[str]) -> tuple[int, int]:
    """(instructions, decisions) of one run of `command` (a rate script) under callgrind."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=True,
    )
    found = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count for {' '.join(command)}: {run.stderr[-300:]}")
    return int(found[1]), int(run.stdout.split()[1])


def per_decision(command: list[str], games: int) -> float:
    """Instructions per decision of `command` + [games], less its run with 1 game."""
    small, few = counted([*command, "1"])
    large, many = counted([*command, str(games)])
    return (large - small) / (many - few)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="station, codename, imaginarium, con, or catanatron")
    parser.add_argument("numbers", nargs="+", type=int, help="PLAYERS GAMES (ours) or GAMES (catanatron)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter (catanatron's virtualenv)")
    args = parser.parse_args()
    if args.game == "catanatron":
        (games,) = args.numbers
        command = [args.python, str(HERE / "catanatron_rate.py")]
    else:
        players, games = args.numbers
        command = [args.python, str(HERE / "rules_cpu_rate.py"), args.game, str(players)]
    print(f"{per_decision(command, games):.0f} instructions per decision")


if __name__ == "__main__":
    main()
