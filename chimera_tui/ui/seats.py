"""Player colours for Content markup: theme variables, so every theme (light, high-contrast) works.

They match the `.seat-N` classes in styles/app.tcss. Colour is never the only cue: names and marks carry
the same information.
"""

from __future__ import annotations

import re

from textual.content import Content

SEAT_VARIABLES = ("$error", "$primary", "$success", "$warning", "$accent", "$secondary")


def escape_markup(text: str) -> str:
    """`text` made safe to put inside Textual Content markup, shown exactly as typed.

    Textual's parser drops one backslash before every "[" (so a run of n backslashes then "[" shows n - 1
    of them); adding one backslash before each "[" is therefore exact, where ``rich.markup.escape`` and
    ``textual.markup.escape`` double backslashes the parser then shows twice. A backslash at the very end of
    `text` would still escape a tag that follows it: for whole names prefer `seat_content` (no markup).
    """
    return text.replace("[", "\\[")


def seat_style(seat: int, *, bold: bool = False) -> str:
    """`seat`'s colour (a theme variable), as a Content style."""
    return SEAT_VARIABLES[seat % len(SEAT_VARIABLES)] + (" bold" if bold else "")


def seat_content(seat: int, text: str, *, bold: bool = False) -> Content:
    """`text` in `seat`'s colour, as Content: the text is never read as markup, so a player's name shows
    exactly as typed (prefer this to `seat_markup` for anything holding a name)."""
    return Content.styled(text, seat_style(seat, bold=bold))


def seat_markup(seat: int, text: str, *, bold: bool = False) -> str:
    """`text` (escaped) in `seat`'s colour, as Content markup.

    Textual's markup cannot carry every text faithfully (a backslash before a bracket, or at the very end,
    is read as an escape), so for names use `seat_content`.
    """
    return f"[{seat_style(seat, bold=bold)}]{escape_markup(text)}[/]"


def bare_name(name: str) -> str:
    """A player's name without its parenthetical, where room is short ("Bot 2 (greedy)" → "Bot 2")."""
    return re.sub(r"\s*\([^)]*\)$", "", name) or name
