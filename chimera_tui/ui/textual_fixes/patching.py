"""What every fix shares: the names of the fixes, which are in place, what each replaced, and a way to take
them out again for a while (`suspended`), so a test can watch Textual as it ships."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any

__all__ = ["APPLIED", "FIXES", "REPLACED", "mark_applied", "replace", "suspended"]

FIXES = (
    "styles-cache",
    "watchers",
    "tint",
    "dimmed-picture",
    "background-layout",
    "screen-removal",
    "screen-restyle",
    "stale-dismiss",
    "idle-input",
    "idle-web-input",
    "paste-escapes",
    "frame-diff",
    "strip-caches",
    "component-styles",
    "option-highlight",
    "partial-renders",
    "kept-frames",
    "focus-refresh",
    "callback-params",
)
"""Every fix this package knows, by name (see the package docstring)."""

APPLIED: set[str] = set()
"""The fixes `install` put in place (all of `FIXES` on the Textual version this was written for)."""

REPLACED: dict[str, Any] = {}
"""Textual's own code that each applied fix replaced or wraps (the tests compare what both draw)."""


class _Absent:
    """Stands for an attribute the class did not define itself (it inherited it)."""


_ABSENT = _Absent()


@dataclass(frozen=True)
class _Replacement:
    """One attribute a fix set on a Textual class: what the class had there before, and what the fix put."""

    owner: type | ModuleType
    name: str
    original: object
    replacement: object


_replacements: dict[str, list[_Replacement]] = {}
"""For each applied fix, the attributes it set, in the order it set them."""


def replace(fix: str, owner: type | ModuleType, name: str, replacement: object) -> None:
    """Set `owner.name` to `replacement` for `fix`, remembering what `owner` itself had there."""
    original = owner.__dict__.get(name, _ABSENT)
    setattr(owner, name, replacement)
    _replacements.setdefault(fix, []).append(_Replacement(owner, name, original, replacement))


def mark_applied(fix: str, original: Any) -> None:
    """Record that `fix` is in place and that `original` is the Textual code it replaced or wraps."""
    APPLIED.add(fix)
    REPLACED[fix] = original


@contextmanager
def suspended(*fixes: str) -> Iterator[None]:
    """Textual's own code back in place of the given fixes (all applied ones if none are named) for the length
    of the ``with`` block, and the fixes put back after it: the canary tests run plain Textual this way.

    A ``functools.lru_cache`` put back for a while is emptied when the fix returns, so nothing the block
    rendered stays in it."""
    names = fixes or tuple(name for name in FIXES if name in APPLIED)
    unknown = [name for name in names if name not in APPLIED]
    if unknown:
        raise ValueError(f"not applied, so not suspended: {unknown}")
    taken_out = [item for name in names for item in _replacements.get(name, ())]
    for item in reversed(taken_out):
        if item.original is _ABSENT:
            delattr(item.owner, item.name)
        else:
            setattr(item.owner, item.name, item.original)
    try:
        yield
    finally:
        for item in taken_out:
            setattr(item.owner, item.name, item.replacement)
            cache_clear = getattr(item.original, "cache_clear", None)
            if cache_clear is not None:
                cache_clear()
