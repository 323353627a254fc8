"""Work-arounds for Textual behaviour that hurts a long-running app; `install` applies them (idempotent).

``chimera_tui.ui`` installs them on import, before any widget exists, so every screen benefits.

* **Closed screens kept alive through an LRU cache** (issue 10). Textual 8.2's
  ``StylesCache.get_inner_outer`` is a method wrapped in ``functools.lru_cache(1024)``: the cache key holds
  ``self``, and every widget has its own ``StylesCache`` holding the rendered lines (Strips, Segments and
  their ``FIFOCache``\\ s) of that widget. Each widget ever rendered therefore stays in memory until 1024
  newer keys push it out: each ``?`` + Escape on a game screen kept about 3 MiB, 20 opens about 60 MiB,
  and full garbage collections grew slow with them. The result depends only on the two colours, so the
  replacement caches by the colours alone and keeps no widget.
* **Closed headers kept by the app's watchers.** ``Header`` watches the app's ``title`` and ``sub_title``;
  Textual drops a closed watcher only when that reactive next changes, which in this app is almost never, so
  every screen with a header that was ever closed stayed in memory (about 80 KiB per rules panel opened).
  Headers now remove their watchers from the app when they unmount.
* **Dialogs tinted the screen below them segment by segment** (issue 10). A modal screen with a translucent
  background draws the screen below it through ``BackgroundScreen.process_segments``, which blends both
  colours of every segment anew: at 160×50 a game screen has thousands of segments but a few dozen styles,
  and the blending was most of the cost of opening a dialog (Enter, ``c``). The replacement blends each
  (style, tint) once and reuses the result; what is drawn is the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.dom import DOMNode
from textual.renderables.background_screen import BackgroundScreen
from textual.style import Style
from textual.widgets import Header

__all__ = ["install"]

_installed = False


@lru_cache(maxsize=1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """What ``StylesCache.get_inner_outer`` computes, cached by the colours only."""
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(self: StylesCache, base_background: Color, background: Color) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


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


def forget_watchers(node: DOMNode, watched: object, names: tuple[str, ...]) -> None:
    """Remove the watchers `node` set on the reactives `names` of `watched` (Textual keeps them until they
    next change)."""
    watchers: dict[str, list[tuple[object, object]]] = getattr(watched, "__watchers", {})
    for name in names:
        if entries := watchers.get(name):
            entries[:] = [(owner, callback) for owner, callback in entries if owner is not node]


def _header_unmounted(self: Header) -> None:
    forget_watchers(self, self.app, ("title", "sub_title"))


def install() -> None:
    """Apply the work-arounds once; versions of Textual without the problem are left alone."""
    global _installed
    if _installed:
        return
    _installed = True
    original: Any = StylesCache.__dict__.get("get_inner_outer")
    if original is not None and hasattr(original, "cache_clear"):  # still the leaky lru_cache on a method
        original.cache_clear()
        setattr(StylesCache, "get_inner_outer", _get_inner_outer)  # noqa: B010 (mypy: a method replaced)
    original_tint: Any = BackgroundScreen.__dict__.get("process_segments")
    if isinstance(original_tint, classmethod):
        untinted = original_tint.__func__

        def process_segments(cls: type, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
            if color.a == 0:  # Textual's own special case: no blending at all
                return untinted(cls, segments, color)  # type: ignore[no-any-return]
            return _process_segments(segments, color)

        setattr(BackgroundScreen, "process_segments", classmethod(process_segments))  # noqa: B010
    if "_on_unmount" not in Header.__dict__ and "on_unmount" not in Header.__dict__:
        setattr(Header, "_on_unmount", _header_unmounted)  # noqa: B010 (dispatched like any handler)
