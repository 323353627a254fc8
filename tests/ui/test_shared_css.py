"""Parsed CSS shared across a process's stylesheets (`chimera_tui.ui.shared_css`, installed by the session
starter so that its forked clients do not parse again what it parsed in its warm-up)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import textual.css.stylesheet
from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from chimera_tui.ui import shared_css

CSS = """
Screen { background: $surface; }
#title { color: $primary; text-style: bold; height: 2; }
.note { color: $text-muted; }
"""


@pytest.fixture
def shared() -> Iterator[None]:
    """The sharing installed for one test, and Textual's own parsing back afterwards."""
    assert not shared_css.installed()
    shared_css.install()
    try:
        yield
    finally:
        Stylesheet._parse_rules = shared_css._original  # type: ignore[method-assign]
        shared_css._original = None
        shared_css.PARSED.clear()


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The CSS sources Textual's parser is given from now on."""
    seen: list[str] = []
    original = textual.css.stylesheet.parse

    def counting(scope: str, css: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(css)
        return original(scope, css, *args, **kwargs)

    monkeypatch.setattr(textual.css.stylesheet, "parse", counting)
    return seen


def stylesheet(primary: str) -> Stylesheet:
    sheet = Stylesheet(variables={"primary": primary, "surface": "#101010", "text-muted": "#808080"})
    sheet.add_source(CSS, read_from=("test", "CSS"))
    return sheet


def test_the_same_source_with_the_same_theme_is_parsed_once(shared: None, parses: list[str]) -> None:
    first, second = stylesheet("#ff0000"), stylesheet("#ff0000")
    assert first.rules and parses == [CSS]
    assert second.rules == first.rules and parses == [CSS]  # the very rules, not parsed again


def test_another_theme_is_parsed_anew(shared: None, parses: list[str]) -> None:
    red, blue = stylesheet("#ff0000"), stylesheet("#0000ff")
    colours = [
        str(sheet.rules[1].styles.color)
        for sheet in (red, blue)  # the #title rule's colour
    ]
    assert parses == [CSS, CSS]
    assert colours[0] != colours[1] and "255, 0, 0" in colours[0] and "0, 0, 255" in colours[1]


class Board(App[None]):
    CSS = CSS

    def compose(self) -> ComposeResult:
        yield Static("Tables", id="title")
        table: DataTable[str] = DataTable(zebra_stripes=True)
        table.add_columns("Code", "Game")
        table.add_rows([("K7QX4", "Station"), ("B2MN9", "Codename")])
        yield table
        yield Static("two open tables", classes="note")
        yield Footer()


async def test_an_app_with_shared_rules_draws_what_it_drew_with_its_own(
    shared: None, parses: list[str]
) -> None:
    pictures = []
    for _ in range(2):
        app = Board()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            pictures.append(app.export_screenshot())
        if len(pictures) == 1:
            parsed_first = len(parses)
    assert parsed_first > 3 and len(parses) == parsed_first  # the second app parsed nothing
    assert pictures[0] == pictures[1]


class Badge(Static):
    DEFAULT_CSS = "Badge { color: $primary; border: round $primary; height: 3; }"


async def test_css_parsed_ahead_is_not_parsed_again_when_its_widget_or_screen_appears(
    shared: None, parses: list[str], tmp_path: Path
) -> None:
    room_css = tmp_path / "room.tcss"
    room_css.write_text("#room-title { color: $primary; text-style: bold; }\n")

    class Room(Screen[None]):
        CSS_PATH = str(room_css)

        def compose(self) -> ComposeResult:
            yield Static("The room", id="room-title")
            yield Badge("new here")

    class Hall(App[None]):
        def __init__(self, *, enter: bool) -> None:
            super().__init__()
            self.enter = enter

        def compose(self) -> ComposeResult:
            yield Static("The hall")

        def on_mount(self) -> None:
            if self.enter:
                self.push_screen(Room())

    warm = Hall(enter=False)
    async with warm.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ahead = shared_css.classes_from(__name__)  # this module's widgets and screens
        assert {Room, Badge, Hall} <= set(ahead) and Static not in ahead
        assert (
            shared_css.parse_ahead(warm.stylesheet, ahead) >= 3
        )  # the room's file, the badge's CSS and more
    assert Badge.DEFAULT_CSS in parses and room_css.read_text() in parses
    before = len(parses)
    app = Hall(enter=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Room)
        badge = app.screen.query_one(Badge)
        assert badge.styles.height is not None and badge.styles.height.value == 3
        assert app.screen.query_one("#room-title", Static).styles.text_style.bold
    assert parses[before:] == []  # nothing parsed: the badge's and the room's CSS were ready
