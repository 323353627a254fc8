"""Work-arounds for Textual behaviour that hurts a long-running app; `install` applies them (idempotent).

``chimera_tui.ui`` installs them on import, before any widget exists, so every screen benefits. Each fix
checks that the Textual code it replaces still has the shape it was written for and is skipped otherwise;
`APPLIED` names the fixes in place, and ``tests/ui/test_textual_fixes.py`` fails when one of them no longer
applies (a new Textual: look again whether it is still needed) or no longer does what it says.

* **Closed screens kept alive through an LRU cache** (``styles-cache``, issue 10). Textual 8.2's
  ``StylesCache.get_inner_outer`` is a method wrapped in ``functools.lru_cache(1024)``: the cache key holds
  ``self``, and every widget has its own ``StylesCache`` holding the rendered lines (Strips, Segments and
  their ``FIFOCache``\\ s) of that widget. Each widget ever rendered therefore stays in memory until 1024
  newer keys push it out: each ``?`` + Escape on a game screen kept about 3 MiB, 20 opens about 60 MiB,
  and full garbage collections grew slow with them. The result depends only on the two colours, so the
  replacement caches by the colours alone and keeps no widget.
* **Closed widgets kept by what they watched** (``watchers``). ``DOMNode.watch`` (also behind
  ``data_bind``) puts the watching widget on the watched object's list, and Textual drops a closed watcher
  only when that reactive next changes. A header watches the app's ``title``, a footer key its footer's
  ``compact``: reactives that in this app almost never change, so every header and every footer key ever
  closed stayed in memory with all it drew (a rules screen's footer rebuilds its keys on every opening).
  Widgets now take their watchers off the objects they watched when they unmount.
* **Dialogs tinted the screen below them segment by segment** (``tint``, issue 10). A modal screen with a
  translucent background draws the screen below it through ``BackgroundScreen.process_segments``, which
  blends both colours of every segment anew: at 160×50 a game screen has thousands of segments but a few
  dozen styles. The replacement blends each (style, tint) once and reuses the result; what is drawn is the
  same.
* **...and drew that screen again on every refresh of the dialog** (``dimmed-picture``). Any refresh of a
  modal screen renders its whole content again through Rich, the dimmed screen below included (about 8 ms
  at 160×50), and a dialog refreshes several times while it opens. The dimmed picture is now kept per screen
  below: while nothing on that screen has changed (it counts the messages its widgets send it to be
  repainted or laid out again, and scrolls; not a repaint of the screen as a whole, which Textual asks for
  whenever a dialog opens over it or closes) it is used as it is, and otherwise only the lines that differ from the last picture are tinted
  again, straight from the lines of the screen below. What is drawn is what Textual draws (a test compares
  them); a dialog with its own ``render``, a selection or aligned content is left to Textual.
* **Opening a dialog laid out every screen below it again** (``background-layout``). A newly shown screen
  gets a Resize event, and ``Screen._on_resize`` lays out every screen below it at that size, even when it
  already has that size; the screen below then repaints all of itself, and the dialog its dimmed picture.
  A screen that is not on top is now laid out again only when the size really changed.
* **Closing a dialog drew the screen below twice** (``screen-removal``). After a screen is removed,
  ``App._prune`` refreshes the layout of the removed node's parent, which for a screen is the app, and
  ``App.refresh`` passes that on to the screen now on show: a second full layout and repaint (about 75 KB
  written at 160×50) right after the one it already did when it resumed. Removing screens no longer
  refreshes the app.
* **A screen shown again restyled every widget it has** (``screen-restyle``). Pushing a screen sends it a
  ``ScreenResume`` that applies the whole stylesheet to each of its widgets again, in case the theme or the
  CSS changed while it was away (about 10 ms for the rules screen, a hundred widgets). Textual counts those
  changes (``App._css_update_count``); a screen now restyles on resuming only when it has not been styled
  for the current count yet, so a kept screen shown again with nothing changed skips it.
* **A dialog closed twice closed the screen below it** (``stale-dismiss``). ``Screen.dismiss`` pops
  whatever screen is on top and calls the result callback again. Two Enters queued for a choice dialog (a
  quick typist, or an SSH connection delivering keys in a burst) reached the dialog after the first had
  closed it: the second ``dismiss`` took the game screen off the stack and answered the question twice.
  A screen that is no longer the one on show now ignores ``dismiss``.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual._context import visible_screen_stack
from textual._styles_cache import StylesCache
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.color import Color
from textual.dom import DOMNode
from textual.geometry import Size
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget, _RenderCache

__all__ = ["APPLIED", "FIXES", "REPLACED", "forget_watchers", "install"]

FIXES = (
    "styles-cache",
    "watchers",
    "tint",
    "dimmed-picture",
    "background-layout",
    "screen-removal",
    "screen-restyle",
    "stale-dismiss",
)
"""Every fix this module knows, by name (see the module docstring)."""

APPLIED: set[str] = set()
"""The fixes `install` put in place (all of `FIXES` on the Textual version this was written for)."""

REPLACED: dict[str, Any] = {}
"""Textual's own code that each applied fix replaced or wraps (the tests compare what both draw)."""

