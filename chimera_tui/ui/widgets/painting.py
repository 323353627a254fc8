"""Drawing helpers the board widgets share (`HexGrid`, `PlaceCanvas`): a component class's style laid over
cells that have their own backgrounds, and a line's segments tidied so that SVG viewers draw it as the
terminal does.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.segment import Segment
from rich.style import Style
from textual.widget import Widget


def component_style(widget: Widget, name: str) -> Style:
    """The Rich style of component class `name` to draw over cells with their own backgrounds.

    Colours are resolved against the widget (so ``auto`` and alpha colours work in light themes), but only
    what the component's CSS sets is kept: a class without a background keeps the cell's background.
    """
    partial = widget.get_component_rich_style(name, partial=True, default=Style())
    full = widget.get_component_rich_style(name, partial=False, default=Style())
    return Style(
        color=full.color if partial.color is not None else None,
        bgcolor=full.bgcolor if partial.bgcolor is not None else None,
        bold=partial.bold,
        dim=partial.dim,
        italic=partial.italic,
        underline=partial.underline,
        reverse=partial.reverse,
        strike=partial.strike,
    )


def drawn_with(widget: Widget, components: Iterable[str]) -> tuple[object, ...]:
    """A key for the Rich styles `widget` draws with, its own (``rich_style``) and those of its component
    classes `components` (`component_style`): equal keys, equal styles, so a widget whose CSS was applied
    again (Textual does on every focus change) keeps its drawn lines while the key stays the same.

    A Rich style under a widget is worked out (``DOMNode.rich_style``) from what each node from the app down
    to it sets of opacity, background and its tint, colour, automatic colour and text style, and a component
    class's from that and its own rules: the key holds those, and each component class's styles (compared by
    their rules)."""
    inherited = []
    for node in widget.ancestors_with_self:
        styles = node.styles
        has_rule = styles.has_rule
        inherited.append(
            (
                styles.opacity,
                styles.background if has_rule("background") else None,
                styles.background_tint,
                styles.color if has_rule("color") else None,
                styles.auto_color if has_rule("auto_color") else None,
                styles.text_style,
            )
        )
    own = widget._component_styles
    return (tuple(inherited), *(own.get(name) for name in components))


def tidy(segments: list[Segment]) -> list[Segment]:
    """Give the spaces that start a segment to the segment before when it shows the same (same background,
    nothing drawn under or over a space), else a segment of their own: SVG viewers that drop a text's
    leading spaces then draw the line as the terminal does."""
    out: list[Segment] = []
    for seg in segments:
        text, style = seg.text, seg.style
        spaces = len(text) - len(text.lstrip(" "))
        if spaces and spaces < len(text) and style is not None:
            prev = out[-1].style if out else None
            if prev is not None and _blank_alike(prev, style):
                out[-1] = Segment(out[-1].text + " " * spaces, prev)
            else:  # bold or not, a space looks the same; the other weight keeps it a segment of its own
                out.append(Segment(" " * spaces, style + Style(bold=not style.bold)))
            seg = Segment(text[spaces:], style)
        out.append(seg)
    return out


def _blank_alike(a: Style, b: Style) -> bool:
    """Whether a space drawn in style `a` looks the same as in style `b`."""
    return a.bgcolor == b.bgcolor and not any(
        (x.underline or x.reverse or x.strike or x.overline) for x in (a, b)
    )
