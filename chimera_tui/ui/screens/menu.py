"""The main menu: new game, load game, learn to play, rules, quit."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chimera_tui import __version__, games
from chimera_tui.ui.widgets.footer import KeysFooter

BANNER = r"""
  ___ _    _
 / __| |_ (_)_ __  ___ _ _ __ _
| (__| ' \| | '  \/ -_) '_/ _` |
 \___|_||_|_|_|_|_\___|_| \__,_|
"""


class MenuScreen(Screen[None]):
    """The first screen: pick what to do."""

    BINDINGS = [
        Binding("n", "app.new_game", "New game", id="menu.new", tooltip="Set up a new game"),
        Binding("l", "app.load_game", "Load", id="menu.load", tooltip="Resume a saved game"),
        Binding("t", "learn", "Learn", id="menu.learn", tooltip="Learn to play: a guided first game"),
        Binding("r", "app.rules", "Rules", id="menu.rules", tooltip="Browse the rules of any game"),
        Binding("q", "app.quit", "Quit", id="menu.quit", tooltip="Leave Chimera Tabletop"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(BANNER.strip("\n"), id="menu-banner")
            yield Static("T A B L E T O P", id="menu-subtitle")
            shipped = ", ".join(games.KNOWN.values()) or "the games arrive one by one"
            yield Static(shipped, id="menu-games")
            with Center():
                yield OptionList(
                    Option("New game", id="new"),
                    Option("Load game", id="load"),
                    Option("Learn to play", id="learn"),
                    Option("Rules", id="rules"),
                    Option("Quit", id="quit"),
                    id="menu-options",
                )
            yield Static(f"v{__version__} · Ctrl+P for all commands", id="menu-version")
        yield KeysFooter()

    @on(OptionList.OptionSelected, "#menu-options")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "learn":
            self.action_learn()
            return
        action = {"new": "new_game", "load": "load_game", "rules": "rules", "quit": "quit"}[
            event.option.id or ""
        ]
        await self.run_action(f"app.{action}")

    def action_learn(self) -> None:
        """Learn to play: choose a game for a guided first game."""
        from chimera_tui.ui.screens.learn import LearnScreen

        self.app.push_screen(LearnScreen())
