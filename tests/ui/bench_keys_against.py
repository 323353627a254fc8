"""Benchmark (not a test): CPU and bytes per key of this checkout's app beside another checkout's, in one run.

    python -m tests.ui.bench_keys_against OTHER_PYTHON SAVE [--size 80x24] [--presses 6]

`chimera bench --terminal` measures one app (with and without frame-diff) beside a trivial Textual app; to say
what a change saved, this runs this checkout's app, the app of another checkout (`OTHER_PYTHON`: the python of
a virtualenv with that checkout installed, e.g. a worktree of ``main``) and the trivial app side by side, one
press in each in turn, so that all three see the same machine: the figures are comparable within the run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from chimera_tui.commands import terminal_bench
from chimera_tui.commands.terminal_bench import KEYS, TRIVIAL, MeasuredApp, Terminal, keys_for


def run(other_python: str, save: Path, cols: int, rows: int, presses: int) -> list[str]:
    """The report's lines: per kind of key, bytes and CPU of this app and the other, and each over the
    trivial app's key."""
    with tempfile.TemporaryDirectory() as home:
        apps: list[MeasuredApp] = []
        for label, python in (("this", sys.executable), ("other", other_python)):
            folder = Path(home) / label
            folder.mkdir()
            copy = folder / save.name
            copy.write_bytes(save.read_bytes())
            env = dict(os.environ, CHIMERA_SAVES=str(folder))
            apps.append(MeasuredApp(label, [python, "-P", "-m", "chimera_tui", "load", str(copy)], env))
        bare = [sys.executable, "-c", terminal_bench._BARE_APP]
        apps.append(MeasuredApp(TRIVIAL, bare, dict(os.environ), (b"\x1b[B", b"\x1b[A")))
        terminals = [Terminal(app.argv, cols, rows, app.env) for app in apps]
        try:
            for app, term in zip(apps, terminals, strict=True):
                term.read(quiet=1.5, limit=30)
                app.first_paint = len(term.output)
            turn = 0
            for name in keys_for(save):
                for i in range(2 * presses + 2):
                    label, key = KEYS[name][i % 2]
                    turn += 1
                    for index in range(len(apps)):
                        app, term = apps[(index + turn) % len(apps)], terminals[(index + turn) % len(apps)]
                        sent, kind = (key, label) if app.pair is None else (app.pair[i % 2], "Down/Up")
                        size, cpu = term.press(sent, quiet=0.3)
                        app.figures.setdefault(kind, terminal_bench.KeyFigures(kind)).add(size, cpu)
        finally:
            for term in terminals:
                term.close()
    this, other, trivial = apps
    trivial_cpu = statistics.fmean(trivial.figures["Down/Up"].cpu)
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    lines = [
        f"{save.name} at {cols}x{rows}, {presses} presses of each key after a first: load {load}",
        f"  {'key':<14} {'bytes':>7} {'(other)':>8} {'CPU ms':>7} {'(other)':>8} {'× trivial':>10} {'(other)':>8}",
    ]
    for name, figure in this.figures.items():
        theirs = other.figures[name]
        ours_cpu, their_cpu = statistics.fmean(figure.cpu), statistics.fmean(theirs.cpu)
        lines.append(
            f"  {name:<14} {statistics.median(figure.sizes):>7,.0f} {statistics.median(theirs.sizes):>8,.0f} "
            f"{ours_cpu * 1000:>7.1f} {their_cpu * 1000:>8.1f} {ours_cpu / trivial_cpu:>9.1f}× "
            f"{their_cpu / trivial_cpu:>7.1f}×"
        )
    lines.append(f"  {TRIVIAL} (Down, Up): CPU {trivial_cpu * 1000:.1f} ms a key")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other_python", help="the python of the virtualenv of the checkout to compare with")
    parser.add_argument("save", type=Path)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--presses", type=int, default=6)
    args = parser.parse_args()
    cols, rows = (int(part) for part in args.size.split("x"))
    print("\n".join(run(args.other_python, args.save, cols, rows, args.presses)))


if __name__ == "__main__":
    main()
