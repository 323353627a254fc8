"""The garbage collector's settings for the app (`chimera_tui.ui.collector`): young collections less often,
what a settled game screen holds frozen out of full collections, and thawed again when the game is left."""

from __future__ import annotations

import gc
from pathlib import Path

from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.ui import collector
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.base import GameScreen
from tests.ui.settle import until


def test_tune_and_restore_the_thresholds() -> None:
    before = gc.get_threshold()
    replaced = collector.tune()
    try:
        assert replaced == before
        assert gc.get_threshold() == (collector.YOUNG, *before[1:])
    finally:
        collector.restore(replaced)
    assert gc.get_threshold() == before


def test_settle_freezes_and_thaw_lets_go() -> None:
    try:
        collector.settle()
        assert gc.get_freeze_count() > 0
        collector.thaw()
        assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()


async def test_a_settled_game_is_frozen_until_it_is_left(tmp_path: Path) -> None:
    start = new_start("station", 2, make_seats("station", 2, ["human", "bot"], []), 3, {"side": "A"})
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=30.0)
    app.settle_garbage = True
    app.SETTLE_AFTER = 0.05  # type: ignore[misc]
    before = gc.get_threshold()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            assert gc.get_threshold()[0] == collector.YOUNG
            await until(pilot, lambda: gc.get_freeze_count() > 0)
            assert any(isinstance(s, GameScreen) for s in app.screen_stack)
            app.action_menu()  # back to the menu, over whatever dialog the game opened
            await until(pilot, lambda: not any(isinstance(s, GameScreen) for s in app.screen_stack))
            assert gc.get_freeze_count() == 0
        assert gc.get_threshold() == before
    finally:
        gc.unfreeze()
