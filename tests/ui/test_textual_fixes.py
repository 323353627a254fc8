"""Each patch of a Textual internal in `chimera_tui.ui.textual_fixes` is in place and does what it says.

A new Textual makes `test_every_fix_is_in_place` fail when a fix no longer finds the code it was written for
(look again whether the problem is still there), and the others fail when a fix no longer gives what
Textual's own code gives, or no longer saves what it was for. Whether Textual still has each problem at all
is the canaries' question (tests/ui/test_textual_canaries.py). Sizes and counts, never times.
"""

from __future__ import annotations

import gc
import os
import weakref
from typing import Any

import pytest
import textual
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual._context import visible_screen_stack
from textual._styles_cache import StylesCache
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.color import Color
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from chimera_tui.ui.textual_fixes import APPLIED, FIXES, REPLACED, dialog_drawing, paste_escapes, suspended
from tests.ui.input_thread_probe import HANG, StandInDriver, selects_while_idle
from tests.ui.textual_fix_apps import Dialog, Host, Keys, counting_layouts, counting_restyles
from tests.ui.web_input_probe import StandInWebDriver

TEXTUAL_VERSION = "8.2.8"
"""The Textual the fixes were written against (pinned in pyproject.toml)."""


def _dimmed_lines(dialog: Screen[Any]) -> list[list[Segment]]:
    return [list(line) for line in dialog._render_cache.lines]


def _textual_picture(app: App[None], dialog: Screen[Any]) -> list[list[Segment]]:
    """The dimmed picture as Textual itself draws it now (the dialog's kept picture left as it was)."""
    kept = dialog._render_cache
    visible_screen_stack.set(app._background_screens)
    REPLACED["dimmed-picture"](dialog)
    theirs = _dimmed_lines(dialog)
    dialog._render_cache = kept
    return theirs


def _our_picture(app: App[None], dialog: Screen[Any]) -> list[Strip]:
    visible_screen_stack.set(app._background_screens)
    dialog._render_content()
    return list(dialog._render_cache.lines)


async def test_every_fix_is_in_place() -> None:
    assert textual.__version__ == TEXTUAL_VERSION, (
        f"Textual {textual.__version__}: check each fix in chimera_tui/ui/textual_fixes/ against it (the "
        "canaries in tests/ui/test_textual_canaries.py say which are still needed), then update "
        "TEXTUAL_VERSION"
    )
    assert set(FIXES) == APPLIED, f"not applied: {sorted(set(FIXES) - APPLIED)}"
    assert set(REPLACED) == APPLIED


def test_tint_blends_as_textual_does() -> None:
    segments = [
        Segment("a", Style(color="red", bgcolor="blue", bold=True)),
        Segment("b", None),
        Segment("c", Style(color="#102030", link="https://example.org")),
        Segment("\n", None, [(1,)]),  # type: ignore[list-item]  (a control segment passes through)
    ]
    for tint in (Color(10, 20, 30, 0.6), Color(0, 0, 0, 0.0)):
        ours = list(dialog_drawing._process_segments(segments, tint)) if tint.a else None
        theirs = list(REPLACED["tint"](object, segments, tint))
        if ours is not None:
            assert ours == theirs


async def test_the_dimmed_picture_is_what_textual_draws_and_is_kept() -> None:
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.screen
        app.push_screen(Dialog())
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        kept, theirs = _our_picture(app, dialog), _textual_picture(app, dialog)
        assert [list(line) for line in kept] == theirs
        again = _our_picture(app, dialog)  # nothing changed below: the very same lines
        assert all(a is b for a, b in zip(again, kept, strict=True))

        board.query_one("#line-3", Static).update("[reverse]changed[/]")  # one line changes below
        await pilot.pause()
        await pilot.pause()
        changed, theirs_now = _our_picture(app, dialog), _textual_picture(app, dialog)
        assert [list(line) for line in changed] == theirs_now
        tinted_again = [y for y, (a, b) in enumerate(zip(changed, kept, strict=True)) if a is not b]
        assert tinted_again == [y for y in range(len(theirs)) if theirs[y] != theirs_now[y]] == [3]


