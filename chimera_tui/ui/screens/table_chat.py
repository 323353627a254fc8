"""The chat of a served table (`chimera serve`): what was said so far, and a line to say.

Ctrl+T opens it over any screen of the table, a game's own dialogs included: while it is open every key goes to
its line, never to the game below, and so does a paste (`ChatLine`: all its lines, as plain text, as much as
fits). Enter says the line and closes it, Esc closes it without saying anything. Lines are plain text (the host
cleans them; they are drawn without markup).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from chimera_tui.engine.plain_text import plain_text
from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.text_box import TextBox

HISTORY = 100
"""Chat lines a session keeps to show again."""


class ChatLine(TextBox):
    """The line to say. A paste goes into it whole, its lines joined by spaces, as plain text, cut to the room
    left (Textual's `Input` takes only a paste's first line, and none of it when it is too long)."""

    def _on_paste(self, event: events.Paste) -> None:
        event.stop()
        event.prevent_default()  # not Input's own paste as well
        start, end = sorted(self.selection)
        room = len(event.text) if not self.max_length else self.max_length - len(self.value) + (end - start)
        text = plain_text(event.text, limit=len(event.text))[: max(0, room)]
        if text:
            self.replace(text, start, end)


class ChatDialog(ModalScreen[str | None]):
    """The lines said at the table, the newest last, above a line to say."""

    DEFAULT_CSS = """
    ChatDialog { align: center middle; }
    ChatDialog > Vertical {
        width: 72; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; background: $surface;
    }
    ChatDialog #chat-scroll { height: auto; max-height: 12; margin: 1 0; }
    ChatDialog #chat-lines { height: auto; }
    ChatDialog .-none { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "close", "Close", tooltip="Back to the table without saying anything")]

    def __init__(self, title: str, lines: Sequence[str], max_length: int) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, markup=False)
            with VerticalScroll(id="chat-scroll", can_focus=False):
                yield Static(id="chat-lines", markup=False)
            yield ChatLine(
                placeholder="Say something; Enter says it", max_length=self.max_length, id="chat-say"
            )
        yield KeysFooter()

    def on_mount(self) -> None:
        self._show()
        self.query_one(Input).focus()

    def add_lines(self, lines: Sequence[str]) -> None:
        """Show lines said while the dialog is open."""
        self.lines.extend(lines)
        del self.lines[:-HISTORY]
        if self.is_mounted:
            self._show()

    def _show(self) -> None:
        shown = self.query_one("#chat-lines", Static)
        shown.set_class(not self.lines, "-none")
        shown.update(Text("\n".join(self.lines)) if self.lines else Text("Nothing said yet."))
        self.query_one("#chat-scroll", VerticalScroll).scroll_end(animate=False, immediate=False)

    @on(Input.Submitted)
    def _said(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_close(self) -> None:
        self.dismiss(None)
