"""Chimera Station's end of the game: who won and how the tie-breaks decided it, the points by cause per
player, the scores round by round, and the results screen that shows them.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType

from chimera_tui.games.station import State
from chimera_tui.games.station.scoring import breakdown, owned_components
from chimera_tui.games.station.wording import plural
from chimera_tui.ui.games.station.words import CAUSES, hue, mark
from chimera_tui.ui.widgets.results_frame import ResultsFrame


def breakdown_rows(state: State) -> list[tuple[str, list[int]]]:
    """(cause label, points per seat) rows with any points, and the total row last."""
    n = len(state.players)
    by_seat = [breakdown(state, s) for s in range(n)]
    known = {k for k, _ in CAUSES}
    rows = [
        (label, [b.get(k, 0) for b in by_seat]) for k, label in CAUSES if any(b.get(k, 0) for b in by_seat)
    ]
    other = [sum(v for k, v in b.items() if k not in known) for b in by_seat]
    if any(other):
        rows.append(("Other", other))
    rows.append(("Total", [p.score for p in state.players]))
    return rows


def tie_break_text(state: State, winners: Sequence[int]) -> str:
    """Who won, and how the tie-breaks decided it."""
    names = [state.names[w] for w in winners]
    if not names:
        return ""
    scores = [p.score for p in state.players]
    comps = [owned_components(p.pool, [[w.comps] for w in p.workers]) for p in state.players]
    best = max(scores)
    tied = [s for s, v in enumerate(scores) if v == best]
    points = plural(best, "point")
    if len(tied) == 1:
        return f"{names[0]} wins with {points}."
    if len(winners) == 1:
        return (
            f"{names[0]} wins: tied on {points} with "
            + ", ".join(state.names[s] for s in tied if s != winners[0])
            + f", but owns the most components ({comps[winners[0]]})."
        )
    return f"{' and '.join(names)} share the win: {points} and {plural(comps[winners[0]], 'component')} each."


def round_ends(states: Sequence[State]) -> list[tuple[int, ...]]:
    """Each seat's score at the end of setup (index 0) and of every round since, from the states after every
    logged action (an action counts for the round it was taken in)."""
    ends: dict[int, tuple[int, ...]] = {}
    for before, after in pairwise(states):
        ends[before.round] = tuple(p.score for p in after.players)
    if not ends:
        return [tuple(p.score for p in states[0].players)] if states else []
    return [ends[r] for r in sorted(ends)]


class ResultsScreen(ResultsFrame):
    """The end of the game: the winner with tie-breaks, points by cause per player, and scores by round."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,r", "close", "Board", id="station.results.close", tooltip="Back to the board"),
    ]

    VERDICT_ID = "results-winner"

    def __init__(
        self,
        winner: str,
        names: Sequence[str],
        rows: Sequence[tuple[str, Sequence[int]]],
        rounds: Sequence[Sequence[int]],
        hues: Sequence[int] = (),
    ) -> None:
        super().__init__()
        self.hues = list(hues)
        """Each seat's colour index (its mat's colour)."""
        self.winner = winner
        self.names = list(names)
        self.rows = list(rows)
        self.rounds = [list(r) for r in rounds]

    def verdict(self) -> str:
        return self.winner

    def table(self) -> Table:
        from rich import box

        table = Table(
            title="Points by cause", box=box.SIMPLE_HEAD, expand=False, show_edge=False, pad_edge=False
        )
        table.add_column("")
        for seat, name in enumerate(self.names):
            table.add_column(
                Text(f"{mark(seat)} {name}"), justify="right", style=f"bold {self._colour(seat)}"
            )
        for n, (label, values) in enumerate(self.rows):
            total = label == "Total"
            cells = [str(v) if total else f"{v:+d}" for v in values]
            before_total = n + 2 == len(self.rows)
            table.add_row(label, *cells, style="bold" if total else "", end_section=before_total)
        return table

    def chart(self) -> Text:
        """Scores over the rounds as a text chart (one mark per player per round), then the figures."""
        text = Text("Score over the rounds (r0 = after setup)\n", style="bold")
        if not self.rounds:
            return text
        values = [v for r in self.rounds for v in r]
        step = next(s for s in (1, 2, 3, 5, 10, 20, 50, 100, 1000) if (max(values) - min(values)) / s <= 6)
        lo = min(values) // step * step
        rows = round((max(values) - lo) / step) + 1
        col, left = 6, 18
        for row in range(rows - 1, -1, -1):
            text.append(f"{lo + row * step} pts".ljust(left - 1) + "┤")
            for scores in self.rounds:
                here = [s for s, v in enumerate(scores) if round((v - lo) / step) == row]
                cell = "".join(mark(s) for s in here)[: col - 1].center(col)
                text.append(cell, style=f"bold {self._colour(here[0])}" if len(here) == 1 else "bold")
            text.append("\n")
        text.append(
            "round".ljust(left - 1) + "└" + "".join(f"r{r}".center(col, "─") for r in range(len(self.rounds)))
        )
        text.append("\n")
        for seat, name in enumerate(self.names):
            text.append(f"{mark(seat)} {name[:14]}".ljust(left), style=self._colour(seat))
            text.append(
                "".join(str(r[seat]).center(col) for r in self.rounds) + "\n", style=self._colour(seat)
            )
        return text

    def _colour(self, seat: int) -> str:
        """The seat's colour from the theme: its mat's (the marks carry the same information without colour)."""
        return self.seat_colour(self.hues[seat] if seat < len(self.hues) else seat)


def results_screen(table: Any) -> ResultsScreen:
    """The results of the table's finished match."""
    match = table.match
    final = match.state
    states = [match.state_at(i) for i in range(len(match) + 1)]
    winners = table.rules.winner(final)
    return ResultsScreen(
        tie_break_text(final, winners),
        [table.player_name(s) for s in range(len(final.players))],
        breakdown_rows(final),
        round_ends(states),
        [hue(final, s) for s in range(len(final.players))],
    )
