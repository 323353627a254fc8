"""A track of spaces joined by lines, with forks and merges: a board widget over plain view data.

The game places each space on a grid (row, column) and names the links between spaces; the widget draws
every space as a small cell (a few lines of styled spans: its reward, the tokens on it), draws the links
with box-drawing lines between the cells (a fork is one line splitting in two, a merge two lines joining;
a straight line ends in an arrowhead pointing the way the track runs),
and keeps a cursor on the spaces (`PlaceCanvas`: arrows move, Enter selects, only touched cells repaint)::

    S ─ · ─1W ─ · ─2C ─ · ─1Cu─1W ─1VP─1Cr
                            └──· ─1Cu─ · ─┘

A link's `route` says how it runs between cells on different rows and columns: ``"vh"`` leaves the source
downward (or upward) then turns toward the target, ``"hv"`` leaves sideways then turns down (or up) into it.
The widget knows nothing about any game: `cell_width` and `cell_height` choose a compact or a full form.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from textual.reactive import reactive

from chimera_tui.ui.widgets.place_canvas import PlaceCanvas
from chimera_tui.ui.widgets.sketch import Canvas, Line, Spot

N, E, S, W = 1, 2, 4, 8
GLYPHS = {
    N: "│", S: "│", N | S: "│", E: "─", W: "─", E | W: "─", E | S: "┌", S | W: "┐", N | E: "└", N | W: "┘",
    N | E | S: "├", N | S | W: "┤", E | S | W: "┬", N | E | W: "┴", N | E | S | W: "┼",
}  # fmt: skip
"""Box-drawing glyph for the directions a line leaves a character cell by."""
TOWARD = {(1, 0): E, (-1, 0): W, (0, 1): S, (0, -1): N}
ARROWS = {E: "›", W: "‹", S: "⌄", N: "⌃"}
"""Drawn on the last character of a straight link, pointing the way a token goes."""


@dataclass(frozen=True)
class TrackSpace:
    """One space: where it sits on the grid, what it shows, and its state classes."""

    key: str
    row: int
    col: int
    lines: tuple[Line, ...] = ()
    """Top to bottom, each centred in the cell (cut to its width); lines past the cell's height are dropped."""
    classes: frozenset[str] = field(default_factory=frozenset)
    """"legal" or "dim" (see `PlaceCanvas`)."""


@dataclass(frozen=True)
class TrackLink:
    """A line from one space to the next; `route` "vh" or "hv" for spaces on other rows and columns."""

    source: str
    target: str
    route: str = "vh"


