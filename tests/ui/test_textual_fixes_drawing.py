"""The fixes that take CPU out of drawing (`strip_caches`, `component_styles`, `option_highlight`) give what
Textual's own code gives, and save what they were for. Counts and pictures, never times; whether Textual
still has each problem is the canaries' question (tests/ui/test_textual_canaries.py)."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.cache import FIFOCache
from textual.color import Color
from textual.filter import Monochrome
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import OptionList, Static

from chimera_tui.ui.textual_fixes import REPLACED, partial_renders, suspended
from tests.ui.terminal_replay import Cell, RecordingDriver, Terminal
from tests.ui.textual_fix_apps import (
    Choices,
    Dialog,
    Host,
    counting_component_matches,
    counting_rendered_lines,
    counting_renders,
)

_CACHES = (
    "_divide_cache",
    "_crop_cache",
    "_style_cache",
    "_filter_cache",
    "_line_length_cache",
    "_crop_extend_cache",
    "_offsets_cache",
)


def _sample() -> Strip:
    return Strip(
        [
            Segment("plain ", Style(color="red")),
            Segment("wide 中文 ", Style(bgcolor="blue", bold=True)),
            Segment("end", Style()),
        ]
    )


def _everything_done_to(strip: Strip) -> list[list[Segment]]:
    """What every caching method of a strip returns (each twice: the second answer may come from a cache)."""
    results: list[Strip] = []
    for _ in range(2):
        results += [
            strip.crop(2, 11),
            strip.crop_extend(3, 30, Style(bgcolor="green")),
            strip.adjust_cell_length(25, Style(italic=True)),
            strip.apply_style(Style(underline=True)),
            strip.apply_filter(Monochrome(), Color(10, 20, 30)),
            strip.apply_offsets(4, 7),
            *strip.divide([3, 9, 14]),
        ]
    return [list(result) for result in results]


def test_a_strip_makes_each_cache_when_first_used_and_answers_as_textual() -> None:
    strip = _sample()
    assert [getattr(strip, name) for name in _CACHES] == [None] * len(_CACHES)
    ours = _everything_done_to(strip)
    assert all(isinstance(getattr(strip, name), FIFOCache) for name in _CACHES)
    assert strip.crop(2, 11) is strip.crop(2, 11)  # the cache made on first use is used after
    with suspended("strip-caches"):
        textual_strip = _sample()
        assert isinstance(textual_strip._crop_cache, FIFOCache)
        theirs = _everything_done_to(textual_strip)
    assert ours == theirs


def _rules(option_list: OptionList) -> dict[str, dict[str, object]]:
    return {name: dict(styles.get_rules()) for name, styles in option_list._component_styles.items()}


def _textual_rules(app: App[None], option_list: OptionList) -> dict[str, dict[str, object]]:
    """The component styles Textual itself works out for `option_list` now (the kept ones put back)."""
    kept = dict(option_list._component_styles)
    REPLACED["component-styles"](app.stylesheet, option_list)
    theirs = _rules(option_list)
    option_list._component_styles.clear()
    option_list._component_styles.update(kept)
    return theirs


async def test_component_styles_are_textuals_and_are_matched_once_per_path() -> None:
    app = Choices()
    async with app.run_test(size=(40, 20)) as pilot:
        first, second = app.query_one("#first", OptionList), app.query_one("#second", OptionList)
        first.focus()
        await pilot.pause()
        focused = dict(first._component_styles)
        second.focus()
        await pilot.pause()
        assert _rules(first) == _textual_rules(app, first)
        assert _rules(second) == _textual_rules(app, second)
        assert _rules(first) != {name: dict(styles.get_rules()) for name, styles in focused.items()}
        with counting_component_matches() as matched:
            first.focus()
            await pilot.pause()
            second.focus()
            await pilot.pause()
            first.focus()
            await pilot.pause()
        assert matched == [], "paths seen before were matched against the stylesheet again"
        assert all(first._component_styles[name] is styles for name, styles in focused.items())
        assert _rules(first) == _textual_rules(app, first)
        highlighted = first.get_component_rich_style("option-list--option-highlighted")

        app.theme = "textual-light"  # a new stylesheet: matched afresh, to Textual's answer
        await pilot.pause()
        assert _rules(first) == _textual_rules(app, first)
        assert first.get_component_rich_style("option-list--option-highlighted") != highlighted


async def _picture_after_moves(keys: list[str]) -> tuple[list[list[Segment]], int]:
    """The screen of `Choices` after `keys` in the first list, and how many of its lines were rendered for
    the last key."""
    app = Choices()
    async with app.run_test(size=(40, 20)) as pilot:
        first = app.query_one("#first", OptionList)
        first.focus()
        first.highlighted = 2
        await pilot.pause()
        for key in keys[:-1]:
            await pilot.press(key)
        await pilot.pause()
        with counting_rendered_lines(first) as rendered:
            await pilot.press(keys[-1])
            await pilot.pause()
        picture = [list(strip) for strip in app.screen._compositor.render_strips()]
    return picture, len(rendered)


async def test_moving_the_highlight_repaints_two_options_and_draws_what_textual_draws() -> None:
    keys = ["down", "down", "up", "down"]  # the last one moves without scrolling
    ours, rendered = await _picture_after_moves(keys)
    with suspended("option-highlight"):
        theirs, textual_rendered = await _picture_after_moves(keys)
    assert ours == theirs
    assert rendered == 2 < textual_rendered
    scrolled, _ = await _picture_after_moves(["down"] * 9)  # past the bottom: the list scrolls
    with suspended("option-highlight"):
        assert scrolled == (await _picture_after_moves(["down"] * 9))[0]


async def _written_for_two_far_changes() -> tuple[str, list[str]]:
    """What Textual writes (frame-diff left out) when the first and the last line of `Host`'s board change,
    and which of its lines were asked for their lines."""
    app = Host(driver_class=RecordingDriver)
    async with app.run_test(headless=False, size=(80, 24)) as pilot:
        await pilot.pause()
        driver = app._driver
        assert isinstance(driver, RecordingDriver)
        driver.written = []
        with counting_renders() as asked:
            app.screen.query_one("#line-0", Static).update("[bold]first[/] line changed")
            app.screen.query_one("#line-19", Static).update("[reverse]last[/] line changed")
            await pilot.pause()
            await pilot.pause()
        return driver.output(), [str(widget.id) for widget in asked if isinstance(widget, Static)]


async def test_a_partial_repaint_asks_only_the_widgets_it_changes_and_writes_what_textual_writes() -> None:
    with suspended("frame-diff"):
        ours, asked = await _written_for_two_far_changes()
        with suspended("partial-renders"):
            theirs, textual_asked = await _written_for_two_far_changes()
    assert ours == theirs
    assert "first" in ours and "last" in ours
    assert sorted(set(asked)) == ["line-0", "line-19"]
    assert "line-10" in textual_asked


def _shown(written: str) -> list[list[Cell]]:
    """What a terminal shows after `written` (80×24)."""
    terminal = Terminal(80, 24)
    terminal.feed(written)
    return terminal.cells()


async def _dialog_over_a_changing_board() -> tuple[list[list[Cell]], str]:
    """What a terminal shows after a line of the board changes under an open dialog, the dialog closes and
    another opens and closes (frame-diff left out: Textual's own bytes), and the app's own screenshot."""
    app = Host(driver_class=RecordingDriver)
    async with app.run_test(headless=False, size=(80, 24)) as pilot:
        await pilot.pause()
        driver = app._driver
        assert isinstance(driver, RecordingDriver)
        board = app.screen
        app.push_screen(Dialog())
        await pilot.pause()
        await pilot.pause()
        board.query_one("#line-5", Static).update("[bold]changed below the dialog[/]")
        await pilot.pause()
        await pilot.pause()
        app.screen.refresh()  # the dialog drawn whole, its dimmed picture of the board with it
        await pilot.pause()
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        app.push_screen(Dialog())  # and again, over the board as it is now
        await pilot.pause()
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        assert "changed below the dialog" in driver.output()
        return _shown(driver.output()), app.export_screenshot()


async def test_dialogs_over_a_changing_board_write_what_textual_writes() -> None:
    """Partial repaints of a dialog (whose dimmed picture renders the board below with its own compositor)
    and screens shown again (kept frames, taken again where the board changed) write Textual's bytes."""
    with suspended("frame-diff"):
        # Once first: run right after an app with every fix suspended (the canaries), the first such app in
        # a process writes some blanks in another colour code than the next one does (Textual keeps some of
        # what it drew in process-wide caches); the picture compared is the one a settled process draws.
        await _dialog_over_a_changing_board()
        ours = await _dialog_over_a_changing_board()
        with suspended("partial-renders", "kept-frames", "focus-refresh"):
            theirs = await _dialog_over_a_changing_board()
    assert ours == theirs


async def test_a_screen_shown_again_unchanged_is_not_composed_again() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen
        app.push_screen(Dialog())
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        app.push_screen(Dialog())
        await pilot.pause()
        with counting_renders() as asked:
            app.pop_screen()
            await pilot.pause()
            await pilot.pause()
        assert app.screen is board
        assert [widget for widget in asked if widget is not board] == []


async def test_focusing_the_focused_widget_leaves_it_alone_and_a_move_still_repaints_both() -> None:
    app = Choices()
    async with app.run_test(size=(40, 20)) as pilot:
        first, second = app.query_one("#first", OptionList), app.query_one("#second", OptionList)
        first.focus()
        await pilot.pause()
        with counting_rendered_lines(first) as rendered:
            first.focus()
            await pilot.pause()
        assert rendered == [] and first.has_focus
        before = app.export_screenshot()
        second.focus()
        await pilot.pause()
        moved = app.export_screenshot()
        with suspended("focus-refresh"):
            first.focus()
            await pilot.pause()
            second.focus()
            await pilot.pause()
            assert app.export_screenshot() == moved
        assert moved != before and second.has_focus


async def test_another_compositor_drawn_during_a_partial_repaint_draws_all_its_widgets() -> None:
    """A dialog's partial repaint may draw the screen below it whole (its dimmed picture): that drawing is
    not narrowed to the regions the dialog is repainting."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen
        whole = [list(strip) for strip in board._compositor.render_strips()]
        app.push_screen(Dialog())
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        token = partial_renders._changed.set((dialog._compositor, [Region(0, 5, 80, 1)]))
        try:
            during = [list(strip) for strip in board._compositor.render_strips()]
        finally:
            partial_renders._changed.reset(token)
    assert during == whole
