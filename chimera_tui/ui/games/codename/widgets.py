"""Codename: Chimera's own composites: the menu of legal actions and the page tabs."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chimera_tui.ui.dialogs.reopening import shows_already


class ActionMenu(ModalScreen[int | None]):
    """A modal list of choices (legal actions in words); dismisses with the chosen index or None.

    The game screen keeps one and shows it again with new choices (`reopen`, `GameScreen.push_kept`).
    """

    BINDINGS = [
        Binding("escape,q", "cancel", "Cancel", id="codename.menu.cancel", tooltip="Close without choosing"),
    ]

    DEFAULT_CSS = """
    ActionMenu {
        align: center middle;
        background: $background 60%;
    }
    #action-menu-box {
        width: 70;
        max-width: 96%;
        height: auto;
        max-height: 90%;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    #action-menu-note {
        color: $text-muted;
        height: auto;
    }
    #action-menu-options {
        width: 100%;
        height: auto;
        max-height: 18;
        border: none;
        padding: 0;
    }
    """

    def __init__(self, title: str, labels: Sequence[str], note: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.labels = tuple(labels)
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="action-menu-box") as box:
            box.border_title = self.title_text
            box.border_subtitle = "Enter: choose · Esc: cancel"
            note = Static(Content(self.note), id="action-menu-note")
            note.display = bool(self.note)
            yield note
            yield OptionList(*self._options(), id="action-menu-options")

    def _options(self) -> list[Option]:
        return [Option(Content(label), id=str(i)) for i, label in enumerate(self.labels)]

    def on_mount(self) -> None:
        self._start()

    def _start(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def reopen(self, title: str, labels: Sequence[str], note: str = "") -> None:
        """Show new choices, as a new menu would (call it before pushing the menu again)."""
        if shows_already(self, (title, tuple(labels), note)):
            return
        self.title_text = title
        self.labels = tuple(labels)
        self.note = note
        if not self.is_mounted:
            return
        self.query_one("#action-menu-box").border_title = title
        note_line = self.query_one("#action-menu-note", Static)
        note_line.update(Content(note))
        note_line.display = bool(note)
        self.query_one(OptionList).set_options(self._options())
        self._start()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PageTabs(Static):
    """One line naming the pages of the narrow layout, the current one highlighted."""

    DEFAULT_CSS = """
    PageTabs {
        height: 1;
        color: $text-muted;
    }
    """

    pages: reactive[tuple[tuple[str, str], ...]] = reactive(())
    """(page id, label) in Tab order."""
    current: reactive[str] = reactive("")

    def render(self) -> Content:
        parts = []
        for page, label in self.pages:
            if page == self.current:
                parts.append(Content.from_markup("[reverse b] $label [/]", label=label))
            else:
                parts.append(Content(f" {label} "))
        return Content("│").join(parts) + Content.from_markup("  [i]Tab: next[/i]")
