"""The app `chimera replay FILE` runs: the menu, with the replay on top (Escape leads to the menu)."""

from __future__ import annotations

from pathlib import Path

from chimera_tui.launch import LaunchPlan
from chimera_tui.table.replay import ReplayTable
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.screens.replay import replay_screen


class ReplayApp(ChimeraApp):
    """`ChimeraApp` opening on the replay of `table`."""

    def __init__(self, table: ReplayTable, *, theme: str | None = None, saves: Path | None = None) -> None:
        super().__init__(LaunchPlan(), theme=theme, saves=saves)
        self.replay = table

    def on_mount(self) -> None:
        # The menu is the bottom screen (`ChimeraApp.get_default_screen`): the replay opens over it.
        self.call_later(self.push_screen, replay_screen(self.replay))
