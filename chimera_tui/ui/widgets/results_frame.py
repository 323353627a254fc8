"""The frame every game's results screen shares: a bordered "Game over" box over the dimmed table, holding the
verdict in words, a table of what each seat did and a chart over the rounds, with one key back.

A game's results screen subclasses `ResultsFrame`, names its widgets' ids (`PREFIX`) and builds `verdict`,
`table` and `chart`; seat colours come from the theme through `seat_colour`, and the marks (▲■●◆) carry the
same information without colour.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from chimera_tui.ui.widgets.footer import KeysFooter

SEAT_COLOUR_VARIABLES = ("error", "primary", "success", "warning")
"""The theme variables that colour seats 1 to 4 (then again from the first)."""


class ResultsFrame(ModalScreen[None]):
    """A game's end: verdict, table and chart in one scrollable box; Escape, Enter or `r` closes it."""

    DEFAULT_CSS = """
    ResultsFrame {
        align: center middle;
        background: $background 70%;
        & > .results-box {
            width: 100;
            max-width: 100%;
            height: auto;
            max-height: 100%;
            border: thick $accent;
            background: $surface;
            padding: 0 1;
        }
        & .results-verdict { text-style: bold; color: $text-accent; margin-bottom: 1; }
    }
    """

    PREFIX: ClassVar[str] = "results"
    """The ids of the box and its parts: ``PREFIX-box``, ``-verdict`` (or ``WINNER_ID``), ``-table``, ``-chart``."""
    VERDICT_ID: ClassVar[str | None] = None
    """The verdict's id when it is not ``PREFIX-verdict``."""

    def compose(self) -> ComposeResult:
        variables = self.app.get_css_variables()
        self._colours = [variables.get(name, "") for name in SEAT_COLOUR_VARIABLES]
        with VerticalScroll(id=f"{self.PREFIX}-box", classes="results-box") as box:
            box.border_title = "Game over"
            yield Static(
                self.verdict(),
                id=self.VERDICT_ID or f"{self.PREFIX}-verdict",
                classes="results-verdict",
                markup=False,
            )
            yield Static(self.table(), id=f"{self.PREFIX}-table")
            yield Static(self.chart(), id=f"{self.PREFIX}-chart")
        yield KeysFooter()

    def seat_colour(self, hue: int) -> str:
        """The theme's colour for colour index `hue` ("default" where the theme has none)."""
        return self._colours[hue % len(self._colours)] or "default"

    def verdict(self) -> str:
        """Who won and why, in words (plain text)."""
        raise NotImplementedError

    def table(self) -> RenderableType:
        """What each seat did."""
        raise NotImplementedError

    def chart(self) -> RenderableType:
        """The standing over the rounds."""
        raise NotImplementedError

    def action_close(self) -> None:
        self.dismiss(None)
