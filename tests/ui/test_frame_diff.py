"""`textual_fixes.frame_diff`: each frame written as the cells that changed shows the same picture as
Textual's own frame, cell by cell (characters and attributes, replayed into pyte), for far fewer bytes; and
the picture it keeps is forgotten (every cell written again) whenever the terminal may show something else.

The same comparison on the real app, through a pseudo-terminal, for every key of `chimera bench --terminal`
on each game, is tests/ui/test_frame_diff_replay.py. Sizes and counts, never times."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import LayoutUpdate
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import OptionList, Static

from chimera_tui.ui.textual_fixes import suspended
from chimera_tui.ui.textual_fixes.frame_cells import cells_of_strip, forget_strips
from chimera_tui.ui.textual_fixes.frame_diff import erases_with_background, picture_of
from chimera_tui.ui.textual_fixes.frame_writer import FrameWriter
from tests.ui.terminal_replay import RecordingDriver, Terminal, differences, repaint_written
from tests.ui.textual_fix_apps import Dialog, Host

WIDTH, HEIGHT = 12, 4

TEXTS = ["ab", " ", "     ", "x  y", "──", "│", "中", "😀", "é", "e\u0301", "⏎", "●", "  z  "]
"""Pieces of text: ASCII, blanks (short and long), box drawing, double-width, an emoji, a combining accent,
symbols whose width is not sure on every terminal."""
STYLES = [
    None,
    Style(bold=True),
    Style(color="red", bgcolor="blue"),
    Style(color="#102030", bgcolor="#405060"),
    Style(bgcolor="#405060"),
    Style(underline=True, bgcolor="#405060"),
    Style(reverse=True, color="#ffa02b"),
    Style(italic=True, dim=True, color="#102030"),
    Style(strike=True, bold=True, bgcolor="blue"),
]


def _line(pieces: list[tuple[int, int]]) -> Strip:
    segments = [Segment(TEXTS[text], STYLES[style]) for text, style in pieces]
    return Strip(segments).adjust_cell_length(WIDTH, STYLES[4])


lines = st.lists(st.tuples(st.integers(0, len(TEXTS) - 1), st.integers(0, len(STYLES) - 1)), max_size=8)
pictures = st.lists(lines, min_size=HEIGHT, max_size=HEIGHT)


def _textual(console: Console, strips: list[Strip]) -> str:
    """Textual's own frame of `strips` (outside an app's frame, the fix leaves ``render_segments`` alone)."""
    return LayoutUpdate([[strip] for strip in strips], Region(0, 0, WIDTH, HEIGHT)).render_segments(console)


def _ours(console: Console, old: list[Strip], new: list[Strip], erase: bool) -> str:
    writer = FrameWriter(WIDTH, "", erase)
    color_system = console._color_system
    assert color_system is not None
    for y, (before, after) in enumerate(zip(old, new, strict=True)):
        writer.row(y, *cells_of_strip(before, color_system), *cells_of_strip(after, color_system), 0, WIDTH)
    return writer.finish()


@settings(max_examples=300, deadline=None)
@given(pictures, pictures, st.booleans())
def test_the_changed_cells_show_what_textuals_frame_shows(
    before: list[list[tuple[int, int]]], after: list[list[tuple[int, int]]], erase: bool
) -> None:
    console = Console(color_system="truecolor", force_terminal=True)
    old = [_line(line) for line in before]
    new = [_line(line) for line in after]
    theirs, ours = Terminal(WIDTH, HEIGHT), Terminal(WIDTH, HEIGHT)
    for terminal in (theirs, ours):
        terminal.feed(_textual(console, old))
    theirs.feed(_textual(console, new))
    ours.feed(_ours(console, old, new, erase))
    assert not differences(ours.cells(), theirs.cells()), ours.text()


def test_an_unchanged_picture_costs_nothing_and_one_changed_cell_a_few_bytes() -> None:
    console = Console(color_system="truecolor", force_terminal=True)
    old = [_line([(0, 2), (1, 3), (6, 5)]) for _ in range(HEIGHT)]
    assert _ours(console, old, old, True) == ""
    new = [*old[:2], _line([(0, 2), (1, 2), (6, 5)]), old[3]]
    assert 0 < len(_ours(console, old, new, True).encode()) <= 40


@pytest.mark.parametrize(
    ("term", "erases"),
    [("xterm-256color", True), ("linux", True), ("screen-256color", False), ("no-such-terminal", False)],
)
def test_only_a_terminal_that_erases_with_the_background_gets_erases(term: str, erases: bool) -> None:
    """Asked in a process of its own: curses reads terminfo for the first terminal type a process names."""
    asked = subprocess.run(
        [
            sys.executable,
            "-c",
            f"from {erases_with_background.__module__} import erases_with_background as e; "
            f"print(e({term!r}))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert asked.stdout.strip() == str(erases)


# -- in an app -----------------------------------------------------------------------------------------------


class _Scene(Host):
    """The board and a dialog, with a line to change."""

    def __init__(self) -> None:
        super().__init__(driver_class=RecordingDriver)


async def _play(steps: int, *, size: tuple[int, int] = (70, 24)) -> list[tuple[list[Any], int]]:
    """The picture after each step of a scene (opening a dialog, closing it, changing a line, a resize to
    another size and back), and the bytes each step wrote."""
    forget_strips()
    app = _Scene()
    shown: list[tuple[list[Any], int]] = []
    async with app.run_test(headless=False, size=size) as pilot:
        driver = app._driver
        assert isinstance(driver, RecordingDriver)
        terminal = Terminal(*size)

        async def step() -> None:
            await pilot.pause()
            await pilot.pause()
            written = driver.output()
            driver.written = []
            terminal.feed(written)
            shown.append((terminal.cells(), len(written.encode())))

        await step()
        actions = [
            lambda: app.push_screen(Dialog()),
            lambda: app.pop_screen(),
            lambda: app.screen.query_one("#line-3", Static).update("[b]changed[/b] line"),
            lambda: app.screen.refresh(),
            lambda: app.push_screen(Dialog()),
            lambda: app.pop_screen(),
        ]
        for action in actions[:steps]:
            action()
            await step()
    return shown


async def test_an_app_shows_the_same_picture_with_and_without_the_fix_for_far_fewer_bytes() -> None:
    ours = await _play(6)
    with suspended("frame-diff"):
        theirs = await _play(6)
    for number, ((our_cells, our_bytes), (their_cells, their_bytes)) in enumerate(
        zip(ours, theirs, strict=True)
    ):
        assert not differences(our_cells, their_cells), f"step {number}"
        if number:
            assert our_bytes <= their_bytes / 2, f"step {number}: {our_bytes} bytes, Textual {their_bytes}"
    assert ours[4][1] < 100, "a full repaint of an unchanged screen should write (next to) nothing"


async def _scene_with(write: str) -> tuple[int, int]:
    """Times the picture was forgotten, and bytes of the next full repaint, after `write` went to the driver."""
    app = _Scene()
    async with app.run_test(headless=False, size=(60, 20)) as pilot:
        await pilot.pause()
        terminal = picture_of(app)
        assert terminal is not None
        forgotten = terminal.forgotten
        app._driver.write(write)  # type: ignore[union-attr]
        repaint = await repaint_written(app, pilot)
        return terminal.forgotten - forgotten, repaint


@pytest.mark.parametrize(
    "write",
    ["\x07", "\x1b]0;title\x07", "\x1b[?25l\x1b[?1004h", "\x1b[?2026h", "\x1b[5 q", "\x1b[3;4H", "\x1b[6n"],
)
async def test_writes_that_change_no_cell_keep_the_picture(write: str) -> None:
    forgotten, repaint = await _scene_with(write)
    assert forgotten == 0
    assert repaint < 100


@pytest.mark.parametrize("write", ["some text", "\x1b[2J", "\x1b[?1049h", "\x1b[K", "\x1b[?5h"])
async def test_writes_that_may_change_cells_make_the_next_frame_write_them_all(write: str) -> None:
    forgotten, repaint = await _scene_with(write)
    assert forgotten >= 1
    assert repaint >= 60 * 20  # every cell again


class _GoneTerminal(list[str]):
    def append(self, data: str) -> None:
        raise OSError("the terminal went away")


async def test_a_failed_write_or_a_resize_makes_the_next_frame_write_every_cell() -> None:
    app = _Scene()
    async with app.run_test(headless=False, size=(60, 20)) as pilot:
        await pilot.pause()
        terminal = picture_of(app)
        driver = app._driver
        assert terminal is not None and isinstance(driver, RecordingDriver)
        forgotten = terminal.forgotten
        driver.written = _GoneTerminal()
        with pytest.raises(OSError):
            driver.write("\x1b[H")
        assert terminal.forgotten == forgotten + 1
        driver.written = []
        app.screen.refresh()
        await pilot.pause()
        await pilot.pause()
        assert driver.bytes_written() >= 60 * 20

        forgotten = terminal.forgotten
        await pilot.resize_terminal(60, 20)  # the same size: the terminal may still have lost lines
        await pilot.pause()
        await pilot.pause()
        assert terminal.forgotten > forgotten


class _KeptDialog(ModalScreen[None]):
    """A dialog a screen keeps and shows again, as the games keep their choice dialogs (no footer: Textual's
    rebuilds its keys each time it is shown)."""

    DEFAULT_CSS = """
    _KeptDialog { align: center middle; background: $background 60%; }
    #box { width: 40; height: auto; border: thick $accent; background: $surface; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static("a dialog")
            yield OptionList("one", "two", "three")


