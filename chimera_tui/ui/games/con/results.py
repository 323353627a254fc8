"""The end of a game of Chimera Con: who won and by how much, what each player's chimeras did, and which
chimera won each round.

`story` rebuilds it from the match's states along the log (only public facts: attacks, hits, eliminations,
the rounds' points, cheats played and caught), so it reads the same from a local match or a remote seat's
public views; `ResultsScreen` shows it in the shared results frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType

from chimera_tui.engine.match import LogEntry
from chimera_tui.games.con import State
from chimera_tui.games.con.told import card
from chimera_tui.ui.widgets.results_frame import ResultsFrame
from chimera_tui.ui.widgets.round_chart import MARKS, round_chart


@dataclass
class Story:
    """What each seat did over the game, and who won each round with which chimera."""

    players: int
    points: list[int] = field(default_factory=list)
    attacks: list[int] = field(default_factory=list)
    hits: list[int] = field(default_factory=list)
    dealt: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    eliminated: list[int] = field(default_factory=list)
    """Chimeras this seat's attacks (or counterattacks) eliminated."""
    cheats: list[int] = field(default_factory=list)
    caught: list[int] = field(default_factory=list)
    rounds: list[tuple[int, int, tuple[str, ...]]] = field(default_factory=list)
    """(round, winning seat or -1 for nobody, its chimera's part codes) for every round played."""
    standing: list[list[int]] = field(default_factory=list)
    """Each seat's points after each round."""
    winner: int = -1

    def __post_init__(self) -> None:
        for name in ("points", "attacks", "hits", "dealt", "taken", "eliminated", "cheats", "caught"):
            setattr(self, name, [0] * self.players)


def story(states: Sequence[State], log: Sequence[LogEntry]) -> Story:
    """The story of a match from its states (``states[i]`` after ``i`` actions) and its log."""
    final = states[-1]
    out = Story(len(final.names))
    out.points = list(final.points)
    for i, entry in enumerate(log):
        if entry.action.startswith("cheat "):
            out.cheats[entry.seat] += 1
        by = -1
        for f in states[i + 1].told:
            kind = f[0]
            if kind == "attack":
                out.attacks[int(f[1])] += 1
            elif kind == "hit":
                s, t, dmg = int(f[1]), int(f[2]), int(f[5])
                out.hits[s] += 1
                out.dealt[s] += dmg
                out.taken[t] += dmg
                by = s
            elif kind == "counter":
                t, s, dmg = int(f[1]), int(f[2]), int(f[3])
                out.dealt[t] += dmg
                out.taken[s] += dmg
                by = t
            elif kind == "out" and by >= 0 and by != int(f[1]):
                out.eliminated[by] += 1
            elif kind == "check" and int(f[3]) == 1:
                out.caught[int(f[1])] += 1
            elif kind == "point":
                out.rounds.append((int(f[2]), int(f[1]), tuple(str(c) for c in f[3:6])))
                out.standing.append([int(p) for p in f[6:]])
            elif kind == "nobody":
                out.rounds.append((int(f[1]), -1, ()))
                out.standing.append(list(out.standing[-1]) if out.standing else [0] * out.players)
            elif kind == "won":
                out.winner = int(f[1])
    return out


def verdict(s: Story, names: Sequence[str]) -> str:
    """Who won and by how much, in words."""
    if s.winner < 0:
        return "The game is over."
    best = s.points[s.winner]
    others = sorted(((p, i) for i, p in enumerate(s.points) if i != s.winner), reverse=True)
    if not others:
        return f"{names[s.winner]} wins with {best} point{'s' * (best != 1)}."
    second = others[0][0]
    behind = [names[i] for p, i in sorted(others, key=lambda x: x[1]) if p == second]
    who = " and ".join(behind) if len(behind) <= 2 else ", ".join(behind[:-1]) + " and " + behind[-1]
    each = " each" if len(behind) > 1 else ""
    return (
        f"{names[s.winner]} wins with {best} point{'s' * (best != 1)}, {best - second} ahead of {who} "
        f"({second}{each})."
    )


def rows(s: Story) -> list[tuple[str, list[str]]]:
    """The table's rows: (label, one cell per seat), the points last."""

    def nums(values: list[int]) -> list[str]:
        return [str(v) for v in values]

    return [
        ("Attacks", nums(s.attacks)),
        ("… that hit", nums(s.hits)),
        ("Damage dealt¹", nums(s.dealt)),
        ("Damage taken", nums(s.taken)),
        ("Eliminated²", nums(s.eliminated)),
        ("Cheats played", nums(s.cheats)),
        ("… caught", nums(s.caught)),
        ("Points", nums(s.points)),
    ]


NOTES = (
    "¹ counterattacks too · ² chimeras that player's attacks or counterattacks finished · a cheat is "
    "caught on a 1 · a point for each round won"
)


def round_lines(s: Story, names: Sequence[str]) -> list[tuple[int, str]]:
    """For each round: (winning seat or -1, the line saying who won it with which chimera)."""
    out = []
    for number, seat, parts in s.rounds:
        if seat < 0:
            out.append((-1, f"Round {number}: the last chimeras fell together; nobody scored"))
            continue
        laid = ", ".join(card(c) for c in parts if c)
        out.append((seat, f"Round {number}: {MARKS[seat % len(MARKS)]} {names[seat]} with {laid}"))
    return out


class ResultsScreen(ResultsFrame):
    """The end of the game: the verdict, what each player did, and who won each round with which chimera."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,r", "close", "Back to the table", id="con.results.close", tooltip="Close"),
    ]
    DEFAULT_CSS = """
    ResultsScreen #con-results-chart { margin-top: 1; }
    """
    PREFIX = "con-results"

    def __init__(self, the_story: Story, names: Sequence[str]) -> None:
        super().__init__()
        self.story = the_story
        self.names = list(names)

    def verdict(self) -> str:
        return verdict(self.story, self.names)

    def table(self) -> Table:
        table = Table(
            title="What each player did", box=box.SIMPLE_HEAD, expand=False, show_edge=False, pad_edge=False
        )
        table.add_column("")
        for seat, name in enumerate(self.names):
            table.add_column(
                Text(f"{MARKS[seat % len(MARKS)]} {name}"),
                justify="right",
                style=f"bold {self.seat_colour(seat)}",
            )
        table_rows = rows(self.story)
        for n, (label, cells) in enumerate(table_rows):
            last = n + 1 == len(table_rows)
            table.add_row(label, *cells, style="bold" if last else "", end_section=n + 2 == len(table_rows))
        table.caption = NOTES
        table.caption_justify = "left"
        return table

    def chart(self) -> Text:
        text = Text("Who won each round, and with which chimera\n", style="bold")
        for seat, line in round_lines(self.story, self.names):
            text.append(line + "\n", style=f"{self.seat_colour(seat)}" if seat >= 0 else "italic")
        if len(self.story.standing) > 1:
            text.append("\n")
            text.append_text(
                round_chart(
                    "Points after each round",
                    [f"r{number}" for number, _, _ in self.story.rounds],
                    self.names,
                    self.story.standing,
                    [self.seat_colour(s) for s in range(len(self.names))],
                    unit="pt",
                )
            )
        return text
