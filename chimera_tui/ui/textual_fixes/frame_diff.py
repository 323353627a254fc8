"""A fix for what Textual writes to the terminal: only the cells that changed.

* **Every frame was written whole, a full repaint as every cell of the screen** (``frame-diff``, issue 37;
  upstream: not reported; drafted as "Send the terminal only the cells that changed", draft 8 in
  ``docs/textual-upstream.md``). Textual writes each region its compositor repaints cell for cell, and every
  segment as SGR, text and reset. Opening a dialog, closing it, a Tab that restyles a pane or a screen shown
  again repaints the whole screen, most of it unchanged: 10–50 KB a key over SSH. The app now keeps the
  picture the terminal shows (`frame_cells.Picture`) and writes each frame, full repaint or not, as the cells
  that differ from it (`frame_writing.FrameWriter`): the same picture, cell by cell, for a fraction of the
  bytes. The bytes of the last few full frames are kept by the rows they went from and to (rows drawn from
  the same strips are the same lists, `frame_cells.cells_of_strips`, and rows drawn again the same hold the
  same cells): a kept dialog opened or closed again over a screen that did not change writes the bytes it
  wrote before, without working them out.

The picture is kept true to the terminal. It takes in a frame only when the driver has been handed it; a
write to the driver that is not a frame (the driver starting or resuming, anything else that may draw) makes
every cell unknown, except writes that cannot change what the screen shows (modes, queries, the title, the
bell, the clipboard, cursor moves); a write that fails, a terminal resized (even to the size it had: the
terminal may have lost lines), or a frame that does not fit the picture does too. Unknown cells are written
whatever they hold, and a full repaint is asked for, so the screen is whole again at the next frame. Inline
apps and headless ones (tests) are left to Textual.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import re
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any
from weakref import WeakKeyDictionary

from rich.color import ColorSystem
from rich.console import Console
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.app import App
from textual.driver import Driver

from chimera_tui.ui.textual_fixes.frame_cells import Picture, cells_of_strip, cells_of_strips
from chimera_tui.ui.textual_fixes.frame_writer import FrameWriter
from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["TerminalPicture", "install_frame_diff", "picture_of"]

_HARMLESS = re.compile(
    r"(?:\x1b\[\?[0-9;]*[hl]"  # private modes (those that change the screen are checked below)
    r"|\x1b\[\?[0-9;]*\$p"  # mode queries
    r"|\x1b\[[<>=]?[0-9;]*u"  # the kitty keyboard protocol
    r"|\x1b\[[0-9]* q"  # cursor shape
    r"|\x1b\[[0-9;]*[Hn]"  # cursor position, and status queries
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # title, clipboard (OSC)
    r"|\x07)*"
)
"""Writes that leave every cell of the screen as it was."""
_SCREEN_MODES = re.compile(r"\x1b\[\?(?:[0-9;]*;)?(?:3|5|6|47|69|1047|1049)(?:;[0-9;]*)?[hl]")
"""Private modes that change the screen: the alternate screen, column mode, reverse video, origin mode,
margins."""
_SGR = re.compile(r"\x1b\[[0-9;]*m")
_TRANSITIONS_KEPT = 4
"""Full frames whose bytes are kept (a dialog opened and closed: two)."""


@functools.cache
def erases_with_background(term: str) -> bool:
    """Whether a terminal of type `term` fills erased cells with the background colour (terminfo's ``bce``)
    and erases characters (``ech``): then runs of blanks are erased rather than written. A type terminfo does
    not know is taken not to. (curses reads terminfo once a process, for the first type named: an app has
    one terminal.)"""
    try:
        import curses

        null = os.open(os.devnull, os.O_WRONLY)  # (-1 means sys.stdout, which Textual has replaced)
        try:
            curses.setupterm(term or "dumb", null)
        finally:
            os.close(null)
        return curses.tigetflag("bce") == 1 and bool(curses.tigetstr("ech"))
    except Exception:  # no curses, or no terminfo entry for `term`
        return False


def _erases(driver: Driver) -> bool:
    """Whether the terminal behind `driver` fills erased cells with the background: a browser's terminal
    (xterm.js, behind Textual's web driver) does; any other is asked of terminfo by its ``TERM``."""
    if type(driver).__module__ == "textual.drivers.web_driver":
        return True
    return erases_with_background(os.environ.get("TERM", ""))


class TerminalPicture:
    """One app's terminal: the picture it shows, the pen, and the frame handed to the driver but not yet
    taken in."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.picture: Picture | None = None
        self.pen: str | None = None
        self.driver: Driver | None = None
        self.erase = False
        """Whether the terminal fills erased cells with the background colour (`erases_with_background`)."""
        self.frame: str | None = None
        """The bytes of the frame last worked out, until the driver is handed them."""
        self.rows: dict[int, tuple[list[str | None], list[str]]] = {}
        """The rows that frame writes, as they will be."""
        self.frames = self.forgotten = self.kept_frames_taken = 0
        """Counts, for tests: frames written through the picture, times it was forgotten, and full frames
        whose kept bytes were taken."""
        self._transitions: dict[tuple[object, ...], tuple[tuple[list[Any], ...], str]] = {}
        """The bytes of the last full frames, by the rows before and after (`layout_frame`)."""
        self._repaint_asked = -1
        """`frames` when a repaint was last asked for: one is asked for again only after a frame went through,
        so a frame that cannot be diffed never leads to a loop of repaints."""

    # -- the frames ----------------------------------------------------------------------------------------

    def layout_frame(self, update: LayoutUpdate, console: Console) -> str | None:
        """The bytes of a full repaint: the cells that differ from the picture (None: not one to diff)."""
        region = update.region
        if region.x or region.y:
            return None
        width, height = region.width, region.height
        picture = self.picture
        if picture is None or (picture.width, picture.height) != (width, height):
            picture = self.picture = Picture(width, height)
            self.pen = None
        color_system = console._color_system or ColorSystem.TRUECOLOR
        rows: dict[int, tuple[list[str | None], list[str]]] = {}
        for y, line in enumerate(update.strips):
            if y >= height:
                return None
            texts, keys = cells_of_strips(line, color_system)
            if len(texts) != width:
                return None
            rows[y] = (texts, keys)
        # The same rows over the same rows (a dialog opened or closed again over a screen that did not
        # change: the same strips, so the same lists) are the same bytes: kept by the lists' ids.
        lists = tuple(
            row
            for y, (texts, keys) in rows.items()
            for row in (picture.texts[y], picture.keys[y], texts, keys)
        )
        key = (self.pen, self.erase, width, tuple(map(id, lists)))
        kept = self._transitions.get(key) or self._same_transition(key, lists)
        if kept is not None:
            self.frame, self.rows = kept[1], rows
            self.kept_frames_taken += 1
            return self.frame
        writer = FrameWriter(width, self.pen, self.erase)
        for y, (texts, keys) in rows.items():
            writer.row(y, picture.texts[y], picture.keys[y], texts, keys, 0, width)
        frame = self._hand_over(writer, rows)
        if len(self._transitions) >= _TRANSITIONS_KEPT:
            del self._transitions[next(iter(self._transitions))]
        self._transitions[key] = (lists, frame)  # (the lists keep their ids from being reused)
        return frame

    def _same_transition(
        self, key: tuple[object, ...], lists: tuple[list[Any], ...]
    ) -> tuple[tuple[list[Any], ...], str] | None:
        """A kept full frame between rows that hold what `lists` hold, though some are other lists (a row
        drawn again the same, such as a text box's line after its cursor blinked off and on): a frame's bytes
        depend only on what the rows hold, the pen and the terminal."""
        head = key[:3]
        for kept_key, kept in self._transitions.items():
            kept_lists = kept[0]
            if (
                kept_key[:3] == head
                and len(kept_lists) == len(lists)
                and all(a is b or a == b for a, b in zip(kept_lists, lists, strict=True))
            ):
                return kept
        return None

    def chops_frame(self, update: ChopsUpdate, console: Console) -> str | None:
        """The bytes of a partial repaint: of the cells it repaints, those that differ from the picture."""
        picture = self.picture
        if picture is None:  # a partial repaint before any full one: the rest is unknown until one comes
            width, height = self.app.size
            picture = self.picture = Picture(width, height)
            self.pen = None
            self._ask_repaint()
        width = picture.width
        color_system = console._color_system or ColorSystem.TRUECOLOR
        rows: dict[int, tuple[list[str | None], list[str]]] = {}
        bounds: dict[int, list[int]] = {}
        for y, x1, x2 in update.spans:
            if y >= picture.height:
                return None
            row = rows.get(y)
            if row is None:
                row = rows[y] = (picture.texts[y][:], picture.keys[y][:])
                bounds[y] = [width, 0]
            texts, keys = row
            for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items(), strict=False):
                if strip is None or x > x2 or end <= x1:
                    continue
                length = min(end, x2) - x  # as Textual crops the chop
                if length <= 0:
                    continue
                strip_texts, strip_keys = cells_of_strip(strip, color_system)
                if x + length > width or len(strip_texts) < length:
                    return None
                part = strip_texts[:length]
                if length < len(strip_texts) and strip_texts[length] == "":
                    part[-1] = " "  # a double-width character cut in half is a space, as Strip.crop makes it
                texts[x : x + length] = part
                keys[x : x + length] = strip_keys[:length]
                bound = bounds[y]
                bound[0] = min(bound[0], x)
                bound[1] = max(bound[1], x + length)
        writer = FrameWriter(width, self.pen, self.erase)
        for y in sorted(rows):
            start, end = bounds[y]
            if start < end:
                writer.row(y, picture.texts[y], picture.keys[y], *rows[y], start, end)
        return self._hand_over(writer, rows)

    def _hand_over(self, writer: FrameWriter, rows: dict[int, tuple[list[str | None], list[str]]]) -> str:
        self.frame = writer.finish()
        self.rows = rows
        return self.frame

    # -- what the driver is handed -------------------------------------------------------------------------

    def written(self, data: str) -> None:
        """The driver was handed `data`: take the frame in if it is the one worked out, or else see whether
        `data` may have changed the screen."""
        frame, self.frame = self.frame, None
        if frame is not None and data.startswith(frame):
            picture = self.picture
            if picture is not None:
                for y, (texts, keys) in self.rows.items():
                    # A row that shows what it showed keeps its lists (kept frames know rows by them).
                    if picture.keys[y] != keys or picture.texts[y] != texts:
                        picture.texts[y] = texts
                        picture.keys[y] = keys
            self.pen = ""
            self.frames += 1
            data = data[len(frame) :]
        self.rows = {}
        if not data:
            return
        if _HARMLESS.fullmatch(data) is None or _SCREEN_MODES.search(data):
            self.forget()
        elif _SGR.search(data):
            self.pen = None

    def forget(self) -> None:
        """Take every cell as unknown, and ask for a full repaint."""
        self.forgotten += 1
        self.pen = None
        self.frame = None
        if self.picture is not None:
            self.picture.forget()
        self._ask_repaint()

    def _ask_repaint(self) -> None:
        """Ask the app for a full repaint (once until a frame went through)."""
        app = self.app
        if self._repaint_asked != self.frames and app._running and not app._closed:
            self._repaint_asked = self.frames
            with contextlib.suppress(Exception):  # no message loop to take it (closing): nothing to repaint
                app.call_later(_repaint, app)

    def watch(self, driver: Driver) -> None:
        """Let the picture see everything `driver` is handed."""
        self.driver = driver
        self.erase = _erases(driver)
        self.forget()
        write = driver.write

        def written(data: str) -> None:
            try:
                write(data)
            except BaseException:
                self.forget()
                raise
            self.written(data)

        driver.write = written  # type: ignore[method-assign]


def _repaint(app: App[Any]) -> None:
    with contextlib.suppress(Exception):  # no screen (starting or closing): nothing to repaint
        app.screen.refresh()


_pictures: WeakKeyDictionary[App[Any], TerminalPicture] = WeakKeyDictionary()
_current: ContextVar[TerminalPicture | None] = ContextVar("frame_diff_current", default=None)
"""The picture of the app whose frame is being written (set around ``App._display``)."""


def picture_of(app: App[Any]) -> TerminalPicture | None:
    """The picture kept for `app`'s terminal, if any (tests)."""
    return _pictures.get(app)


def _terminal(app: App[Any]) -> TerminalPicture | None:
    driver = app._driver
    if driver is None or driver.is_headless or driver.is_inline:
        return None
    terminal = _pictures.get(app)
    if terminal is None:
        terminal = _pictures[app] = TerminalPicture(app)
    if terminal.driver is not driver:
        terminal.watch(driver)
    return terminal


def _diffing(kind: type[Any], work: Callable[[TerminalPicture, Any, Console], str | None]) -> Any:
    original = kind.__dict__["render_segments"]

    def render_segments(self: Any, console: Console) -> str:
        terminal = _current.get()
        if terminal is not None and terminal.app.console is console:
            try:
                frame = work(terminal, self, console)
            except Exception:
                frame = None
            if frame is not None:
                return frame
            terminal.forget()
        return original(self, console)  # type: ignore[no-any-return]

    return render_segments


def install_frame_diff() -> None:
    original_display: Any = App.__dict__.get("_display")
    original_resize: Any = App.__dict__.get("_on_resize")
    if (
        original_display is None
        or original_resize is None
        or "render_segments" not in LayoutUpdate.__dict__
        or "render_segments" not in ChopsUpdate.__dict__
        or list(inspect.signature(LayoutUpdate).parameters) != ["strips", "region"]
        or list(inspect.signature(ChopsUpdate).parameters) != ["chops", "spans", "chop_ends"]
    ):
        return

    def display(self: App[Any], screen: Any, renderable: Any) -> None:
        token = _current.set(_terminal(self))
        try:
            original_display(self, screen, renderable)
        finally:
            _current.reset(token)

    async def on_resize(self: App[Any], event: Any) -> None:
        terminal = _pictures.get(self)
        if terminal is not None:
            terminal.forget()
        await original_resize(self, event)

    replace(
        "frame-diff", LayoutUpdate, "render_segments", _diffing(LayoutUpdate, TerminalPicture.layout_frame)
    )
    replace("frame-diff", ChopsUpdate, "render_segments", _diffing(ChopsUpdate, TerminalPicture.chops_frame))
    replace("frame-diff", App, "_display", display)
    replace("frame-diff", App, "_on_resize", on_resize)
    mark_applied("frame-diff", original_display)
