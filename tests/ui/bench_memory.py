"""Benchmark (not a test): the real app's memory over a long session at the keyboard.

    python -m tests.ui.bench_memory [PRESSES] [--size WxH] [--save FILE]

Opens a copy of a save (by default the 4-player Station sample, a person to place a worker) with
``chimera load`` in a pseudo-terminal, as `chimera bench --terminal` does, and presses keys the way a person
looks around: the cursor over the board, Tab through the areas, the rules (``?``, on whatever the cursor is
on, so on many topics), and every choice (``c``), each closed again with Escape.
Every 250 presses it prints the app's resident memory (VmRSS from /proc), so growth from screens opened and
closed shows as a rising column. At about one key a second, 3,600 presses are an hour at the keyboard.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from pathlib import Path

from chimera_tui.commands.terminal_bench import Terminal, _chimera

SAMPLE = Path(__file__).parents[2] / "saves" / "station-4p-round4.chimera"
ESC = b"\x1b"
KEYS = [b"\x1b[C", b"?", ESC, b"\t", b"\t", b"\x1b[Z", b"\x1b[Z", b"\x1b[B", b"c", ESC, b"\x1b[C"]
"""One round: right, the rules and back, two areas on and back, down, every choice and back, right (the
cursor wanders over the board, so the rules open on one place after another). Escape only ever closes what
the key before opened: on the board it would leave the game."""


def rss_mib(pid: int) -> float:
    """A process's resident memory in MiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def run(save: Path, presses: int, cols: int, rows: int) -> list[tuple[int, float]]:
    """(presses so far, the app's RSS in MiB): after the first paint, then every 250 presses."""
    samples: list[tuple[int, float]] = []
    with tempfile.TemporaryDirectory() as home:
        copy = Path(home) / save.name
        shutil.copyfile(save, copy)
        term = Terminal([*_chimera(), "load", str(copy)], cols, rows, dict(os.environ, CHIMERA_SAVES=home))
        try:
            term.read(quiet=1.5, limit=30)
            samples.append((0, rss_mib(term.process.pid)))
            print(f"{0:>6} presses  {samples[-1][1]:6.1f} MiB", flush=True)
            for done in range(1, presses + 1):
                term.press(KEYS[done % len(KEYS)], quiet=0.05, first=0.5)
                term.output.clear()  # keep only what is needed, not an hour of output
                if done % 250 == 0:
                    samples.append((done, rss_mib(term.process.pid)))
                    print(f"{done:>6} presses  {samples[-1][1]:6.1f} MiB", flush=True)
        finally:
            term.close()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("presses", nargs="?", type=int, default=3600)
    parser.add_argument("--size", default="160x50")
    parser.add_argument("--save", type=Path, default=SAMPLE)
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.lower().split("x"))
    run(args.save, args.presses, cols, rows)


if __name__ == "__main__":
    main()
