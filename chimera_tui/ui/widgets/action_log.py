"""The log of what happened, in words."""

from __future__ import annotations

from textual import events
from textual.message import Message
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
        self._following = True
        """Whether the view is at the newest line (until the player scrolls up): Textual's Log follows new
        lines only while it is at the end, so a log made shorter by a layout change (a dialog's choices
        coming in below it) would stop following; this keeps it there. Scrolls are forced: a Log whose lines
        have just outgrown it has no scrollbar until the next layout, and Textual ignores an unforced scroll
        of a widget that shows none (the log stayed at its top now and then)."""

    class Narrowed(Message):
        """The log's scrollbar came or went, so its lines have a column less or more to wrap to.

        Lines wrapped before their scrollbar appeared would lose their last column under it; a screen that
        wraps its log to the log's width wraps it again on this message, so what the log shows no longer
        hangs on the order in which layouts come (a busy machine, other work on the screen)."""

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        self.post_message(self.Narrowed())

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y

    def on_resize(self, event: events.Resize) -> None:
        if self._following:
            self.scroll_end(animate=False, immediate=True, x_axis=False, force=True)

    def watch_lines(self, lines: tuple[str, ...]) -> None:
        if lines[: len(self._shown)] == self._shown:
            self.write_lines(lines[len(self._shown) :])
        else:
            self.clear()
            self.write_lines(lines)
        self._shown = lines
        if self._following:
            self.scroll_end(animate=False, immediate=True, x_axis=False, force=True)
