"""A text chart of one number per player over the rounds of a game. Generic: plain view data only.

Each player has a mark (a shape, so the chart reads without colour) and a colour; each column is a round.
Where several players share a cell their marks are listed together. Below the chart each player's figures
are printed, so the values can be read exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

MARKS = ("▲", "■", "●", "◆", "★", "✚")
"""One shape per seat, in seat order."""


def round_chart(
    title: str,
    columns: Sequence[str],
    names: Sequence[str],
    values: Sequence[Sequence[int]],
    colours: Sequence[str] = (),
    unit: str = "",
    marks: Sequence[str] = MARKS,
    axis: str = "round",
) -> Text:
    """The chart as Rich `Text` (names are never markup).

    Args:
        title: The first line.
        columns: A label per column ("r1", "r2", …, "end").
        names: Player names, by seat.
        values: For each column, each seat's value.
        colours: A Rich colour per seat ("" for the default).
        unit: Written after the numbers on the axis ("cards").
        marks: A shape per seat.
        axis: What the columns are, written under the axis ("round", or "step" for steps of the log).
    """
    text = Text(title + "\n", style="bold")
    if not values or not names:
        return text

    def colour(seat: int) -> str:
        return (colours[seat] if seat < len(colours) else "") or "default"

    flat = [v for column in values for v in column]
    spread = max(flat) - min(flat)
    step = next(s for s in (1, 2, 3, 5, 10, 20, 50, 100, 1000, 10_000) if spread / s <= 6)
    low = min(flat) // step * step
    rows = round((max(flat) - low) / step) + 1
    width = max(4, max(len(c) for c in columns) + 2)
    left = max(10, len(f"{max(flat)} {unit}") + 2, max(len(n[:14]) for n in names) + 3)
    for row in range(rows - 1, -1, -1):
        text.append(f"{low + row * step} {unit}".rstrip().ljust(left - 1) + "┤")
        for column in values:
            here = [s for s, v in enumerate(column) if round((v - low) / step) == row]
            cell = "".join(marks[s % len(marks)] for s in here)[: width - 1].center(width)
            text.append(cell, style=f"bold {colour(here[0])}" if len(here) == 1 else "bold")
        text.append("\n")
    text.append(
        axis[: left - 2].ljust(left - 1) + "└" + "".join(c.center(width, "─") for c in columns) + "\n"
    )
    for seat, name in enumerate(names):
        text.append(f"{marks[seat % len(marks)]} {name[:14]}".ljust(left), style=colour(seat))
        text.append("".join(str(column[seat]).center(width) for column in values) + "\n", style=colour(seat))
    return text
