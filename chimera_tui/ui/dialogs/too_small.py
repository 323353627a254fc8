"""The notice over every screen while the terminal is smaller than the smallest size that works."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

MIN_SIZE = (80, 24)
"""The smallest terminal, in columns and rows, every screen is designed for (the usual SSH window)."""


def too_small(width: int, height: int) -> bool:
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]


class TooSmallNotice(Widget):
    """Covers the screen it is mounted on with one message saying how large the window must be.

    The app mounts one on the current screen while the terminal is too small, and removes it once the
    terminal is large enough again; the screen under it keeps working.
    """

    DEFAULT_CSS = """
    TooSmallNotice {
        overlay: screen;
        position: absolute;
        offset: 0 0;
        width: 100%;
        height: 100%;
        background: $background;
        color: $text;
        text-style: bold;
        content-align: center middle;
        text-align: center;
        padding: 0 1;
    }
    """

    def render(self) -> Content:
        width, height = self.app.size
        return Content(
            f"This window is {width}×{height}; Chimera Tabletop needs at least "
            f"{MIN_SIZE[0]}×{MIN_SIZE[1]}. Make it larger."
        )
