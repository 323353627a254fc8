"""A generic hex-grid board widget (Line API, cached strips) over plain view data.

The grid knows nothing about any game: it draws `CellView`s (a few short lines of styled spans) at axial
hexes in a pointy-top "brick" layout (hex_cells.py), keeps a cursor on the board, and posts intent messages.
Styles are component classes (``hex-grid--cursor``, ``hex-grid--legal``, ``hex-grid--dim``...), so themes
and game stylesheets can restyle them; spans name a class (``"mark-1"``) that maps to ``hex-grid--mark-1``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from chimera_tui.engine.hexgrid import Hex
from chimera_tui.ui.widgets.hex_cells import (
    CellView,
    cell_segments,
    half,
    measure,
    nearest_in_next_row,
    rows_of,
)
from chimera_tui.ui.widgets.painting import component_style, drawn_with


class HexGrid(ScrollView, can_focus=True):
    """A board of hexes with a cursor. Arrows/hjkl move the cursor; Enter selects the cell under it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1,0)", "Left", show=False, id="hex-grid.left", tooltip="Cursor left"),
        Binding("right,l", "move(1,0)", "Right", show=False, id="hex-grid.right", tooltip="Cursor right"),
        Binding("up,k", "move(0,-1)", "Up", show=False, id="hex-grid.up", tooltip="Cursor up a row"),
        Binding("down,j", "move(0,1)", "Down", show=False, id="hex-grid.down", tooltip="Cursor down a row"),
        Binding("enter", "select", "Choose", id="hex-grid.select", tooltip="What you can do on this space"),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "hex-grid--cell", "hex-grid--cursor", "hex-grid--cursor-blurred", "hex-grid--bracket", "hex-grid--legal",
        "hex-grid--dim", "hex-grid--empty", "hex-grid--occupied", "hex-grid--muted", "hex-grid--strong",
        "hex-grid--mark-0", "hex-grid--mark-1", "hex-grid--mark-2", "hex-grid--mark-3", "hex-grid--mark-4",
        "hex-grid--mark-5",
    }  # fmt: skip
    """Cell styles (cell, empty, occupied, legal, dim, cursor), span styles (muted, strong, mark-N for owner
    colours), and the cursor's brackets."""

    DEFAULT_CSS = """
    HexGrid {
        height: 1fr;
        width: 1fr;
        background: $background;
        & > .hex-grid--cell { background: $surface; color: $foreground; }
        & > .hex-grid--empty { background: $surface 40%; color: $text-muted; }
        & > .hex-grid--occupied { text-style: bold; }
        & > .hex-grid--legal { background: $success 35%; color: $text; text-style: bold; }
        & > .hex-grid--dim { color: $text-disabled; text-style: dim; }
        & > .hex-grid--cursor { background: $accent; color: $text; text-style: bold underline; }
        & > .hex-grid--cursor-blurred { background: $accent 40%; }
        & > .hex-grid--bracket { color: $accent; text-style: bold; }
        & > .hex-grid--muted { color: $text-muted; }
        & > .hex-grid--strong { text-style: bold; }
        & > .hex-grid--mark-0 { color: $error; text-style: bold; }
        & > .hex-grid--mark-1 { color: $primary; text-style: bold; }
        & > .hex-grid--mark-2 { color: $success; text-style: bold; }
        & > .hex-grid--mark-3 { color: $warning; text-style: bold; }
        & > .hex-grid--mark-4 { color: $accent; text-style: bold; }
        & > .hex-grid--mark-5 { color: $secondary; text-style: bold; }
    }
    """

    cells: reactive[Mapping[Hex, CellView]] = reactive(dict, always_update=True, repaint=False)
    """Every hex on the board and what it shows (the board is exactly these hexes). Setting it repaints
    only the cells that look different, or the whole board when it has other hexes."""
    cursor: reactive[Hex] = reactive(Hex(0, 0), always_update=True, repaint=False)
    """The hex under the cursor (clamped to the board)."""
    cell_width: reactive[int] = reactive(9)
    """Characters per cell (odd, so rows offset by half a cell line up)."""
    cell_height: reactive[int] = reactive(2)
    """Text lines per cell."""
    row_gap: reactive[int] = reactive(1)
    """Blank lines between rows of cells (0 packs the board tighter; cell backgrounds still separate)."""

    class CursorMoved(Message):
        """The cursor moved to `hex`."""

        def __init__(self, grid: HexGrid, hex: Hex) -> None:
            super().__init__()
            self.grid = grid
            self.hex = hex

        @property
        def control(self) -> HexGrid:
            return self.grid

    class CellSelected(Message):
        """Enter (or a click) on `hex`."""

        def __init__(self, grid: HexGrid, hex: Hex) -> None:
            super().__init__()
            self.grid = grid
            self.hex = hex

        @property
        def control(self) -> HexGrid:
            return self.grid

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._strips: LRUCache[tuple[int, int, int], Strip] = LRUCache(256)
        """Drawn lines by (line, width, horizontal scroll)."""
        self._rows: dict[int, list[Hex]] = {}
        self._goal_x: int | None = None
        """The column the cursor tries to keep when moving up and down."""
        self._styles: dict[str, Style] = {}
        """Resolved component styles by short name (cleared when styles change)."""
        self._styles_key: tuple[Style, ...] | None = None
        """The base style and every resolved component style the cached lines were drawn with."""
        self._drawn: tuple[object, ...] | None = None
        """What the styles in `_styles` were worked out from (`drawn_with`)."""
        self._styles_stale = False
        """Set when Textual re-applies CSS: checked (once) at the next render whether anything we draw with
        changed. Textual re-applies CSS on every focus change, most of the time to the same result."""
        self._width_drawn = 0  # the width the cached lines were last cleared for (`on_resize`)
        self._geometry: tuple[int, int, Size] = (0, 0, Size(0, 0))
        """Cached `hex_cells.measure`: recomputed when the cells or the cell sizes change."""

    # -- geometry ---------------------------------------------------------------------------------------

    @property
    def _stride(self) -> int:
        return self.cell_width + 1

    def _layout(self) -> tuple[int, int]:
        """(leftmost half-cell, topmost row)."""
        return self._geometry[0], self._geometry[1]

    def _content_size(self) -> Size:
        return self._geometry[2]

    def _pad(self) -> int:
        """Left margin that centres the board when the widget is wider than it."""
        return max(0, (self.size.width - self._content_size().width) // 2)

    def cell_origin(self, h: Hex) -> tuple[int, int]:
        """The (x, y) of `h`'s first text character in content coordinates (without the centring margin)."""
        x0, r0 = self._layout()
        return (half(h) - x0) * self._stride // 2 + 1, (h.r - r0) * (self.cell_height + self.row_gap)

    def hex_at(self, x: int, y: int) -> Hex | None:
        """The hex drawn at content position (x, y) (including the centring margin), if any."""
        x -= self._pad()
        for h in self.cells:
            cx, cy = self.cell_origin(h)
            if cx <= x < cx + self.cell_width and cy <= y < cy + self.cell_height:
                return h
        return None

    # -- reactives --------------------------------------------------------------------------------------

    def validate_cursor(self, cursor: Hex) -> Hex:
        if not self.cells or cursor in self.cells:
            return cursor
        return min(self.cells, key=lambda h: (h.distance(cursor), h))

    def validate_cell_width(self, width: int) -> int:
        width = max(3, width)
        return width if width % 2 else width + 1

    def validate_cell_height(self, height: int) -> int:
        return max(1, height)

    def validate_row_gap(self, gap: int) -> int:
        return max(0, gap)

    def watch_cells(self, old: Mapping[Hex, CellView], new: Mapping[Hex, CellView]) -> None:
        if old is not new and old.keys() == new.keys() and self._rows:
            # The same board: repaint only the cells that look different (a move changes a few; a screen
            # setting the same cells again changes none), not every line of the board.
            changed = [h for h, cell in new.items() if old[h] != cell]
            if changed:
                self._repaint_cells(*changed)
            return
        self._rows = rows_of(self.cells)
        if self.cells and self.cursor not in self.cells:
            self.cursor = self.validate_cursor(self.cursor)
        self._resized()

    def watch_cursor(self, old: Hex, new: Hex) -> None:
        if old in self.cells and new in self.cells:
            # Repaint only the two cells (with their brackets): a cursor move then costs a few hundred
            # bytes on the terminal instead of the whole board, which is what an SSH player waits for.
            self._repaint_cells(old, new)
        else:
            self._strips.clear()
            self.refresh()
        if self.cells:
            self._scroll_to_cursor()
            if old != new:
                self.post_message(self.CursorMoved(self, new))

    def _repaint_cells(self, *cells: Hex) -> None:
        """Forget the cached lines of `cells` and mark only their rectangles dirty."""
        scroll_x, scroll_y = self.scroll_offset
        pad = self._pad()
        regions = []
        lines: set[int] = set()
        for h in cells:
            x, y = self.cell_origin(h)
            lines.update(range(y, y + self.cell_height))
            regions.append(
                Region(pad + x - 1 - scroll_x, y - scroll_y, self.cell_width + 2, self.cell_height)
            )
        cached = self._strips.keys()  # an LRUCache is not iterable itself
        for key in [k for k in cached if k[0] in lines]:
            self._strips.discard(key)
        self.refresh(*regions)

    def watch_cell_width(self) -> None:
        self._resized()

    def watch_cell_height(self) -> None:
        self._resized()

    def watch_row_gap(self) -> None:
        self._resized()

    def _resized(self) -> None:
        self._geometry = measure(self.cells, self.cell_width, self.cell_height, self.row_gap)
        self._strips.clear()
        self.virtual_size = self._content_size()
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        """A board shown again at its width keeps its lines (Textual sends it a Resize all the same)."""
        if event.size.width != self._width_drawn:
            self._width_drawn = event.size.width
            self._strips.clear()

    def on_focus(self) -> None:
        self._focus_changed()
        self._scroll_to_cursor()

    def on_blur(self) -> None:
        self._focus_changed()

    def _focus_changed(self) -> None:
        """Only the cursor's cell looks different with and without focus: repaint it, not the board."""
        if self.cells and self.cursor in self.cells:
            self._repaint_cells(self.cursor)
        else:
            self._strips.clear()
            self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles_stale = True

    def _check_styles(self) -> None:
        """Forget the cached lines if the styles they were drawn with changed (a theme, a class)."""
        self._styles_stale = False
        names = tuple(self._styles)
        drawn = drawn_with(self, (f"hex-grid--{name}" for name in names))
        if drawn == self._drawn:
            return  # restyled to the same styles (a focus change): nothing to work out again
        self._drawn = drawn
        key = (self.rich_style, *(component_style(self, f"hex-grid--{name}") for name in names))
        if key != self._styles_key:
            self._strips.clear()
            self._styles = dict(zip(names, key[1:], strict=True))
            self._styles_key = key

    def _scroll_to_cursor(self) -> None:
        if not self.cells or self.cursor not in self.cells:
            return
        x, y = self.cell_origin(self.cursor)
        region = Region(x - 1, y, self.cell_width + 2, self.cell_height)
        self.scroll_to_region(region, animate=False, immediate=True, force=True)

    # -- rendering --------------------------------------------------------------------------------------

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = component_style(self, f"hex-grid--{name}")
        return style

    def render_line(self, y: int) -> Strip:
        if self._styles_stale:
            self._check_styles()
        scroll_x, scroll_y = self.scroll_offset
        width = self.size.width
        line = scroll_y + y
        key = (line, width, scroll_x)
        strip = self._strips.get(key)
        if strip is None:
            full = self._render_full_line(line)
            strip = self._strips[key] = full.crop_extend(
                scroll_x, scroll_x + width, self.rich_style
            ).simplify()
        return strip

    def _render_full_line(self, line: int) -> Strip:
        base = self.rich_style
        pad = self._pad()
        size = self._content_size()
        if not self.cells or line >= size.height:
            return Strip.blank(size.width + pad, base)
        x0, r0 = self._layout()
        row_h = self.cell_height + self.row_gap
        r, sub = divmod(line, row_h)
        r += r0
        if sub >= self.cell_height or r not in self._rows:
            return Strip.blank(size.width + pad, base)
        cell_base = base + self._style("cell")
        segments: list[Segment] = [Segment(" " * pad, base)]
        x = 0
        focused = self.has_focus
        prev_cursor = False
        bracket = base + self._style("bracket")
        for h in self._rows[r]:
            cx = (half(h) - x0) * self._stride // 2 + 1
            cell = self.cells[h]
            is_cursor = h == self.cursor
            if x < cx - 1:
                segments.append(Segment(" " * (cx - 1 - x), base))
                x = cx - 1
            if x == cx - 1:
                sep = "▐" if is_cursor else "▌" if prev_cursor else " "
                segments.append(Segment(sep, bracket if sep != " " else base))
                x = cx
            style = cell_base
            for name in ("empty", "occupied", "legal", "dim"):
                if name in cell.classes:
                    style += self._style(name)
            if is_cursor:
                style += self._style("cursor" if focused else "cursor-blurred")
            segments.extend(cell_segments(cell, sub, self.cell_width, style, self._style, is_cursor))
            x = cx + self.cell_width
            prev_cursor = is_cursor
        if prev_cursor:
            segments.append(Segment("▌", bracket))
            x += 1
        if x < size.width:
            segments.append(Segment(" " * (size.width - x), base))
        return Strip(segments)

    # -- actions ----------------------------------------------------------------------------------------

    def action_move(self, dq: int, dr: int) -> None:
        """Move the cursor: left/right along the row, up/down to the nearest cell of the next row."""
        if not self.cells:
            return
        here = self.cursor
        if dr == 0:
            row = self._rows.get(here.r, [])
            i = row.index(here) if here in row else 0
            j = i + dq
            if 0 <= j < len(row):
                self.cursor = row[j]
                self._goal_x = half(row[j])
            return
        goal = self._goal_x if self._goal_x is not None else half(here)
        if (found := nearest_in_next_row(self._rows, here, dr, goal)) is not None:
            self.cursor = found
            self._goal_x = goal

    def action_select(self) -> None:
        """Post `CellSelected` for the cell under the cursor."""
        if self.cells and self.cursor in self.cells:
            self.post_message(self.CellSelected(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        scroll_x, scroll_y = self.scroll_offset
        h = self.hex_at(offset.x + scroll_x, offset.y + scroll_y)
        if h is not None:
            self.cursor = h
            self._goal_x = None
            self.action_select()
