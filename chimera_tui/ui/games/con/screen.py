"""Chimera Con's screen: every chimera as head, body and rear with live totals, statuses and what an
Unsupported part loses; the seat's own hand and cheats; the Market and Discard Piles face up; the round, the
turn step, who decides and the dice; the log with what each action caused under it; the choices as a menu with
a preview of the card each names; the results at the end.

Keyboard: arrows move in the choices and Enter plays one (in a cheat window the first is always playing no
cheat); ``p`` passes every cheat window for the rest of the turn; ``c`` switches between the chimeras and the
seat's cards where only one fits (below 110×32); ``?`` opens the rules topic of the highlighted choice's card
(or its rule); Tab moves between the areas; ``r`` shows the results once the game is over.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

import chimera_tui.styles
from chimera_tui.games.con.actions import Move
from chimera_tui.ui.games.con.results import ResultsScreen, story
from chimera_tui.ui.games.con.status import choice_label, dice_line, entry_lines, prompt_line, title
from chimera_tui.ui.games.con.words import board, cards_page, preview, topic_for
from chimera_tui.ui.games.generic import GenericGameScreen
from chimera_tui.ui.widgets.action_log import ActionLog
from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.wrapping import clamped, same_height

STYLES = Path(chimera_tui.styles.__file__).parent
WIDE = (110, 32)
"""From this size (columns, lines) on, the chimeras and the seat's cards show side by side."""
WIDER = 150
"""From this many columns on, the cards and the choices take their full width (styles/con.tcss)."""


