"""A fix for which widgets a partial repaint renders.

* **A partial repaint rendered every widget in the box around the changed regions** (``partial-renders``,
  issue 37; upstream: not reported; drafted as "A partial update renders every widget inside the bounding box
  of the dirty regions", draft 12 in ``docs/textual-upstream.md``). ``Compositor.render_partial_update``
  takes the smallest rectangle around all the regions that changed and asks every widget overlapping it for
  all its visible lines, then keeps the lines that changed. A cursor move on a board with a detail card beside
  it changes two small regions far apart: the rectangle around them covers most of the screen, and some
  twenty widgets (containers, the footer, the title, scrollbars) were asked for every line, each ask working
  out the widget's colours, filters and crop again, for nothing that reached the terminal. Now only widgets
  whose visible part touches a changed region are asked, and only for the band of their lines that the
  changed regions touching them span. What is drawn is the same: a line or a piece of a line that changed is
  drawn by the frontmost widget there, which touches that region.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from typing import Any

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["install_partial_renders"]

_changed: ContextVar[tuple[Compositor, list[Region]] | None] = ContextVar(
    "partial_renders_changed", default=None
)
"""The compositor drawing a partial update and the regions it draws, while it draws them (None otherwise:
every render as Textual's, and so is any other compositor's, such as the dimmed screen below a dialog)."""


def _renders_touching(
    compositor: Compositor, crop: Region | None, changed: list[Region]
) -> Iterator[tuple[Region, Region, list[Strip]]]:
    """What ``Compositor._get_renders`` yields, for the widgets whose visible part touches a region in
    `changed`, each for the band of lines those regions span (given as its clip)."""
    intersection = Region.intersection
    for widget, (region, clip) in compositor.visible_widgets.items():
        if crop is not None and not crop.overlaps(clip):
            continue
        visible = intersection(region, clip)
        if not visible:
            continue
        touching = [intersection(visible, part) for part in changed if visible.overlaps(part)]
        if not touching:
            continue
        top = min(part.y for part in touching)
        bottom = max(part.bottom for part in touching)
        band = Region(visible.x, top, visible.width, bottom - top)
        yield (
            region,
            band,
            widget.render_lines(Region(band.x - region.x, band.y - region.y, band.width, band.height)),
        )


def install_partial_renders() -> None:
    original_renders: Any = Compositor.__dict__.get("_get_renders")
    original_partial: Any = Compositor.__dict__.get("render_partial_update")
    if (
        original_renders is None
        or original_partial is None
        or list(inspect.signature(original_renders).parameters) != ["self", "crop"]
        or "_get_renders" not in Compositor.__dict__["_render_chops"].__code__.co_names
        or "_render_chops" not in original_partial.__code__.co_names
        or "_dirty_regions" not in original_partial.__code__.co_names
    ):
        return

    def get_renders(
        self: Compositor, crop: Region | None = None
    ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        drawing = _changed.get()
        if drawing is None or drawing[0] is not self:
            return original_renders(self, crop)  # type: ignore[no-any-return]
        return _renders_touching(self, crop, drawing[1])

    def render_partial_update(self: Compositor) -> Any:
        screen = self.size.region
        changed = [part.intersection(screen) for part in self._dirty_regions]
        token = _changed.set((self, [part for part in changed if part]))
        try:
            return original_partial(self)
        finally:
            _changed.reset(token)

    replace("partial-renders", Compositor, "_get_renders", get_renders)
    replace("partial-renders", Compositor, "render_partial_update", render_partial_update)
    mark_applied("partial-renders", original_partial)