def layout(
    spaces: Sequence[TrackSpace],
    links: Sequence[TrackLink],
    cell_width: int,
    cell_height: int,
    gap_x: int = 1,
    gap_y: int = 1,
) -> Canvas:
    """The canvas of a track: cells at their grid places, links drawn between them (pure)."""
    if not spaces:
        return Canvas()
    step_x, step_y = cell_width + gap_x, cell_height + gap_y
    cols = max(s.col for s in spaces) + 1
    rows = max(s.row for s in spaces) + 1
    width, height = cols * step_x - gap_x, rows * step_y - gap_y
    chars = [[" "] * width for _ in range(height)]
    classes = [[""] * width for _ in range(height)]
    spots = []
    where = {}
    for sp in spaces:
        x, y = sp.col * step_x, sp.row * step_y
        where[sp.key] = (x, y)
        spots.append(Spot(sp.key, x, y, cell_width, cell_height, sp.classes))
        for dy in range(cell_height):
            line = sp.lines[dy] if dy < len(sp.lines) else ()
            cx = max(0, (cell_width - sum(len(text) for text, _ in line)) // 2)  # centred in the cell
            for text, cls in line:
                for ch in text:
                    if cx >= cell_width:
                        break
                    chars[y + dy][x + cx], classes[y + dy][x + cx] = ch, cls
                    cx += 1
    bits: dict[tuple[int, int], int] = {}
    heads: dict[tuple[int, int], int] = {}
    for link in links:
        if link.source in where and link.target in where:
            path, first, last = _route(
                where[link.source], where[link.target], link.route, cell_width, cell_height
            )
            _draw(bits, path, first, last)
            if path:
                heads[path[-1]] = last
    for (x, y), mask in bits.items():
        if 0 <= x < width and 0 <= y < height and chars[y][x] == " ":
            glyph = GLYPHS.get(mask, "·")
            head = heads.get((x, y))
            if head is not None and mask in (E | W, N | S):
                glyph = ARROWS[head]
            chars[y][x], classes[y][x] = glyph, "line"
    lines: list[Line] = []
    for y in range(height):
        spans: list[tuple[str, str]] = []
        for ch, cls in zip(chars[y], classes[y], strict=True):
            if spans and spans[-1][1] == cls:
                spans[-1] = (spans[-1][0] + ch, cls)
            else:
                spans.append((ch, cls))
        lines.append(tuple(spans))
    return Canvas(tuple(lines), tuple(spots))


def _route(
    src: tuple[int, int], dst: tuple[int, int], route: str, cw: int, ch: int
) -> tuple[list[tuple[int, int]], int, int]:
    """The character cells a link runs through, the direction its first cell leaves toward the source and
    the direction its last cell leaves toward the target."""
    (sx, sy), (tx, ty) = src, dst
    scx, tcx = sx + cw // 2, tx + cw // 2
    path: list[tuple[int, int]] = []
    if sy == ty:  # along a row, between the facing sides
        right = tx > sx
        xs = range(sx + cw, tx) if right else range(sx - 1, tx + cw - 1, -1)
        path = [(x, sy) for x in xs]
        return path, (W if right else E), (E if right else W)
    down = ty > sy
    if sx == tx:  # along a column
        ys = range(sy + ch, ty) if down else range(sy - 1, ty + ch - 1, -1)
        return [(scx, y) for y in ys], (N if down else S), (S if down else N)
    right = tx > sx
    if route == "hv":  # sideways out of the source, then down (or up) into the target
        xs = range(sx + cw, tcx + 1) if right else range(sx - 1, tcx - 1, -1)
        path = [(x, sy) for x in xs]
        ys = range(sy + 1, ty) if down else range(sy - 1, ty + ch - 1, -1)
        path += [(tcx, y) for y in ys]
        return path, (W if right else E), (S if down else N)
    ys = range(sy + ch, ty + 1) if down else range(sy - 1, ty - 1, -1)  # down (or up), then sideways in
    path = [(scx, y) for y in ys]
    xs = range(scx + 1, tx) if right else range(scx - 1, tx + cw - 1, -1)
    path += [(x, ty) for x in xs]
    return path, (N if down else S), (E if right else W)


def _draw(bits: dict[tuple[int, int], int], path: list[tuple[int, int]], first: int, last: int) -> None:
    if not path:
        return
    bits[path[0]] = bits.get(path[0], 0) | first
    bits[path[-1]] = bits.get(path[-1], 0) | last
    for (x0, y0), (x1, y1) in pairwise(path):
        bits[(x0, y0)] = bits.get((x0, y0), 0) | TOWARD[(x1 - x0, y1 - y0)]
        bits[(x1, y1)] = bits.get((x1, y1), 0) | TOWARD[(x0 - x1, y0 - y1)]


class DreamTrack(PlaceCanvas):
    """A track of spaces with forks, drawn as a path (see the module docstring)."""

    DEFAULT_CSS = """
    DreamTrack {
        height: auto;
    }
    """

    spaces: reactive[tuple[TrackSpace, ...]] = reactive((), always_update=True, repaint=False)
    """Every space, with its grid place and what it shows."""
    links: reactive[tuple[TrackLink, ...]] = reactive((), repaint=False)
    """The lines between spaces."""
    cell_width: reactive[int] = reactive(4, repaint=False)
    """Characters per cell."""
    cell_height: reactive[int] = reactive(2, repaint=False)
    """Lines per cell (1 is the compact form)."""
    gap_x: reactive[int] = reactive(1, repaint=False)
    """Characters between cells in a row (where the links run)."""

    def watch_spaces(self) -> None:
        self._lay_out()

    def watch_links(self) -> None:
        self._lay_out()

    def watch_cell_width(self) -> None:
        self._lay_out()

    def watch_cell_height(self) -> None:
        self._lay_out()

    def watch_gap_x(self) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        self.canvas = layout(self.spaces, self.links, self.cell_width, self.cell_height, self.gap_x, 1)