class ConScreen(GenericGameScreen):
    """The chimeras and the cards on the left, the choices on the right, the log across the bottom."""

    CSS_PATH: ClassVar[Any] = str(STYLES / "con.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "p",
            "pass_turn",
            "Pass turn",
            id="con.pass_turn",
            tooltip="Play no cheat now nor in any window until the next turn starts",
        ),
        Binding(
            "c",
            "page('cards')",
            "Your cards",
            id="con.page.cards",
            tooltip="Your hand and cheats, the Market and Discard Piles",
        ),
        Binding("c", "page('chimeras')", "Chimeras", id="con.page.chimeras", tooltip="Every chimera"),
        Binding("r", "results", "Results", id="con.results", tooltip="The results of the finished game"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._page = "chimeras"
        self._phase = ""
        self._wide = False
        self._announced = False
        self._log_key: tuple[object, ...] = ()
        self._pages_key: tuple[object, ...] = ()
        self._widths: dict[str, int] = {}
        """Each page's width when it was last on show (`_page_width`)."""
        self._preview_shown: tuple[str, int] | None = None
        """The preview's text and the box's width when it was last shown."""
        self._entries: dict[tuple[str, tuple[str, ...], int], list[str]] = {}
        """Each log entry's wrapped lines by (action words, what it caused, width): a move wraps only what
        is new."""

    def compose(self) -> ComposeResult:
        yield Static(self.table.rules.title, id="game-title", classes="screen-title", markup=False)
        yield Static(id="con-prompt")
        yield Static(id="con-dice", markup=False)
        with Horizontal(id="con-body"):
            with Horizontal(id="con-pages"):
                with VerticalScroll(id="con-chimeras", classes="con-page") as chimeras:
                    chimeras.border_title = "Chimeras"
                    yield Static(id="con-board")
                with VerticalScroll(id="con-cards", classes="con-page") as cards:
                    cards.border_title = "Your cards · the piles"
                    cards.display = False  # the chimeras first, where one page shows at a time (`_set_page`)
                    yield Static(id="con-cards-text")
            with Vertical(id="con-right"):
                yield OptionList(id="generic-actions", markup=False)
                yield Static(id="con-preview", markup=False)
        yield ActionLog(id="generic-log")
        yield KeysFooter()

    # -- following the state ---------------------------------------------------------------------------

    def _names(self, state: Any) -> list[str]:
        return [self.table.player_name(i) for i in range(len(state.names))]

    def watch_state(self, state: Any) -> None:
        if state is None:
            return
        names = self._names(state)
        actor = self.table.to_act()
        self.query_one("#game-title", Static).update(title(state, names, self.app.size.width - 2))
        waiting = self.waiting_words(actor) if actor is not None else None
        if actor is not None and actor == self.table.seat:
            waiting = None
        self.query_one("#con-prompt", Static).update(prompt_line(state, names, waiting))
        dice = self.query_one("#con-dice", Static)
        line = dice_line(state, names)
        dice.update(line)
        dice.display = bool(line)
        phase = "build" if state.phase == "build" else "play"
        if phase != self._phase:  # building reads the hand; the rest of the round, the chimeras
            self._phase = phase
            self._set_page("cards" if phase == "build" else "chimeras")
        self._show_pages()
        self._show_choices(state)
        self.show_log()

    def _page_width(self, page: str) -> int:
        """The width the lines of a page wrap to: its width when last on show (a page that `c` hides keeps
        its lines as they are, so that showing it again draws them as they were), or before the first layout
        what the layout will give."""
        widget = self.query_one(f"#con-{page}")
        width = widget.scrollable_content_region.width - 1
        if width >= 20 and widget.styles.display != "none":
            self._widths[page] = width
            return width
        if page in self._widths:
            return self._widths[page]
        size = self.app.size
        wide = size.width >= WIDE[0] and size.height >= WIDE[1]
        wider = size.width >= WIDER
        if page == "cards" and wide:
            return 40 if wider else 34
        return max(size.width - ((48 + 44) if wider else (36 + 38) if wide else 30) - 5, 20)

    def _show_pages(self) -> None:
        """The chimeras and the seat's cards, wrapped to their pages."""
        state = self.state
        names = self._names(state)
        actor = self.table.to_act()
        key = (state, self.table.seat, actor, self._page_width("chimeras"), self._page_width("cards"))
        if key == self._pages_key:
            return
        self._pages_key = key
        self.query_one("#con-board", Static).update(board(state, names, actor, key[3]))
        self.query_one("#con-cards-text", Static).update(cards_page(state, self.table.seat, key[4]))

    def _show_choices(self, state: Any) -> None:
        actions = self.query_one("#generic-actions", OptionList)
        legal = self.table.legal_actions()
        self._legal = legal
        actions.clear_options()
        actions.add_options([Option(choice_label(state, str(a)), id=str(i)) for i, a in enumerate(legal)])
        if legal:
            actions.border_title = "Your choices"
        else:
            actions.border_title = "Game over" if self.table.to_act() is None else "Waiting"
        if legal:
            actions.highlighted = 0
            actions.focus()
        self._preview()

    def show_log(self) -> None:
        """The log in words, each action with what it caused below it, wrapped to the log's width and
        scrolled to the newest line."""
        log = self.query_one(ActionLog)
        width = log.scrollable_content_region.width - 1
        if width < 20:  # not laid out yet: wrap to the screen
            width = max(self.app.size.width - 4, 20)
        texts, caused = self.table.log(), self.table.log_events()
        key = (texts, caused, width)
        if key != self._log_key:
            self._log_key = key
            lines: list[str] = []
            entries = self._entries
            for i, text in enumerate(texts):
                told = tuple(caused[i]) if i < len(caused) else ()
                wrapped = entries.get((text, told, width))
                if wrapped is None:
                    wrapped = entries[(text, told, width)] = entry_lines(text, told, width)
                lines += wrapped
            log.lines = tuple(lines)
        self.call_after_refresh(log.scroll_end, animate=False, immediate=True)

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width >= WIDER, "-wider")
        wide = event.size.width >= WIDE[0] and event.size.height >= WIDE[1]
        if wide != self._wide:
            self._wide = wide
            self.set_class(wide, "-wide")
            self._set_page(self._page)
        if self.state is not None:
            names = self._names(self.state)
            self.query_one("#game-title", Static).update(title(self.state, names, event.size.width - 2))
            self.call_after_refresh(self.show_log)
            self.call_after_refresh(self._show_pages)
            self.call_after_refresh(self._preview)

    def _highlighted_text(self) -> str:
        actions = self.query_one("#generic-actions", OptionList)
        index = actions.highlighted
        if index is None or index >= len(self._legal):
            return ""
        return str(self._legal[index])

    def _preview(self) -> None:
        text = self._highlighted_text()
        box = self.query_one("#con-preview", Static)
        said = preview(self.state, text) if text else ""
        width = box.size.width  # 0 before the first layout: then it is clamped after it
        text = clamped(said, width, 5 if self._wide else 3) if width > 10 else said  # styles/con.tcss
        shown, self._preview_shown = self._preview_shown, (text, width)
        # A preview as tall as the last one (the usual cursor move) repaints the box, not the screen's layout.
        box.update(text, layout=shown is None or shown[1] != width or not same_height(shown[0], text, width))

    @on(OptionList.OptionHighlighted, "#generic-actions")
    def _highlighted(self, _: OptionList.OptionHighlighted) -> None:
        if self.state is not None:
            self._preview()

    def choice_words(self, view: Any, action: Any) -> str:
        """As the menu names it (an order: "Attack Bob")."""
        return choice_label(view, str(action))

    def choice_preview(self, view: Any, action: Any) -> list[str]:
        """As the line under the menu previews it (an attack's dice, a card's facts): the hint shows it too."""
        text = preview(view, str(action))
        return [text] if text else []

    def rules_topic(self) -> str | None:
        text = self._highlighted_text()
        return topic_for(text) if text else "overview"

    # -- keys ------------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_turn":
            return any(str(a) == "pass turn" for a in self._legal)
        if action == "page":
            return not self._wide and parameters[0] != self._page
        if action == "results":
            return self.table.rules.is_over(self.table.match.state)
        return super().check_action(action, parameters)

    def action_pass_turn(self) -> None:
        """Play no cheat in this window nor in any other until the next turn starts."""
        if any(str(a) == "pass turn" for a in self._legal):
            self.submit(Move("pass turn"))

    def action_page(self, page: str) -> None:
        """Show the chimeras or the seat's cards (where only one fits)."""
        self._set_page(page)
        self.call_after_refresh(self._show_pages)

    def _set_page(self, page: str) -> None:
        """Show `page` (the wide layout shows both). Pages are shown by `display`, not by CSS classes, so
        that turning to the other restyles nothing (each page's scrollbars and border)."""
        self._page = page
        for name in ("chimeras", "cards"):
            self.query_one(f"#con-{name}").display = self._wide or name == page
        self.refresh_bindings()

    def game_over(self) -> None:
        """The results open by themselves once (r opens them again)."""
        if not self._announced:
            self._announced = True
            self.call_after_refresh(self.action_results)

    def action_results(self) -> None:
        """Who won and by how much, what each player did, and which chimera won each round."""
        match = self.table.match
        if not self.is_attached or not self.table.rules.is_over(match.state):
            return
        if isinstance(self.app.screen, ResultsScreen):
            return
        states = [match.state_at(i) for i in range(len(match) + 1)]
        names = self._names(match.state)
        self.app.push_screen(ResultsScreen(story(states, match.log), names))


SCREEN = ConScreen
