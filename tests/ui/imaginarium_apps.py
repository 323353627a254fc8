"""The Imaginarium screen tests' apps: sample positions to start from, an app for a start, the screen in an app's
stack, and a quick player's keys."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from chimera_tui.launch import GameStart, LaunchPlan, load_start
from chimera_tui.table.base import Seat
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.imaginarium.screen import ImaginariumScreen
from chimera_tui.ui.games.imaginarium.widgets import BoardArea, TrackArea

SAMPLES = Path(__file__).parents[2] / "saves"


def _sample(stem: str, humans: int = 1) -> GameStart:
    """A sample position with its first `humans` seats played by people."""
    start = replace(load_start(SAMPLES / f"{stem}.chimera"), save_path=None)
    seats = tuple(Seat(s.name) if i < humans else s for i, s in enumerate(start.seats))
    return replace(start, seats=seats)


def _app(start: GameStart, tmp_path: Path) -> ChimeraApp:
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


def _screen(app: ChimeraApp) -> ImaginariumScreen:
    return next(s for s in app.screen_stack if isinstance(s, ImaginariumScreen))


def _next_key(screen: ImaginariumScreen) -> str:
    """The key a quick player presses now: Enter on the lit place under the cursor, else n (end the step),
    else c (every choice). Reorganizing ends at once (its moves could go on for ever)."""
    finish = screen.check_action("finish", ()) is True
    if finish and screen.state.current == "reorganize":
        return "n"
    focused = screen.focused
    on_lit = isinstance(focused, BoardArea | TrackArea) and focused.cursor in screen._places
    return "enter" if on_lit else "n" if finish else "c"
