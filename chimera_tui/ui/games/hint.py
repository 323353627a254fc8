"""The search bot on a game screen: bots that think off the event loop, and the hint key (``H``).

A bot that may think for seconds (the search bot, ``thinks = True``) decides in a worker thread
(`LocalTable.bot_decide`) while a line above the footer says it is thinking; the screen keeps answering keys.
The hint asks the same search, from the view of the seat at the keyboard only, what it would do there, and
shows it above the footer as the game screen's own choices show it: the action in the screen's words, what
it changes (the screen's preview, `choice_preview`), and one line saying what it gains, from the
search's statistics (`hint_reason`). It is never played: the lines go away when the match moves on. While
the search runs, the line shows how far it is against its time limit; ``H`` again or Escape cancels it
(`cancel_hint`), and the search thread stops before its next playout. The key is offered (and shown in the footer) to a person at the keyboard in a game the
search bot can play.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from textual.widgets import Static

from chimera_tui.engine.search import (
    DEFAULT_PLAYOUTS,
    DEFAULT_SECONDS,
    Choice,
    SearchResult,
    search,
    supports_search,
)
from chimera_tui.ui.games.table_screen import TableScreen

HINT_PLAYOUTS = DEFAULT_PLAYOUTS
"""The hint searches as the plain ``search`` level does: this many playouts, within `HINT_SECONDS`."""
HINT_SECONDS: float | None = DEFAULT_SECONDS


# Docked widgets on one edge overlap in Textual; the footer (one line, compact) docks at the bottom too, so
# these lines dock there with a one-line margin, which puts them just above it and moves the screen's own
# widgets up instead of covering the footer's keys.


class BotThinking(Static):
    """One line above the footer while a bot thinks: "Bot 2 (search) is thinking…"."""

    DEFAULT_CSS = """
    BotThinking {
        dock: bottom; margin-bottom: 1; height: 1; padding: 0 1; background: $boost; color: $text-muted;
    }
    """


class HintLine(Static):
    """The hint above the footer: while the search runs, how far it is (it stops at `HINT_SECONDS`) and
    how to cancel it; then the hint. It removes itself when the match moves on."""

    DEFAULT_CSS = """
    HintLine {
        dock: bottom; margin-bottom: 1; height: auto; max-height: 10; padding: 0 1;
        background: $boost; color: $text;
    }
    """

    def __init__(self, table: Any) -> None:
        super().__init__(thinking_words(0.0, HINT_SECONDS), markup=False)
        self.table = table
        self.thinking = True
        """The search has not answered yet."""
        self.cancelled = threading.Event()
        """Set when the player cancels: the search thread asks it before each playout and stops."""
        self._started = time.monotonic()

    def on_mount(self) -> None:
        self.table.subscribe(self._moved_on)
        self._ticks = self.set_interval(0.25, self._tick)

    def on_unmount(self) -> None:
        self.table.unsubscribe(self._moved_on)
        if self.thinking:  # cancelled, the match moved on or the screen closed: the search stops too
            self.cancelled.set()

    def _tick(self) -> None:
        if self.thinking:
            self.update(thinking_words(time.monotonic() - self._started, HINT_SECONDS))

    def answered(self, text: str) -> None:
        """Show the hint in place of the progress."""
        self.thinking = False
        self._ticks.stop()
        self.update(text)

    def _moved_on(self) -> None:
        self.remove()


def thinking_words(elapsed: float, limit: float | None) -> str:
    """The hint's line while the search runs: a bar of the time it may take, and how to cancel."""
    cancel = "H or Esc cancels"
    if limit is None:
        return f"Hint: thinking… {elapsed:.1f} s · {cancel}"
    if elapsed >= limit:
        return f"Hint: finishing its last playouts… {elapsed:.1f} s · {cancel}"
    done = int(10 * elapsed / limit)
    bar = "▰" * done + "▱" * (10 - done)
    return f"Hint: thinking… {bar} {elapsed:.1f} s of at most {limit:.1f} s · {cancel}"


def cancel_hint(screen: TableScreen) -> bool:
    """Stop a hint still thinking: its search thread stops before its next playout and its answer is
    dropped; True when there was one."""
    lines = [line for line in screen.query(HintLine) if line.thinking]
    if not lines:
        return False
    screen.workers.cancel_group(screen, "hint")
    for line in lines:
        line.cancelled.set()
        line.remove()
    screen.notify("Hint cancelled.", title="Hint", markup=False, timeout=2)
    return True


def think_for_bot(screen: TableScreen) -> None:
    """Let the bot to act decide in a worker thread, saying that it thinks, then play its move."""
    table = screen.table
    actor = table.to_act()
    name = table.player_name(actor) if actor is not None else "The bot"
    note = BotThinking(f"{name} is thinking…", markup=False)
    screen.mount(note)
    screen.run_worker(_decide(screen, note), group="bot", exclusive=True)


