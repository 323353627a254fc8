"""What a terminal shows, cell by cell, and the cells of Textual's strips (for `frame_diff`).

A picture is a list of rows, each two lists as wide as the screen: the text of every cell and the SGR key of
its style. A double-width character's cell holds the character and the cell after it holds ``""`` (its
second half); a cell whose content is not known (never written, or written by something else) holds
``None``, which equals no text, so it always counts as changed. The SGR key is the string of SGR parameters
Textual writes for the style (``Strip.render_style``), with a hyperlink's opening sequence after a ``\\0``
when the style has one: two styles with the same key look the same on the terminal, whatever their meta.

A strip's cells are worked out once and kept while the strip is (Textual keeps a widget's strips until it
changes, and divides them into the same pieces each frame), so a frame costs list copies, not a loop over
characters.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rich.cells import get_character_cell_size
from rich.color import ColorSystem
from rich.style import Style
from textual.strip import Strip

__all__ = ["Cells", "Picture", "cells_of_strip", "cells_of_strips", "is_sure", "is_sure_text"]

Cells = tuple[list[str | None], list[str]]
"""One row's (or one strip's) cells: their texts and their SGR keys."""

_KEPT = 2048
"""How many strips' cells are kept (about eight frames of a 160×50 screen)."""

_strip_cells: dict[int, tuple[Strip, Cells]] = {}
_ROWS_KEPT = 512
"""How many full rows' cells are kept (ten frames of a 160×50 screen)."""
_row_cells: dict[tuple[int, ...], tuple[tuple[Strip, ...], Cells]] = {}
"""Cells of recently seen rows of full frames by the ids of their strips, each beside its strips."""
"""Cells of recently seen strips by id, each beside its strip (which keeps the id from being reused)."""


@lru_cache(maxsize=4096)
def _split(text: str) -> tuple[str, ...]:
    """The cells of `text` that is not plain ASCII: a double-width character takes two (the second ``""``); a
    character of no width joins the cell before it (or, at the start, the first cell)."""
    cells: list[str] = []
    last = -1  # the cell a character of no width joins
    leading = ""  # characters of no width before any cell: they join the first
    for char in text:
        size = get_character_cell_size(char)
        if size == 0:
            if last >= 0:
                cells[last] += char
            else:
                leading += char
            continue
        last = len(cells)
        cells.append(leading + char)
        leading = ""
        if size == 2:
            cells.append("")
    return tuple(cells)


@lru_cache(maxsize=1024)
def is_sure(cell: str) -> bool:
    """Whether every terminal moves one column right after writing `cell`, as Rich counts it.

    ASCII and the blocks Textual draws with (Latin, Greek, Cyrillic, punctuation, arrows, box drawing, blocks,
    geometric shapes) are; a character made of several code points, a double-width one, and symbols that may
    be drawn as emoji (U+2300–U+23FF, U+2600–U+27BF, U+2B00 on) are not: after one of those, the next cell is
    reached by an absolute cursor move, so a terminal that counts them otherwise goes wrong by at most one
    cell, and only there."""
    if len(cell) != 1:
        return False
    code = ord(cell)
    if code < 0x2300:
        return True
    return 0x2400 <= code < 0x2600 or 0x27C0 <= code < 0x2B00


@lru_cache(maxsize=4096)
def is_sure_text(text: str) -> bool:
    """Whether every character of `text` is one whose width is sure (`is_sure`), so that it is written in
    one go, one cell a character."""
    return all(is_sure(char) for char in text)


def style_key(style: Style | None, color_system: ColorSystem) -> str:
    """The SGR key of `style`: the parameters ``Strip.render_style`` writes for it, and its link after a
    ``\\0``."""
    if style is None:
        return ""
    ansi = style._ansi
    if ansi is None:
        ansi = Strip.render_ansi(style, color_system)
    if style._link:
        return f"{ansi}\0\x1b]8;id={style._link_id};{style._link}\x1b\\"
    return ansi


def cells_of_strip(strip: Strip, color_system: ColorSystem) -> Cells:
    """The cells `strip` covers, as a terminal shows them after Textual writes it (kept while it is kept)."""
    kept = _strip_cells.get(id(strip))
    if kept is not None and kept[0] is strip:
        return kept[1]
    texts: list[str | None] = []
    keys: list[str] = []
    for text, style, control in strip._segments:
        if control or not text:
            continue
        key = style_key(style, color_system)
        if text.isascii() and text.isprintable():
            texts += text
            keys += [key] * len(text)
        else:
            split = _split(text)
            texts += split
            keys += [key] * len(split)
    cells = (texts, keys)
    if len(_strip_cells) >= _KEPT:
        _strip_cells.clear()
    _strip_cells[id(strip)] = (strip, cells)
    return cells


def cells_of_strips(strips: Iterable[Strip], color_system: ColorSystem) -> Cells:
    """The cells of `strips` side by side (one row of a full frame): the very same lists for the same strips
    while they are kept, so that a frame drawn from the strips of an earlier one (a screen shown again) is
    known to be that frame, row by row. The lists are shared: never to be changed in place."""
    line = tuple(strips)
    key = tuple(map(id, line))
    kept = _row_cells.get(key)  # (the kept strips keep their ids from being reused)
    if kept is not None:
        return kept[1]
    texts: list[str | None] = []
    keys: list[str] = []
    for strip in line:
        strip_texts, strip_keys = cells_of_strip(strip, color_system)
        texts += strip_texts
        keys += strip_keys
    if len(_row_cells) >= _ROWS_KEPT:
        _row_cells.clear()
    _row_cells[key] = (line, (texts, keys))
    return texts, keys


def forget_strips() -> None:
    """Drop every kept strip's and row's cells (and so the strips)."""
    _strip_cells.clear()
    _row_cells.clear()


class Picture:
    """What the terminal shows: `height` rows of `width` cells, each row its texts and its SGR keys."""

    __slots__ = ("height", "keys", "texts", "width")

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.texts: list[list[str | None]] = [[None] * width for _ in range(height)]
        self.keys: list[list[str]] = [[""] * width for _ in range(height)]

    def forget(self) -> None:
        """Every cell unknown (the terminal may show anything). Rows are replaced, never changed in place
        (a row may be shared with `cells_of_strips`)."""
        self.texts = [[None] * self.width for _ in range(self.height)]