async def test_opening_and_closing_a_dialog_repaints_the_screen_below_once() -> None:
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.screen
        with counting_layouts() as layouts:
            repaints = dialog_drawing._repaints.get(board, 0)
            app.push_screen(Dialog())
            await pilot.pause()
            await pilot.pause()
            assert board not in layouts, "the screen below was laid out again at the same size"
            assert dialog_drawing._repaints.get(board, 0) == repaints, "the screen below repainted"
            app.pop_screen()
            await pilot.pause()
            await pilot.pause()
            assert board not in layouts, "closing the dialog laid the screen below out again"


async def test_a_real_resize_still_reaches_the_screens_below() -> None:
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.screen
        app.push_screen(Dialog())
        await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert board.size == (120, 40)
        assert board.query_one("#line-0").size.width == 120


async def test_a_screen_shown_again_is_restyled_only_after_a_theme_change() -> None:
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        dialog = Dialog()
        app.install_screen(dialog, "kept")
        app.push_screen("kept")
        await pilot.pause()
        before = dialog.query_one("#box").styles.background
        app.pop_screen()
        await pilot.pause()
        with counting_restyles(app) as restyled:
            app.push_screen("kept")
            await pilot.pause()
            assert dialog not in restyled, "shown again with nothing changed, yet restyled"
            app.pop_screen()
            await pilot.pause()
            app.theme = "textual-light"
            await pilot.pause()
            app.push_screen("kept")
            await pilot.pause()
            assert dialog in restyled, "a theme changed while it was away, and it was not restyled"
        assert dialog.query_one("#box").styles.background != before


async def test_closed_footer_keys_leave_no_watchers_behind() -> None:
    """A footer rebuilds its keys when the bindings change; the old keys must not stay on its watchers."""
    app = Keys()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        footer = app.query_one(Footer)
        closed: list[weakref.ref[FooterKey]] = []
        for _ in range(5):
            closed += [weakref.ref(key) for key in footer.query(FooterKey)]
            app.screen.refresh_bindings()  # Textual's footer rebuilds all its keys
            await pilot.pause()
            await pilot.pause()
        watchers = getattr(footer, "__watchers", {}).get("compact", [])
        live = set(footer.query(FooterKey))
        assert all(owner in live for owner, _ in watchers)
        gc.collect()
        assert [ref for ref in closed if ref() is not None] == []


async def test_a_dialog_closed_twice_leaves_the_screen_below_and_answers_once() -> None:
    """Two Enters queued for one choice: the second reaches a dialog already closed (stale-dismiss)."""
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
        assert app.screen is board
        assert answers == ["first"]


def test_suspended_puts_textual_back_for_a_while_and_the_fixes_back_after() -> None:
    """The canaries rely on this: inside the block Textual's own code, after it the fixes, every attribute."""
    ours = {
        "dismiss": Screen.__dict__["dismiss"],
        "_render_content": Screen.__dict__["_render_content"],
        "get_inner_outer": StylesCache.__dict__["get_inner_outer"],
    }
    with suspended():
        assert Screen.__dict__["dismiss"] is REPLACED["stale-dismiss"]
        assert "_render_content" not in Screen.__dict__, "Textual's Screen inherits it from Widget"
        assert StylesCache.__dict__["get_inner_outer"] is REPLACED["styles-cache"]
        assert Screen._render_content is REPLACED["dimmed-picture"]
    assert Screen.__dict__["dismiss"] is ours["dismiss"]
    assert Screen.__dict__["_render_content"] is ours["_render_content"]
    assert StylesCache.__dict__["get_inner_outer"] is ours["get_inner_outer"]
    with suspended("stale-dismiss"):
        assert Screen.__dict__["dismiss"] is REPLACED["stale-dismiss"]
        assert Screen.__dict__["_render_content"] is ours["_render_content"], "only the fix named"
    with pytest.raises(ValueError, match="not applied"), suspended("no-such-fix"):
        pass


