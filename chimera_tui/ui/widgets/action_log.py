"""The log of what happened, in words."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Log


class ActionLog(Log):
    """Shows the match log; bound to `lines`, it appends what is new and rewrites after an undo."""

    DEFAULT_CSS = """
    ActionLog {
        border: round $primary 50%;
        border-title-color: $text-muted;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
        overflow-y: auto;
    }
    """

    lines: reactive[tuple[str, ...]] = reactive((), always_update=True)
    """Every log line, oldest first (from the table)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, highlight=False, auto_scroll=True)
        self.border_title = "Log"
        self._shown: tuple[str, ...] = ()

    def watch_lines(self, lines: tuple[str, ...]) -> None:
        if lines[: len(self._shown)] == self._shown:
            self.write_lines(lines[len(self._shown) :])
        else:
            self.clear()
            self.write_lines(lines)
        self._shown = lines
