"""A paste reaches this app's widgets as plain text.

Textual hands a bracketed paste to the focused widget as the terminal sent it, escape sequences and control
characters included (all of it, with the ``paste-escapes`` fix in `textual_fixes`), and its `Input` draws what
it holds as it is: an escape sequence pasted into a name or a chat line would be written back to the player's
own terminal. `PlainPastes` cleans every paste before any widget sees it: each line as `plain_text` makes it
(escape sequences and control characters out, runs of spaces one space), and lines with nothing left dropped;
the line breaks stay (an `Input` takes the first line, the chat's line takes them all: `table_chat`).
"""

from __future__ import annotations

from typing import Generic

from textual import events
from textual.app import App, ReturnType

from chimera_tui.engine.plain_text import plain_text

__all__ = ["PlainPastes", "plain_paste"]


def plain_paste(text: str) -> str:
    """`text` as plain lines: each line without escape sequences or control characters, empty ones dropped."""
    lines = (plain_text(line, limit=len(line)) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


class PlainPastes(App[ReturnType], Generic[ReturnType]):
    """An app whose widgets get every paste as `plain_paste` makes it."""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Paste) and not event.is_forwarded:
            event.text = plain_paste(event.text)
        await super().on_event(event)