_installed = False


# -- styles-cache ------------------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """What ``StylesCache.get_inner_outer`` computes, cached by the colours only."""
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(self: StylesCache, base_background: Color, background: Color) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


# -- watchers ----------------------------------------------------------------------------------------------

_watching: WeakKeyDictionary[DOMNode, list[tuple[weakref.ref[DOMNode], str]]] = WeakKeyDictionary()
"""For each node, the objects (weakly) and reactive names it watches other than its own."""


def forget_watchers(node: DOMNode, watched: object, names: tuple[str, ...]) -> None:
    """Remove the watchers `node` set on the reactives `names` of `watched` (Textual keeps them until they
    next change)."""
    watchers: dict[str, list[tuple[object, object]]] = getattr(watched, "__watchers", {})
    for name in names:
        if entries := watchers.get(name):
            entries[:] = [(owner, callback) for owner, callback in entries if owner is not node]


def _forget_all_watchers(node: DOMNode) -> None:
    for ref, name in _watching.pop(node, ()):
        watched = ref()
        if watched is not None:
            forget_watchers(node, watched, (name,))


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
_dimmed: WeakKeyDictionary[Screen[Any], _Dimmed] = WeakKeyDictionary()
"""Each screen's last dimmed picture under a dialog."""


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


# -- install -----------------------------------------------------------------------------------------------


def install() -> None:
    """Apply the work-arounds once; versions of Textual without the problem are left alone."""
    global _installed
    if _installed:
        return
    _installed = True
    _install_styles_cache()
    _install_watchers()
    _install_tint()
    _install_dimmed_picture()
    _install_background_layout()
    _install_screen_removal()
    _install_screen_restyle()
    _install_stale_dismiss()


def _install_styles_cache() -> None:
    original: Any = StylesCache.__dict__.get("get_inner_outer")
    if original is not None and hasattr(original, "cache_clear"):  # still the leaky lru_cache on a method
        original.cache_clear()
        setattr(StylesCache, "get_inner_outer", _get_inner_outer)  # noqa: B010 (mypy: a method replaced)
        APPLIED.add("styles-cache")
        REPLACED["styles-cache"] = original


def _install_watchers() -> None:
    original_watch: Any = DOMNode.__dict__.get("watch")
    original_unmount: Any = Widget.__dict__.get("_on_unmount")
    if original_watch is None or original_unmount is None:
        return

    def watch(self: DOMNode, obj: DOMNode, attribute_name: str, callback: Any, init: bool = True) -> None:
        original_watch(self, obj, attribute_name, callback, init=init)
        if obj is not self:
            _watching.setdefault(self, []).append((weakref.ref(obj), attribute_name))

    def on_unmount(self: Widget) -> None:
        original_unmount(self)
        _forget_all_watchers(self)

    setattr(DOMNode, "watch", watch)  # noqa: B010
    setattr(Widget, "_on_unmount", on_unmount)  # noqa: B010
    APPLIED.add("watchers")
    REPLACED["watchers"] = original_watch


