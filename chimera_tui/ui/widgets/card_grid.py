"""Cards laid out on an x/y grid, joined at their stitchings, with a cursor. Generic: plain view data only.

Each card is a two-line tile: its title, then a one-character mark and a detail line. Between tiles, a joined
edge is drawn as a seam (``═`` / ``║``) and an open stitched edge as a dot. The widget uses the Line API
(`render_line`) with a strip cache, so a big grid costs only the lines on screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from chimera_tui.ui.widgets.painting import drawn_with

TILE_W = 10
"""Characters across one tile."""
TILE_H = 2
"""Lines in one tile."""
PITCH_X = TILE_W + 1
PITCH_Y = TILE_H + 1

JOINED = "="
"""An edge joined to the neighbouring card."""
OPEN = "o"
"""A stitched edge with nothing attached."""


@dataclass(frozen=True)
class GridCell:
    """One card (or a free place) on the grid."""

    x: int
    y: int
    key: str
    title: str
    detail: str = ""
    mark: str = ""
    """One character before the detail, readable without colour (e.g. ``◇`` for outer); "" for none, and
    the detail has the tile's whole width."""
    edges: tuple[str, str, str, str] = ("", "", "", "")
    """North, east, south, west: `JOINED`, `OPEN` or ""."""
    kind: str = "card"
    """"card", "torso" (drawn stronger) or "empty" (a free place, drawn dashed)."""
    outer: bool = False
    target: bool = False
    selected: bool = False
    muted: bool = False


