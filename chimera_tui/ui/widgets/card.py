"""A small card (title, a few stat lines) and a row of them with a cursor. Generic: plain view data only.

The card's look comes from state classes set from its `CardFace`: ``-outer``, ``-selected``,
``-face-down``, ``-target``, ``-muted`` and, in a `CardRow`, ``-cursor``. Every state that matters to play
is also written in the card's text (a mark in the border), so nothing depends on colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True)
class CardFace:
    """What one card shows."""

    key: str
    """Identifies the card in messages (a content id, a socket name…)."""
    title: str
    lines: tuple[str, ...] = ()
    """Stat lines, top to bottom (Content markup)."""
    mark: str = ""
    """A short label in the bottom border, e.g. "outer" or "yours"."""
    face_down: bool = False
    outer: bool = False
    target: bool = False
    selected: bool = False
    muted: bool = False
    """Shown dimmed (used this round, cannot be afforded, not yours to pick)."""


_FLAGS = {"outer": "-outer", "target": "-target", "selected": "-selected", "face_down": "-face-down"}


class Card(Widget):
    """One card with a border; its title in the top border and its mark in the bottom one."""

    DEFAULT_CSS = """
    Card {
        width: 1fr;
        height: auto;
        min-height: 3;
        border: round $foreground 40%;
        border-title-color: $text;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        padding: 0 1;
        &.-outer { border: round $warning; }
        &.-target { border: double $error; }
        &.-selected { border: double $accent; }
        &.-face-down { color: $text-muted; background: $panel; }
        &.-muted { color: $text-muted; }
        &.-cursor { border: heavy $accent; background: $boost; }
    }
    """

    face: reactive[CardFace | None] = reactive(None)
    """The card on show, or None for an empty slot."""

    def __init__(
        self, face: CardFace | None = None, *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(Card.face, face)

    def on_mount(self) -> None:
        self.watch_face(self.face)

    def watch_face(self, face: CardFace | None) -> None:
        for flag, cls in _FLAGS.items():
            self.set_class(bool(face and getattr(face, flag)), cls)
        self.set_class(bool(face and face.muted), "-muted")
        self.border_title = Content(face.title) if face else None
        self.border_subtitle = Content(face.mark) if face and face.mark else None
        height = self.styles.height
        self.refresh(layout=height is None or height.is_auto)

    def render(self) -> Content:
        face = self.face
        if face is None:
            return Content("")
        if face.face_down:
            return Content.from_markup("[i]face down[/i]")
        return Content("\n").join(Content.from_markup(line) for line in face.lines)


class CardRow(Widget, can_focus=True):
    """Cards side by side (wrapping after `columns`), with a cursor moved by the arrow keys."""

    BINDINGS = [
        Binding("left,h,a", "move(-1,0)", "Left", show=False, id="card-row.left"),
        Binding("right,l,d", "move(1,0)", "Right", show=False, id="card-row.right"),
        Binding("up,k,w", "move(0,-1)", "Up", show=False, id="card-row.up"),
        Binding("down,j,s", "move(0,1)", "Down", show=False, id="card-row.down"),
        Binding("enter", "choose", "Choose", show=False, id="card-row.choose", tooltip="Act on this card"),
    ]

    DEFAULT_CSS = """
    CardRow {
        layout: grid;
        grid-size: 3;
        grid-gutter: 0 1;
        height: auto;
        &:focus Card.-cursor { border: heavy $accent; }
        &:blur Card.-cursor { border: heavy $foreground 60%; background: transparent; }
    }
    """

    faces: reactive[tuple[CardFace, ...]] = reactive((), always_update=True, recompose=False)
    """The cards, left to right, top to bottom."""
    columns: reactive[int] = reactive(3)
    """Cards per line."""
    cursor: reactive[int] = reactive(0)
    """Index of the card under the cursor."""

    class Highlighted(Message):
        """The cursor moved onto a card."""

        def __init__(self, row: CardRow, key: str | None) -> None:
            super().__init__()
            self.row = row
            self.key = key

        @property
        def control(self) -> CardRow:
            return self.row

    class Chosen(Message):
        """Enter was pressed on a card."""

        def __init__(self, row: CardRow, key: str) -> None:
            super().__init__()
            self.row = row
            self.key = key

        @property
        def control(self) -> CardRow:
            return self.row

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._cards: list[Card] = []
        """Card widgets, reused from one set of faces to the next (the extra ones hidden)."""

    def compose(self) -> ComposeResult:
        return iter(())

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, len(self.faces) - 1)) if self.faces else 0

    def watch_columns(self, columns: int) -> None:
        self.styles.grid_size_columns = max(1, columns)

    def watch_faces(self, faces: tuple[CardFace, ...]) -> None:
        for i, face in enumerate(faces):
            if i < len(self._cards):
                self._cards[i].face = face
                self._cards[i].display = True
            else:
                card = Card(face)
                self._cards.append(card)
                self.mount(card)
        for card in self._cards[len(faces) :]:
            card.display = False
        self.cursor = self.validate_cursor(self.cursor)
        self._show_cursor()

    def watch_cursor(self) -> None:
        self._show_cursor()
        self.post_message(self.Highlighted(self, self.current))

    def _show_cursor(self) -> None:
        for i, card in enumerate(self._cards):
            card.set_class(i == self.cursor, "-cursor")

    @property
    def current(self) -> str | None:
        """The key of the card under the cursor."""
        return self.faces[self.cursor].key if self.faces else None

    def action_move(self, dx: int, dy: int) -> None:
        if not self.faces:
            return
        self.cursor = self.validate_cursor(self.cursor + dx + dy * max(1, self.columns))

    def action_choose(self) -> None:
        if self.faces:
            self.post_message(self.Chosen(self, self.faces[self.cursor].key))

    def on_focus(self, event: events.Focus) -> None:
        self.post_message(self.Highlighted(self, self.current))

    def on_click(self, event: events.Click) -> None:
        """A click moves the cursor to the card; a click on the card under the cursor chooses it."""
        if event.widget in self._cards:
            index = self._cards.index(event.widget)
            self.focus()
            if index == self.cursor:
                self.action_choose()
            else:
                self.cursor = index

    def select(self, key: str) -> None:
        """Put the cursor on the card called `key`, if it is in the row."""
        for i, face in enumerate(self.faces):
            if face.key == key:
                self.cursor = i
                return
