"""The "answer ahead" dialog: the standing answers a person may give now, and the ones they gave."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chimera_tui.table.standing import Standing

NOTE = (
    "Played for you when you are asked; nobody else sees them. Enter ticks or clears an answer; g, or Enter "
    "on the list's last line, gives the ticked ones."
)


class AnswerAheadDialog(ModalScreen[tuple[Standing, ...] | None]):
    """A checklist of `offers` (the ones in `given` ticked) and a last line that gives the ticked ones;
    dismisses with them, or None (Escape: nothing changes)."""

    BINDINGS = [
        Binding("escape", "cancel", "Close", id="ahead.cancel", tooltip="Close; change nothing"),
        Binding("g", "give", "Give", id="ahead.give", tooltip="Give the ticked answers"),
    ]

    DEFAULT_CSS = """
    AnswerAheadDialog { align: center middle; background: $background 60%; }
    #ahead-box {
        width: 78; max-width: 96%; height: auto; max-height: 94%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    #ahead-question { text-style: bold; height: auto; }
    #ahead-note { color: $text-muted; height: auto; }
    #ahead-options { width: 100%; height: auto; max-height: 16; border: none; padding: 0; }
    """

    def __init__(
        self, offers: Sequence[Standing], given: Sequence[Standing], question: str = "", finish: str = ""
    ) -> None:
        super().__init__()
        self.offers = tuple(dict.fromkeys((*offers, *given)))
        self.ticked: dict[str, Standing] = {g.kind: g for g in given}
        """The answers ticked now, by kind."""
        self.question = question
        self.finish = finish or "Give these answers"

    def compose(self) -> ComposeResult:
        with Vertical(id="ahead-box") as box:
            box.border_title = "Answer ahead"
            box.border_subtitle = "Enter: tick · g: give · Esc: close"
            question = Static(Content(self.question), id="ahead-question")
            question.display = bool(self.question)
            yield question
            yield Static(Content(NOTE), id="ahead-note")
            yield OptionList(*self._options(), id="ahead-options")

    def _options(self) -> list[Option]:
        rows = [
            Option(Content(("[x] " if self.ticked.get(o.kind) == o else "[ ] ") + o.words), id=str(i))
            for i, o in enumerate(self.offers)
        ]
        return [*rows, Option(Content("→ " + self.finish), id="give")]

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        key = event.option.id or ""
        if key == "give":
            self.dismiss(tuple(self.ticked.values()))
            return
        offer = self.offers[int(key)]
        if self.ticked.get(offer.kind) == offer:
            del self.ticked[offer.kind]
        else:
            self.ticked[offer.kind] = offer
        options = self.query_one(OptionList)
        at = options.highlighted
        options.clear_options()
        options.add_options(self._options())
        options.highlighted = at

    def action_give(self) -> None:
        """Give the ticked answers, wherever the cursor is (at 80×24 the last line may be out of sight)."""
        self.dismiss(tuple(self.ticked.values()))

    def action_cancel(self) -> None:
        self.dismiss(None)
