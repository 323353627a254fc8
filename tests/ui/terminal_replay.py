"""What a terminal shows after an app's output, for the tests of `textual_fixes.frame_diff`: a driver that keeps
what Textual writes (as a terminal would get it, not headless), and pyte, a terminal emulator, to replay it.

pyte lacks the cursor and erase sequences a few terminals add; everything `frame_diff` writes is in what it
knows (cursor moves, ``ECH``, ``EL``, SGR), so a picture that differs is a real difference."""

from __future__ import annotations

from typing import Any

import pyte
from textual.drivers.headless_driver import HeadlessDriver

Cell = tuple[str, str, str, bool, bool, bool, bool, bool, bool]
"""One cell as pyte keeps it: character, foreground, background, bold, italics, underscore, strikethrough,
reverse, blink."""


class RecordingDriver(HeadlessDriver):
    """A driver that draws (`is_headless` is False, so Textual writes frames) into a list."""

    written: list[str]

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        if not hasattr(self, "written"):
            self.written = []
        self.written.append(data)

    def output(self) -> str:
        return "".join(getattr(self, "written", []))

    def bytes_written(self) -> int:
        return len(self.output().encode())


async def repaint_written(app: Any, pilot: Any) -> int:
    """Bytes `app` (run with `RecordingDriver`, not headless) writes for a full repaint of its screen."""
    driver = app._driver
    assert isinstance(driver, RecordingDriver)
    driver.written = []
    app.screen.refresh()
    await pilot.pause()
    await pilot.pause()
    return driver.bytes_written()


class Terminal:
    """A pyte screen fed everything written, bytes as a real terminal gets them; without line wrap, as
    Textual's terminal driver sets it (pyte would wrap, and at the last line scroll, for an accent written
    after the last column's character)."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.feed("\x1b[?7l")

    def resize(self, width: int, height: int) -> None:
        """A new size, the top rows kept as they were (pyte drops rows from the top, as a terminal does only
        when its cursor is at the bottom; Textual's is at the top)."""
        kept = {y: dict(self.screen.buffer[y]) for y in range(min(height, self.screen.lines))}
        self.screen.resize(height, width)
        for y, row in kept.items():
            self.screen.buffer[y].clear()
            self.screen.buffer[y].update({x: char for x, char in row.items() if x < width})

    def feed(self, data: bytes | str) -> None:
        """Take in what was written; entering the alternate screen clears it, as xterm's does (pyte has
        one screen)."""
        data = data.encode() if isinstance(data, str) else data
        self.stream.feed(data.replace(b"\x1b[?1049h", b"\x1b[?1049h\x1b[2J"))

    def cells(self) -> list[list[Cell]]:
        """Every cell: its character and attributes."""
        screen = self.screen
        return [[_cell(screen.buffer[y][x]) for x in range(screen.columns)] for y in range(screen.lines)]

    def text(self) -> str:
        return "\n".join(self.screen.display)


def _cell(char: Any) -> Cell:
    return (
        char.data,
        char.fg,
        char.bg,
        char.bold,
        char.italics,
        char.underscore,
        char.strikethrough,
        char.reverse,
        char.blink,
    )


def differences(ours: list[list[Cell]], theirs: list[list[Cell]]) -> list[str]:
    """The cells that differ, each as "row,column: ours / theirs" (at most ten)."""
    found = [
        f"{y},{x}: {a} / {b}"
        for y, (row_a, row_b) in enumerate(zip(ours, theirs, strict=True))
        for x, (a, b) in enumerate(zip(row_a, row_b, strict=True))
        if a != b
    ]
    return found[:10]


class Shown:
    """What a session's terminal shows, fed every chunk it receives, with the screen's text after each chunk
    (so that a test can ask whether the screen changed after a given byte)."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.terminal = Terminal(width, height)
        self._texts: list[tuple[int, str]] = [(0, "")]
        self._received = 0

    def feed(self, data: bytes) -> None:
        self.terminal.feed(data)
        self._received += len(data)
        self._texts.append((self._received, self.terminal.text()))
        del self._texts[:-200]

    def text(self) -> str:
        return self._texts[-1][1]

    def text_at(self, start: int) -> str:
        """The screen's text when byte `start` had arrived (empty if that is further back than is kept)."""
        return next((shown for end, shown in reversed(self._texts) if end <= start), "")

    def changed_to_show(self, text: str, start: int) -> bool:
        """Whether the screen shows `text` and has changed since byte `start` arrived (frame-diff writes only
        the cells that changed, in any order: a text already on the screen is not written again, nor always
        in one piece)."""
        now = self.text()
        return text in now and now != self.text_at(start)
