"""Two fixes for closed widgets that Textual keeps in memory.

* **Closed screens kept alive through an LRU cache** (``styles-cache``, issue 10; upstream: Textualize/textual
  issue #6665, open). Textual 8.2's ``StylesCache.get_inner_outer`` is a method wrapped in
  ``functools.lru_cache(1024)``: the cache key holds ``self``, and every widget has its own ``StylesCache``
  holding the rendered lines (Strips, Segments and their ``FIFOCache``\\ s) of that widget. Each widget ever
  rendered therefore stays in memory until 1024 newer keys push it out: each ``?`` + Escape on a game screen
  kept about 3 MiB, 20 opens about 60 MiB, and full garbage collections grew slow with them. The result
  depends only on the two colours, so the replacement caches by the colours alone and keeps no widget.
* **Closed widgets kept by what they watched** (``watchers``; upstream: Textualize/textual issue #6666, open).
  ``DOMNode.watch`` (also behind ``data_bind``) puts the watching widget on the watched object's list, and
  Textual drops a closed watcher only when that reactive next changes. A header watches the app's ``title``,
  a footer key its footer's ``compact``: reactives that in this app almost never change, so every header and
  every footer key ever closed stayed in memory with all it drew (a rules screen's footer rebuilds its keys on
  every opening). Widgets now take their watchers off the objects they watched when they unmount.
"""

from __future__ import annotations

import weakref
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.dom import DOMNode
from textual.style import Style
from textual.widget import Widget

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["forget_watchers", "install_styles_cache", "install_watchers"]


# -- styles-cache ------------------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """What ``StylesCache.get_inner_outer`` computes, cached by the colours only."""
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(self: StylesCache, base_background: Color, background: Color) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


def install_styles_cache() -> None:
    original: Any = StylesCache.__dict__.get("get_inner_outer")
    if original is not None and hasattr(original, "cache_clear"):  # still the leaky lru_cache on a method
        original.cache_clear()
        replace("styles-cache", StylesCache, "get_inner_outer", _get_inner_outer)
        mark_applied("styles-cache", original)


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


def install_watchers() -> None:
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

    replace("watchers", DOMNode, "watch", watch)
    replace("watchers", Widget, "_on_unmount", on_unmount)
    mark_applied("watchers", original_watch)
