"""Two fixes for how Textual draws the dimmed screen below a dialog.

* **Dialogs tinted the screen below them segment by segment** (``tint``, issue 10; upstream: not reported;
  drafted as "``BackgroundScreen.process_segments`` blends the colours of every segment anew", draft 1 in
  ``docs/textual-upstream.md``). A modal screen with a translucent background draws the screen below it
  through ``BackgroundScreen.process_segments``, which blends both colours of every segment anew: at 160×50 a
  game screen has thousands of segments but a few dozen styles. The replacement blends each (style, tint) once
  and reuses the result; what is drawn is the same.
* **...and drew that screen again on every refresh of the dialog** (``dimmed-picture``; upstream: not
  reported; drafted as "Every refresh of a ``ModalScreen`` draws the whole screen below it again", draft 2 in
  ``docs/textual-upstream.md``). Any refresh of a modal screen renders its whole content again through Rich,
  the dimmed screen below included (about 8 ms at 160×50), and a dialog refreshes several times while it
  opens. The dimmed picture is now kept per screen below: while nothing on that screen has changed (it counts
  the messages its widgets send it to be repainted or laid out again, and scrolls; not a repaint of the screen
  as a whole, which Textual asks for whenever a dialog opens over it or closes) it is used as it is, and
  otherwise only the lines that differ from the last picture are tinted again, straight from the lines of the
  screen below. What is drawn is what Textual draws (a test compares them); a dialog with its own ``render``,
  a selection or aligned content is left to Textual.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual._context import visible_screen_stack
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget, _RenderCache

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["changes_of", "install_dimmed_picture", "install_tint"]


# -- tint --------------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _tinted(style: RichStyle, tint: Color) -> RichStyle:
    """`style` without meta or links, its colours blended with `tint` (as Textual's BackgroundScreen)."""
    style = style.clear_meta_and_links()
    color = (Color.from_rich_color(style.color) + tint).rich_color if style.color is not None else None
    bgcolor = (Color.from_rich_color(style.bgcolor) + tint).rich_color if style.bgcolor is not None else None
    return style + RichStyle.from_color(color, bgcolor)


_NULL_STYLE = RichStyle()


def _process_segments(segments: Iterable[Segment], color: Color) -> Iterator[Segment]:
    """What ``BackgroundScreen.process_segments`` yields, blending each style once."""
    for segment in segments:
        text, style, control = segment
        if control:
            yield segment
        else:
            yield Segment(text, _tinted(_NULL_STYLE if style is None else style, color), control)


def install_tint() -> None:
    original_tint: Any = BackgroundScreen.__dict__.get("process_segments")
    if not isinstance(original_tint, classmethod):
        return
    untinted = original_tint.__func__

    def process_segments(cls: type, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
        if color.a == 0:  # Textual's own special case: no blending at all
            return untinted(cls, segments, color)  # type: ignore[no-any-return]
        return _process_segments(segments, color)

    replace("tint", BackgroundScreen, "process_segments", classmethod(process_segments))
    mark_applied("tint", untinted)


# -- dimmed-picture ----------------------------------------------------------------------------------------


class _Dimmed:
    """A screen's picture as last drawn dimmed under a dialog: what it was drawn for, and its lines before
    and after tinting."""

    __slots__ = ("key", "lines", "repaints", "tinted")

    def __init__(self, key: tuple[object, ...], repaints: int, lines: list[Strip], tinted: list[Strip]):
        self.key = key
        self.repaints = repaints
        self.lines = lines
        self.tinted = tinted


_repaints: WeakKeyDictionary[Screen[Any], int] = WeakKeyDictionary()
"""How many changes each screen has been told of: a widget to repaint or lay out, or a scroll (not the screen
repainting itself as a whole)."""
_counting_handlers: set[Any] = set()
"""The screen's message handlers that count its changes, as this fix put them in place."""
_dimmed: WeakKeyDictionary[Screen[Any], _Dimmed] = WeakKeyDictionary()
"""Each screen's last dimmed picture under a dialog."""


def changes_of(screen: Screen[Any]) -> int | None:
    """How many changes `screen` has been told of (a widget to repaint or lay out, a scroll; not the screen
    repainting itself as a whole), or None while they are not being counted (the fix suspended)."""
    handlers = (Screen.__dict__.get(name) for name in ("_on_update", "_on_layout", "_on_update_scroll"))
    if not all(handler in _counting_handlers for handler in handlers):
        return None
    return _repaints.get(screen, 0)


def _tint_line(line: Strip, base: RichStyle, tint: Color) -> Strip:
    """One line of the screen below as Textual's ``BackgroundScreen`` draws it under `base` (the dialog's own
    style), tinted with `tint`."""
    if tint.a == 0:  # Textual's special case: links and meta removed, colours left alone
        styles = [_NULL_STYLE if style is None else style.clear_meta_and_links() for _, style, _ in line]
    else:
        styles = [_tinted(_NULL_STYLE if style is None else style, tint) for _, style, _ in line]
    if base:
        styles = [base + style for style in styles]
    return Strip(
        [Segment(text, style) for (text, _, _), style in zip(line, styles, strict=True)], line.cell_length
    )


def _draws_plainly(screen: Screen[Any]) -> bool:
    """Whether Textual would draw the picture of the screen below `screen` line by line as it is, with no
    selection, alignment or own ``render`` in between (then `_tint_line` draws exactly what it would)."""
    return (
        type(screen).render is Screen.render
        and screen.text_selection is None
        and tuple(screen.styles.content_align) == ("left", "top")
    )


def _render_dimmed(screen: Screen[Any], render_content: Any) -> None:
    """`Widget._render_content` for a screen: a dialog's dimmed picture of the screen below is tinted again
    only where that screen changed since, and not even compared while it has repainted nothing."""
    background = screen.styles.background
    try:
        below = visible_screen_stack.get()[-1]  # what Screen.render will take (it pops this stack)
    except (LookupError, IndexError):
        below = None
    if below is None or below is screen or background.a >= 1 or not _draws_plainly(screen):
        render_content(screen)
        return
    visible_screen_stack.get().pop()  # as Screen.render does
    key = (below.size, screen.size, background, screen.visual_style)
    repaints = _repaints.get(below, 0)
    kept = _dimmed.get(below)
    if kept is None or kept.key != key:
        kept = _Dimmed(key, -1, [], [])
    if kept.repaints != repaints:
        base = screen.visual_style.rich_style
        lines = below._compositor.render_strips()[: screen.size.height]
        old_lines, old_tinted = kept.lines, kept.tinted
        tinted = [
            old_tinted[y]
            if y < len(old_lines) and old_lines[y] == line
            else _tint_line(line, base, background)
            for y, line in enumerate(lines)
        ]
        kept = _dimmed[below] = _Dimmed(key, repaints, lines, tinted)
    screen._render_cache = _RenderCache(screen.size, kept.tinted)
    screen._dirty_regions.clear()


def install_dimmed_picture() -> None:
    original_render: Any = Widget.__dict__.get("_render_content")
    handlers: dict[str, Any] = {
        name: Screen.__dict__.get(name) for name in ("_on_update", "_on_layout", "_on_update_scroll")
    }
    if original_render is None or None in handlers.values() or "_render_content" in Screen.__dict__:
        return

    def counting(name: str, handler: Any) -> Any:
        async def handle(self: Screen[Any], message: Any) -> None:
            if getattr(message, "widget", None) is not self:  # not only the screen's own refresh
                _repaints[self] = _repaints.get(self, 0) + 1
            await handler(self, message)

        handle.__name__ = handle.__qualname__ = name
        _counting_handlers.add(handle)
        return handle

    def render_content(self: Screen[Any]) -> None:
        _render_dimmed(self, original_render)

    for name, handler in handlers.items():
        replace("dimmed-picture", Screen, name, counting(name, handler))
    replace("dimmed-picture", Screen, "_render_content", render_content)
    mark_applied("dimmed-picture", original_render)
