"""A fix for what every line Textual draws costs before it is drawn.

* **Every strip made seven caches it mostly never used** (``strip-caches``, issue 37; upstream: not reported;
  drafted as "``Strip.__init__`` makes seven ``FIFOCache``\\ s for every strip", draft 9 in
  ``docs/textual-upstream.md``). A ``Strip`` is made for every line a widget renders and for every piece the
  compositor cuts a line into, thousands a key, and each made seven ``FIFOCache``\\ s (crop, divide, style,
  filter, line length, crop-and-extend, offsets), each a dict of its own: sixteen objects for the garbage
  collector where two would do, and most strips are dropped again without ever being cropped or divided.
  Each cache is now made when its method is first called on the strip (as Textual's own ``Content`` makes
  its divide cache), so a strip nobody crops costs its list of segments; what every method returns is the
  same.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from types import CodeType, FunctionType
from typing import Any

from rich.segment import Segment
from textual.cache import FIFOCache
from textual.strip import Strip

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["install_strip_caches"]

_SLOTS = (
    "_segments",
    "_cell_length",
    "_divide_cache",
    "_crop_cache",
    "_style_cache",
    "_filter_cache",
    "_render_cache",
    "_line_length_cache",
    "_crop_extend_cache",
    "_offsets_cache",
    "_link_ids",
    "_cell_count",
)
"""What a Textual 8.2 ``Strip`` holds (the fix is left out if that changes)."""


def _cache_sizes() -> dict[str, int] | None:
    """Each ``FIFOCache`` a new strip makes, by slot, with its size (None: strips are not as expected)."""
    if tuple(Strip.__slots__) != _SLOTS:
        return None
    strip = Strip([])
    sizes = {
        slot: getattr(strip, slot)._maxsize
        for slot in _SLOTS
        if isinstance(getattr(strip, slot, None), FIFOCache)
    }
    plain = {"_segments", "_cell_length", "_render_cache", "_link_ids", "_cell_count"}
    return sizes if set(sizes) == set(_SLOTS) - plain else None


def _init(self: Strip, segments: Iterable[Segment], cell_length: int | None = None) -> None:
    """``Strip.__init__`` without the caches (each is made by the first method that needs it)."""
    self._segments = list(segments)
    self._cell_length = cell_length
    self._divide_cache = self._crop_cache = self._style_cache = self._filter_cache = None  # type: ignore[assignment]
    self._line_length_cache = self._crop_extend_cache = self._offsets_cache = None  # type: ignore[assignment]
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def _making(method: Callable[..., Any], slots: list[tuple[str, int]]) -> Callable[..., Any]:
    """`method`, first making the caches in `slots` (slot name and size) that the strip does not have yet."""
    descriptors = [(Strip.__dict__[slot], size) for slot, size in slots]
    if len(descriptors) == 1:
        ((descriptor, size),) = descriptors
        get, put = descriptor.__get__, descriptor.__set__

        @functools.wraps(method)
        def one(self: Strip, *args: Any, **kwargs: Any) -> Any:
            if get(self) is None:
                put(self, FIFOCache(size))
            return method(self, *args, **kwargs)

        return one

    @functools.wraps(method)
    def several(self: Strip, *args: Any, **kwargs: Any) -> Any:
        for descriptor, size in descriptors:
            if descriptor.__get__(self) is None:
                descriptor.__set__(self, FIFOCache(size))
        return method(self, *args, **kwargs)

    return several


def _names(code: CodeType) -> set[str]:
    """The names `code` and the code nested in it (comprehensions, closures) look up."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, CodeType):
            names |= _names(const)
    return names


def install_strip_caches() -> None:
    sizes = _cache_sizes()
    original_init: Any = Strip.__dict__.get("__init__")
    if sizes is None or not isinstance(original_init, FunctionType):
        return
    users: dict[str, list[tuple[str, int]]] = {}
    for name, member in Strip.__dict__.items():
        function = member
        for wrapped in ("__func__", "fget", "__wrapped__"):
            function = getattr(function, wrapped, function)
        code = getattr(function, "__code__", None)
        if code is None or name == "__init__":
            continue
        slots = [(slot, size) for slot, size in sizes.items() if slot in _names(code)]
        if slots and not isinstance(member, FunctionType):
            return  # a cache used by a class method or a property: not a shape this fix knows
        if slots:
            users[name] = slots
    replace("strip-caches", Strip, "__init__", _init)
    for name, slots in users.items():
        replace("strip-caches", Strip, name, _making(Strip.__dict__[name], slots))
    mark_applied("strip-caches", original_init)
