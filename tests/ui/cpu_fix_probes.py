"""Canary probes for the fixes that take CPU out of a key (issue 37): each says whether plain Textual still
does the work the fix spares (`tests/ui/test_textual_canaries.py` runs them with and without the fixes)."""

from __future__ import annotations

import functools
from unittest import mock

import textual._callback
from rich.segment import Segment
from textual.cache import FIFOCache
from textual.strip import Strip
from textual.widgets import OptionList, Static

from tests.ui.textual_fix_apps import (
    Choices,
    Dialog,
    Host,
    counting_component_matches,
    counting_rendered_lines,
    counting_renders,
)

__all__ = [
    "closures_counted_by_signature",
    "component_classes_matched_again_on_focus",
    "focused_widget_repainted_when_focused_again",
    "strip_makes_its_caches_up_front",
    "unchanged_screen_composed_again_when_shown_again",
    "whole_option_list_repainted_on_a_move",
    "widgets_between_two_changes_rendered",
]


async def strip_makes_its_caches_up_front() -> bool:
    """A strip just made, never cropped or divided, already has its caches."""
    return isinstance(Strip([Segment("text")])._crop_cache, FIFOCache)


async def component_classes_matched_again_on_focus() -> bool:
    """Focus back and forth between two lists, each state seen before: their component classes re-matched."""
    app = Choices()
    async with app.run_test(size=(40, 20)) as pilot:
        first, second = app.query_one("#first", OptionList), app.query_one("#second", OptionList)
        for _ in range(2):
            first.focus()
            await pilot.pause()
            second.focus()
            await pilot.pause()
        with counting_component_matches() as matched:
            first.focus()
            await pilot.pause()
    return len(matched) > 0


async def whole_option_list_repainted_on_a_move() -> bool:
    """Down in a list of twelve choices eight lines high, no scrolling: more than two lines are rendered."""
    app = Choices()
    async with app.run_test(size=(40, 20)) as pilot:
        first = app.query_one("#first", OptionList)
        first.focus()
        first.highlighted = 2
        await pilot.pause()
        with counting_rendered_lines(first) as rendered:
            await pilot.press("down")
            await pilot.pause()
    return len(rendered) > 2


async def widgets_between_two_changes_rendered() -> bool:
    """The first and the last line of a board change: a line between them is asked for its lines."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        middle = app.screen.query_one("#line-10", Static)
        with counting_renders() as asked:
            app.screen.query_one("#line-0", Static).update("first line changed")
            app.screen.query_one("#line-19", Static).update("last line changed")
            await pilot.pause()
            await pilot.pause()
    return middle in asked


async def unchanged_screen_composed_again_when_shown_again() -> bool:
    """A dialog opened and closed over a board (twice): closing it asks the board's widgets for their lines."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen
        for _ in range(2):
            app.push_screen(Dialog())
            await pilot.pause()
            await pilot.pause()
            with counting_renders() as asked:
                app.pop_screen()
                await pilot.pause()
                await pilot.pause()
    return any(widget is not board for widget in asked)


async def focused_widget_repainted_when_focused_again() -> bool:
    """Focusing the list that has the focus renders its lines again."""
    app = Choices()
    async with app.run_test(size=(40, 20)) as pilot:
        first = app.query_one("#first", OptionList)
        first.focus()
        await pilot.pause()
        with counting_rendered_lines(first) as rendered:
            first.focus()
            await pilot.pause()
    return len(rendered) > 0


async def closures_counted_by_signature() -> bool:
    """A function made for one call (as ``Widget.focus`` makes one each time) has its parameters counted by
    ``inspect.signature``, the slow way."""

    def made(value: int) -> int:
        return value

    with mock.patch.object(textual._callback, "signature", wraps=textual._callback.signature) as counted:
        textual._callback.count_parameters(functools.partial(made))
        textual._callback.count_parameters(lambda widget: widget)
    return counted.call_count > 0
