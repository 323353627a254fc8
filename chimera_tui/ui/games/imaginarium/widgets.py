"""Imaginarium's widgets: the board areas (place canvases with the game's colours), the choice dialog with
its preview, and the end-of-game results. They draw view data and post intents; the screen owns the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chimera_tui.ui.dialogs.reopening import shows_already
from chimera_tui.ui.seats import escape_markup as escape
from chimera_tui.ui.widgets.dream_track import DreamTrack
from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.place_canvas import PlaceCanvas
from chimera_tui.ui.widgets.results_frame import ResultsFrame
from chimera_tui.ui.widgets.round_chart import MARKS, round_chart
from chimera_tui.ui.widgets.sketch import Canvas

GAME_CLASSES: set[str] = {
    "place-canvas--type-production",
    "place-canvas--type-transformation",
    "place-canvas--type-attack",
    "place-canvas--type-defense",
    "place-canvas--type-special",
    "place-canvas--frag-R",
    "place-canvas--frag-G",
    "place-canvas--frag-E",
    "place-canvas--frag-F",
    "place-canvas--frag-N",
    "place-canvas--forbid",
    "place-canvas--dial-on",
    "place-canvas--accent",
    "place-canvas--taken",
}
"""Machine types and fragment colours (each also written as a letter), the dial's marks, the acting seat."""


VIVID = frozenset({"frag-R", "frag-G", "frag-E", "frag-F", "frag-N"})
"""Fragments keep their colours on dimmed and lit places."""


class BoardArea(PlaceCanvas):
    """One area of the board (belt, office, workshops, dreams) with Imaginarium's colours."""

    COMPONENT_CLASSES: ClassVar[set[str]] = GAME_CLASSES
    VIVID = VIVID


class TrackArea(DreamTrack):
    """The dream track with Imaginarium's colours."""

    COMPONENT_CLASSES: ClassVar[set[str]] = GAME_CLASSES
    VIVID = VIVID


