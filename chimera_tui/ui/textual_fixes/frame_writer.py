"""The bytes that turn what a terminal shows into what it should show, changed cells only.

`FrameWriter` is given the rows of the two pictures (`frame_cells`) and writes the cells that differ, as runs
of cells of one style. It writes the runs style by style (those with the same background next to each other),
so a screen that changes colour everywhere, as one does when a dialog dims it, sets each style once and moves
the cursor between its runs, a few bytes where a change of style costs twenty. Where the terminal fills erased
cells with the background colour (``bce``), a changed stretch of a row is first erased in the style most of its
blanks have (``ECH``, never ``EL``: the terminal's line may be longer than the app thinks while a resize is on
its way), so those blanks cost nothing more, and other runs of blanks are erased rather than written. Each run is reached by the shortest cursor move and each style by the
shortest SGR change (`frame_codes`). A double-width character is always written whole, and one that is
overwritten is rewritten whole. After a character whose width a terminal may count otherwise than Rich
(`frame_cells.is_sure`), or after the last column, the cursor is taken as unknown and the next cell is reached
by an absolute move.
"""

from __future__ import annotations

import re
from itertools import groupby
from operator import ne

from chimera_tui.ui.textual_fixes.frame_cells import is_sure, is_sure_text
from chimera_tui.ui.textual_fixes.frame_codes import cursor_move, erasable, order, sgr_change

__all__ = ["FrameWriter"]

_FILL = 8
"""A changed stretch of a row is erased first in the style of its blanks when it has at least this many."""
_ERASED_RUN = 5
"""A run of blanks at least this long is erased rather than written (``ESC [ n X`` is 4–5 bytes)."""
_STEPPED_OVER = 10
"""Blanks inside a run that are erased and stepped over rather than written (erase and move: 8–10 bytes)."""
_WORDS = re.compile(r"\S+(?: {1,3}\S+)*")
"""What of a run is written after its stretch was erased in its style: the text between its blanks (up to
three blanks inside are written rather than stepped over)."""

Run = tuple[str, str, int, int, int, str, list[str | None]]
"""A run of cells in one style: (its background and SGR key, which order the runs; its row, first cell,
end; its text and the row's cells)."""
_CHANGED = re.compile(b"\x01+")
"""Runs of changed cells in a row's bytes of cell-by-cell comparisons."""


