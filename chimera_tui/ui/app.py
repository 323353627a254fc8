"""The Textual application: screens, global keys, the command palette, saving and starting games.

What only a game or the saves folder needs (saves, tables, game screens) is imported when first used, not
before the menu's first frame (`chimera bench --startup`).
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar
from weakref import WeakSet

from textual.binding import Binding
from textual.screen import Screen

import chimera_tui.styles
from chimera_tui.launch import LaunchPlan
from chimera_tui.ui import collector
from chimera_tui.ui.commands import ChimeraCommands, ChimeraSystemCommands
from chimera_tui.ui.dialogs.too_small import TooSmallNotice, too_small
from chimera_tui.ui.pasting import PlainPastes
from chimera_tui.ui.screens.menu import MenuScreen
from chimera_tui.ui.signals import EndsOnSignals
from chimera_tui.ui.themes import THEMES

if TYPE_CHECKING:
    from chimera_tui.launch import GameStart
    from chimera_tui.saves import SaveLock
    from chimera_tui.table.local import LocalTable

STYLES = Path(chimera_tui.styles.__file__).parent
"""The TCSS folder (top-level styles/, installed as the package chimera_tui.styles)."""


def _now() -> datetime:
    return datetime.now().astimezone()


class ChimeraApp(PlainPastes[int], EndsOnSignals[int]):
    """Chimera Tabletop. Opens on the menu, or straight into a game when the command line asked for one."""

    TITLE = "Chimera Tabletop"
    CSS_PATH: ClassVar[Any] = [str(STYLES / "app.tcss")]
    COMMANDS = {ChimeraSystemCommands, ChimeraCommands}
    BINDINGS = [
        # priority: Ctrl+Q works over every dialog (Station opens one as a game starts).
        Binding(
            "ctrl+q",
            "quit",
            "Quit",
            id="app.quit",
            tooltip="Leave (games are saved)",
            show=False,
            priority=True,
        ),
    ]

    SETTLE_AFTER: ClassVar[float] = 1.0
    """Seconds after a game screen opens before what is alive is frozen out of full garbage collections
    (`collector.settle`)."""

    def __init__(
        self,
        plan: LaunchPlan | None = None,
        *,
        theme: str | None = None,
        saves: Path | None = None,
        bot_delay: float | None = None,
        screenshots: Path | None = None,
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
        self._unsaved: str | None = None
        """Why the game's latest moves could not be written (None: everything is on disk)."""
        self._screenshots = screenshots
        self._gc_thresholds: tuple[int, ...] | None = None
        self._size_notices: WeakSet[TooSmallNotice] = WeakSet()
        """The notices `_show_size_notice` put up (they go with their screens)."""
        self.settle_garbage: bool | None = None
        """Freeze what a game screen holds once it has settled (`collector`); None: only on a real terminal,
        since a full collection in a test process holding the whole test suite is slow and buys nothing."""
        for theme_ in THEMES:
            self.register_theme(theme_)

    # -- start-up --------------------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        """The main menu is the bottom of the screen stack: the first frame shows it at once, with no empty
        screen laid out and painted before it (issue 10's time to first frame); every game, dialog and the
        rules open over it, and going back to the menu pops down to it."""
        return MenuScreen()

    def on_mount(self) -> None:
        self._gc_thresholds = collector.tune()
        if self._theme_name:
            if self._theme_name in self.available_themes:
                self.theme = self._theme_name
            else:
                self.notify(
                    f"There is no theme called {self._theme_name!r}.", severity="warning", markup=False
                )
        if self.plan.start is not None:
            self.start_game(self.plan.start)
        self.screen_change_signal.subscribe(self, self._screen_changed)

    def on_unmount(self) -> None:
        if self._gc_thresholds is not None:
            collector.restore(self._gc_thresholds)

    # -- signals ---------------------------------------------------------------------------------------

    def on_signal(self, sig: signal.Signals) -> None:
        """A final save of the game in play, then a clean exit (128 + the signal's number)."""
        message = None
        if self._table is not None and not self._write(self._table, quiet=True):
            message = f"Chimera Tabletop: the game's latest moves could not be saved: {self._unsaved}"
        self._remove_signal_handlers()
        self._exit_when_mounted(128 + int(sig), message, tries=100)

    # -- a terminal too small --------------------------------------------------------------------------

    def on_resize(self) -> None:
        self.call_later(self._show_size_notice)  # after App._on_resize has taken the new size

    def _screen_changed(self, screen: Screen[Any]) -> None:
        self._show_size_notice()

    def _show_size_notice(self) -> None:
        """Cover the current screen with `TooSmallNotice` below 80×24; remove it again when larger (at a
        size that is large enough with no notice up, which is every screen change but below 80×24, it looks
        at no screen)."""
        small = too_small(*self.size)
        if not small and not self._size_notices:
            return
        for screen in self.screen_stack:
            for notice in screen.query_children(TooSmallNotice):
                if not small or screen is not self.screen:
                    notice.remove()
                else:
                    notice.refresh()
        if small and not self.screen.query_children(TooSmallNotice):
            notice = TooSmallNotice()
            self._size_notices.add(notice)
            self.screen.mount(notice)

    # -- screenshots -----------------------------------------------------------------------------------

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot: an SVG in the Downloads folder when there is one, else the current
        folder (Textual's own version fails when Downloads is missing), and a notification either way."""
        folder = Path(path) if path else self._screenshots
        if folder is None:
            downloads = Path.home() / "Downloads"
            folder = downloads if downloads.is_dir() else Path.cwd()
        try:
            written = self.save_screenshot(filename, str(folder), time_format)
        except OSError as exc:
            self.notify(
                f"The screenshot could not be written to {folder}: {exc.strerror or exc}.",
                title="Screenshot",
                severity="error",
                markup=False,
            )
            return None
        self.notify(f"Saved to {written}", title="Screenshot", markup=False)
        return written

    def saves_folder(self) -> Path | None:
        """The saves folder, or None (with a notification) when it cannot be made."""
        from chimera_tui.saves import SaveError, saves_dir

        try:
            return saves_dir(self._saves_override)
        except SaveError as exc:
            self.notify(exc.message, severity="error", title="No saves folder", markup=False)
            return None

    # -- games -----------------------------------------------------------------------------------------

    def start_game(self, start: GameStart, from_dialog: bool = False) -> None:
        """Open the game screen for `start`, autosaving after every action (after asking, when the game
        it replaces has unsaved moves)."""
        if from_dialog and self._table is not None and self._unsaved is not None:
            self.leave_then(lambda: self._open_game(start, from_dialog))
            return
        self._open_game(start, from_dialog)

    def _open_game(self, start: GameStart, from_dialog: bool) -> None:
        from chimera_tui.saves import new_save_path
        from chimera_tui.table.local import LocalTable
        from chimera_tui.ui.games.lesson import screen_for

        self._unsaved = None
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
        self.push_screen(screen_for(start.game_id, lesson=start.lesson)(table, bot_delay=self.bot_delay))
        collector.thaw()  # the game screen this one replaces, if any, can go
        settle = self.settle_garbage if self.settle_garbage is not None else not self.is_headless
        if settle:
            self.set_timer(self.SETTLE_AFTER, collector.settle, name="settle garbage")
        for notice in start.notices:
            self.notify(notice, title="Loaded", markup=False, timeout=10)

    def _hold_lock(self, start: GameStart) -> None:
        """Hold the lock of the save being played (saves.acquire), releasing the previous game's (unless it
        is the same save, whose lock this process already holds)."""
        from chimera_tui.saves import SaveError, acquire

        previous, self._lock = getattr(self, "_lock", None), start.lock
        if self._lock is None and self.save_path is not None:
            with contextlib.suppress(SaveError):
                self._lock = acquire(self.save_path)
        if previous is not None and previous is not self._lock:
            previous.release()

    def _release_lock(self) -> None:
        lock, self._lock = getattr(self, "_lock", None), None
        if lock is not None:
            lock.release()

    def _autosave(self, match: Any) -> None:
        if self._table is not None:
            self._write(self._table, quiet=True)

    def _write(self, table: LocalTable, *, quiet: bool) -> bool:
        from chimera_tui.saves import SaveError, save_match

        if self.save_path is None:
            self._unsaved = "There is no saves folder, so this game cannot be saved."
            if not quiet:
                self.notify(self._unsaved, severity="error", markup=False)
            return False
        try:
            save = save_match(
                table.match, self.save_path, now=_now(), created=self._created, seats=table.seats
            )
        except SaveError as exc:
            self._unsaved = exc.message
            self.notify(
                f"{exc.message} The game goes on; Ctrl+S tries again.",
                severity="error",
                title="Not saved",
                markup=False,
            )
            return False
        self._unsaved = None
        self._created = save.created
        if not quiet:
            self.notify(f"Saved to {self.save_path}", title="Saved", markup=False)
        return True

    def save_now(self) -> None:
        """Ctrl+S: write the current game now."""
        if self._table is not None:
            self._write(self._table, quiet=False)

    def leave_game(self) -> None:
        """Back to the menu; the game is already saved (else we ask first)."""

        from chimera_tui.ui.games.base import GameScreen

        def leave() -> None:
            if isinstance(self.screen, GameScreen):
                self.pop_screen()
            collector.thaw()
            self._table = None
            self._release_lock()
            self._unsaved = None

        self.leave_then(leave)

    def leave_then(self, proceed: Callable[[], None]) -> None:
        """Run `proceed` (which leaves the game in play) now, or, when the game's latest moves are not
        saved, after asking: save them in another folder, leave without them, or stay."""
        from chimera_tui.ui.dialogs.unsaved import LeaveChoice, UnsavedDialog

        if self._table is None or self._unsaved is None:
            proceed()
            return
        if isinstance(self.screen, UnsavedDialog):
            return  # already asking

        def answered(choice: LeaveChoice) -> None:
            if choice is not None:
                proceed()

        self.push_screen(UnsavedDialog(self._unsaved, Path.home(), self.save_into), answered)

    def save_into(self, folder: Path) -> str | None:
        """Write the game in play as a new file in `folder` (saves.save_into_folder) and keep autosaving
        there; returns None, or why it could not."""
        from chimera_tui.saves import SaveError, save_into_folder

        table = self._table
        if table is None:
            return None
        try:
            path = save_into_folder(table.match, folder, now=_now(), created=self._created, seats=table.seats)
        except SaveError as exc:
            return exc.message
        self.save_path = path
        self._unsaved = None
        self.notify(f"Saved to {path}", title="Saved", markup=False)
        return None

    async def action_quit(self) -> None:
        """Ctrl+Q and the palette's Quit: leave at once, unless the game's latest moves are not saved."""
        self.leave_then(self.exit)

    # -- actions (menu, palette) -----------------------------------------------------------------------

    def _over_hand_off(self) -> bool:
        """True while the hand-off screen is up: no command may lead around it to a seat's view."""
        from chimera_tui.ui.dialogs.handoff import HandOffScreen

        return isinstance(self.screen, HandOffScreen)

    def action_new_game(self) -> None:
        from chimera_tui.ui.screens.new_game import NewGameScreen

        if self._over_hand_off():
            return
        self.push_screen(NewGameScreen())

    def action_load_game(self) -> None:
        from chimera_tui.ui.screens.load_game import LoadGameScreen

        if self._over_hand_off():
            return
        folder = self.saves_folder()
        if folder is not None:
            self.push_screen(LoadGameScreen(folder))

    def action_rules(self, game_id: str | None = None) -> None:
        from chimera_tui.ui.dialogs.rules import RulesScreen

        if self._over_hand_off():
            return
        self.push_screen(RulesScreen(game_id))

    def action_menu(self) -> None:
        if self._over_hand_off():
            return

        def to_menu() -> None:
            while len(self.screen_stack) > 1:
                self.pop_screen()
            collector.thaw()
            self._table = None
            self._release_lock()
            self._unsaved = None

        self.leave_then(to_menu)
