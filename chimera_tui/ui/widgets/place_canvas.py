"""A board drawn as text, with places a cursor moves over (Line API, cached strips). Generic: plain view data.

A `Canvas` is lines of styled spans plus `Spot`s: named rectangles of it (a belt place, a workshop slot, a
track space). The widget draws the lines, lights or dims spots by their classes, and keeps a cursor on one
spot; arrows (and hjkl) move it to the nearest spot that way, Enter posts `Selected`. A cursor move repaints
only the two spots' rectangles, and a new canvas repaints only the lines that changed, so a key press costs a
few hundred bytes on the terminal, not the board.

Span classes name component classes (``"strong"`` is drawn with ``place-canvas--strong``); a subclass may
declare more in its `COMPONENT_CLASSES` (a game's colours) and style them in its stylesheet.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from chimera_tui.ui.widgets.painting import component_style, drawn_with, tidy
from chimera_tui.ui.widgets.sketch import Canvas, Line, Spot

__all__ = ["Canvas", "Line", "PlaceCanvas", "Spot"]


class PlaceCanvas(ScrollView, can_focus=True):
    """A canvas with a cursor over its spots (see the module docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1,0)", "Left", show=False, id="place-canvas.left", tooltip="Cursor left"),
        Binding("right,l", "move(1,0)", "Right", show=False, id="place-canvas.right", tooltip="Cursor right"),
        Binding("up,k", "move(0,-1)", "Up", show=False, id="place-canvas.up", tooltip="Cursor up"),
        Binding("down,j", "move(0,1)", "Down", show=False, id="place-canvas.down", tooltip="Cursor down"),
        Binding("enter", "select", "Choose", id="place-canvas.select", tooltip="What you can do here"),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "place-canvas--cursor", "place-canvas--cursor-blurred", "place-canvas--legal", "place-canvas--dim",
        "place-canvas--muted", "place-canvas--strong", "place-canvas--title", "place-canvas--line",
        "place-canvas--head", "place-canvas--mark-0", "place-canvas--mark-1", "place-canvas--mark-2",
        "place-canvas--mark-3", "place-canvas--mark-4", "place-canvas--mark-5",
    }  # fmt: skip
    """Spot states (cursor, legal, dim), span styles (muted, strong, title, line for drawn lines, head for a
    box's heading) and seat colours (mark-N)."""

    DEFAULT_CSS = """
    PlaceCanvas {
        height: auto;
        background: $surface;
        & > .place-canvas--cursor { background: $accent; color: $text; text-style: bold; }
        & > .place-canvas--cursor-blurred { text-style: underline; }
        & > .place-canvas--legal { background: $success 30%; text-style: bold; }
        & > .place-canvas--dim { color: $text-disabled; }
        & > .place-canvas--muted { color: $text-muted; }
        & > .place-canvas--strong { text-style: bold; }
        & > .place-canvas--title { text-style: bold; color: $text-accent; }
        & > .place-canvas--line { color: $foreground 45%; }
        & > .place-canvas--head { background: $primary 30%; color: $text; text-style: bold; }
        & > .place-canvas--mark-0 { color: $error; text-style: bold; }
        & > .place-canvas--mark-1 { color: $primary; text-style: bold; }
        & > .place-canvas--mark-2 { color: $success; text-style: bold; }
        & > .place-canvas--mark-3 { color: $warning; text-style: bold; }
        & > .place-canvas--mark-4 { color: $accent; text-style: bold; }
        & > .place-canvas--mark-5 { color: $secondary; text-style: bold; }
    }
    """

    PREFIX: ClassVar[str] = "place-canvas"
    """The component classes' prefix (a subclass declaring its own names them ``PREFIX--name`` too)."""
    SPOT_CLASSES: ClassVar[tuple[str, ...]] = ("legal", "dim")
    """Spot classes drawn over the spot's cells, in this order (later ones win)."""
    KEEP_ON_CURSOR: ClassVar[frozenset[str]] = frozenset({"muted", "dim", "line"})
    """Span classes dropped under the cursor, so its text keeps its contrast."""
    VIVID: ClassVar[frozenset[str]] = frozenset()
    """Span classes drawn in their own style over a lit, dimmed or cursor spot (a game's coloured tokens)."""

    canvas: reactive[Canvas] = reactive(Canvas, always_update=True, repaint=False, layout=False)
    """What is drawn, and the places on it."""
    cursor: reactive[str] = reactive("", repaint=False)
    """The key of the spot under the cursor ("" when the canvas has no spots)."""

    class Highlighted(Message):
        """The cursor moved to the spot `key`."""

        def __init__(self, canvas: PlaceCanvas, key: str) -> None:
            super().__init__()
            self.place_canvas = canvas
            self.key = key

        @property
        def control(self) -> PlaceCanvas:
            return self.place_canvas

    class Selected(Message):
        """Enter (or a click) on the spot `key`."""

        def __init__(self, canvas: PlaceCanvas, key: str) -> None:
            super().__init__()
            self.place_canvas = canvas
            self.key = key

        @property
        def control(self) -> PlaceCanvas:
            return self.place_canvas

    class Edge(Message):
        """The cursor could not move further this way (`dy` -1 up, 1 down; `dx` likewise)."""

        def __init__(self, canvas: PlaceCanvas, dx: int, dy: int) -> None:
            super().__init__()
            self.place_canvas = canvas
            self.dx = dx
            self.dy = dy

        @property
        def control(self) -> PlaceCanvas:
            return self.place_canvas

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._strips: LRUCache[tuple[int, int], Strip] = LRUCache(512)
        self._by_key: dict[str, Spot] = {}
        self._by_line: dict[int, list[Spot]] = {}
        self._goal: float | None = None
        """The column the cursor tries to keep when moving up and down."""
        self._styles: dict[str, Style] = {}
        self._styles_key: tuple[Style, ...] | None = None
        self._styles_stale = True
        self._drawn: tuple[object, ...] | None = None
        """What the styles in `_styles` and `_base` were worked out from (`drawn_with`)."""
        self._base = Style()
        """The widget's own style (`rich_style`), as of the last style change."""

    # -- reactives --------------------------------------------------------------------------------------

    def validate_cursor(self, key: str) -> str:
        if key in self._by_key or not self._by_key:
            return key if self._by_key else ""
        return next(iter(self._by_key))

    def watch_canvas(self, old: Canvas, new: Canvas) -> None:
        self._by_key = {s.key: s for s in new.spots}
        by_line: dict[int, list[Spot]] = {}
        for spot in new.spots:
            for y in range(spot.y, spot.y + spot.height):
                by_line.setdefault(y, []).append(spot)
        old_by_line = self._by_line
        self._by_line = by_line
        size = Size(new.width, len(new.lines))
        resized = size != self.virtual_size
        if resized:
            self.virtual_size = size
        if self.cursor not in self._by_key:
            self.set_reactive(PlaceCanvas.cursor, self.validate_cursor(self.cursor))
        if resized or len(old.lines) != len(new.lines):
            self._strips.clear()
            self.refresh(layout=resized)
            return
        changed = [
            y
            for y, line in enumerate(new.lines)
            if y >= len(old.lines) or old.lines[y] != line or old_by_line.get(y) != by_line.get(y)
        ]
        self._repaint_lines(changed)

    def watch_cursor(self, old: str, new: str) -> None:
        spots = [s for s in (self._by_key.get(old), self._by_key.get(new)) if s is not None]
        self._repaint_spots(spots)
        if new and new in self._by_key:
            self._show_spot(self._by_key[new])
            if old != new:
                self.post_message(self.Highlighted(self, new))

    @property
    def current(self) -> Spot | None:
        """The spot under the cursor."""
        return self._by_key.get(self.cursor)

    def spot(self, key: str) -> Spot | None:
        return self._by_key.get(key)

    # -- repainting -------------------------------------------------------------------------------------

    def _repaint_lines(self, lines: Iterable[int]) -> None:
        lines = set(lines)
        if not lines:
            return
        cached = self._strips.keys()  # an LRUCache is not iterable itself
        for key in [k for k in cached if k[0] in lines]:
            self._strips.discard(key)
        _, scroll_y = self.scroll_offset
        width = self.size.width
        self.refresh(*(Region(0, y - scroll_y, width, 1) for y in sorted(lines)))

    def _repaint_spots(self, spots: Iterable[Spot]) -> None:
        scroll_x, scroll_y = self.scroll_offset
        regions = []
        lines: set[int] = set()
        for s in spots:
            lines.update(range(s.y, s.y + s.height))
            regions.append(Region(s.x - scroll_x, s.y - scroll_y, s.width, s.height))
        cached = self._strips.keys()  # an LRUCache is not iterable itself
        for key in [k for k in cached if k[0] in lines]:
            self._strips.discard(key)
        if regions:
            self.refresh(*regions)

    def _show_spot(self, s: Spot) -> None:
        """Scroll the spot into view with a line of context around it (once the widget has a size)."""
        if not self.size.height:
            return
        self.scroll_to_region(
            Region(s.x, s.y, s.width, s.height),
            spacing=Spacing(1, 0, 1, 0),
            animate=False,
            immediate=True,
            force=True,
        )

    def on_resize(self, event: events.Resize) -> None:
        self._strips.clear()
        if self.current is not None:
            self._show_spot(self.current)

    def on_focus(self) -> None:
        if self.current is not None:
            self._repaint_spots([self.current])
            self._show_spot(self.current)
            self.post_message(self.Highlighted(self, self.cursor))

    def on_blur(self) -> None:
        if self.current is not None:
            self._repaint_spots([self.current])

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles_stale = True

    def _check_styles(self) -> None:
        """Forget the cached lines if the styles they were drawn with changed (a theme, a class); a focus
        change that leaves them as they were (`drawn_with`) costs no style worked out again."""
        self._styles_stale = False
        names = tuple(self._styles)
        drawn = drawn_with(self, (f"{self.PREFIX}--{n}" for n in names))
        if drawn == self._drawn:
            return
        self._drawn = drawn
        self._base = self.rich_style
        key = (self._base, *(component_style(self, f"{self.PREFIX}--{n}") for n in names))
        if key != self._styles_key:
            self._strips.clear()
            self._styles = dict(zip(names, key[1:], strict=True))
            self._styles_key = key

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            try:
                style = component_style(self, f"{self.PREFIX}--{name}")
            except KeyError:
                style = Style()
            self._styles[name] = style
        return style

    # -- rendering --------------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        if self._styles_stale:
            self._check_styles()
        scroll_x, scroll_y = self.scroll_offset
        line = scroll_y + y
        width = self.size.width
        key = (line, width)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._render_full_line(line)
            self._strips[key] = strip
        return strip.crop_extend(scroll_x, scroll_x + width, self._base)

    def _overlays(self, line: int) -> list[tuple[int, int, Style, bool]]:
        """(x0, x1, style, under the cursor) for every spot on `line`."""
        out = []
        focused = self.has_focus
        for s in self._by_line.get(line, ()):
            style = Style()
            for name in self.SPOT_CLASSES:
                if name in s.classes:
                    style += self._style(name)
            cursor = s.key == self.cursor
            if cursor:
                style += self._style("cursor" if focused else "cursor-blurred")
            if style or cursor:
                out.append((s.x, s.x + s.width, style, cursor))
        return out

    def _render_full_line(self, line: int) -> Strip:
        base = self._base
        lines = self.canvas.lines
        if line >= len(lines):
            return Strip.blank(self.virtual_size.width, base)
        overlays = self._overlays(line)
        segments: list[Segment] = []
        x = 0
        for text, cls in lines[line]:
            if not text:
                continue
            style = base + self._style(cls) if cls else base
            end = x + len(text)
            cuts = sorted({x, end, *(c for o in overlays for c in o[:2] if x < c < end)})
            for a, b in pairwise(cuts):
                piece_style = style
                for x0, x1, extra, cursor in overlays:
                    if x0 <= a and b <= x1:
                        if cursor and cls in self.KEEP_ON_CURSOR:
                            piece_style = base
                        piece_style += extra
                if cls in self.VIVID:
                    piece_style += self._style(cls)
                segments.append(Segment(text[a - x : b - x], piece_style))
            x = end
        return Strip(tidy(list(Segment.simplify(segments))))

    # -- moving -----------------------------------------------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor to the nearest spot that way; at the edge, post `Edge`."""
        here = self.current
        if here is None:
            self.post_message(self.Edge(self, dx, dy))
            return
        cx, cy = here.centre
        best: tuple[float, ...] | None = None
        target: Spot | None = None
        for s in self._by_key.values():
            if s is here:
                continue
            sx, sy = s.centre
            if dx:
                if (sx - cx) * dx <= 0 or not (s.y < here.y + here.height and here.y < s.y + s.height):
                    continue
                score: tuple[float, ...] = (abs(sx - cx), abs(sy - cy))
            else:
                if (
                    (s.y - here.y) * dy <= 0
                    or (dy > 0 and s.y < here.y + here.height)
                    or (dy < 0 and s.y + s.height > here.y)
                ):
                    continue
                goal = self._goal if self._goal is not None else cx
                rows = s.y - (here.y + here.height) if dy > 0 else here.y - (s.y + s.height)
                overlap = s.x <= goal < s.x + s.width
                score = (rows, 0 if overlap else abs(sx - goal))
            if best is None or score < best:
                best, target = score, s
        if target is None:
            self.post_message(self.Edge(self, dx, dy))
            return
        if dy:
            self._goal = self._goal if self._goal is not None else cx
        else:
            self._goal = None
        self.cursor = target.key

    def action_select(self) -> None:
        """Post `Selected` for the spot under the cursor."""
        if self.cursor in self._by_key:
            self.post_message(self.Selected(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        scroll_x, scroll_y = self.scroll_offset
        x, y = offset.x + scroll_x, offset.y + scroll_y
        for s in self._by_line.get(y, ()):
            if s.x <= x < s.x + s.width:
                self._goal = None
                self.focus()
                self.cursor = s.key
                self.action_select()
                return
