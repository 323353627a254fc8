"""The menu's "Learn to play": choose a game; its lesson resumes where it was left, or a new one begins."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chimera_tui import games
from chimera_tui.learn import LESSON_GAMES
from chimera_tui.ui.widgets.footer import KeysFooter


class LearnScreen(Screen[None]):
    """A list of the games with a lesson (Chimera Station and Imaginarium first: the deepest)."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="learn.back", tooltip="Back to the menu")]

    DEFAULT_CSS = """
    LearnScreen { align: center middle; }
    #learn-box { width: 64; max-width: 100%; height: auto; border: round $border; padding: 0 1; }
    #learn-note { color: $text-muted; margin-bottom: 1; }
    #learn-games { height: auto; border: none; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="learn-box") as box:
            box.border_title = "Learn to play"
            yield Static(
                "A short game against a bot, with a guide that explains each decision as it comes and opens "
                "its rules. It is saved as you go: choosing the game again resumes it.",
                id="learn-note",
            )
            yield OptionList(
                *(Option(games.title(g), id=g) for g in games.game_ids() if g in LESSON_GAMES),
                id="learn-games",
            )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected, "#learn-games")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        start_lesson(self.app, event.option.id or "")


def start_lesson(app: Any, game_id: str) -> None:
    """Open `game_id`'s lesson in `app` (a `ChimeraApp`), or say in one sentence why not."""
    from chimera_tui.launch import LaunchError
    from chimera_tui.launch.lesson import learn_start

    folder: Path | None = app.saves_folder()
    if folder is None:
        return  # it said why
    try:
        start = learn_start(game_id, folder)
    except (LaunchError, games.InstallationIncomplete) as exc:
        message = exc.message if isinstance(exc, LaunchError) else str(exc)
        app.notify(message, severity="error", title="Cannot start the lesson", markup=False)
        return
    app.call_later(app.start_game, start, True)
