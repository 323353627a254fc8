"""The end of a game of Codename: Chimera: who won and why, what each monster did, and its cards over the rounds.

`story` rebuilds everything from the match's states along the log (public facts only: the monsters, the
graveyard, the dice); `ResultsScreen` shows it with a table and a round-by-round chart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType

from chimera_tui.games.codename.actions import Attach
from chimera_tui.games.codename.state import Phase, State
from chimera_tui.ui.games.codename import words as w
from chimera_tui.ui.widgets.results_frame import ResultsFrame
from chimera_tui.ui.widgets.round_chart import MARKS, round_chart

_ARENA = (Phase.TURN, Phase.JOIN, Phase.REACT, Phase.WINDOW)


@dataclass
class Story:
    """What happened to each seat, and the standing over the arena rounds."""

    players: int
    verdict: str = ""
    built: list[int] = field(default_factory=list)
    attached: list[int] = field(default_factory=list)
    regrown: list[int] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    attacks: list[int] = field(default_factory=list)
    hits: list[int] = field(default_factory=list)
    destroyed: list[int] = field(default_factory=list)
    fell: list[int] = field(default_factory=list)
    """The arena round each monster fell in (0: still standing)."""
    final: list[int] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    standing: list[list[int]] = field(default_factory=list)
    """For each column, each seat's cards on its monster."""

    def __post_init__(self) -> None:
        for name in ("built", "attached", "regrown", "lost", "attacks", "hits", "destroyed", "fell", "final"):
            setattr(self, name, [0] * self.players)


def _cards(state: State) -> list[int]:
    return [len(p.torso) + len(p.monster) if p.alive else 0 for p in state.players]


def story(states: Sequence[State], actions: Sequence[object], seats: Sequence[int | None]) -> Story:
    """The story of a match from its states (``states[i]`` after ``i`` actions), actions and acting seats."""
    final = states[-1]
    out = Story(len(final.players))
    for i in range(1, len(states)):
        before, after = states[i - 1], states[i]
        seat = seats[i - 1]
        if before.phase is Phase.BUILD and after.phase is not Phase.BUILD:
            out.built = [len(p.monster) for p in after.players]
        if isinstance(actions[i - 1], Attach) and before.phase in _ARENA and seat is not None:
            out.attached[seat] += 1
        if after.arena_round != before.arena_round and after.phase in _ARENA:
            out.columns.append(f"r{after.arena_round}")
            out.standing.append(_cards(after))
        roll = after.roll
        fresh = roll is not None and roll != before.roll  # (equality: states may come decoded from a host)
        if fresh and roll is not None and roll.kind in ("attack", "counter"):
            out.attacks[roll.seat] += 1
            out.hits[roll.seat] += roll.hit
        grown = len(after.graveyard) - len(before.graveyard)
        if grown > 0:
            for g in after.graveyard[len(before.graveyard) :]:
                out.lost[g.owner] += 1
                if fresh and roll is not None and roll.seat >= 0 and g.owner != roll.seat:
                    out.destroyed[roll.seat] += 1
        elif grown < 0 and seat is not None:
            out.regrown[seat] += 1
        for s, (p, q) in enumerate(zip(before.players, after.players, strict=True)):
            if p.alive and not q.alive:
                out.fell[s] = after.arena_round
    out.final = _cards(final)
    out.columns.append("end")
    out.standing.append(out.final)
    out.verdict = next(
        (e for e in reversed(final.events) if "wins" in e or "nobody" in e), "The game is over."
    )
    return out


def rows(s: Story) -> list[tuple[str, list[str]]]:
    """The table's rows: (label, one cell per seat)."""

    def nums(values: list[int]) -> list[str]:
        return [str(v) for v in values]

    return [
        ("Parts on the monster after building", nums(s.built)),
        ("Parts attached in the arena", nums(s.attached)),
        ("Parts regrown from the graveyard", nums(s.regrown)),
        ("Cards lost to the graveyard", nums(s.lost)),
        ("Attacks and counters rolled", nums(s.attacks)),
        ("… that destroyed their target", nums(s.hits)),
        ("Opponents' cards destroyed", nums(s.destroyed)),
        ("Fell in arena round", [str(r) if r else "—" for r in s.fell]),
        ("Cards on the monster at the end", nums(s.final)),
    ]


class ResultsScreen(ResultsFrame):
    """The end of the game: the verdict in words, each seat's story, cards on each monster round by round."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,r", "close", "Back to the table", id="codename.results.close", tooltip="Close"),
    ]

    DEFAULT_CSS = """
    ResultsScreen #cn-results-chart { margin-top: 1; }
    """
    PREFIX = "cn-results"

    def __init__(self, the_story: Story, names: Sequence[str]) -> None:
        super().__init__()
        self.story = the_story
        self.names = list(names)

    def verdict(self) -> str:
        return w.named(self.story.verdict, self.names)

    def _colour(self, seat: int) -> str:
        return self.seat_colour(seat)

    def table(self) -> Table:
        table = Table(
            title="What each monster did", box=box.SIMPLE_HEAD, expand=False, show_edge=False, pad_edge=False
        )
        table.add_column("")
        for seat, name in enumerate(self.names):
            table.add_column(
                Text(f"{MARKS[seat % len(MARKS)]} {w.short_player(name)}"),
                justify="right",
                style=f"bold {self._colour(seat)}",
            )
        table_rows = rows(self.story)
        for n, (label, cells) in enumerate(table_rows):
            last = n + 1 == len(table_rows)
            table.add_row(label, *cells, style="bold" if last else "", end_section=n + 2 == len(table_rows))
        return table

    def chart(self) -> Text:
        return round_chart(
            "Cards on each monster at the start of every arena round, and at the end",
            self.story.columns,
            [w.short_player(n) for n in self.names],
            self.story.standing,
            [self._colour(s) for s in range(len(self.names))],
            unit="cards",
        )
