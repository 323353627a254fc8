"""Issue 10: opening and closing screens must not keep memory (see chimera_tui/ui/textual_fixes/memory.py).

Each ``?`` + Escape used to keep about 3 MiB: Textual's ``StylesCache.get_inner_outer`` is an ``lru_cache`` on a
method, so every widget's rendered lines stayed reachable through the cache key, and closed headers stayed on
the app's title watchers. The rules screen and the dialogs are now kept and shown again, so a kept screen
must not grow either (a footer that rebuilt its keys on every opening kept every old key). Measured with
tracemalloc after full collections; the bounds are sizes, never times.
"""

from __future__ import annotations

import gc
import tracemalloc
import weakref
from pathlib import Path

import msgspec
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Header, Static

from chimera_tui.launch import LaunchPlan, load_start, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.rules import RulesScreen
from chimera_tui.ui.games.station.widgets import ChoiceDialog

MIB = 1024 * 1024
WARM_UP = 3
OPENS = 20
SAMPLES = Path(__file__).parents[2] / "saves"
ALLOWED_GROWTH = 1 * MIB
"""After the warm-up, 20 more opens may grow traced memory by less than this (it used to be ~60 MiB)."""


class _Host(App[None]):
    """A stand-in for a game screen."""

    def compose(self) -> ComposeResult:
        yield Static("the game")


async def _open_and_close(
    pilot: Pilot[None], app: App[None], *, by_key: bool, key: str = "question_mark", shows: type = RulesScreen
) -> None:
    if by_key:
        await pilot.press(key)
    else:
        app.push_screen(RulesScreen("station", topic="boiler room"))
    await pilot.pause()
    await pilot.pause()
    assert isinstance(app.screen, shows)
    await pilot.press("escape")
    await pilot.pause()
    await pilot.pause()
    assert not isinstance(app.screen, shows)


async def _growth(
    pilot: Pilot[None], app: App[None], *, by_key: bool, key: str = "question_mark", shows: type = RulesScreen
) -> int:
    """Bytes of traced memory kept by `OPENS` opens of a screen after `WARM_UP` opens."""
    tracemalloc.start()
    try:
        for _ in range(WARM_UP):
            await _open_and_close(pilot, app, by_key=by_key, key=key, shows=shows)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(OPENS):
            await _open_and_close(pilot, app, by_key=by_key, key=key, shows=shows)
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


async def test_closed_rules_screens_and_their_headers_are_freed() -> None:
    app = _Host()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screens: list[weakref.ref[RulesScreen]] = []
        headers: list[weakref.ref[Header]] = []
        for _ in range(3):
            app.push_screen(RulesScreen("station"))
            await pilot.pause()
            await pilot.pause()
            screens.append(weakref.ref(app.screen))  # type: ignore[arg-type]
            headers.append(weakref.ref(app.screen.query_one(Header)))
            await pilot.press("escape")
            await pilot.pause()
            await pilot.pause()
        gc.collect()
        assert [ref() for ref in screens] == [None, None, None]
        assert [ref() for ref in headers] == [None, None, None]


async def test_opening_the_rules_again_and_again_keeps_no_memory() -> None:
    app = _Host()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        growth = await _growth(pilot, app, by_key=False)
    assert growth < ALLOWED_GROWTH, f"{OPENS} opens kept {growth / MIB:.1f} MiB"


async def test_question_mark_and_escape_on_a_station_game_keep_no_memory(tmp_path: Path) -> None:
    """The issue's measurement: ``?`` and Escape on a 2-player Station game at 160×50."""
    start = new_start("station", 2, make_seats("station", 2, ["human", "bot"], []), 3, {"side": "A"})
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        growth = await _growth(pilot, app, by_key=True)  # type: ignore[arg-type]
    assert growth < ALLOWED_GROWTH, f"{OPENS} opens of the rules kept {growth / MIB:.1f} MiB"


async def test_enter_and_escape_on_a_station_board_keep_no_memory(tmp_path: Path) -> None:
    """The kept choice dialog, shown again and again over the 4-player sample at 160×50."""
    start = msgspec.structs.replace(load_start(SAMPLES / "station-4p-round4.chimera"), save_path=None)
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=30.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.3)
        growth = await _growth(pilot, app, by_key=True, key="enter", shows=ChoiceDialog)  # type: ignore[arg-type]
    assert growth < ALLOWED_GROWTH, f"{OPENS} opens of the choice dialog kept {growth / MIB:.1f} MiB"
