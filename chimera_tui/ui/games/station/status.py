"""The Chimera Station screen's status lines, in words: the round track and the supply, who decides what now
(Content markup, names escaped), and the last action with what it caused; and each phase's rules topic.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chimera_tui.games.station import State
from chimera_tui.games.station.components import COMPONENTS
from chimera_tui.games.station.state import Phase
from chimera_tui.ui.games.station import view as V
from chimera_tui.ui.games.station import words as W
from chimera_tui.ui.games.station.results import tie_break_text
from chimera_tui.ui.seats import escape_markup as escape  # exact under Textual's markup parser

PHASE_TOPICS = {
    Phase.DRAFT: "starting-cards",
    Phase.PLACEMENT: "placement-phase",
    Phase.LAB: "splicing-lab-phase",
    Phase.FEEDING: "feeding-phase",
    Phase.OVER: "end-of-game",
}
"""The rules topic of each phase (`?` where nothing under the cursor names one)."""


def track_line(state: State, *, narrow: bool) -> str:
    """The top line: the round track and the supply (with the game's name when wide)."""
    return (
        ("" if narrow else "Chimera Station · ")
        + f"{W.round_track(state, narrow)} · supply "
        + " ".join(f"{W.LETTER[k]}{n}" for k, n in zip(COMPONENTS, state.supply, strict=True))
    )


def prompt_markup(state: State, table: Any, waiting_words: Callable[[int], str | None]) -> str:
    """Who decides what now; `waiting_words` says how a seat nobody at this keyboard decides for waits
    (`GameScreen.waiting_words`)."""
    if state.phase is Phase.OVER:
        return (
            "[b]Game over.[/b] " + escape(tie_break_text(state, table.rules.winner(state))) + "  (r: results)"
        )
    actor = table.to_act()
    if actor is None:
        return ""
    name = f"{W.mark(actor)} {table.player_name(actor)}"
    who = f"[b $text-accent]{escape(name)}[/]"
    if (waiting := waiting_words(actor)) is not None:
        return f"{who} [i]{escape(waiting)}[/i] ({escape(W.prompt_words(state))})"
    text = f"{who}: {escape(W.prompt_words(state))}"
    if V.is_place_decision(state):
        return text + " · [b]Enter [/b]on a lit place, [b]c [/b]list"
    return text + " · [b]c [/b]to choose"


def last_line(table: Any) -> str:
    """The last action in the log and the first thing it caused (how many more, when more)."""
    log = table.log()
    last = f"Last: {log[-1]}" if log else ""
    events = table.log_events()[-1:] if log else ()
    told = [e.strip() for e in (events[0] if events else ()) if not e.startswith("  ")]
    if told:
        more = f" (+{len(told) - 1} more, see the log)" if len(told) > 1 else ""
        last += f" · {told[0]}{more}"
    return last