def test_the_input_thread_hands_on_keys_a_lone_escape_and_stops_at_once() -> None:
    """idle-input: waiting without a bound still hands on typed keys, turns a lone Escape into a key once the
    parser's wait for the rest of a sequence is over (nothing more is typed), and ends when the app stops."""
    driver = StandInDriver()
    driver.start()
    try:
        os.write(driver.master, b"q")
        assert driver.got_key.wait(HANG)
        driver.got_key.clear()
        os.write(driver.master, b"\x1b")
        assert driver.got_key.wait(HANG), "a lone Escape never became a key"
        assert driver.keys == ["q", "escape"]
    finally:
        assert driver.stop(), "the input thread did not stop"


def test_the_idle_input_thread_waits_once_for_as_long_as_nothing_is_typed() -> None:
    assert selects_while_idle(1.0) <= 2  # Textual's own waits ten times a second


def test_the_web_input_thread_hands_on_keys_a_lone_escape_and_messages_and_stops() -> None:
    """idle-web-input: waiting without a bound, the web input thread still hands on typed keys, turns a lone
    Escape into a key once the parser's wait is over, passes the browser's messages on, and ends when the app
    stops (and when textual-serve says "exit")."""
    driver = StandInWebDriver()
    driver.start()
    try:
        driver.type("q")
        assert driver.got.wait(HANG)
        driver.got.clear()
        driver.type("\x1b")
        assert driver.got.wait(HANG), "a lone Escape never became a key"
        driver.got.clear()
        driver.tell({"type": "focus"})
        assert driver.got.wait(HANG)
        assert (driver.keys, driver.messages) == (["q", "escape"], ["focus"])
    finally:
        assert driver.stop(), "the web input thread did not stop"
    assert driver.written == [{"type": "exit"}]
    told_to_end = StandInWebDriver()
    told_to_end.start()
    told_to_end.tell({"type": "exit"})
    assert told_to_end._key_thread is not None
    told_to_end._key_thread.join(HANG)
    assert not told_to_end._key_thread.is_alive()
    assert told_to_end.stop()


def test_the_idle_web_input_thread_waits_once_for_as_long_as_nothing_comes() -> None:
    assert selects_while_idle(1.0, StandInWebDriver) <= 2  # Textual's own waits ten times a second


def _parsed(parser: XTermParser, *pieces: str) -> list[tuple[str, str]]:
    """What `parser` makes of `pieces` fed one after another: ("key", name) and ("paste", text)."""
    out = []
    for piece in pieces:
        for event in parser.feed(piece):
            if isinstance(event, events.Key):
                out.append(("key", event.key))
            elif isinstance(event, events.Paste):
                out.append(("paste", event.text))
    return out


def test_a_paste_holding_escape_sequences_is_one_paste_and_the_keys_around_it_stay_keys() -> None:
    """paste-escapes: every character between a paste's start and end is the paste's, escape sequences and
    line breaks included; keys before and after it (an arrow's sequence too) are keys."""
    pasted = "aaa \x1b[31mred\x1b[0m bbb\rsecond \x1b line\x1b[A\r\x00"
    got = _parsed(XTermParser(), f"x\x1b[200~{pasted}\x1b[201~y\x1b[B")
    assert got == [("key", "x"), ("paste", pasted.replace("\x00", "")), ("key", "y"), ("key", "down")]


def test_a_paste_that_comes_in_pieces_waits_for_its_end_however_long() -> None:
    """An ESC at the end of one read is not a lone Escape key inside a paste: the parser asks for no timeout
    until the paste's end, which may itself be split."""
    parser = XTermParser()
    assert _parsed(parser, "\x1b[200~one\x1b") == []
    assert parser._timeout_time is None and list(parser.tick()) == []  # no Escape falls due
    assert _parsed(parser, "[1mtwo\x1b[20", "1~\x1b") == [("paste", "one\x1b[1mtwo")]
    assert parser._timeout_time is not None  # outside a paste, a lone Escape becomes a key as before


def test_a_paste_keeps_at_most_its_limit_and_a_paste_cut_off_by_the_end_of_input_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(paste_escapes, "PASTE_LIMIT", 5)
    parser = XTermParser()
    assert _parsed(parser, "\x1b[200~abcdefgh\x1b[20", "1~z") == [("paste", "abcde"), ("key", "z")]
    assert _parsed(parser, "\x1b[200~abcd\x1b[201~") == [("paste", "abcd")]
    assert _parsed(parser, "\x1b[200~unended", "") == []
