"""A fix for what focusing a widget that has the focus already costs.

* **Focusing the focused widget repainted it whole** (``focus-refresh``, issue 37; upstream: not reported;
  drafted as "``Widget.focus()`` repaints the widget even when it has the focus already", draft 14 in
  ``docs/textual-upstream.md``). ``Widget.focus`` repaints the widget before asking its screen to focus it,
  whether or not the focus moves; when it moves, the widget repaints itself again on the ``Focus`` event
  (and the one losing it on ``Blur``). A kept dialog shown again puts the keyboard back on its list, which
  has it already: the whole list was rendered again, and the screen counted as changed. Focusing the widget
  its screen has focused already now leaves its picture alone (nothing about it changes); any other focus
  goes as in Textual.
"""

from __future__ import annotations

import contextlib
from typing import Any

from textual.dom import NoScreen
from textual.screen import Screen
from textual.widget import Widget

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["install_focus_refresh"]


def install_focus_refresh() -> None:
    original: Any = Widget.__dict__.get("focus")
    if original is None or "refresh" not in original.__code__.co_names:
        return

    def focus(self: Widget, scroll_visible: bool = True) -> Widget:
        try:
            screen: Screen[Any] | None = self.screen
        except Exception:  # no screen (not mounted): as Textual would
            screen = None
        if screen is None or screen.focused is not self or not self.has_focus:
            return original(self, scroll_visible)  # type: ignore[no-any-return]

        def set_focus(widget: Widget) -> None:
            """As Textual's: the screen focuses the widget (here: keeps it, and scrolls it into view)."""
            with contextlib.suppress(NoScreen):  # the widget left its screen meanwhile
                widget.screen.set_focus(self, scroll_visible=scroll_visible)

        self.app.call_later(set_focus, self)
        return self

    replace("focus-refresh", Widget, "focus", focus)
    mark_applied("focus-refresh", original)
