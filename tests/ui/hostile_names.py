"""The hostile player names the tests of test_hostile_names_*.py try (issue "Trust"), what a screen must show
for each (the cleaned name, `plain_text`, letter for letter), and the checks and waits they share."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from textual.content import Content
from textual.pilot import Pilot

from chimera_tui.engine.plain_text import plain_text
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen

NAMES = [
    "[/]",
    "[bold]Bob",
    "[@click=app.quit]q[/]",
    "\x1b[2J\x1b[31mEvil",
    "\x1b]0;pwn\x07",
    "Bob\r\nAlice",
    "\u202eecilA",
    "W" * 500,
    "",
    " ",
    "🐉龍のチメラ🐲",
    "[red]红[/red] $accent",
    "Tab\there\x00\x7f\x9b31m",
]
IDS = [repr(name)[:24] for name in NAMES]

BACKSLASHED = ["a\\[b]c", "x\\\\[/]"]
"""Backslashes before a bracket: ``rich.markup.escape`` doubles them and Textual's parser then shows them
doubled; names in markup are escaped with `chimera_tui.ui.seats.escape_markup`, or built as Content."""
EDGE_NAMES = NAMES + BACKSLASHED
EDGE_IDS = IDS + [repr(name) for name in BACKSLASHED]

OTHER = "Zed"
"""The second seat's name."""


def expected(name: str, seat: int = 0) -> str:
    """What the game must call the player who typed `name`: the cleaned name, or the default."""
    return plain_text(name) or f"Player {seat + 1}"


SCREEN_NAMES = list({expected(name): name for name in reversed(NAMES)}.values())[::-1]
"""The screens see only cleaned names: one name per distinct cleaned name ("", " " and an OSC sequence
all become "Player 1")."""
SCREEN_NAMES += BACKSLASHED
SCREEN_IDS = [repr(name)[:24] for name in SCREEN_NAMES]


def markup_reading(text: str) -> str | None:
    """What `text` would show if it were taken as Textual markup (None when it is not valid markup)."""
    try:
        return Content.from_markup(text).plain
    except Exception:
        return None


def screen_text(app: ChimeraApp) -> str:
    """Every character on the screen now, as plain text (what an SVG snapshot would show)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False)


def check_screen(app: ChimeraApp, name: str, *, must_show: bool) -> str:
    """The screen shows no markup reading of the name (only the literal name), and shows the name when
    `must_show`."""
    text = screen_text(app)
    shown = expected(name)
    reading = markup_reading(shown)
    if reading is not None and reading != shown and len(reading.strip()) >= 3:
        assert not (reading in text and shown not in text), f"markup took effect on {type(app.screen)}"
    assert "\x1b" not in text and "\u202e" not in text
    if must_show:
        assert shown in text, f"{shown!r} is not on {type(app.screen).__name__}:\n{text}"
    return text


async def press(app: ChimeraApp, pilot: Pilot[Any], key: str) -> None:
    """`key`, except that Escape only closes dialogs (on a game screen it would leave the game)."""
    from chimera_tui.ui.games.base import GameScreen

    if key != "escape" or not isinstance(app.screen, GameScreen):
        await pilot.press(key)
    await settle(pilot)


async def settle(pilot: Pilot[Any], until: Any = None, tries: int = 100) -> None:
    """Let timers and call_after_refresh run; with `until`, until it holds (tries bound a hang only)."""
    await pilot.pause()
    for _ in range(tries if until is not None else 0):
        if until():
            return
        await pilot.pause(0.02)


async def _pass_hand_off(app: ChimeraApp, pilot: Pilot[Any], name: str, *, certain: bool) -> None:
    """Past the hand-off screen, checking it names the player; `certain`: the game opens on one (when the
    first seat sees nothing private yet, as in Station and Codename, it need not)."""
    await settle(pilot)
    if certain:
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        assert isinstance(app.screen, HandOffScreen)
    if isinstance(app.screen, HandOffScreen):
        check_screen(app, name, must_show=True)
        await pilot.press("enter")
        await settle(pilot)
