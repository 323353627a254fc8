"""Answering ahead on a game screen: the ``A`` key's dialog, and the table's questions asked ahead.

A hot-seat table (`LocalTable`) lets a person give standing answers that it plays for them when they are
asked (table/standing/); where several people will be asked in turn, it may ask one of them ahead, looking
through their eyes with nothing to play. Then a line above the footer says what is asked, and the dialog
opens by itself; closing it changes nothing (``A`` opens it again), and its last line gives the ticked
answers (none: decide when asked). Remote and replay tables offer none of this.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from chimera_tui.table.local import LocalTable
from chimera_tui.table.standing import AskAhead, Standing
from chimera_tui.ui.dialogs.ahead import AnswerAheadDialog
from chimera_tui.ui.games.table_screen import TableScreen


class AskLine(Static):
    """One line above the footer while the table asks the seat at the keyboard ahead."""

    DEFAULT_CSS = """
    AskLine {
        dock: bottom; margin-bottom: 1; height: auto; max-height: 3; padding: 0 1;
        background: $boost; color: $text;
    }
    """


def ahead_question(table: Any) -> AskAhead | None:
    """What a hot-seat table asks the seat at its keyboard ahead, if anything."""
    return table.asking() if isinstance(table, LocalTable) else None


def offers_ahead(table: Any) -> tuple[Standing, ...]:
    """The standing answers the seat at the keyboard may give now (none at a remote or replay table)."""
    return table.offers() if isinstance(table, LocalTable) else ()


def ask_if_asked(screen: TableScreen) -> None:
    """After the table changed (and any hand-off): show or drop the line, and open the dialog when asked."""
    ask = ahead_question(screen.table)
    lines = list(screen.query(AskLine))
    if ask is None:
        for line in lines:
            line.remove()
        return
    name = screen.table.player_name(ask.seat)
    words = f"{name}: {ask.words} A: answer ahead (or tick nothing: decide when asked)"
    if lines:
        lines[0].update(words)
    else:
        screen.mount(AskLine(words, markup=False))
    if not screen.asked_open:
        screen.asked_open = True
        screen.call_after_refresh(open_answer_ahead, screen)


def open_answer_ahead(screen: TableScreen) -> None:
    """The dialog of the standing answers the seat at the keyboard may give, ticked where it gave them."""
    table = screen.table
    if not isinstance(table, LocalTable) or not screen.is_attached:
        screen.asked_open = False
        return
    ask = table.asking()
    offers = table.offers()
    if not offers and ask is None:
        screen.asked_open = False
        screen.notify("There is nothing to answer ahead now.", title="Answer ahead", markup=False)
        return
    finish = "Give these answers (the rest you decide when asked)" if ask is not None else ""
    seat = table.seat
    who = table.player_name(seat) if seat is not None else ""
    question = f"{who}: {ask.words}" if ask is not None else (f"{who}, answering ahead" if who else "")
    dialog = AnswerAheadDialog(offers, table.standing(), question, finish)
    screen.app.push_screen(dialog, lambda answers: _answered(screen, answers))


def _answered(screen: TableScreen, answers: tuple[Standing, ...] | None) -> None:
    screen.asked_open = answers is None and ahead_question(screen.table) is not None
    table = screen.table
    if answers is None or not isinstance(table, LocalTable):
        return  # closed: nothing changes (A opens it again)
    if (reason := table.give(answers)) is not None:
        screen.notify(reason, severity="warning", title="Answer ahead", markup=False)
