"""The notice over every screen while the terminal is smaller than the smallest size that works."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widget import Widget

MIN_SIZE = (80, 24)
"""The smallest terminal, in columns and rows, every screen is designed for (the usual SSH window)."""


def too_small(width: int, height: int) -> bool:
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]


class TooSmallNotice(Widget, can_focus=True):
    """Covers the screen it is mounted on with one message saying how large the window must be.

    The app mounts one on the current screen while the terminal is too small, and removes it once the
    terminal is large enough again. While it shows it holds the keyboard, so keys typed blind never make a
    move on the screen under it; Ctrl+Q (a priority binding) still quits. Focus returns where it was.
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

    def on_mount(self) -> None:
        self._was_focused = self.screen.focused
        self.focus()

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()

    def on_unmount(self) -> None:
        was = self._was_focused
        if was is not None and was.is_attached and was.focusable:
            was.focus()

    def render(self) -> Content:
        width, height = self.app.size
        return Content(
            f"This window is {width}×{height}; Chimera Tabletop needs at least "
            f"{MIN_SIZE[0]}×{MIN_SIZE[1]}. Make it larger."
        )
