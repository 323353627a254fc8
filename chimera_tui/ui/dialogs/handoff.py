"""The hand-off screen: hides everything between two people sharing one terminal."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from chimera_tui.ui.widgets.footer import KeysFooter


class HandOffScreen(ModalScreen[None]):
    """Covers the table until the named player is at the keyboard.

    Nothing but Enter (and quitting) leads anywhere from here: the command palette offers no navigation
    over it (see `ChimeraCommands`), so the next seat's view cannot be reached around it."""

    BINDINGS = [Binding("enter,space", "ready", "I'm ready", id="handoff.ready", tooltip="Show my view")]

    def __init__(self, player: str, note: str = "") -> None:
        super().__init__()
        self.player = player
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            # The name is the player's own text: plain, never markup.
            title = Content.assemble("Pass the keyboard to ", (self.player, "bold"))
            yield Static(title, id="handoff-title")
            yield Static(Content(self.note or "Everyone else: look away."), id="handoff-note")
            yield Static("Press Enter when you are ready.", id="handoff-hint")
        yield KeysFooter()

    def action_ready(self) -> None:
        self.dismiss(None)
