"""Player colours for Content markup: theme variables, so every theme (light, high-contrast) works.

They match the `.seat-N` classes in styles/app.tcss. Colour is never the only cue: names and marks carry
the same information.
"""

from __future__ import annotations

from textual.markup import escape

SEAT_VARIABLES = ("$error", "$primary", "$success", "$warning", "$accent", "$secondary")


def seat_markup(seat: int, text: str, *, bold: bool = False) -> str:
    """`text` (escaped) in `seat`'s colour, as Content markup."""
    style = SEAT_VARIABLES[seat % len(SEAT_VARIABLES)] + (" bold" if bold else "")
    return f"[{style}]{escape(text)}[/]"