def _install_tint() -> None:
    original_tint: Any = BackgroundScreen.__dict__.get("process_segments")
    if not isinstance(original_tint, classmethod):
        return
    untinted = original_tint.__func__

    def process_segments(cls: type, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
        if color.a == 0:  # Textual's own special case: no blending at all
            return untinted(cls, segments, color)  # type: ignore[no-any-return]
        return _process_segments(segments, color)

    setattr(BackgroundScreen, "process_segments", classmethod(process_segments))  # noqa: B010
    APPLIED.add("tint")
    REPLACED["tint"] = untinted


def _install_dimmed_picture() -> None:
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
        return handle

    def render_content(self: Screen[Any]) -> None:
        _render_dimmed(self, original_render)

    for name, handler in handlers.items():
        setattr(Screen, name, counting(name, handler))
    setattr(Screen, "_render_content", render_content)  # noqa: B010
    APPLIED.add("dimmed-picture")
    REPLACED["dimmed-picture"] = original_render


def _install_background_layout() -> None:
    original_resized: Any = Screen.__dict__.get("_screen_resized")
    if original_resized is None:
        return

    def screen_resized(self: Screen[Any], size: Size) -> None:
        try:
            on_top = self is self.app.screen
        except Exception:  # no app or no screen stack (shutting down): as Textual would
            on_top = True
        if not on_top and self._compositor.size == size:
            return  # below a newly shown screen, and already laid out at this size
        original_resized(self, size)

    setattr(Screen, "_screen_resized", screen_resized)  # noqa: B010
    APPLIED.add("background-layout")
    REPLACED["background-layout"] = original_resized


def _install_screen_removal() -> None:
    original_prune: Any = App.__dict__.get("_prune")
    if original_prune is None:
        return

    def prune(self: App[Any], *nodes: Widget, parent: DOMNode | None = None) -> Any:
        if parent is self and nodes and all(isinstance(node, Screen) for node in nodes):
            parent = None  # the screen on show refreshed itself when it resumed
        return original_prune(self, *nodes, parent=parent)

    setattr(App, "_prune", prune)  # noqa: B010
    APPLIED.add("screen-removal")
    REPLACED["screen-removal"] = original_prune


def _install_screen_restyle() -> None:
    original_resume: Any = Screen.__dict__.get("_on_screen_resume")
    if original_resume is None or not hasattr(App, "_invalidate_css"):
        return

    def on_screen_resume(self: Screen[Any], event: Any) -> None:
        css_version = self.app._css_update_count
        if event.refresh_styles:
            if self._css_update_count == css_version:
                event.refresh_styles = False  # styled for this CSS and theme already
            else:
                self._css_update_count = css_version
        original_resume(self, event)

    setattr(Screen, "_on_screen_resume", on_screen_resume)  # noqa: B010
    APPLIED.add("screen-restyle")
    REPLACED["screen-restyle"] = original_resume


def _install_stale_dismiss() -> None:
    original_dismiss: Any = Screen.__dict__.get("dismiss")
    if original_dismiss is None:
        return

    def dismiss(self: Screen[Any], result: Any = None) -> AwaitComplete:
        try:
            on_show = self.app.screen
        except Exception:  # no app or an empty stack: let Textual say what is wrong
            on_show = self
        if on_show is not self:
            nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return nothing  # closed already: a late key must not close what is below
        done: AwaitComplete = original_dismiss(self, result)
        return done

    setattr(Screen, "dismiss", dismiss)  # noqa: B010
    APPLIED.add("stale-dismiss")
    REPLACED["stale-dismiss"] = original_dismiss
