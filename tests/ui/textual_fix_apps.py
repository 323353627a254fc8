"""Small Textual apps shared by the tests of `chimera_tui.ui.textual_fixes` (the fixes' own tests and their
canaries): a board like a game screen, a dialog over it, and counters of Textual's work on screens."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static

from chimera_tui.ui.widgets.footer import KeysFooter


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


class Dialog(ModalScreen[object]):
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


class Keys(App[None]):
    """Textual's own footer, which rebuilds its keys whenever the bindings change."""

    BINDINGS = [Binding("a", "noop", "A"), Binding("b", "noop", "B")]

    def compose(self) -> ComposeResult:
        yield Footer()

    def action_noop(self) -> None:
        pass


class Choices(App[None]):
    """Two lists of choices, as a game's dialogs have them; the highlight looks different with focus (a rule
    on a component class that names a pseudo-class)."""

    CSS = """
    OptionList { height: 8; }
    OptionList:focus > .option-list--option-highlighted { text-style: underline; }
    """

    def compose(self) -> ComposeResult:
        yield OptionList(*(f"choice {i}" for i in range(12)), id="first")
        yield OptionList(*(f"other {i}" for i in range(12)), id="second")


@contextmanager
def counting_component_matches() -> Iterator[list[DOMNode]]:
    """Each node the stylesheet is matched against for a component class while the block runs (the bare
    ``DOMNode`` Textual makes for each component class of a widget it styles)."""
    matched: list[DOMNode] = []
    original = Stylesheet.apply

    def counting(self: Stylesheet, node: DOMNode, *args: Any, **kwargs: Any) -> None:
        if type(node) is DOMNode:
            matched.append(node)
        original(self, node, *args, **kwargs)

    Stylesheet.apply = counting  # type: ignore[method-assign]
    try:
        yield matched
    finally:
        Stylesheet.apply = original  # type: ignore[method-assign]


@contextmanager
def counting_rendered_lines(widget: Widget) -> Iterator[list[int]]:
    """The lines of `widget` rendered anew (border, padding and content) while the block runs, by y."""
    rendered: list[int] = []
    original = StylesCache.render_line

    def counting(self: StylesCache, styles: Any, y: int, *args: Any, **kwargs: Any) -> Any:
        render_content_line = args[5]
        if getattr(render_content_line, "__self__", None) is widget:
            rendered.append(y)
        return original(self, styles, y, *args, **kwargs)

    StylesCache.render_line = counting  # type: ignore[method-assign]
    try:
        yield rendered
    finally:
        StylesCache.render_line = original  # type: ignore[method-assign]


@contextmanager
def counting_renders() -> Iterator[list[Widget]]:
    """Each widget asked for its lines (``StylesCache.render_widget``) while the block runs."""
    asked: list[Widget] = []
    original = StylesCache.render_widget

    def counting(self: StylesCache, widget: Widget, crop: Any) -> Any:
        asked.append(widget)
        return original(self, widget, crop)

    StylesCache.render_widget = counting  # type: ignore[method-assign]
    try:
        yield asked
    finally:
        StylesCache.render_widget = original  # type: ignore[method-assign]


@contextmanager
def counting_layouts() -> Iterator[list[Screen[Any]]]:
    """Each screen that Textual lays out again (``Screen._refresh_layout``) while the block runs, in order."""
    layouts: list[Screen[Any]] = []
    original = Screen._refresh_layout

    def counting(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        layouts.append(self)
        original(self, *args, **kwargs)

    Screen._refresh_layout = counting  # type: ignore[method-assign]
    try:
        yield layouts
    finally:
        Screen._refresh_layout = original  # type: ignore[method-assign]


@contextmanager
def counting_restyles(app: App[Any]) -> Iterator[list[object]]:
    """Each node the stylesheet styles again while the block runs."""
    restyled: list[object] = []
    stylesheet = app.stylesheet
    original = stylesheet.update_nodes

    def counting(nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        restyled.extend(nodes)
        original(nodes, animate=animate)

    stylesheet.update_nodes = counting  # type: ignore[method-assign]
    try:
        yield restyled
    finally:
        del stylesheet.update_nodes
