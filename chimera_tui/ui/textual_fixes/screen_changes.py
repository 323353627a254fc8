"""Three fixes for the work Textual does on the screens below when a screen is shown or closed.

* **Opening a dialog laid out every screen below it again** (``background-layout``; upstream: not reported;
  drafted, with ``screen-removal``, as "Opening a modal screen lays out the screen below it, and closing it
  lays that screen out again", draft 3 in ``docs/textual-upstream.md``). A newly shown screen gets a Resize
  event, and ``Screen._on_resize`` lays out every screen below it at that size, even when it already has that
  size; the screen below then repaints all of itself, and the dialog its dimmed picture. A screen that is not
  on top is now laid out again only when the size really changed.
* **Closing a dialog drew the screen below twice** (``screen-removal``; upstream: not reported; draft 3 in
  ``docs/textual-upstream.md``, with ``background-layout``). After a screen is removed, ``App._prune``
  refreshes the layout of the removed node's parent, which for a screen is the app, and ``App.refresh`` passes
  that on to the screen now on show: a second full layout and repaint (about 75 KB written at 160×50) right
  after the one it already did when it resumed. Removing screens no longer refreshes the app.
* **A screen shown again restyled every widget it has** (``screen-restyle``; upstream: Textualize/textual pull
  request #6314, in 7.0.1, stopped restyling the screen a pop uncovers but not one pushed again; the rest is
  drafted as "A screen pushed again restyles all its widgets though no CSS or theme changed", draft 4 in
  ``docs/textual-upstream.md``). Pushing a screen sends it a ``ScreenResume`` that applies the whole
  stylesheet to each of its widgets again, in case the theme or the CSS changed while it was away (about 10 ms
  for the rules screen, a hundred widgets). Textual counts those changes (``App._css_update_count``); a screen
  now restyles on resuming only when it has not been styled for the current count yet, so a kept screen shown
  again with nothing changed skips it.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.dom import DOMNode
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["install_background_layout", "install_screen_removal", "install_screen_restyle"]


def install_background_layout() -> None:
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

    replace("background-layout", Screen, "_screen_resized", screen_resized)
    mark_applied("background-layout", original_resized)


def install_screen_removal() -> None:
    original_prune: Any = App.__dict__.get("_prune")
    if original_prune is None:
        return

    def prune(self: App[Any], *nodes: Widget, parent: DOMNode | None = None) -> Any:
        if parent is self and nodes and all(isinstance(node, Screen) for node in nodes):
            parent = None  # the screen on show refreshed itself when it resumed
        return original_prune(self, *nodes, parent=parent)

    replace("screen-removal", App, "_prune", prune)
    mark_applied("screen-removal", original_prune)


def install_screen_restyle() -> None:
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

    replace("screen-restyle", Screen, "_on_screen_resume", on_screen_resume)
    mark_applied("screen-restyle", original_resume)
