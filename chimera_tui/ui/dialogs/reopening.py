"""A kept choice dialog shown again with the choices it already shows (`GameScreen.push_kept`): nothing to
update, so nothing to lay out or render again."""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from textual.screen import Screen
from textual.widgets import OptionList

__all__ = ["shows_already"]

_shown: WeakKeyDictionary[Screen[Any], object] = WeakKeyDictionary()
"""What each kept dialog was last given to show."""


def shows_already(dialog: Screen[Any], content: object) -> bool:
    """Whether `dialog`, mounted, was last given `content` (compared by value) and still has its first choice
    highlighted: then updating its list and preview would lay it out and render every line of it again for the
    same picture (about 10 ms of Station's 25 at 160×50), and it only takes the keyboard back. Otherwise
    `content` is remembered for next time, and the dialog is to be updated as usual."""
    if not dialog.is_mounted or _shown.get(dialog) != content:
        _shown[dialog] = content
        return False
    options = dialog.query_one(OptionList)
    if options.highlighted != 0:
        return False
    options.focus()
    return True
