"""The real app through a pseudo-terminal shows the same picture with `frame-diff` as without it, for every key
`chimera bench --terminal` presses on each game's sample: both run side by side, each given the same keys,
and what each writes is replayed into pyte and compared cell by cell (characters and attributes) after every
key, then after a resize. A slow paint (the first opening of the rules) is waited for, up to a limit; a cell
that changes by itself (a text field's blinking cursor, each app on its own clock) must go through the same
states in both.

Slow (two apps through a terminal, about 20 s a game); the bytes and CPU are `chimera bench --terminal`'s."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from chimera_tui.commands.terminal_bench import KEYS, Terminal, _chimera, keys_for
from tests.ui.terminal_replay import Terminal as Screen
from tests.ui.terminal_replay import differences

SAVES = Path(__file__).resolve().parents[2] / "saves"
SETTLE = 15.0
"""Seconds both pictures may take to become the same after a key (the first rules screen is slow)."""


class _Side:
    """One app in its pseudo-terminal, with the Textual fixes named in `off` left out, and the picture its
    output makes."""

    def __init__(self, save: Path, home: Path, off: str, cols: int, rows: int) -> None:
        folder = home / ("every-fix" if not off else "without-" + off.replace(",", "-"))
        folder.mkdir(mode=0o700)  # (a folder others may read is warned about on the terminal)
        copy = folder / save.name
        shutil.copyfile(save, copy)
        copy.chmod(0o600)
        env = dict(os.environ, CHIMERA_SAVES=str(folder), CHIMERA_TEXTUAL_FIXES_OFF=off)
        self.term = Terminal([*_chimera(), "load", str(copy)], cols, rows, env)
        self.screen = Screen(cols, rows)
        self.written = 0

    def take(self, quiet: float, first: float = 0.0) -> None:
        data = self.term.read(quiet=quiet, limit=10, first=first)
        self.written += len(data)
        self.screen.feed(data)


def _blinking_alike(sides: list[_Side], cells: set[tuple[int, int]]) -> bool:
    """Whether `cells` change by themselves, with no key, through the same states in both apps (a text
    field's blinking cursor, which each app blinks on its own clock): watched for two blinks."""
    seen: list[dict[tuple[int, int], set[object]]] = [{cell: set() for cell in cells} for _ in sides]
    end = time.monotonic() + 1.6
    while time.monotonic() < end:
        for side, states in zip(sides, seen, strict=True):
            side.take(quiet=0.05)
            buffer = side.screen.cells()
            for y, x in cells:
                states[(y, x)].add(buffer[y][x])
    ours, theirs = seen
    return all(len(ours[cell]) > 1 and ours[cell] == theirs[cell] for cell in cells)


def same_after(sides: list[_Side], what: str) -> None:
    """Wait (up to `SETTLE` seconds) until both pictures are the same, else fail saying where they differ."""
    deadline = time.monotonic() + SETTLE
    while True:
        for side in sides:
            side.take(quiet=0.3, first=0.5)
        ours, theirs = (side.screen.cells() for side in sides)
        found = differences(ours, theirs)
        if not found:
            return
        cells = {
            (y, x)
            for y, (a, b) in enumerate(zip(ours, theirs, strict=True))
            for x in range(len(a))
            if a[x] != b[x]
        }
        if len(cells) <= 2 and _blinking_alike(sides, cells):
            return
        if time.monotonic() > deadline:
            pytest.fail(
                f"after {what}: {found}\n--- with every fix:\n{sides[0].screen.text()}\n--- without some:\n"
                f"{sides[1].screen.text()}"
            )


@pytest.mark.parametrize(
    ("sample", "size"),
    [
        ("station-4p-round4.chimera", (80, 24)),
        ("imaginarium-4p-round4.chimera", (80, 24)),
        ("codename-4p-fight.chimera", (80, 24)),
        ("con-4p-turn.chimera", (80, 24)),
        ("station-4p-round4.chimera", (160, 50)),
    ],
)
def test_every_bench_key_shows_the_same_picture_with_and_without_frame_diff(
    sample: str, size: tuple[int, int], tmp_path: Path
) -> None:
    sides = replay_bench_keys(SAVES / sample, size, tmp_path, "frame-diff")
    ours, theirs = sides
    assert ours.written < theirs.written / 2, "frame-diff wrote more than half what Textual writes"


def replay_bench_keys(save: Path, size: tuple[int, int], home: Path, off: str) -> list[_Side]:
    """Every bench key on `save` at `size` in the app with every fix and in the app without the fixes named
    in `off`, the pictures compared after each; returns both sides (their bytes counted)."""
    cols, rows = size
    sides = [_Side(save, home, fixes_off, cols, rows) for fixes_off in ("", off)]
    try:
        for side in sides:
            side.take(quiet=1.5, first=10)
        same_after(sides, "the first paint")
        for kind in keys_for(save):
            for press in range(4):
                label, key = KEYS[kind][press % 2]
                for side in sides:
                    os.write(side.term.master, key)
                same_after(sides, f"{label} (press {press + 1})")
        for height in (rows + 1, rows):
            for side in sides:
                # Quiet first: a frame for a taller size arriving after the resize would scroll Textual's
                # picture (its frames end lines with a line feed; frame-diff writes none).
                side.take(quiet=1.0)
            for side in sides:
                side.screen.resize(cols, height)
                side.term.resize(cols, height)
            same_after(sides, f"a resize to {cols}x{height}")
    finally:
        for side in sides:
            side.term.close()
    return sides
