"""The Chimera Station screen's status lines, in words: the round track and the supply, who decides what now
(Content markup, names escaped), and the last action with what it caused; and each phase's rules topic.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len, set_cell_size

from chimera_tui.games.station import State
from chimera_tui.games.station.components import COMPONENTS
from chimera_tui.games.station.state import Phase
from chimera_tui.ui.games.station import view as V
from chimera_tui.ui.games.station import words as W
from chimera_tui.ui.games.station.results import tie_break_text
from chimera_tui.ui.seats import bare_name
from chimera_tui.ui.seats import escape_markup as escape  # exact under Textual's markup parser

PHASE_TOPICS = {
    Phase.DRAFT: "starting-cards",
    Phase.PLACEMENT: "placement-phase",
    Phase.LAB: "splicing-lab-phase",
    Phase.FEEDING: "feeding-phase",
    Phase.OVER: "end-of-game",
}
"""The rules topic of each phase (`?` where nothing under the cursor names one)."""


def track_line(state: State, *, narrow: bool, width: int = 0) -> str:
    """The top line: the round track and the supply (with the game's name when wide), in `width` columns (0:
    any). Where it does not fit, the start player's name goes first ("Bot 2 (greedy)", then "Bot 2", then
    their mark alone), then the game's name; the supply always shows whole (issue 32: "supply B6 C6 L6")."""
    supply = "supply " + " ".join(f"{W.LETTER[k]}{n}" for k, n in zip(COMPONENTS, state.supply, strict=True))
    title = "" if narrow else "Chimera Station · "
    name = state.names[state.start]
    for head, who in ((title, name), (title, bare_name(name)), (title, ""), ("", "")):
        line = f"{head}{W.round_track(state, narrow, who)} · {supply}"
        if not width or cell_len(line) <= width:
            return line
    return f"{cut(W.round_track(state, narrow, ''), width - cell_len(supply) - 3)} · {supply}"


def cut(text: str, width: int) -> str:
    """`text` in at most `width` columns, ending in "…" when cut."""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(width - 1, 0)).rstrip() + "…" if width > 0 else ""


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


def last_line(table: Any, width: int = 0) -> str:
    """The last action in the log and the first thing it caused (how many more, when more), in `width`
    columns (0: any). Where it does not fit, what it caused is cut short, then left to the log, then the
    pointer to the log shortens, before the action itself is cut; the line always ends whole (issue 32: it
    was cut at "… +2")."""
    log = table.log()
    if not log:
        return ""
    last = f"Last: {log[-1]}"
    events = table.log_events()[-1:]
    told = [e.strip() for e in (events[0] if events else ()) if not e.startswith("  ")]
    more = f" (+{len(told) - 1} more, see the log)" if len(told) > 1 else ""
    whole = f"{last} · {told[0]}{more}" if told else last
    if not width or cell_len(whole) <= width:
        return whole
    room = width - cell_len(last) - 3 - cell_len(more or " (see the log)")
    if told and room >= 12:
        return f"{last} · {cut(told[0], room)}{more or ' (see the log)'}"
    n = len(told)
    tails = (f" (+{n} more, see the log)", f" (+{n} more)") if n else (" (see the log)",)
    for tail in tails:
        if cell_len(last + tail) <= width:
            return last + tail
    return cut(last, width - cell_len(tails[-1])) + tails[-1]
