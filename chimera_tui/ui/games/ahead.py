"""Answering ahead on a game screen: the ``A`` key's dialog, and the line that offers it.

A hot-seat table (`LocalTable`) lets a person give standing answers that it plays for them when they are
asked (table/standing/). Where answering ahead would spare the person at the keyboard a hand-off now, a
line above the footer says so in a sentence (`LocalTable.suggestion`); the dialog opens only with ``A``,
never by itself, and closing it changes nothing. Remote and replay tables offer none of this.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from chimera_tui.table.local import LocalTable
from chimera_tui.table.standing import Standing
from chimera_tui.ui.dialogs.ahead import AnswerAheadDialog
from chimera_tui.ui.games.table_screen import TableScreen


class AheadLine(Static):
    """One line above the footer offering the ``A`` key, with what answering ahead would do now."""

    DEFAULT_CSS = """
    AheadLine {
        dock: bottom; margin-bottom: 1; height: auto; max-height: 2; padding: 0 1;
        background: $boost; color: $text;
    }
    """


def offers_ahead(table: Any) -> tuple[Standing, ...]:
    """The standing answers the seat at the keyboard may give now (none at a remote or replay table)."""
    return table.offers() if isinstance(table, LocalTable) else ()


def offer_ahead(screen: TableScreen) -> None:
    """After the table changed (and any hand-off): show, change or drop the line offering ``A``."""
    table = screen.table
    words = table.suggestion() if isinstance(table, LocalTable) else ""
    lines = list(screen.query(AheadLine))
    if not words:
        for line in lines:
            line.remove()
    elif lines:
        lines[0].update(words)
    else:
        screen.mount(AheadLine(words, markup=False))


def open_answer_ahead(screen: TableScreen) -> None:
    """The dialog of the standing answers the seat at the keyboard may give, ticked where it gave them."""
    table = screen.table
    if not isinstance(table, LocalTable) or not screen.is_attached:
        return
    offers = table.offers()
    if not offers:
        screen.notify("There is nothing to answer ahead now.", title="Answer ahead", markup=False)
        return
    seat = table.seat
    question = f"{table.player_name(seat)}, answering ahead" if seat is not None else ""
    dialog = AnswerAheadDialog(offers, table.standing(), question)
    screen.app.push_screen(dialog, lambda answers: _answered(screen, answers))


def _answered(screen: TableScreen, answers: tuple[Standing, ...] | None) -> None:
    table = screen.table
    if answers is None or not isinstance(table, LocalTable):
        return  # closed: nothing changes (A opens it again)
    if (reason := table.give(answers)) is not None:
        screen.notify(reason, severity="warning", title="Answer ahead", markup=False)
