"""A dice-roll display: each roller's dice and modifier, the total and what it meant. Generic: plain data."""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True)
class DiceGroup:
    """The dice one roller threw, with its modifier."""

    label: str
    dice: tuple[int, ...]
    modifier: int = 0
    extra: str = ""
    """Anything else added, in words (e.g. "+2 pack")."""


@dataclass(frozen=True)
class DiceRoll:
    """One roll to show."""

    title: str
    """What was rolled for, e.g. "Player 2 attacks Bear Arm"."""
    groups: tuple[DiceGroup, ...] = ()
    total: int | None = None
    outcome: str = ""
    """The result after the total, in words ("≥ 9: DESTROYED", "< 9: missed")."""
    text: str = ""
    """The roll in words, shown as is when it could not be broken into groups."""


class DiceDisplay(Widget):
    """The last roll: dice as boxed numbers, then the total and the outcome."""

    DEFAULT_CSS = """
    DiceDisplay {
        height: auto;
        border: round $foreground 40%;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    """

    roll: reactive[DiceRoll | None] = reactive(None, layout=True)
    """The roll on show (None: nothing rolled yet)."""

    def __init__(self, *, sides: int = 6, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.sides = sides
        """Faces of a die; a result above it was rerolled and added (shown with "!")."""
        self.border_title = "Dice"

    def render(self) -> Content:
        roll = self.roll
        if roll is None:
            return Content.from_markup("[i $text-muted]No dice rolled yet.[/]")
        lines = [Content(roll.title).stylize("bold")]
        if roll.groups:
            width = max(len(g.label) for g in roll.groups)
            for g in roll.groups:
                dice = " ".join(f"[{d}!]" if d > self.sides else f"[{d}]" for d in g.dice) or "-"
                mod = f" {g.modifier:+d}" if g.modifier else ""
                extra = f" {g.extra}" if g.extra else ""
                lines.append(Content(f"{g.label.ljust(width)} {dice}{mod}{extra}"))
        elif roll.text:
            lines.append(Content(roll.text))
        if roll.total is not None:
            lines.append(Content(f"= {roll.total} {roll.outcome}".rstrip()).stylize("bold"))
        elif roll.outcome:
            lines.append(Content(roll.outcome))
        if any(d > self.sides for g in roll.groups for d in g.dice):
            lines.append(Content.from_markup(f"[i $text-muted]! a {self.sides} rolled again and added[/]"))
        return Content("\n").join(lines)
