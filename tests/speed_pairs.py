"""Issue 26's speed pairs: our rules cores against catanatron, in tight pairs, on a machine whose pace drifts.

    python -m tests.speed_pairs --catanatron-python /path/to/venv/bin/python --pairs 6 station:2 station:4 ...

For each pair, catanatron's 4-player random games (`tests/catanatron_rate.py`, 40 games) and then one of
ours (`tests/rules_cpu_rate.py GAME PLAYERS 400`) run back to back, each in a fresh process and each timing
its own CPU; the ratio of the two is taken per pair, and each row prints the median of its pairs' ratios and
their quartiles. Pairing matters here: catanatron's own rate wanders by a third within minutes on this
shared machine, so two medians taken minutes apart say less than the ratio of two runs a second apart.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def rate(command: list[str]) -> int:
    """Decisions per CPU second printed by a rate script."""
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    return int(run.stdout.split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="+", help="GAME:PLAYERS, e.g. station:4")
    parser.add_argument("--pairs", type=int, default=6, help="pairs per row (default 6)")
    parser.add_argument("--catanatron-python", required=True, help="a Python that has catanatron")
    args = parser.parse_args()
    ratios: dict[str, list[float]] = {row: [] for row in args.rows}
    theirs: list[int] = []
    for _ in range(args.pairs):
        for row in args.rows:
            game, players = row.split(":")
            catanatron = rate([args.catanatron_python, str(HERE / "catanatron_rate.py"), "40"])
            ours = rate([sys.executable, str(HERE / "rules_cpu_rate.py"), game, players, "400"])
            theirs.append(catanatron)
            ratios[row].append(ours / catanatron)
    for row, found in ratios.items():
        low, _, high = statistics.quantiles(found, n=4) if len(found) > 1 else (found[0],) * 3
        print(f"{row}: × catanatron {statistics.median(found):.2f} (quartiles {low:.2f}–{high:.2f})")
    print(f"catanatron: median {statistics.median(theirs):.0f} decisions per CPU second")


if __name__ == "__main__":
    main()