class CardGrid(ScrollView, can_focus=True):
    """A grid of card tiles with a cursor; Enter posts `Chosen`, moving posts `Highlighted`."""

    BINDINGS = [
        Binding("left,h,a", "move(-1,0)", "Left", show=False, id="card-grid.left"),
        Binding("right,l,d", "move(1,0)", "Right", show=False, id="card-grid.right"),
        Binding("up,k,w", "move(0,-1)", "Up", show=False, id="card-grid.up"),
        Binding("down,j,s", "move(0,1)", "Down", show=False, id="card-grid.down"),
        Binding("enter", "choose", "Choose", show=False, id="card-grid.choose", tooltip="Act on this card"),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card-grid--tile",
        "card-grid--torso",
        "card-grid--outer",
        "card-grid--empty",
        "card-grid--muted",
        "card-grid--target",
        "card-grid--selected",
        "card-grid--cursor",
        "card-grid--link",
        "card-grid--stub",
        "card-grid--note",
    }
    """Tile looks by state, the seams between joined cards, open stitchings, and the empty-grid note."""

    DEFAULT_CSS = """
    CardGrid {
        height: 1fr;
        scrollbar-size: 1 1;
        & > .card-grid--tile { background: $panel; color: $text; }
        & > .card-grid--torso { background: $panel-lighten-2; text-style: bold; }
        & > .card-grid--outer { background: $panel; color: $text-warning; }
        & > .card-grid--empty { color: $text-muted; }
        & > .card-grid--muted { background: $panel; color: $text-muted; }
        & > .card-grid--target { background: $error 40%; color: $text; }
        & > .card-grid--selected { background: $accent 40%; color: $text; }
        & > .card-grid--cursor { background: $accent; color: $text; text-style: bold; }
        & > .card-grid--link { color: $foreground; text-style: bold; }
        & > .card-grid--stub { color: $text-warning; }
        & > .card-grid--note { color: $text-muted; text-style: italic; }
        &:blur > .card-grid--cursor { background: $foreground 30%; text-style: none; }
    }
    """

    cells: reactive[tuple[GridCell, ...]] = reactive((), always_update=True, layout=False, repaint=False)
    """The cards and free places on the grid. Setting it repaints only the rows whose cards look
    different, or the whole grid when cards were added, moved or removed."""
    cursor: reactive[tuple[int, int] | None] = reactive(None, repaint=False)
    """The grid position under the cursor (None when the grid is empty). Moving it repaints the rows of the
    two tiles (`watch_cursor`), not the grid."""
    note: reactive[str] = reactive("")
    """Shown when there are no cells."""

    class Highlighted(Message):
        """The cursor moved onto a cell."""

        def __init__(self, grid: CardGrid, key: str | None) -> None:
            super().__init__()
            self.grid = grid
            self.key = key

        @property
        def control(self) -> CardGrid:
            return self.grid

    class Chosen(Message):
        """Enter was pressed on a cell."""

        def __init__(self, grid: CardGrid, key: str) -> None:
            super().__init__()
            self.grid = grid
            self.key = key

        @property
        def control(self) -> CardGrid:
            return self.grid

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._by_pos: dict[tuple[int, int], GridCell] = {}
        self._origin = (0, 0)
        self._cache: dict[int, Strip] = {}
        self._base = Style()
        """The widget's own style as the cached lines were drawn with it."""
        self._styles: dict[str, Style] = {}
        """Each component style by short name ("cursor"), as the cached lines were drawn with them."""
        self._styles_stale = True
        """Set when Textual re-applies CSS (a focus change, a theme): checked at the next render."""
        self._drawn: tuple[object, ...] | None = None
        """What `_styles` and `_base` were worked out from (`drawn_with`)."""

    # -- data ------------------------------------------------------------------------------------------

    def watch_cells(self, old: tuple[GridCell, ...], cells: tuple[GridCell, ...]) -> None:
        if old is not cells and self._by_pos and [(c.x, c.y) for c in old] == [(c.x, c.y) for c in cells]:
            rows = {c.y for c in set(old) ^ set(cells)}  # the same places: repaint the rows that changed
            self._by_pos = {(c.x, c.y): c for c in cells}
            self._repaint_rows(rows)
            return
        self._by_pos = {(c.x, c.y): c for c in cells}
        if cells:
            xs = [c.x for c in cells]
            ys = [c.y for c in cells]
            self._origin = (min(xs), min(ys))
            cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
            self.virtual_size = Size(cols * PITCH_X - 1, rows * PITCH_Y - 1)
        else:
            self._origin = (0, 0)
            self.virtual_size = Size(len(self.note), 1)
        self.cursor = self.validate_cursor(self.cursor)
        self._cache.clear()
        self.refresh()

    def validate_cursor(self, cursor: tuple[int, int] | None) -> tuple[int, int] | None:
        if not self._by_pos:
            return None
        if cursor in self._by_pos:
            return cursor
        cx, cy = cursor if cursor is not None else (0, 0)
        best = min(self._by_pos, key=lambda p: (abs(p[0] - cx) + abs(p[1] - cy), p[1], p[0]))
        return best

    def _repaint_rows(self, rows: set[int]) -> None:
        """Forget the cached lines of the grid rows `rows` and repaint only them."""
        self._forget_rows(rows)
        oy = self._origin[1]
        scroll_y = self.scroll_offset.y
        for row in rows:
            top = (row - oy) * PITCH_Y
            self.refresh(Region(0, top - 1 - scroll_y, self.size.width, PITCH_Y + 1))

    def _forget_rows(self, rows: set[int]) -> None:
        """Forget the cached lines of the grid rows `rows`: the tiles and the seams above and below."""
        oy = self._origin[1]
        for row in rows:
            top = (row - oy) * PITCH_Y
            for line in range(top - 1, top + PITCH_Y):
                self._cache.pop(line, None)

    def watch_cursor(self, old: tuple[int, int] | None, new: tuple[int, int] | None) -> None:
        oy = self._origin[1]
        scroll_y = self.scroll_offset.y
        for pos in (old, new):
            if pos is None:
                continue
            top = (pos[1] - oy) * PITCH_Y
            for line in range(top, top + TILE_H):
                self._cache.pop(line, None)
            self.refresh(Region(0, top - scroll_y, self.size.width, TILE_H))
        self.call_after_refresh(self._scroll_to_cursor)
        self.post_message(self.Highlighted(self, self.current))

    def watch_note(self) -> None:
        self._cache.clear()
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self._cache.clear()

    @property
    def current(self) -> str | None:
        """The key of the cell under the cursor."""
        cell = self._by_pos.get(self.cursor) if self.cursor is not None else None
        return cell.key if cell else None

    def select(self, key: str) -> bool:
        """Put the cursor on the cell called `key`; False when there is none."""
        for cell in self.cells:
            if cell.key == key:
                self.cursor = (cell.x, cell.y)
                return True
        return False

    def _scroll_to_cursor(self) -> None:
        if self.cursor is None:
            return
        ox, oy = self._origin
        x = (self.cursor[0] - ox) * PITCH_X
        y = (self.cursor[1] - oy) * PITCH_Y
        self.scroll_to_region(Region(x, y, TILE_W, TILE_H), animate=False, immediate=True)

    # -- drawing ---------------------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles_stale = True

    def _check_styles(self) -> None:
        """Forget the cached lines if the styles they were drawn with changed: only the cursor's rows when
        only the cursor looks different (it does with and without focus), every line for anything else (a
        theme changes every colour)."""
        self._styles_stale = False
        drawn = drawn_with(self, sorted(self.COMPONENT_CLASSES))
        if drawn == self._drawn:
            return  # restyled to the same styles (a focus change): nothing to work out again
        self._drawn = drawn
        names = [name.split("--")[1] for name in sorted(self.COMPONENT_CLASSES)]
        styles = dict(
            zip(names, (self.get_component_rich_style(f"card-grid--{n}") for n in names), strict=True)
        )
        base = self.rich_style
        changed = {name for name in names if styles[name] != self._styles.get(name)}
        if base == self._base and changed <= {"cursor"} and self._styles:
            if changed and self.cursor is not None:
                self._forget_rows({self.cursor[1]})
        else:
            self._cache.clear()
        self._base, self._styles = base, styles

    def _repaint_cursor(self) -> None:
        if self.cursor is not None:
            self._repaint_rows({self.cursor[1]})

    def on_blur(self) -> None:
        self._repaint_cursor()

    def render_line(self, y: int) -> Strip:
        if self._styles_stale:
            self._check_styles()
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        strip = self._cache.get(line)
        if strip is None:
            strip = self._line(line)
            self._cache[line] = strip
        return strip.crop(scroll_x, scroll_x + self.size.width)

    def _style(self, name: str) -> Style:
        if self._styles_stale or not self._styles:
            self._check_styles()
        return self._styles[name]

    def _line(self, line: int) -> Strip:
        base = self._base
        if not self._by_pos:
            if line == 0 and self.note:
                return Strip([Segment(self.note, base + self._style("note"))])
            return Strip.blank(0, base)
        ox, oy = self._origin
        row, sub = divmod(line, PITCH_Y)
        gy = oy + row
        cols = self.virtual_size.width // PITCH_X + 1
        segments: list[Segment] = []
        for col in range(cols):
            gx = ox + col
            cell = self._by_pos.get((gx, gy))
            if sub < TILE_H:
                segments.append(self._tile_part(cell, sub, base))
                if col < cols - 1:
                    segments.append(self._seam_x(cell, self._by_pos.get((gx + 1, gy)), sub, base))
            else:
                segments.append(self._seam_y(cell, self._by_pos.get((gx, gy + 1)), base))
                if col < cols - 1:
                    segments.append(Segment(" ", base))
        return Strip(segments).simplify()

    def _tile_part(self, cell: GridCell | None, sub: int, base: Style) -> Segment:
        if cell is None:
            return Segment(" " * TILE_W, base)
        text = cell.title[:TILE_W] if sub == 0 else (cell.mark[:1] + cell.detail)[:TILE_W]
        style = base + self._style("tile")
        if cell.kind == "empty":
            style = base + self._style("empty")
            text = text.ljust(TILE_W).replace(" ", "┄") if sub == 1 else text
        if cell.outer:
            style += self._style("outer")
        if cell.muted:
            style += self._style("muted")
        if cell.kind == "torso":
            style += self._style("torso")
        if cell.selected:
            style += self._style("selected")
        if cell.target:
            style += self._style("target")
        if self.cursor == (cell.x, cell.y):
            style += self._style("cursor")
        return Segment(text.ljust(TILE_W), style)

    def _seam_x(self, left: GridCell | None, right: GridCell | None, sub: int, base: Style) -> Segment:
        a = left.edges[1] if left else ""
        b = right.edges[3] if right else ""
        if JOINED in (a, b):
            return Segment("═", base + self._style("link"))
        if sub == 0 and (a == OPEN or b == OPEN):
            return Segment("·", base + self._style("stub"))
        return Segment(" ", base)

    def _seam_y(self, top: GridCell | None, bottom: GridCell | None, base: Style) -> Segment:
        a = top.edges[2] if top else ""
        b = bottom.edges[0] if bottom else ""
        mid = TILE_W // 2 - 1
        if JOINED in (a, b):
            return Segment(" " * mid + "║" + " " * (TILE_W - mid - 1), base + self._style("link"))
        if a == OPEN or b == OPEN:
            return Segment(" " * mid + "·" + " " * (TILE_W - mid - 1), base + self._style("stub"))
        return Segment(" " * TILE_W, base)

    # -- keys ------------------------------------------------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        if self.cursor is None:
            return
        cx, cy = self.cursor
        best: tuple[int, int] | None = None
        best_score = 0
        for x, y in self._by_pos:
            along, across = (x - cx) * dx + (y - cy) * dy, abs(y - cy) if dx else abs(x - cx)
            if along <= 0:
                continue
            score = along + 2 * across
            if best is None or score < best_score:
                best, best_score = (x, y), score
        if best is not None:
            self.cursor = best

    def action_choose(self) -> None:
        if (key := self.current) is not None:
            self.post_message(self.Chosen(self, key))

    def on_focus(self, event: events.Focus) -> None:
        self._repaint_cursor()
        self.post_message(self.Highlighted(self, self.current))

    def on_click(self, event: events.Click) -> None:
        """A click moves the cursor to the card; a click on the card under the cursor chooses it."""
        x = event.x + self.scroll_offset.x
        y = event.y + self.scroll_offset.y
        col, dx = divmod(x, PITCH_X)
        row, dy = divmod(y, PITCH_Y)
        pos = (self._origin[0] + col, self._origin[1] + row)
        if dx >= TILE_W or dy >= TILE_H or pos not in self._by_pos:
            return
        self.focus()
        if self.cursor == pos:
            self.action_choose()
        else:
            self.cursor = pos
