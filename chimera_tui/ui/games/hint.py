"""The search bot on a game screen: bots that think off the event loop, and the `h` hint.

A bot that may think for seconds (the search bot, ``thinks = True``) decides in a worker thread
(`LocalTable.bot_decide`) while a line above the footer says it is thinking; the screen keeps answering keys.
The hint asks the same search, from the view of the seat at the keyboard only, what it would do there, and
shows the action in words with a one-line reason from the search's statistics above the footer. It is never
played: the line goes away when the match moves on. Offered only to a person on their own turn.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from textual.widgets import Static

from chimera_tui.engine.search import DEFAULT_PLAYOUTS, DEFAULT_SECONDS, SearchResult, search, supports_search

if TYPE_CHECKING:
    from chimera_tui.ui.games.base import GameScreen

HINT_PLAYOUTS = DEFAULT_PLAYOUTS
"""The hint searches as the plain ``search`` level does: this many playouts, within `HINT_SECONDS`."""
HINT_SECONDS: float | None = DEFAULT_SECONDS


class BotThinking(Static):
    """One line above the footer while a bot thinks: "Bot 2 (search) is thinking…"."""

    DEFAULT_CSS = """
    BotThinking { dock: bottom; height: 1; padding: 0 1; background: $boost; color: $text-muted; }
    """


class HintLine(Static):
    """The hint above the footer; it removes itself when the match moves on."""

    DEFAULT_CSS = """
    HintLine { dock: bottom; height: auto; max-height: 3; padding: 0 1; background: $boost; color: $text; }
    """

    def __init__(self, table: Any) -> None:
        super().__init__("Hint: thinking…", markup=False)
        self.table = table

    def on_mount(self) -> None:
        self.table.subscribe(self._moved_on)

    def on_unmount(self) -> None:
        self.table.unsubscribe(self._moved_on)

    def _moved_on(self) -> None:
        self.remove()


def think_for_bot(screen: GameScreen) -> None:
    """Let the bot to act decide in a worker thread, saying that it thinks, then play its move."""
    table = screen.table
    actor = table.to_act()
    name = table.player_name(actor) if actor is not None else "The bot"
    note = BotThinking(f"{name} is thinking…", markup=False)
    screen.mount(note)
    screen.run_worker(_decide(screen, note), group="bot", exclusive=True)


async def _decide(screen: GameScreen, note: BotThinking) -> None:
    try:
        decided = await asyncio.to_thread(screen.table.bot_decide)
    finally:
        await note.remove()
    if decided is not None:
        screen.table.play_bot(decided)


def hint_refusal(table: Any) -> str | None:
    """Why the seat at the keyboard gets no hint now (a sentence), or None when it may have one."""
    if not supports_search(table.rules):
        return "The search bot cannot play this game yet, so it has no hint to give."
    if table.seat is None:
        return "Hints are for players; a spectator gets none."
    if not table.legal_actions():
        return "A hint is offered on your own turn."
    return None


def show_hint(screen: GameScreen) -> None:
    """Search from the keyboard seat's view in a worker thread and show its choice with a reason."""
    table = screen.table
    if (reason := hint_refusal(table)) is not None:
        screen.notify(reason, severity="warning", title="No hint", markup=False)
        return
    for old in screen.query(HintLine):
        old.remove()
    line = HintLine(table)
    screen.mount(line)
    screen.run_worker(_hint(screen, line), group="hint", exclusive=True)


def hint_text(rules: Any, view: Any, result: SearchResult) -> str:
    """The hint in words: the action as the log would say it, and why."""

    def words(action: Any) -> str:
        try:
            return str(rules.describe(view, action))
        except Exception:  # a redacted view may lack what the words need
            return str(action)

    return f"Hint: {words(result.action)} — {result.reason(words)}"


async def _hint(screen: GameScreen, line: HintLine) -> None:
    table = screen.table
    rules, view, seat, legal = table.rules, table.view(), table.seat, tuple(table.legal_actions())
    if seat is None:  # hint_refusal said so already
        return
    result = await asyncio.to_thread(
        search, rules, view, seat, legal, seed=1 + seat, playouts=HINT_PLAYOUTS, seconds=HINT_SECONDS
    )
    if line.is_attached:
        line.update(hint_text(rules, view, result))
