"""Chimera Station's widgets: rows of places (Reactor, Splicing Lab and Lounge, perks), player mats, and the
choices dialog with its preview (the end-of-game results are in results.py). They draw view data and post
intents; the screen owns the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chimera_tui.ui.dialogs.reopening import shows_already
from chimera_tui.ui.games.station.mats import MatView
from chimera_tui.ui.games.station.view import PlaceView
from chimera_tui.ui.games.station.words import SEAT_MARKS, short
from chimera_tui.ui.seats import escape_markup as escape  # exact under Textual's markup parser
from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.painting import component_style


class PlaceRow(Widget, can_focus=True):
    """A row of places, each a small box with a title and a few lines; a cursor moves along it.

    Left/right (h/l) move the cursor; up/down move to the previous/next area; Enter selects.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", "Left", show=False, id="station.row.left", tooltip="Previous place"),
        Binding("right,l", "move(1)", "Right", show=False, id="station.row.right", tooltip="Next place"),
        Binding(
            "up,k",
            "screen.area(-1)",
            "Previous area",
            show=False,
            id="station.row.up",
            tooltip="Previous area",
        ),
        Binding(
            "down,j", "screen.area(1)", "Next area", show=False, id="station.row.down", tooltip="Next area"
        ),
        Binding("enter", "select", "Choose", id="station.row.select", tooltip="What you can do here"),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "place-row--title",
        "place-row--cursor",
        "place-row--cursor-blurred",
        "place-row--legal",
        "place-row--dim",
        "place-row--empty",
        "place-row--mark-0",
        "place-row--mark-1",
        "place-row--mark-2",
        "place-row--mark-3",
    }
    """Title, cursor (focused or not), legal and dimmed places, empty places, and seat marks."""

    DEFAULT_CSS = """
    PlaceRow {
        height: auto;
        border: round $primary 50%;
        border-title-color: $text;
        padding: 0 0;
        &:focus { border: round $accent; }
        & > .place-row--title { text-style: bold; }
        & > .place-row--cursor { background: $accent; color: $text; }
        & > .place-row--cursor-blurred { text-style: underline; }
        & > .place-row--legal { background: $success 35%; text-style: bold; }
        & > .place-row--dim { color: $text-disabled; }
        & > .place-row--empty { color: $text-muted; }
        & > .place-row--mark-0 { color: $error; text-style: bold; }
        & > .place-row--mark-1 { color: $primary; text-style: bold; }
        & > .place-row--mark-2 { color: $success; text-style: bold; }
        & > .place-row--mark-3 { color: $warning; text-style: bold; }
    }
    """

    places: reactive[tuple[PlaceView, ...]] = reactive(())
    hues: tuple[int, ...] = ()
    """Each seat's colour index (its mat's colour); the screen sets it."""
    """The places shown, left to right."""
    cursor: reactive[int] = reactive(0)
    """Index of the place under the cursor."""
    box_lines: reactive[int] = reactive(3, layout=True)
    """Text lines per place (the title included)."""

    class Highlighted(Message):
        """The cursor moved to the place `key`."""

        def __init__(self, row: PlaceRow, key: str) -> None:
            super().__init__()
            self.row = row
            self.key = key

        @property
        def control(self) -> PlaceRow:
            return self.row

    class Selected(Message):
        """Enter on the place `key`."""

        def __init__(self, row: PlaceRow, key: str) -> None:
            super().__init__()
            self.row = row
            self.key = key

        @property
        def control(self) -> PlaceRow:
            return self.row

    def __init__(self, title: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = title

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, len(self.places) - 1)) if self.places else 0

    def watch_places(self, old: tuple[PlaceView, ...], new: tuple[PlaceView, ...]) -> None:
        self.cursor = self.validate_cursor(self.cursor)
        self.refresh(layout=len(old) != len(new))

    def watch_cursor(self, old: int, new: int) -> None:
        if old != new and self.places:
            self.post_message(self.Highlighted(self, self.places[new].key))

    @property
    def current(self) -> PlaceView | None:
        return self.places[self.cursor] if self.places else None

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        per_line = self._per_line(width)
        rows = -(-len(self.places) // per_line) if self.places else 1
        return rows * self.box_lines

    def _per_line(self, width: int) -> int:
        return max(1, min(len(self.places) or 1, width // 11))

    def _style(self, name: str) -> Style:
        return component_style(self, f"place-row--{name}")

    def render(self) -> RenderableType:
        width = self.content_region.width or self.size.width
        per_line = self._per_line(width)
        box = max(8, width // per_line)
        text = Text(no_wrap=True, overflow="crop")
        focused = self.has_focus
        for start in range(0, max(len(self.places), 1), per_line):
            chunk = list(enumerate(self.places))[start : start + per_line]
            for line in range(self.box_lines):
                if start or line:
                    text.append("\n")
                for i, place in chunk:
                    style = Style()
                    for cls in ("empty", "legal", "dim"):
                        if cls in place.classes:
                            style += self._style(cls)
                    if i == self.cursor:
                        style += self._style("cursor" if focused else "cursor-blurred")
                    raw = (
                        short(place.title, box - 1)
                        if line == 0
                        else (place.lines[line - 1] if line - 1 < len(place.lines) else "")
                    )
                    cell = raw[: box - 1].ljust(box - 1)
                    if line == 0:
                        text.append(cell, style + self._style("title"))
                    elif place.marks and raw:
                        self._append_marked(text, cell, style)
                    else:
                        text.append(cell, style)
                    text.append(" ")
        return text

    def _append_marked(self, text: Text, cell: str, style: Style) -> None:
        """Colour each seat mark (and the letters after it) in its seat's colour."""
        current = style
        for ch in cell:
            if ch in SEAT_MARKS:
                seat = SEAT_MARKS.index(ch)
                hue = self.hues[seat] if seat < len(self.hues) else seat
                current = style + self._style(f"mark-{hue}")
            elif ch == " ":
                current = style
            text.append(ch, current)

    def action_move(self, step: int) -> None:
        self.cursor = self.validate_cursor(self.cursor + step)

    def action_select(self) -> None:
        if self.places:
            self.post_message(self.Selected(self, self.places[self.cursor].key))

    def on_focus(self) -> None:
        if self.places:
            self.post_message(self.Highlighted(self, self.places[self.cursor].key))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset
        width = self.content_region.width or self.size.width
        per_line = self._per_line(width)
        box = max(8, width // per_line)
        index = (y // self.box_lines) * per_line + x // box
        if 0 <= index < len(self.places):
            self.cursor = index
            self.action_select()


class MatPanel(Widget):
    """One player's mat (view data from `mats.mat_view`)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "mat-panel--muted",
        "mat-panel--strong",
        "mat-panel--marker",
    }
    """Labels, figures, and the research marker."""

    DEFAULT_CSS = """
    MatPanel {
        height: auto;
        border: round $primary 40%;
        border-title-style: bold;
        padding: 0 1;
        &.-to-act { border: round $accent; }
        & > .mat-panel--muted { color: $text-muted; }
        & > .mat-panel--strong { text-style: bold; }
        & > .mat-panel--marker { background: $accent; color: $text; text-style: bold; }
    }
    """

    mat: reactive[MatView | None] = reactive(None)
    """The mat to show."""
    to_act: reactive[bool] = reactive(False)
    """This player's decision is pending."""

    def watch_mat(self, old: MatView | None, mat: MatView | None) -> None:
        self.refresh(layout=old is None or mat is None or len(old.lines) != len(mat.lines))
        if mat is None:
            return
        self.border_title = escape(mat.title)  # names are plain text, never markup
        for i in range(4):
            self.set_class(mat.hue == i, f"seat-{i}")

    def watch_to_act(self, to_act: bool) -> None:
        self.set_class(to_act, "-to-act")

    def render(self) -> RenderableType:
        text = Text()
        if self.mat is None:
            return text
        for n, line in enumerate(self.mat.lines):
            if n:
                text.append("\n")
            for span, cls in line:
                style = component_style(self, f"mat-panel--{cls}") if cls else Style()
                text.append(span, style)
        return text


class ChoiceDialog(ModalScreen[int | None]):
    """A list of choices in words with a preview of what the highlighted one changes; Escape cancels.

    A game screen keeps one and shows it again with new choices (`reopen`): building one mounts a dozen
    widgets and styles each, most of the cost of opening it.
    """

    UNDO: ClassVar[int] = -1
    """What the dialog returns when the player asks to undo instead of choosing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="station.dialog.cancel", tooltip="Close without choosing"),
        Binding(
            "u", "undo", "Undo", id="station.dialog.undo", tooltip="Close, and take back your last action"
        ),
        Binding("question_mark,f1", "rules", "Rules", id="station.dialog.rules", tooltip="The rules of this"),
    ]

    DEFAULT_CSS = """
    ChoiceDialog {
        align: center middle;
        background: $background 60%;
        #choice-box {
            width: 90;
            max-width: 100%;
            height: auto;
            max-height: 100%;
            border: thick $accent;
            background: $surface;
            padding: 0 1;
        }
        #choice-context { color: $text-muted; height: auto; }
        #choice-list { height: auto; max-height: 12; margin: 1 0 0 0; }
        #choice-preview { height: auto; max-height: 8; border-top: solid $primary 50%; color: $text; }
    }
    """

    def __init__(
        self,
        title: str,
        choices: Sequence[str],
        previews: Sequence[Sequence[str]],
        *,
        context: str = "",
        game_id: str = "station",
        topic: str | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.previews = [list(p) for p in previews]
        self.context = context
        self.game_id = game_id
        self.topic = topic

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box") as box:
            box.border_title = escape(self.title_text)
            context = Static(self.context, id="choice-context", markup=False)
            context.display = bool(self.context)
            yield context
            yield OptionList(*self._options(), id="choice-list")
            yield Static(id="choice-preview", markup=False)
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
        """Show new choices, as a new dialog would (call it before pushing the dialog again)."""
        self.topic = topic
        if shows_already(self, (title, tuple(choices), tuple(map(tuple, previews)), context)):
            return
        self.title_text, self.choices, self.context = title, list(choices), context
        self.previews = [list(p) for p in previews]
        if not self.is_mounted:
            return
        self.query_one("#choice-box").border_title = escape(title)
        context_line = self.query_one("#choice-context", Static)
        context_line.update(context)
        context_line.display = bool(context)
        self.query_one(OptionList).set_options(self._options())
        self._start()

    def _show_preview(self, index: int | None) -> None:
        if index is None or index >= len(self.previews):
            return
        self.query_one("#choice-preview", Static).update("Preview — " + "\n".join(self.previews[index]))

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
        from chimera_tui.ui.dialogs.rules import open_rules

        open_rules(self.app, self.game_id, self.topic)
