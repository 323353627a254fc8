"""A board drawn as text, as plain data: `Canvas` (lines of styled spans, and the `Spot`s a cursor can stand
on) and `Sketch`, which builds one by writing text at positions. Pure; `PlaceCanvas` draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Span = tuple[str, str]
"""Text and the name of its style class ("" for the canvas's own style)."""
Line = tuple[Span, ...]


@dataclass(frozen=True)
class Spot:
    """A place on the canvas the cursor can stand on: a rectangle with a key and state classes."""

    key: str
    x: int
    y: int
    width: int
    height: int = 1
    classes: frozenset[str] = field(default_factory=frozenset)
    """"legal" (something can be done here now), "dim" (nothing can), or a class of the subclass."""

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + (self.width - 1) / 2, self.y + (self.height - 1) / 2


@dataclass(frozen=True)
class Canvas:
    """What the widget draws: lines top to bottom, and the spots on them."""

    lines: tuple[Line, ...] = ()
    spots: tuple[Spot, ...] = ()

    @property
    def width(self) -> int:
        return max((sum(len(t) for t, _ in line) for line in self.lines), default=0)


def line_text(line: Line) -> str:
    """A canvas line's plain text."""
    return "".join(t for t, _ in line)


class Sketch:
    """Builds a `Canvas` by writing text and spots at positions (pure; grows as needed)."""

    def __init__(self) -> None:
        self._chars: list[list[str]] = []
        self._classes: list[list[str]] = []
        self._spots: list[Spot] = []

    @property
    def height(self) -> int:
        return len(self._chars)

    def _reach(self, x: int, y: int) -> None:
        while len(self._chars) <= y:
            self._chars.append([])
            self._classes.append([])
        row, cls = self._chars[y], self._classes[y]
        if len(row) < x:
            row.extend(" " * (x - len(row)))
            cls.extend([""] * (x - len(cls)))

    def put(self, x: int, y: int, text: str, cls: str = "") -> int:
        """Write `text` at (x, y) in class `cls`; returns the x just after it."""
        self._reach(x + len(text), y)
        row, classes = self._chars[y], self._classes[y]
        for i, ch in enumerate(text):
            row[x + i], classes[x + i] = ch, cls
        return x + len(text)

    def spans(self, x: int, y: int, line: Line, width: int | None = None) -> int:
        """Write a line of spans at (x, y), cut to `width` characters; returns the x just after it."""
        used = 0
        for text, cls in line:
            if width is not None:
                text = text[: max(0, width - used)]
            x = self.put(x, y, text, cls)
            used += len(text)
        return x

    def spot(
        self, key: str, x: int, y: int, width: int, height: int = 1, classes: frozenset[str] = frozenset()
    ) -> None:
        """Mark a spot (the cursor can stand on it)."""
        self._reach(x + width, y + height - 1)
        self._spots.append(Spot(key, x, y, width, height, classes))

    def box(self, x: int, y: int, width: int, height: int, cls: str = "line") -> None:
        """A rounded box outline."""
        self.put(x, y, "╭" + "─" * (width - 2) + "╮", cls)
        for dy in range(1, height - 1):
            self.put(x, y + dy, "│", cls)
            self.put(x + width - 1, y + dy, "│", cls)
        self.put(x, y + height - 1, "╰" + "─" * (width - 2) + "╯", cls)

    def canvas(self) -> Canvas:
        """The lines written (each padded to the widest, so a spot lights its whole rectangle) and the spots."""
        width = max((len(row) for row in self._chars), default=0)
        for row, classes in zip(self._chars, self._classes, strict=True):
            if len(row) < width:
                classes.extend([""] * (width - len(row)))
                row.extend(" " * (width - len(row)))
        lines: list[Line] = []
        for row, classes in zip(self._chars, self._classes, strict=True):
            spans: list[tuple[str, str]] = []
            for ch, cls in zip(row, classes, strict=True):
                if spans and spans[-1][1] == cls:
                    spans[-1] = (spans[-1][0] + ch, cls)
                else:
                    spans.append((ch, cls))
            lines.append(tuple(spans))
        return Canvas(tuple(lines), tuple(self._spots))