async def _decide(screen: TableScreen, note: BotThinking) -> None:
    try:
        decided = await asyncio.to_thread(screen.table.bot_decide)
    finally:
        await note.remove()
    if decided is not None:
        screen.table.play_bot(decided)


def hint_offered(table: Any) -> bool:
    """Whether the hint key is offered (and shown in the footer): the search bot can play this game, a
    person sits at the keyboard and the game goes on. Off that person's turn the key answers why not."""
    seat = table.seat
    return (
        seat is not None
        and not table.seats[seat].is_bot
        and table.to_act() is not None
        and supports_search(table.rules)
    )


def hint_refusal(table: Any) -> str | None:
    """Why the seat at the keyboard gets no hint now (a sentence), or None when it may have one."""
    if not supports_search(table.rules):
        return "The search bot cannot play this game yet, so it has no hint to give."
    if table.seat is None:
        return "Hints are for players; a spectator gets none."
    if table.to_act() is None:
        return "The game is over: there is nothing left to choose."
    if not table.legal_actions():
        return "A hint is offered on your own turn."
    return None


def show_hint(screen: TableScreen) -> None:
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


def hint_reason(result: SearchResult, words: Callable[[Any], str]) -> str:
    """What the suggested action gains, in one line from the search's statistics: how often it won its
    playouts against how often the next best choice won its own (shares, never "points": a game may have
    points of its own, or none), or why it stands though another choice scored as well.

    Args:
        result: The search's answer.
        words: Names an action (as the game screen's choices do).
    """
    if not result.playouts or not result.choices:
        return "it is the only thing you can do now."
    best = next((c for c in result.choices if c.action == result.action), result.choices[0])
    tried = [c for c in result.choices if c.visits and c is not best]
    won = _won(best)
    if not tried:
        return f"{won}; the search tried nothing else."
    runner = max(tried, key=lambda c: (c.rate, c.visits))
    gain = round(best.rate * 100) - round(runner.rate * 100)
    other = f"{words(runner.action)}: {runner.rate:.0%}"
    if best.rate == 0 and runner.rate == 0:
        return f"no choice won a single playout (of {result.playouts}); this one held out best."
    if gain > 0:
        return f"{won}, against {runner.rate:.0%} for the next best ({words(runner.action)})."
    if gain == 0:
        return f"{won}, as often as the next best ({other})."
    # The search weighs how often each choice won against how many playouts that rests on: a choice that
    # won a larger share of its playouts only replaces the game's own rule of thumb (searched first, and
    # then less often) when it is clearly better.
    other = f"{words(runner.action)} won {runner.rate:.0%} of its {_count(runner.visits)}"
    if best.visits < runner.visits:
        return f"{won}, the game's own rule of thumb here; {other}, not clearly more: either is sound."
    return f"{won}; {other}, too few playouts to tell the two apart: either is sound."


def _won(choice: Choice) -> str:
    if choice.visits == 1:
        return f"{'wins' if choice.rate >= 1 else 'loses'} its only playout"
    if choice.rate >= 1:
        return f"wins all {choice.visits} of its playouts"
    return f"wins {choice.rate:.0%} of {choice.visits} playouts"


def _count(visits: int) -> str:
    """A choice's playouts after "of its": "30", or "only one"."""
    return "only one" if visits == 1 else str(visits)


def hint_text(
    result: SearchResult, words: Callable[[Any], str], preview: Callable[[Any], Sequence[str]]
) -> str:
    """The hint in words: the action as the screen's choices name it, what it changes, and why.

    Args:
        result: The search's answer.
        words: Names an action (`TableScreen.choice_words` over the seat's view).
        preview: What an action changes, a line each (`TableScreen.choice_preview`).
    """
    lines = [f"Hint: {words(result.action)}"]
    lines += [f"  {line}" for line in preview(result.action)]
    lines.append(f"Why: {hint_reason(result, words)}")
    return "\n".join(lines)


async def _hint(screen: TableScreen, line: HintLine) -> None:
    table = screen.table
    rules, view, seat, legal = table.rules, table.view(), table.seat, tuple(table.legal_actions())
    if seat is None:  # hint_refusal said so already
        return
    result = await asyncio.to_thread(
        search,
        rules,
        view,
        seat,
        legal,
        seed=1 + seat,
        playouts=HINT_PLAYOUTS,
        seconds=HINT_SECONDS,
        stop=line.cancelled.is_set,
    )
    if line.is_attached:
        text = hint_text(
            result,
            lambda action: screen.choice_words(view, action),
            lambda action: screen.choice_preview(view, action),
        )
        line.answered(text)
