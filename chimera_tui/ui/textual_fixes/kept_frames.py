"""A fix for what showing a screen again costs when nothing on it changed.

* **A screen shown again was composed again from all its widgets** (``kept-frames``, issue 37; upstream: not
  reported; drafted as "A screen shown again recomposes every line though none of its widgets changed", draft
  13 in ``docs/textual-upstream.md``). Closing a dialog or the rules shows the screen below again, and
  Textual repaints it whole: its compositor asks every visible widget for every line (each widget's lines
  are cached, but each ask works out its colours and filters), cuts every line at every widget's edge and
  makes new strips of the pieces: about a third of what closing a dialog cost, at 160×50 most of it. Each
  screen's compositor now keeps the lines of its last full repaint with what they were drawn from: its size,
  its arrangement (where each visible widget is), the count of changes its widgets announced
  (`dialog_drawing.changes_of`: a repaint, a layout or a scroll of any widget but the screen itself), its
  own styles and the app's CSS, and for a dialog the same of each screen it shows dimmed below it. A full
  repaint with all of that as it was, and no widget on the screen waiting to be drawn again, hands on the
  kept lines (the very strips, so the terminal's picture takes them in cheaply too); anything else composes
  anew, as Textual does. What is drawn is the same: the kept lines are what the widgets would give.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from weakref import WeakKeyDictionary

from textual._compositor import Compositor, LayoutUpdate
from textual._context import visible_screen_stack
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip

from chimera_tui.ui.textual_fixes.dialog_drawing import changes_of
from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["install_kept_frames"]


class _Frame:
    """A compositor's last full repaint: what it was drawn from (`state`) and its lines."""

    __slots__ = ("state", "strips")

    def __init__(self, state: tuple[object, ...], strips: list[Any]) -> None:
        self.state = state
        self.strips = strips


_frames: WeakKeyDictionary[Compositor, _Frame] = WeakKeyDictionary()


def _screen_of(compositor: Compositor) -> Screen[Any] | None:
    """The screen `compositor` draws (drawn first, so last in the order of its visible widgets)."""
    widgets = compositor.visible_widgets
    if not widgets:
        return None
    last = next(reversed(widgets))
    return last if isinstance(last, Screen) else None


def _arrangement(compositor: Compositor) -> tuple[tuple[int, Region, Region], ...]:
    """Where each visible widget of `compositor` is drawn, front to back (by the widgets' ids: a kept frame
    must not keep a closed widget alive; a widget made since under a freed one's id has announced itself,
    see `_state`)."""
    return tuple((id(widget), region, clip) for widget, (region, clip) in compositor.visible_widgets.items())


def _state(compositor: Compositor, screen: Screen[Any]) -> tuple[object, ...] | None:
    """What a full repaint of `compositor` is drawn from (None: its changes are not being counted). A widget
    added, moved or repainted since the last one has told its screen (a layout or a repaint): the count of
    changes differs then, whatever the ids."""
    changes = changes_of(screen)
    if changes is None:
        return None
    below: list[object] = []
    for shown in visible_screen_stack.get():  # a dialog draws these dimmed below it
        shown_changes = changes_of(shown)
        if shown_changes is None:
            return None
        below += [id(shown), shown_changes, _arrangement(shown._compositor)]
    return (
        compositor.size,
        _arrangement(compositor),
        changes,
        screen.styles._cache_key,
        screen.app._css_update_count,
        *below,
    )


def _settled(compositor: Compositor, screen: Screen[Any]) -> bool:
    """Whether no widget on the screen (but the screen itself) is waiting to be drawn, laid out, scrolled or
    restyled: then each would give the lines it gave."""
    if any(widget is not screen for widget in screen._dirty_widgets):
        return False
    for widget in compositor.visible_widgets:
        if widget is screen:
            continue
        if (
            widget._repaint_required
            or widget._layout_required
            or widget._scroll_required
            or widget._refresh_styles_required
            or widget._styles_cache._dirty_lines
        ):
            return False
    return True


def install_kept_frames() -> None:
    original: Any = Compositor.__dict__.get("render_full_update")
    if original is None or not hasattr(Compositor, "visible_widgets"):
        return

    def render_full_update(self: Compositor, simplify: bool = False) -> LayoutUpdate:
        screen = None if simplify else _screen_of(self)
        state = None if screen is None else _state(self, screen)
        if state is None or screen is None:
            return original(self, simplify)  # type: ignore[no-any-return]
        kept = _frames.get(self)
        if kept is not None and kept.state == state and _settled(self, screen):
            self._dirty_regions.clear()
            return LayoutUpdate(kept.strips, self.size.region)
        update: LayoutUpdate = original(self, simplify)
        strips: list[Iterable[Strip]] = [list(line) for line in update.strips]
        _frames[self] = _Frame(state, strips)
        return LayoutUpdate(strips, update.region)

    replace("kept-frames", Compositor, "render_full_update", render_full_update)
    mark_applied("kept-frames", original)
