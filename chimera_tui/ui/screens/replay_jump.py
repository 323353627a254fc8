"""The jump dialog of a replay: type a step number, Enter goes there."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.text_box import TextBox


def parse_step(text: str, total: int) -> int | str:
    """The step `text` names (a number from 0 to `total`, or "end"), or a sentence saying why it names
    none."""
    text = text.strip().lower()
    if text in ("end", "last"):
        return total
    if text in ("start", "first"):
        return 0
    try:
        step = int(text)
    except ValueError:
        return f"Type a step number from 0 to {total}."
    if not 0 <= step <= total:
        return f"There is no step {step}: the game has steps 0 to {total}."
    return step


class JumpDialog(ModalScreen[int | None]):
    """Asks for a step of the replay; dismisses with it, or None (Escape)."""

    DEFAULT_CSS = """
    JumpDialog {
        align: center middle;
        background: $background 80%;
    }
    #jump-box {
        width: 50;
        max-width: 95%;
        height: auto;
        border: thick $primary;
        background: $surface;
        padding: 1 2;
    }
    #jump-box Input {
        margin-top: 1;
    }
    #jump-problem {
        color: $warning;
        height: auto;
    }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="replay.jump.cancel", tooltip="Stay where you are")]

    def __init__(self, step: int, total: int) -> None:
        super().__init__()
        self.step = step
        self.total = total

    def compose(self) -> ComposeResult:
        with Vertical(id="jump-box"):
            yield Static(
                f"Go to which step? 0 is the setup, {self.total} the last action; Enter goes there.",
                id="jump-question",
            )
            yield TextBox(
                str(self.step), id="jump-input", restrict=r"[0-9a-zA-Z]*", max_length=8, compact=True
            )
            yield Static("", id="jump-problem")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted, "#jump-input")
    def _submitted(self, event: Input.Submitted) -> None:
        step = parse_step(event.value, self.total)
        if isinstance(step, str):
            self.query_one("#jump-problem", Static).update(step)
            return
        self.dismiss(step)

    def action_cancel(self) -> None:
        self.dismiss(None)
