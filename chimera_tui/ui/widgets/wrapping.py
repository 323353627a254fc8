"""A game log's sentences wrapped to the log's width, each sentence once per width.

The game screens build their log's lines again after every move, and all but the newest sentences are the
ones they wrapped last time: wrapping them anew cost a Station client about 12 ms of CPU per move late in a
game (every earlier sentence, each time), the largest part of what a served table's client spends drawing a
move. `wrap_sentence` remembers the lines of the sentences it has wrapped.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache

from rich.cells import cell_len

__all__ = ["clamped", "same_height", "wrap_sentence"]


@lru_cache(maxsize=16384)
def wrap_sentence(
    text: str, width: int, indent: str = "", hang: int = 2, narrowest: int = 13
) -> tuple[str, ...]:
    """`text` in lines of at most `width` columns: the first after `indent`, the others after `hang` more
    spaces than it; one empty line for an empty text. Under `narrowest` columns (a log not laid out yet, or
    too narrow to read wrapped) it stays one line, after `indent`."""
    if width < narrowest:
        return (indent + text,)
    lines = textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=" " * (len(indent) + hang))
    return tuple(lines) or ("",)


def clamped(text: str, width: int, lines: int) -> str:
    """`text` wrapped to `width` columns in at most `lines` lines, the last ending in "…" where the rest was
    left out, instead of stopping mid-word at the edge of a box of that height."""
    wrapped = textwrap.wrap(text, width) or [""]
    if len(wrapped) <= lines:
        return "\n".join(wrapped)
    kept = wrapped[:lines]
    last = kept[-1]
    while len(last) > width - 1:  # room for the ellipsis: the last word goes, not half of it
        last = last.rsplit(" ", 1)[0] if " " in last.strip() else last[: width - 1]
    kept[-1] = last.rstrip(" ·,;:—.+") + "…"
    return "\n".join(kept)


def same_height(old: str | None, new: str, width: int) -> bool:
    """Whether plain text `new` takes as many lines as `old` did in a box `width` cells wide: both have the
    same number of lines, each fitting the width (nothing wraps), and both or neither are empty. Then a box
    of automatic height showing `new` instead of `old` keeps its size, and need not be laid out again."""
    if old is None or (old == "") != (new == "") or old.count("\n") != new.count("\n"):
        return False
    return all(cell_len(line) <= width for text in (old, new) for line in text.split("\n"))
