"""Each patch of a Textual internal in `chimera_tui.ui.textual_fixes` is in place and does what it says.

A new Textual makes `test_every_fix_is_in_place` fail when a fix no longer finds the code it was written for
(look again whether the problem is still there), and the others fail when a fix no longer gives what
Textual's own code gives, or no longer saves what it was for. Sizes and counts, never times.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

import textual
from rich.segment import Segment
from rich.style import Style
from textual._context import visible_screen_stack
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.widgets import Footer, OptionList, Static
from textual.widgets._footer import FooterKey

from chimera_tui.ui import textual_fixes
from chimera_tui.ui.textual_fixes import APPLIED, FIXES, REPLACED
from chimera_tui.ui.widgets.footer import KeysFooter

TEXTUAL_VERSION = "8.2.8"
"""The Textual the fixes were written against (pinned in pyproject.toml)."""


class Board(Screen[None]):
    """Lines in many styles and our footer, like a game screen."""

    def compose(self) -> ComposeResult:
        for line in range(20):
            yield Static(
                "".join(
                    f"[{('bold red', 'green', 'on blue', 'italic')[(line + i) % 4]}]cell{i} [/]"
                    for i in range(9)
                ),
                id=f"line-{line}",
            )
        yield KeysFooter()


class Dialog(ModalScreen[None]):
    BINDINGS = [Binding("escape", "dismiss", "Close")]
    DEFAULT_CSS = """
    Dialog { align: center middle; background: $background 60%; }
    #box { width: 40; height: auto; border: thick $accent; background: $surface; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static("a dialog")
            yield OptionList("one", "two", "three")
        yield Footer()


class Host(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Board())


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
        f"Textual {textual.__version__}: check each fix in chimera_tui/ui/textual_fixes.py against it, then "
        "update TEXTUAL_VERSION"
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
        ours = list(textual_fixes._process_segments(segments, tint)) if tint.a else None
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
        layouts: list[Screen[Any]] = []
        original = Screen._refresh_layout

        def counting(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
            layouts.append(self)
            original(self, *args, **kwargs)

        Screen._refresh_layout = counting  # type: ignore[method-assign]
        try:
            repaints = textual_fixes._repaints.get(board, 0)
            app.push_screen(Dialog())
            await pilot.pause()
            await pilot.pause()
            assert board not in layouts, "the screen below was laid out again at the same size"
            assert textual_fixes._repaints.get(board, 0) == repaints, "the screen below repainted"
            app.pop_screen()
            await pilot.pause()
            await pilot.pause()
            assert layouts.count(board) <= 1, "closing the dialog laid the screen out again"
        finally:
            Screen._refresh_layout = original  # type: ignore[method-assign]


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
        restyled: list[object] = []
        stylesheet = app.stylesheet
        original = stylesheet.update_nodes

        def counting(nodes: Any, animate: bool = False) -> None:
            nodes = list(nodes)
            restyled.extend(nodes)
            original(nodes, animate=animate)

        stylesheet.update_nodes = counting  # type: ignore[method-assign]
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

    class Keys(App[None]):
        BINDINGS = [Binding("a", "noop", "A"), Binding("b", "noop", "B")]

        def compose(self) -> ComposeResult:
            yield Footer()

        def action_noop(self) -> None:
            pass

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
