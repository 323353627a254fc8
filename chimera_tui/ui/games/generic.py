"""The generic game screen: plays any ruleset through its legal actions, for games without their own."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.seats import seat_content
from chimera_tui.ui.widgets.action_log import ActionLog
from chimera_tui.ui.widgets.footer import KeysFooter


class GenericGameScreen(GameScreen):
    """Status and scores, the log, and the legal actions as a menu."""

    def compose(self) -> ComposeResult:
        yield Static(self.table.rules.title, id="game-title", classes="screen-title")
        with Horizontal(id="generic-body"):
            with Vertical(id="generic-left"):
                yield Static(id="generic-status")
                yield ActionLog(id="generic-log")
            yield OptionList(id="generic-actions", markup=False)  # rules text may hold player names
        yield KeysFooter()

    def watch_state(self, state: Any) -> None:
        if state is None:
            return
        self._show_status(state)
        self.query_one(ActionLog).lines = self.table.log()
        actions = self.query_one("#generic-actions", OptionList)
        legal = self.table.legal_actions()
        actions.clear_options()
        actions.add_options([Option(self.table.describe(a), id=str(i)) for i, a in enumerate(legal)])
        actions.border_title = (
            "Your choices" if legal else ("Game over" if self.table.to_act() is None else "Waiting")
        )
        self._legal = legal
        if legal:
            actions.highlighted = 0
            actions.focus()

    def _show_status(self, state: Any) -> None:
        """Round, scores and whose turn it is. Built as Content, never markup: names are players' own text."""
        rules, table = self.table.rules, self.table
        lines = [Content.styled(rules.round_label(state), "bold")]
        scores = rules.scores(state)
        actor = table.to_act()
        winners = rules.winner(state) if rules.is_over(state) else ()
        for seat, score in enumerate(scores):
            mark = "▶ " if seat == actor else ("★ " if seat in winners else "  ")
            kind = f" ({table.seats[seat].bot})" if table.seats[seat].is_bot else ""
            lines.append(Content(mark) + seat_content(seat, f"{table.player_name(seat)}{kind}: {score}"))
        if winners:
            names = " and ".join(table.player_name(w) for w in winners)
            lines.append(
                Content.styled(f"\nGame over: {names} win{'s' if len(winners) == 1 else ''}.", "bold")
            )
        elif actor is not None and (waiting := self.waiting_words(actor)) is not None:
            lines.append(Content.styled(f"\n{table.player_name(actor)} {waiting}", "italic"))
        self.query_one("#generic-status", Static).update(Content("\n").join(lines))

    @on(OptionList.OptionSelected, "#generic-actions")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        if index < len(self._legal):
            self.submit(self._legal[index])

    _legal: Any = ()
