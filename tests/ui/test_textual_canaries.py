"""Canaries: plain Textual (every fix in `chimera_tui.ui.textual_fixes` suspended) still has each problem
that a fix works around.

For each fix a probe runs a small Textual app and says whether the problem showed. The canary asserts that it
does on plain Textual, so it fails the day a new Textual no longer has the problem, and its message says which
fix to drop. The same probe with the fixes in place must not see the problem: that keeps the probes honest
(they watch what the fixes change) and checks each fix from one more side. The upstream issue, or the report
drafted for it, is named in each fix's docstring and in docs/textual-upstream.md. Counts, never times.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual._xterm_parser import XTermParser
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from chimera_tui.ui.textual_fixes import FIXES, suspended
from tests.ui import cpu_fix_probes
from tests.ui.input_thread_probe import selects_while_idle
from tests.ui.terminal_replay import RecordingDriver, repaint_written
from tests.ui.textual_fix_apps import (
    Dialog,
    Host,
    Keys,
    counting_layouts,
    counting_restyles,
)
from tests.ui.web_input_probe import StandInWebDriver


async def _closed_widget_kept_by_styles_cache() -> bool:
    """A widget removed from the screen stays reachable through its StylesCache."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#line-0", Static)
        styles_cache = weakref.ref(line._styles_cache)
        await line.remove()
        await pilot.pause()
    del line, app, pilot
    gc.collect()
    return styles_cache() is not None


async def _closed_footer_keys_left_on_watchers() -> bool:
    """Footer keys that the footer replaced stay on its ``compact`` watchers."""
    app = Keys()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        closed = list(footer.query(FooterKey))
        app.screen.refresh_bindings()  # Textual's footer rebuilds all its keys
        await pilot.pause()
        await pilot.pause()
        assert not set(closed) & set(footer.query(FooterKey)), "the footer kept its keys: the probe is wrong"
        watchers = getattr(footer, "__watchers", {}).get("compact", [])
        return any(owner is key for owner, _ in watchers for key in closed)


async def _every_segment_blended() -> bool:
    """Tinting 200 segments of one style blends colours at least once per segment."""
    segments = [Segment(f"cell{i}", Style(color="red", bgcolor="blue")) for i in range(200)]
    blends = 0
    from_rich_color = Color.__dict__["from_rich_color"]

    def counting(cls: type[Color], color: Any) -> Color:
        nonlocal blends
        blends += 1
        return from_rich_color.__func__(cls, color)  # type: ignore[no-any-return]

    Color.from_rich_color = classmethod(counting)  # type: ignore[assignment, method-assign]
    try:
        list(BackgroundScreen.process_segments(segments, Color(10, 20, 30, 0.6)))
    finally:
        Color.from_rich_color = from_rich_color  # type: ignore[method-assign]
    return blends >= len(segments)


async def _screen_below_drawn_on_each_dialog_refresh() -> bool:
    """Three refreshes of an open dialog, nothing changed below: the screen below is drawn through Rich each
    time."""
    drawn = 0
    original = BackgroundScreen.__rich_console__

    def counting(self: BackgroundScreen, console: Any, options: Any) -> Any:
        nonlocal drawn
        drawn += 1
        return original(self, console, options)

    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        dialog = Dialog()
        app.push_screen(dialog)
        await pilot.pause()
        await pilot.pause()
        BackgroundScreen.__rich_console__ = counting  # type: ignore[method-assign]
        try:
            for _ in range(3):
                dialog.refresh()
                await pilot.pause()
        finally:
            BackgroundScreen.__rich_console__ = original  # type: ignore[method-assign]
    return drawn >= 3


async def _screen_below_laid_out_when_a_dialog_opens() -> bool:
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.screen
        with counting_layouts() as layouts:
            app.push_screen(Dialog())
            await pilot.pause()
            await pilot.pause()
    return board in layouts


async def _screen_below_laid_out_when_a_dialog_closes() -> bool:
    """The screen below resumes with a repaint (its size is unchanged); any layout on top is the app's."""
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.screen
        app.push_screen(Dialog())
        await pilot.pause()
        await pilot.pause()
        with counting_layouts() as layouts:
            app.pop_screen()
            await pilot.pause()
            await pilot.pause()
    return board in layouts


async def _kept_screen_restyled_when_shown_again() -> bool:
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        dialog = Dialog()
        app.install_screen(dialog, "kept")
        app.push_screen("kept")
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        with counting_restyles(app) as restyled:
            app.push_screen("kept")  # no CSS or theme changed while it was away
            await pilot.pause()
    return dialog in restyled


async def _closed_dialog_closes_the_screen_below() -> bool:
    answers: list[object] = []
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen
        dialog = Dialog()
        app.push_screen(dialog, answers.append)
        await pilot.pause()
        dialog.dismiss("first")
        dialog.dismiss("second")  # what a late key does
        await pilot.pause()
        return app.screen is not board or answers != ["first"]


async def _input_thread_polls_while_idle() -> bool:
    """The input thread waits for the terminal more than twice in a second with nothing typed."""
    return selects_while_idle(1.0) > 2


async def _web_input_thread_polls_while_idle() -> bool:
    """The web input thread waits for input more than twice in a second with nothing sent."""
    return selects_while_idle(1.0, StandInWebDriver) > 2