class FrameWriter:
    """The bytes of one frame: `row` is given each changed row, `finish` writes them. It knows where the
    cursor is and which SGR key the pen has."""

    __slots__ = ("erase", "fills", "parts", "pen", "runs", "width", "x", "y")

    def __init__(self, width: int, pen: str | None, erase: bool = False) -> None:
        self.width = width
        self.pen = pen
        self.erase = erase
        """Whether the terminal fills erased cells with the pen's background (``bce``), so blanks may be
        erased."""
        self.x = self.y = -1
        self.parts: list[str] = []
        self.fills: list[Run] = []
        """Stretches to erase first, each in the style of its blanks."""
        self.runs: list[Run] = []

    def row(
        self,
        y: int,
        old_texts: list[str | None],
        old_keys: list[str],
        texts: list[str | None],
        keys: list[str],
        start: int,
        end: int,
    ) -> None:
        """Take in the cells of row `y` that differ between (`old_texts`, `old_keys`), what the terminal
        shows, and (`texts`, `keys`), what it should, from `start` up to `end`."""
        old_row_keys, row_keys = old_keys[start:end], keys[start:end]
        if old_row_keys == row_keys:
            old_row_texts, row_texts = old_texts[start:end], texts[start:end]
            if old_row_texts == row_texts:
                return
            changed = bytes(map(ne, old_row_texts, row_texts))
        else:
            changed = bytes(map(ne, old_row_keys, row_keys))
            if 0 in changed:  # some cells keep their style: and their text?
                texts_changed = bytes(map(ne, old_texts[start:end], texts[start:end]))
                changed = (int.from_bytes(changed) | int.from_bytes(texts_changed)).to_bytes(end - start)
        width = self.width
        spans: list[list[int]] = []
        for found in _CHANGED.finditer(changed):
            first, last = start + found.start(), start + found.end()
            # A double-width character is written whole, and one that is overwritten is rewritten whole.
            while first > 0 and (texts[first] == "" or old_texts[first] == ""):
                first -= 1
            while last < width and (texts[last] == "" or old_texts[last] == ""):
                last += 1
            if spans and spans[-1][1] >= first:
                spans[-1][1] = max(spans[-1][1], last)
            else:
                spans.append([first, last])
        for first, last in spans:
            self._span(y, texts, keys, first, last)

    def _span(self, y: int, texts: list[str | None], keys: list[str], first: int, last: int) -> None:
        """Take in cells `first` to `last` of row `y`, all to be written."""
        pieces: list[tuple[str, int, int, str]] = []
        blanks: dict[str, int] = {}
        erase = self.erase
        x = first
        for key, same in groupby(keys[first:last]):
            end = x + len(list(same))
            cells = texts[x:end]
            text = "".join(cells) if None not in cells else "".join([cell or " " for cell in cells])  # type: ignore[arg-type]
            pieces.append((key, x, end, text))
            if erase and " " in text and erasable(key):
                blanks[key] = blanks.get(key, 0) + text.count(" ")
            x = end
        fill = max(blanks, key=blanks.__getitem__) if blanks else None
        if fill is not None and blanks[fill] >= _FILL:
            background, _ = order(fill)
            self.fills.append((background, fill, y, first, last, "", texts))
        else:
            fill = None
        runs = self.runs
        for key, start, end, text in pieces:
            background = order(key)[0]
            if key == fill and len(text) == end - start:  # one character a cell: only its words are written
                runs.extend(
                    (background, key, y, start + word.start(), start + word.end(), word.group(), texts)
                    for word in _WORDS.finditer(text)
                )
            else:
                runs.append((background, key, y, start, end, text, texts))

    def finish(self) -> str:
        """The frame's bytes, ending with the pen reset (so that whatever else writes starts plain)."""
        self.fills.sort()
        for _, key, y, start, end, _, _ in self.fills:
            self._go(key, y, start)
            self.parts.append(f"\x1b[{end - start}X")
        self.runs.sort()
        append = self.parts.append
        width, erase = self.width, self.erase
        blanks = " " * _ERASED_RUN
        pen, x, row = self.pen, self.x, self.y
        for _, key, y, start, end, text, cells in self.runs:
            if key != pen:
                append(sgr_change(pen, key))
                pen = key
            if x != start or row != y:
                append(cursor_move(x, row, start, y))
                x, row = start, y
            if text.isascii() and not (erase and blanks in text):
                append(text)
                x = end
            else:
                self.pen, self.x, self.y = pen, x, row
                if text.isascii():
                    self._run(key, start, end, text)
                elif len(text) == end - start and is_sure_text(text):  # narrow characters, one a cell
                    append(text)
                    self.x = end
                else:
                    self._unsure(y, start, cells[start:end])
                x, row = self.x, self.y
            if x >= width:
                x = -1  # past the last column: where the cursor is depends on the terminal
        self.pen, self.x, self.y = pen, x, row
        self.fills = []
        self.runs = []
        if self.pen != "":
            append(sgr_change(self.pen, ""))
            self.pen = ""
        return "".join(self.parts)

    def _go(self, key: str, y: int, x: int) -> None:
        """Set the pen to SGR key `key` and move the cursor to (`x`, `y`)."""
        if key != self.pen:
            self.parts.append(sgr_change(self.pen, key))
            self.pen = key
        if self.x != x or self.y != y:
            self.parts.append(cursor_move(self.x, self.y, x, y))
            self.x, self.y = x, y

    def _run(self, key: str, start: int, end: int, text: str) -> None:
        """Write `text` (ASCII), cells `start` to `end` in SGR key `key`, the cursor at its first cell."""
        if not self.erase or " " * _ERASED_RUN not in text or not erasable(key):
            self.parts.append(text)
            self.x = end
        elif text.isspace():
            self.parts.append(f"\x1b[{end - start}X")  # the cursor stays
        else:
            self._with_blanks_erased(text, start, end)

    def _with_blanks_erased(self, text: str, start: int, end: int) -> None:
        """Write `text` (ASCII, cells `start` to `end`), erasing its long stretches of blanks."""
        parts = self.parts
        blanks = " " * _STEPPED_OVER
        at = 0
        while (found := text.find(blanks, at)) >= 0:
            after = found + _STEPPED_OVER
            while after < len(text) and text[after] == " ":
                after += 1
            parts.append(text[at:found])
            parts.append(f"\x1b[{after - found}X\x1b[{after - found}C")
            at = after
        parts.append(text[at:])
        self.x = end

    def _unsure(self, y: int, start: int, cells: list[str | None]) -> None:
        """Write `cells` (from cell `start` of row `y`), which hold characters other than ASCII, one by one:
        after each one whose width is not sure, the next is reached by an absolute cursor move."""
        parts = self.parts
        for x, cell in enumerate(cells, start):
            if cell == "":
                continue  # the second half of the double-width character before it
            if self.x != x:
                parts.append(cursor_move(self.x, self.y, x, y))
                self.y = y
            parts.append(" " if cell is None else cell)
            self.x = x + 1 if cell is None or is_sure(cell) else -1
