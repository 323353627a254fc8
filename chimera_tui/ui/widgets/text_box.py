"""A text box whose cursor stays shown instead of blinking.

Textual's `Input` blinks its cursor: twice a second, for as long as a text box has the keyboard, the app
draws it again and writes it to the terminal. At one terminal that is nothing; on a served host it is work
and bytes for every idle player with a text box open (the rules' search box, the chat line), and each blink
is a change that keeps a screen shown again from reusing its last picture. A steady cursor, as most
terminal programs show, is as easy to find.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

__all__ = ["TextBox"]


class TextBox(Input):
    """An `Input` whose cursor does not blink (everything else as Textual's)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor_blink = False
