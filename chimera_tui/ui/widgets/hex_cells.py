"""What a `HexGrid` draws and where: each hex's `CellView` (a few lines of styled spans) and the pointy-top
"brick" layout, in which each row is offset by half a cell (measured in half-cells), so each cell touches the six
cells around it::

       Refinery   Claw Shop
    Hydroponics  [Hub A    ]  Hub B
       Boiler     Constructor

Here: the board's size, its rows, where the cursor goes up or down, and the segments of one line of a
cell. No widget here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size

from chimera_tui.engine.hexgrid import Hex

Span = tuple[str, str]
"""Text and the name of its style class ("" for the cell's own style)."""


Line = tuple[Span, ...]


@dataclass(frozen=True)
class CellView:
    """What one hex shows: a few lines of styled spans, and classes for the whole cell."""

    lines: tuple[Line, ...] = ()
    """Lines top to bottom; each a tuple of (text, class) spans. Extra lines and overlong text are cut."""
    classes: frozenset[str] = field(default_factory=frozenset)
    """Cell classes: "legal" (highlighted), "dim" (not usable now), "empty", "occupied", "muted"..."""

    @classmethod
    def of(cls, *lines: str | Line, classes: tuple[str, ...] | frozenset[str] = ()) -> CellView:
        """A cell from plain strings (one span each) or span tuples."""
        out = tuple(((line, ""),) if isinstance(line, str) else line for line in lines)
        return cls(out, frozenset(classes))


def half(h: Hex) -> int:
    """The cell's horizontal position in half-cells (pointy-top: x = q + r/2)."""
    return 2 * h.q + h.r


def measure(cells: Iterable[Hex], cell_width: int, cell_height: int, row_gap: int) -> tuple[int, int, Size]:
    """(leftmost half-cell, topmost row, content size) of a board of `cells` at these cell sizes."""
    hexes = list(cells)
    if not hexes:
        return 0, 0, Size(0, 0)
    stride = cell_width + 1
    x0 = min(half(h) for h in hexes)
    r0 = min(h.r for h in hexes)
    x1 = max(half(h) for h in hexes)
    r1 = max(h.r for h in hexes)
    width = (x1 - x0) * stride // 2 + stride + 1
    height = (r1 - r0 + 1) * (cell_height + row_gap) - row_gap
    return x0, r0, Size(width, height)


def rows_of(cells: Iterable[Hex]) -> dict[int, list[Hex]]:
    """The board's hexes by row, each row left to right."""
    rows: dict[int, list[Hex]] = {}
    for h in sorted(cells, key=lambda h: (h.r, h.q)):
        rows.setdefault(h.r, []).append(h)
    return rows


def nearest_in_next_row(rows: dict[int, list[Hex]], here: Hex, dr: int, goal: int) -> Hex | None:
    """Up (`dr` -1) or down (1) from `here`: the hex nearest half-cell `goal` in the next row that has any
    (rows with no hexes are skipped), or None past the board's edge."""
    r = here.r + dr
    while r in rows or (min(rows) <= r <= max(rows)):
        found = rows.get(r)
        if found:
            return min(found, key=lambda h: (abs(half(h) - goal), half(h)))
        r += dr
    return None


def cell_segments(
    cell: CellView, sub: int, width: int, style: Style, style_of: Callable[[str], Style], cursor: bool = False
) -> list[Segment]:
    """Line `sub` of `cell`, `width` columns in `style`: each span in its class's style (`style_of`, the grid's
    component styles) over the cell's, cut at the width and padded to it."""
    spans = cell.lines[sub] if sub < len(cell.lines) else ()
    out: list[Segment] = []
    used = 0
    for text, cls in spans:
        if used >= width:
            break
        text = text[: width - used]
        plain = not cls or (cursor and cls in ("muted", "dim"))  # keep the cursor's contrast
        out.append(Segment(text, style if plain else style + style_of(cls)))
        used += len(text)
    if used < width:
        out.append(Segment(" " * (width - used), style))
    return out
