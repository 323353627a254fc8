"""The rules screen: one game's rules panel, or first a list of games to choose from.

A game screen opens it on the topic under the cursor::

    open_rules(self.app, "station", topic="boiler-room")

which keeps one rules screen per game and shows it again on the new topic: building one mounts a hundred
widgets (search box, topic list, the Markdown blocks), about 200 ms of CPU at 160×50 for every ``?``, where
showing a kept one costs the new topic's text (nothing when it is the same topic) and one repaint. Escape
or ``q`` closes it. The screen loads the topics (``rulebook.text.topics_for``); the panel only shows them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from chimera_tui import games
from chimera_tui.rulebook.lookup import find
from chimera_tui.rulebook.search import terms_for
from chimera_tui.rulebook.text import RulesFormatError, RulesTextMissing, TopicNotFound, topics_for
from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.rules_panel import RulesPanel

__all__ = ["RulesScreen", "open_rules"]


def open_rules(app: App[Any], game_id: str, topic: str | None = None) -> None:
    """Show `game_id`'s rules on `topic` (a topic id, title or prefix; None: the first topic), reusing the
    rules screen this app already built for that game (one per game, kept while the app runs; a theme
    changed meanwhile reaches it as it is shown again)."""
    name = f"rules:{game_id}"
    if not app.is_screen_installed(name):
        app.install_screen(RulesScreen(game_id, topic=topic), name)
    else:
        screen = app.get_screen(name)
        if screen in app.screen_stack or not isinstance(screen, RulesScreen):  # never twice on the stack
            app.push_screen(RulesScreen(game_id, topic=topic))
            return
        screen.reopen(topic)
    app.push_screen(name)


class RulesScreen(Screen[None]):
    """Read a game's rules; with no game given, choose one first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="rules.close", tooltip="Close the rules and go back"),
        Binding("g", "choose_game", "Games", id="rules.games", tooltip="Read the rules of another game"),
    ]
    """Close the screen; go back to the list of games (only when the screen was opened without a game)."""

    DEFAULT_CSS = """
    RulesScreen {
        #rules-body {
            height: 1fr;
        }
        #rules-games {
            width: 60;
            max-width: 100%;
            height: auto;
            max-height: 100%;
            margin: 1 2;
            border: round $border;
            background: $surface;
        }
        .rules-problem {
            margin: 1 2;
            padding: 1 2;
            border: round $warning;
            color: $text-warning;
        }
    }
    """

    def __init__(
        self,
        game_id: str | None = None,
        *,
        topic: str | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """Open the rules.

        Args:
            game_id: The game whose rules to show; None to choose from a list of games first.
            topic: A topic id, title or unambiguous prefix to open on; the first topic when None. A topic
                that cannot be found is reported in a notification and the first topic shown instead.
            name: The name of the screen.
            id: The DOM id of the screen.
            classes: Space-separated CSS classes.
        """
        super().__init__(name=name, id=id, classes=classes)
        self.game_id = game_id
        """The game on show (None while choosing)."""
        self._topic = topic
        self._chooser = game_id is None
        self._problem: str | None = None

    def compose(self) -> ComposeResult:
        self._set_titles()
        yield Header(icon="?")
        with Container(id="rules-body"):
            if self.game_id is None:
                yield self._game_list()
            else:
                yield self._reader(self.game_id)
        yield KeysFooter()

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self._report_problem)

    def reopen(self, topic: str | None) -> None:
        """Before this (kept) screen is shown again: as a new screen would open, on `topic`, the search
        cleared and the keyboard in the search box."""
        panels = self.query(RulesPanel)
        if not panels:
            return  # a game without rules text: the note about it stays
        panel = panels.first()
        topics = panel.topics
        first = topics[0].id
        if topic is not None:
            try:
                first = find(topics, topic).id
            except TopicNotFound as error:
                self._problem = str(error)
        panel.reset(first)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose_game":
            return self._chooser and self.game_id is not None
        return True

    async def action_close(self) -> None:
        """Close the rules (quit when they are the only screen)."""
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)
        else:
            self.app.exit()

    async def action_choose_game(self) -> None:
        """Go back to the list of games."""
        previous, self.game_id = self.game_id, None
        await self.recompose()
        game_list = self.query_one("#rules-games", OptionList)
        if previous is not None and previous in games.game_ids():
            game_list.highlighted = games.game_ids().index(previous)
        game_list.focus()
        self.refresh_bindings()

    @on(OptionList.OptionSelected, "#rules-games")
    async def _open_game(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.game_id, self._topic = event.option_id, None
        await self.recompose()
        self._report_problem()
        self.focus_next()
        self.refresh_bindings()

    def _set_titles(self) -> None:
        if self.game_id is None:
            self.title, self.sub_title = "Rules", "choose a game"
        else:
            try:
                self.title = games.title(self.game_id)
            except games.UnknownGame:
                self.title = self.game_id
            self.sub_title = "Rules"

    def _game_list(self) -> OptionList:
        game_list = OptionList(
            *(Option(games.title(game_id), id=game_id) for game_id in games.game_ids()),
            id="rules-games",
        )
        game_list.border_title = "Rules of which game?"
        return game_list

    def _reader(self, game_id: str) -> Widget:
        """The rules panel for `game_id`, or a note saying why there is none."""
        self._problem = None
        try:
            topics = topics_for(game_id)
        except (games.UnknownGame, RulesTextMissing, RulesFormatError) as error:
            return Static(str(error), classes="rules-problem")
        if not topics:
            return Static(f"{games.title(game_id)} has no rules topics yet.", classes="rules-problem")
        first = None
        if self._topic is not None:
            try:
                first = find(topics, self._topic).id
            except TopicNotFound as error:
                self._problem = str(error)
        return RulesPanel(topics, topic=first, terms=terms_for(game_id), id="rules-panel")

    def _report_problem(self) -> None:
        if self._problem is not None:
            self.notify(self._problem, title="Rules topic", severity="warning", markup=False)
            self._problem = None