async def _dialog_opened_and_closed(times: int) -> tuple[list[str], Terminal, int]:
    """The frames written each time a kept dialog is opened and closed again over an unchanged board, a
    terminal fed everything written, and how many full frames were written from kept bytes."""
    app = Host(driver_class=RecordingDriver)
    frames: list[str] = []
    async with app.run_test(headless=False, size=(80, 24)) as pilot:
        await pilot.pause()
        driver = app._driver
        assert isinstance(driver, RecordingDriver)
        app.install_screen(_KeptDialog(), "kept")
        for _ in range(times):
            for step in (lambda: app.push_screen("kept"), app.pop_screen):
                start = len(getattr(driver, "written", []))
                step()
                await pilot.pause()
                await pilot.pause()
                frames.append("".join(driver.written[start:]))
        terminal = Terminal(80, 24)
        terminal.feed(driver.output())
        picture = picture_of(app)
        taken = picture.kept_frames_taken if picture is not None else 0
    return frames, terminal, taken


async def test_a_dialog_opened_and_closed_again_writes_its_kept_bytes_and_the_same_picture() -> None:
    """A full frame over the rows it was worked out for before (a kept dialog opened or closed again over a
    board that did not change: kept-frames hands on the same strips) is not worked out again: its bytes are
    the kept ones, and the picture is Textual's."""
    ours, picture, taken = await _dialog_opened_and_closed(4)
    with suspended("frame-diff"):
        _, textual_picture, _ = await _dialog_opened_and_closed(4)
    assert ours[4:6] == ours[6:8]
    assert differences(picture.cells(), textual_picture.cells()) == []
    assert taken >= 4  # at least the third and the fourth time, opening and closing


