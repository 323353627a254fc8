"""Leaving a game whose last moves are not saved: save them in another folder, leave anyway, or stay."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.text_box import TextBox

LeaveChoice = Literal["saved", "discard"] | None
"""What the player chose: saved elsewhere (then leave), leave without saving, or None (stay)."""

SaveInto = Callable[[Path], str | None]
"""Writes the game into a folder; returns None, or the one-sentence reason it could not."""


class UnsavedDialog(ModalScreen[LeaveChoice]):
    """Asked before leaving (Esc to the menu, Ctrl+Q, the palette's Quit or Main menu) while the game has
    moves that could not be written. Offers another folder, typed into an Input."""

    DEFAULT_CSS = """
    UnsavedDialog {
        align: center middle;
        background: $background 80%;
        #unsaved-box { width: 72; }
        #unsaved-label { margin-top: 1; }
        #unsaved-error { color: $error; height: auto; }
        .dialog-buttons { dock: none; margin: 1 0 0 0; height: auto; width: 100%; }
        .dialog-buttons Button { margin: 0 2 0 0; }
    }
    """

    BINDINGS = [
        Binding("escape", "stay", "Stay", id="unsaved.stay", tooltip="Back to the game"),
    ]

    def __init__(self, problem: str, suggestion: Path, save_into: SaveInto) -> None:
        super().__init__()
        self.problem = problem
        self.suggestion = suggestion
        self.save_into = save_into

    def compose(self) -> ComposeResult:
        with Vertical(id="unsaved-box", classes="dialog"):
            yield Static(
                Content(
                    "This game's latest moves are not saved, and leaving now loses them. "
                    f"The last attempt said: {self.problem}"
                ),
                id="unsaved-question",
            )
            yield Label("Save it in this folder instead:", id="unsaved-label")
            yield TextBox(str(self.suggestion), id="unsaved-folder", compact=True)
            yield Static("", id="unsaved-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save there, leave", id="unsaved-save", variant="primary", compact=True)
                yield Button("Leave unsaved", id="unsaved-discard", variant="error", compact=True)
                yield Button("Stay", id="unsaved-stay", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#unsaved-folder", Input).focus()

    @on(Input.Submitted, "#unsaved-folder")
    @on(Button.Pressed, "#unsaved-save")
    def action_save(self) -> None:
        text = self.query_one("#unsaved-folder", Input).value.strip()
        if not text:
            self._error("Type a folder to save the game in.")
            return
        problem = self.save_into(Path(text).expanduser())
        if problem is not None:
            self._error(problem)
            return
        self.dismiss("saved")

    def _error(self, text: str) -> None:
        self.query_one("#unsaved-error", Static).update(Content(text))

    @on(Button.Pressed, "#unsaved-discard")
    def action_discard(self) -> None:
        self.dismiss("discard")

    @on(Button.Pressed, "#unsaved-stay")
    def action_stay(self) -> None:
        self.dismiss(None)