class ChoiceDialog(ModalScreen[int | None]):
    """A list of choices in words with a preview of what the highlighted one changes; Escape cancels.

    The game screen keeps one and shows it again with new choices (`reopen`): building one mounts and
    styles a dozen widgets, most of the cost of opening it.
    """

    UNDO: ClassVar[int] = -1
    """What the dialog returns when the player asks to undo instead of choosing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape", "cancel", "Cancel", id="imaginarium.dialog.cancel", tooltip="Close without choosing"
        ),
        Binding(
            "u", "undo", "Undo", id="imaginarium.dialog.undo", tooltip="Close and take back your last action"
        ),
        Binding(
            "question_mark,f1", "rules", "Rules", id="imaginarium.dialog.rules", tooltip="The rules of this"
        ),
    ]

    DEFAULT_CSS = """
    ChoiceDialog {
        align: center middle;
        background: $background 60%;
        #im-choice-box {
            width: 96;
            max-width: 100%;
            height: auto;
            max-height: 100%;
            border: thick $accent;
            background: $surface;
            padding: 0 1;
        }
        #im-choice-context { color: $text-muted; height: auto; max-height: 4; }
        #im-choice-list { height: auto; max-height: 12; margin: 1 0 0 0; }
        #im-choice-preview { height: auto; max-height: 9; border-top: solid $primary 50%; color: $text; }
    }
    """

    def __init__(
        self,
        title: str,
        choices: Sequence[str],
        previews: Sequence[Sequence[str]],
        *,
        context: str = "",
        topic: str | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.previews = [list(p) for p in previews]
        self.context = context
        self.topic = topic

    def compose(self) -> ComposeResult:
        with Vertical(id="im-choice-box") as frame:
            frame.border_title = escape(self.title_text)
            context = Static(self.context, id="im-choice-context", markup=False)
            context.display = bool(self.context)
            yield context
            yield OptionList(*self._options(), id="im-choice-list")
            yield Static(id="im-choice-preview", markup=False)
        yield KeysFooter()

    def _options(self) -> list[Option]:
        return [Option(Text(c), id=str(i)) for i, c in enumerate(self.choices)]

    def on_mount(self) -> None:
        self._start()

    def _start(self) -> None:
        """The first choice highlighted and previewed, the keyboard on the list."""
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()
        self._show_preview(0)

    def reopen(
        self,
        title: str,
        choices: Sequence[str],
        previews: Sequence[Sequence[str]],
        *,
        context: str = "",
        topic: str | None = None,
    ) -> None:
        """Show new choices, as a new dialog would (called before the kept dialog is pushed again)."""
        if shows_already(self, (title, tuple(choices), tuple(map(tuple, previews)), context)):
            self.topic = topic
            return
        self.title_text = title
        self.choices = list(choices)
        self.previews = [list(p) for p in previews]
        self.context = context
        self.topic = topic
        if not self.is_mounted:
            return
        self.query_one("#im-choice-box").border_title = escape(title)
        line = self.query_one("#im-choice-context", Static)
        line.update(context)
        line.display = bool(context)
        self.query_one(OptionList).set_options(self._options())
        self._start()

    def _show_preview(self, index: int | None) -> None:
        if index is None or index >= len(self.previews):
            return
        self.query_one("#im-choice-preview", Static).update("Preview — " + "\n".join(self.previews[index]))

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_preview(event.option_index)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_undo(self) -> None:
        self.dismiss(self.UNDO)

    def action_rules(self) -> None:
        from chimera_tui.ui.dialogs.rules import RulesScreen

        self.app.push_screen(RulesScreen("imaginarium", topic=self.topic))


STYLE_OF_CLASS = {"muted": "dim", "strong": "bold", "line": "dim", "title": "bold", "taken": "dim strike"}
"""Rich styles for a canvas drawn as plain text (the results' dream track)."""


class ResultsScreen(ResultsFrame):
    """The end: the winner with the tie-break, VP by cause and the end bonuses, VP over the rounds, and the
    dream track as it ended."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,enter,r", "close", "Board", id="imaginarium.results.close", tooltip="Back to the board"
        ),
    ]

    PREFIX = "im-results"

    DEFAULT_CSS = """
    ResultsScreen > #im-results-box { width: 124; }
    """

    def __init__(
        self,
        verdict: str,
        teams: Sequence[tuple[str, int]],
        rows: Sequence[tuple[str, Sequence[int]]],
        columns: Sequence[str],
        rounds: Sequence[Sequence[int]],
        track: Canvas,
        legend: str,
    ) -> None:
        super().__init__()
        self._verdict = verdict
        self.teams = list(teams)
        """Each team's name and the seat whose mark and colour it wears."""
        self.rows = list(rows)
        self.columns = list(columns)
        self.rounds = [list(r) for r in rounds]
        self.track = track
        self.legend = legend

    def verdict(self) -> str:
        return self._verdict

    def seat_colour(self, hue: int) -> str:
        """Seats 5 and 6 too (the frame knows four): the theme variables of app.tcss's ``.seat-N``."""
        names = ("error", "primary", "success", "warning", "accent", "secondary")
        return self.app.get_css_variables().get(names[hue % len(names)], "") or "default"

    def _colour(self, seat: int) -> str:
        return self.seat_colour(seat)

    def table(self) -> Table:
        table = Table(title="VP by cause", box=box.SIMPLE_HEAD, expand=False, show_edge=False, pad_edge=False)
        table.add_column("")
        for name, seat in self.teams:
            table.add_column(
                Text(f"{MARKS[seat % len(MARKS)]} {name}"),
                justify="right",
                style=f"bold {self._colour(seat)}",
            )
        for n, (label, values) in enumerate(self.rows):
            total = label == "Total"
            cells = [str(v) if total or label.startswith("Units") else f"{v:+d}" for v in values]
            table.add_row(label, *cells, style="bold" if total else "", end_section=n + 2 == len(self.rows))
        return table

    def chart(self) -> RenderableType:
        names = [name for name, _ in self.teams]
        marks = [MARKS[seat % len(MARKS)] for _, seat in self.teams]
        colours = [self._colour(seat) for _, seat in self.teams]
        room = max(3, (min(124, self.app.size.width) - 26) // 5)  # columns that fit beside the axis
        keep = _spread(len(self.columns), room)
        columns = [self.columns[i] for i in keep]
        rounds = [self.rounds[i] for i in keep]
        chart = round_chart("VP over the rounds", columns, names, rounds, colours, "VP", marks)
        track = Text("\nThe dream track at the end\n", style="bold")
        for line in self.track.lines:
            for text, cls in line:
                style = STYLE_OF_CLASS.get(cls, "")
                if cls.startswith("mark-"):
                    style = f"bold {self.seat_colour(int(cls[5:]))}"
                track.append(text, style)
            track.append("\n")
        track.append(self.legend, "dim")
        return Group(chart, track)


def _spread(n: int, room: int) -> list[int]:
    """Indices of at most `room` of `n` columns, evenly spread, always keeping the last (the end)."""
    if n <= room:
        return list(range(n))
    step = (n - 1) / (room - 1)
    return sorted({round(i * step) for i in range(room - 1)} | {n - 1})