async def test_a_dialog_drawn_again_the_same_writes_its_kept_bytes() -> None:
    """Rows drawn again to show what they showed (the dialog's text set again before each opening: new strips,
    so new lists, of the same cells) are the same transition: its kept bytes are written, not worked out."""
    app = Host(driver_class=RecordingDriver)
    async with app.run_test(headless=False, size=(80, 24)) as pilot:
        await pilot.pause()
        driver = app._driver
        assert isinstance(driver, RecordingDriver)
        dialog = _KeptDialog()
        app.install_screen(dialog, "kept")
        frames: list[str] = []
        for _ in range(4):
            for step in (lambda: app.push_screen("kept"), app.pop_screen):
                start = len(driver.written)
                step()
                await pilot.pause()
                dialog.query_one(Static).update("a dialog")  # the same words, drawn again
                await pilot.pause()
                await pilot.pause()
                frames.append("".join(driver.written[start:]))
        picture = picture_of(app)
        assert picture is not None
        assert picture.kept_frames_taken >= 4
        terminal = Terminal(80, 24)
        terminal.feed(driver.output())
    assert frames[4:6] == frames[6:8]
    with suspended("frame-diff"):
        _, textual_picture, _ = await _dialog_opened_and_closed(1)
    assert differences(terminal.cells(), textual_picture.cells()) == []
