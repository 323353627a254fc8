"""Chimera Con's screen: every chimera as head, body and rear with live totals, statuses and what an
Unsupported part loses; the seat's own hand and cheats; the Market and Discard Piles face up; the turn step,
the Merchant and the last dice; the log; the choices as a menu with a preview of the card each names.

Keyboard: arrows move in the choices, Enter plays one, ``?`` opens the rules topic of the highlighted choice's
card (or its rule), Tab moves between the choices and the log.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static

from chimera_tui.ui.games.con.words import board, preview, table_lines, topic_for
from chimera_tui.ui.games.generic import GenericGameScreen
from chimera_tui.ui.widgets.action_log import ActionLog
from chimera_tui.ui.widgets.footer import KeysFooter


class ConScreen(GenericGameScreen):
    """The chimeras on the left, the table and the choices on the right."""

    DEFAULT_CSS = """
    #con-body { height: 1fr; }
    #con-left { width: 3fr; }
    #con-right { width: 2fr; min-width: 30; }
    #con-board-scroll { height: 2fr; border: round $primary 50%; }
    #con-board { height: auto; }
    #con-table { height: auto; max-height: 9; border: round $secondary 50%; padding: 0 1; }
    #con-preview { height: auto; max-height: 3; color: $text-muted; padding: 0 1; }
    #generic-status { display: none; }
    #generic-log { height: 1fr; min-height: 3; }
    #generic-actions { height: 1fr; min-height: 4; border: round $accent; }
    """

    def compose(self) -> ComposeResult:
        yield Static(self.table.rules.title, id="game-title", classes="screen-title")
        with Horizontal(id="con-body"):
            with Vertical(id="con-left"):
                with VerticalScroll(id="con-board-scroll"):
                    yield Static(id="con-board")
                yield ActionLog(id="generic-log")
            with Vertical(id="con-right"):
                yield Static(id="con-table")
                yield OptionList(id="generic-actions", markup=False)
                yield Static(id="con-preview", markup=False)
                yield Static(id="generic-status")
        yield KeysFooter()

    def watch_state(self, state: Any) -> None:
        super().watch_state(state)
        if state is None:
            return
        names = [self.table.player_name(i) for i in range(len(state.names))]
        actor = self.table.to_act()
        self.query_one("#con-board", Static).update(board(state, names, actor))
        self.query_one("#con-table", Static).update(table_lines(state, names, self.table.seat))
        self._preview()

    def _highlighted_text(self) -> str:
        actions = self.query_one("#generic-actions", OptionList)
        index = actions.highlighted
        if index is None or index >= len(self._legal):
            return ""
        return str(self._legal[index])

    def _preview(self) -> None:
        text = self._highlighted_text()
        self.query_one("#con-preview", Static).update(preview(self.state, text) if text else "")

    @on(OptionList.OptionHighlighted, "#generic-actions")
    def _highlighted(self, _: OptionList.OptionHighlighted) -> None:
        if self.state is not None:
            self._preview()

    def rules_topic(self) -> str | None:
        text = self._highlighted_text()
        return topic_for(text) if text else "overview"


SCREEN = ConScreen