async def _unchanged_screen_written_whole_on_a_full_repaint() -> bool:
    """A full repaint of a screen on which nothing changed writes at least a byte for each of its cells."""
    app = Host(driver_class=RecordingDriver)
    async with app.run_test(headless=False, size=(80, 24)) as pilot:
        await pilot.pause()
        return await repaint_written(app, pilot) >= 80 * 24


async def _paste_leaks_keys() -> bool:
    """A bracketed paste holding an escape sequence does not come out as one paste of all its text (Textual
    8.2.8 sends what follows the ESC as key presses, Enter included)."""
    pasted = "aaa \x1b[31mred\x1b[0m bbb\rsecond line\r"
    parsed = list(XTermParser().feed(f"\x1b[200~{pasted}\x1b[201~"))
    return [(type(event), getattr(event, "text", None)) for event in parsed] != [(events.Paste, pasted)]


PROBES: dict[str, tuple[str, str, Callable[[], Awaitable[bool]]]] = {
    "styles-cache": (
        "memory",
        "keeps a closed widget's StylesCache in the lru_cache of StylesCache.get_inner_outer",
        _closed_widget_kept_by_styles_cache,
    ),
    "watchers": (
        "memory",
        "leaves closed widgets on the watchers of what they watched",
        _closed_footer_keys_left_on_watchers,
    ),
    "tint": (
        "dialog_drawing",
        "blends the colours of every segment anew under a dialog",
        _every_segment_blended,
    ),
    "dimmed-picture": (
        "dialog_drawing",
        "draws the unchanged screen below a dialog again on every refresh of the dialog",
        _screen_below_drawn_on_each_dialog_refresh,
    ),
    "background-layout": (
        "screen_changes",
        "lays out the screens below a newly shown screen that has their size",
        _screen_below_laid_out_when_a_dialog_opens,
    ),
    "screen-removal": (
        "screen_changes",
        "lays out the screen on show again after removing the screen closed over it",
        _screen_below_laid_out_when_a_dialog_closes,
    ),
    "screen-restyle": (
        "screen_changes",
        "restyles a screen pushed again when no CSS or theme changed",
        _kept_screen_restyled_when_shown_again,
    ),
    "stale-dismiss": (
        "dismiss",
        "lets a dialog that is no longer on show close the screen below it",
        _closed_dialog_closes_the_screen_below,
    ),
    "idle-input": (
        "input_waiting",
        "wakes its terminal input thread again and again while nothing is typed",
        _input_thread_polls_while_idle,
    ),
    "idle-web-input": (
        "web_input_waiting",
        "wakes its web input thread again and again while nothing comes from the browser",
        _web_input_thread_polls_while_idle,
    ),
    "paste-escapes": (
        "paste_escapes",
        "sends what follows an ESC inside a bracketed paste as key presses",
        _paste_leaks_keys,
    ),
    "frame-diff": (
        "frame_diff",
        "writes every cell of a screen again when it repaints it, changed or not",
        _unchanged_screen_written_whole_on_a_full_repaint,
    ),
    "strip-caches": (
        "strip_caches",
        "makes every cache of a strip when it makes the strip",
        cpu_fix_probes.strip_makes_its_caches_up_front,
    ),
    "component-styles": (
        "component_styles",
        "matches the stylesheet again for every component class of a widget it restyles",
        cpu_fix_probes.component_classes_matched_again_on_focus,
    ),
    "option-highlight": (
        "option_highlight",
        "repaints a whole OptionList when its highlight moves",
        cpu_fix_probes.whole_option_list_repainted_on_a_move,
    ),
    "partial-renders": (
        "partial_renders",
        "renders every widget in the box around the regions a partial repaint changes",
        cpu_fix_probes.widgets_between_two_changes_rendered,
    ),
    "kept-frames": (
        "kept_frames",
        "composes a screen shown again from all its widgets though none of them changed",
        cpu_fix_probes.unchanged_screen_composed_again_when_shown_again,
    ),
    "focus-refresh": (
        "focus_refresh",
        "repaints a widget focused again while it has the focus",
        cpu_fix_probes.focused_widget_repainted_when_focused_again,
    ),
    "callback-params": (
        "callback_params",
        "counts the parameters of a callback made for one call with inspect.signature",
        cpu_fix_probes.closures_counted_by_signature,
    ),
}
"""For each fix: its module, the problem in words, and the probe that says whether the problem showed."""


def test_every_fix_has_a_canary() -> None:
    assert sorted(PROBES) == sorted(FIXES)


@pytest.mark.parametrize("fix", FIXES)
async def test_plain_textual_still_has_the_problem(fix: str) -> None:
    module, problem, probe = PROBES[fix]
    with suspended():
        still_there = await probe()
    assert still_there, (
        f"Textual no longer {problem}: drop the {fix!r} fix (chimera_tui/ui/textual_fixes/{module}.py), its "
        "tests and its canary here, and strike it from docs/textual-upstream.md and docs/architecture.md"
    )


@pytest.mark.parametrize("fix", FIXES)
async def test_with_the_fix_the_problem_is_gone(fix: str) -> None:
    module, problem, probe = PROBES[fix]
    assert not await probe(), f"with the {fix!r} fix in place Textual still {problem} (see {module}.py)"
