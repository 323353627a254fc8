"""A fix for what moving the highlight of an ``OptionList`` repaints.

* **Moving the highlight repainted the whole list** (``option-highlight``, issue 37; upstream: not reported;
  drafted as "``OptionList`` repaints every line when the highlight moves", draft 11 in
  ``docs/textual-upstream.md``). ``OptionList.highlighted`` is a reactive that repaints the widget, so Up or
  Down in a list of choices renders every visible line again (border, padding and all) where two options
  changed: the one that lost the highlight and the one that gained it. The reactive now repaints only the
  lines of those two options; a move that scrolls the list repaints it all, as before, and so does anything
  else that changes the options.
"""

from __future__ import annotations

from typing import Any, cast

from textual.geometry import Region
from textual.reactive import Reactive
from textual.widgets import OptionList

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["install_option_highlight"]


def _repaint_options(option_list: OptionList, *indexes: int | None) -> None:
    """Repaint the lines of the options at `indexes` (all of the list when one is not laid out)."""
    try:
        starts = option_list._index_to_line
        heights = option_list._heights
    except Exception:  # not mounted or not laid out yet: as Textual would
        option_list.refresh()
        return
    scroll_y = option_list.scroll_offset.y
    width = option_list.scrollable_content_region.width
    regions = []
    for index in indexes:
        if index is None:
            continue
        if index not in starts or index not in heights:
            option_list.refresh()
            return
        regions.append(Region(0, starts[index] - scroll_y, width, heights[index]))
    if regions:
        option_list.refresh(*regions)


def install_option_highlight() -> None:
    highlighted: Any = OptionList.__dict__.get("highlighted")
    original_watch: Any = OptionList.__dict__.get("watch_highlighted")
    if (
        not isinstance(highlighted, Reactive)
        or highlighted.__dict__.get("_repaint") is not True
        or highlighted.__dict__.get("_layout") is not False
        or original_watch is None
        or original_watch.__code__.co_argcount != 2
    ):
        return

    def watch_highlighted(self: OptionList, old: int | None, new: int | None) -> None:
        if old != new:
            _repaint_options(self, old, new)
        original_watch(self, new)

    # The reactive itself (one object, shared by every kind of OptionList) stops repainting the widget.
    replace("option-highlight", cast(Any, highlighted), "_repaint", False)
    replace("option-highlight", OptionList, "watch_highlighted", watch_highlighted)
    mark_applied("option-highlight", original_watch)
