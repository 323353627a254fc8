"""The Textual application: screens, global keys, the command palette, saving and starting games."""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding

import chimera_tui.styles
from chimera_tui.launch import GameStart, LaunchPlan
from chimera_tui.saves import SaveError, SaveLock, acquire, new_save_path, save_match, saves_dir
from chimera_tui.table.local import LocalTable
from chimera_tui.ui.commands import ChimeraCommands
from chimera_tui.ui.games import screen_class
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.screens.menu import MenuScreen
from chimera_tui.ui.themes import THEMES

STYLES = Path(chimera_tui.styles.__file__).parent
"""The TCSS folder (top-level styles/, installed as the package chimera_tui.styles)."""


def _now() -> datetime:
    return datetime.now().astimezone()


class ChimeraApp(App[int]):
    """Chimera Tabletop. Opens on the menu, or straight into a game when the command line asked for one."""

    TITLE = "Chimera Tabletop"
    CSS_PATH: ClassVar[Any] = [str(STYLES / "app.tcss")]
    COMMANDS = App.COMMANDS | {ChimeraCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", tooltip="Leave (games are saved)", show=False),
    ]

    def __init__(
        self,
        plan: LaunchPlan | None = None,
        *,
        theme: str | None = None,
        saves: Path | None = None,
        bot_delay: float | None = None,
    ) -> None:
        super().__init__()
        self.plan = plan or LaunchPlan()
        self._theme_name = theme
        self._saves_override = saves
        self.bot_delay = bot_delay
        self.save_path: Path | None = None
        self._lock: SaveLock | None = None
        self._created: str | None = None
        self._table: LocalTable | None = None
        for theme_ in THEMES:
            self.register_theme(theme_)

    # -- start-up --------------------------------------------------------------------------------------

    def on_mount(self) -> None:
        if self._theme_name:
            if self._theme_name in self.available_themes:
                self.theme = self._theme_name
            else:
                self.notify(f"There is no theme called {self._theme_name!r}.", severity="warning")
        self.push_screen(MenuScreen())
        if self.plan.start is not None:
            self.start_game(self.plan.start)

    def saves_folder(self) -> Path | None:
        """The saves folder, or None (with a notification) when it cannot be made."""
        try:
            return saves_dir(self._saves_override)
        except SaveError as exc:
            self.notify(exc.message, severity="error", title="No saves folder")
            return None

    # -- games -----------------------------------------------------------------------------------------

    def start_game(self, start: GameStart, from_dialog: bool = False) -> None:
        """Open the game screen for `start`, autosaving after every action."""
        if from_dialog:
            while not isinstance(self.screen, MenuScreen) and len(self.screen_stack) > 1:
                self.pop_screen()
        if start.save_path is not None:
            self.save_path = start.save_path
        else:
            folder = self.saves_folder()
            self.save_path = new_save_path(folder, start.game_id, _now()) if folder is not None else None
        self._created = start.created
        self._hold_lock(start)
        table = LocalTable(start.game_id, start.match, start.seats, autosave=self._autosave)
        self._table = table
        if start.save_path is None:
            self._write(table, quiet=True)
        self.push_screen(screen_class(start.game_id)(table, bot_delay=self.bot_delay))
        for notice in start.notices:
            self.notify(notice, title="Loaded", markup=False, timeout=10)

    def _hold_lock(self, start: GameStart) -> None:
        """Hold the lock of the save being played (saves.acquire), releasing the previous game's."""
        self._release_lock()
        self._lock = start.lock
        if self._lock is None and self.save_path is not None:
            with contextlib.suppress(SaveError):
                self._lock = acquire(self.save_path)

    def _release_lock(self) -> None:
        lock, self._lock = getattr(self, "_lock", None), None
        if lock is not None:
            lock.release()

    def _autosave(self, match: Any) -> None:
        if self._table is not None:
            self._write(self._table, quiet=True)

    def _write(self, table: LocalTable, *, quiet: bool) -> bool:
        if self.save_path is None:
            if not quiet:
                self.notify("There is no saves folder, so this game cannot be saved.", severity="error")
            return False
        try:
            save = save_match(
                table.match, self.save_path, now=_now(), created=self._created, seats=table.seats
            )
        except SaveError as exc:
            self.notify(
                f"{exc.message} The game goes on; Ctrl+S tries again.", severity="error", title="Not saved"
            )
            return False
        self._created = save.created
        if not quiet:
            self.notify(f"Saved to {self.save_path}", title="Saved")
        return True

    def save_now(self) -> None:
        """Ctrl+S: write the current game now."""
        if self._table is not None:
            self._write(self._table, quiet=False)

    def leave_game(self) -> None:
        """Back to the menu; the game is already saved."""
        if isinstance(self.screen, GameScreen):
            self.pop_screen()
        self._table = None
        self._release_lock()

    # -- actions (menu, palette) -----------------------------------------------------------------------

    def action_new_game(self) -> None:
        from chimera_tui.ui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_load_game(self) -> None:
        from chimera_tui.ui.screens.load_game import LoadGameScreen

        folder = self.saves_folder()
        if folder is not None:
            self.push_screen(LoadGameScreen(folder))

    def action_rules(self, game_id: str | None = None) -> None:
        from chimera_tui.ui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(game_id))

    def action_menu(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self._table = None
        self._release_lock()
