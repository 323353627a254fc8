"""The garbage collector's settings for the app (`chimera_tui.ui.collector`): young collections less often,
what a settled game screen holds frozen out of full collections, and thawed again when the game is left."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

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
        assert gc.get_threshold() == (collector.YOUNG, collector.MIDDLE, collector.OLD)
    finally:
        collector.restore(replaced)
    assert gc.get_threshold() == before


_OLD_GARBAGE = """
import gc, sys, weakref
from chimera_tui.ui import collector

class Node:
    pass

collector.tune()
if sys.argv[1] == "python":
    gc.set_threshold(collector.YOUNG, 10, 10)
collector.settle()  # as on a settled game screen: the app's furniture frozen
screen = Node()
screen.me = screen  # a closed screen is a cycle: widgets and their parents
screen.lines = [[] for _ in range(30_000)]  # and holds its rendered lines
gone = weakref.ref(screen)
gc.collect(1)  # it lived through a few keys: promoted to the oldest generation
del screen
for key in range(12):  # a dozen keys' worth of new objects
    kept = [[] for _ in range(15_000)]
    del kept
print("collected" if gone() is None else "waiting")
"""


@pytest.mark.skipif(
    sys.version_info >= (3, 14), reason="Python 3.14's incremental collector reads the thresholds otherwise"
)
@pytest.mark.parametrize(("thresholds", "outcome"), [("ours", "collected"), ("python", "waiting")])
def test_old_garbage_goes_within_a_few_keys(thresholds: str, outcome: str) -> None:
    """Issue 10: a closed screen that reached the oldest generation is collected within a dozen keys' worth
    of new objects, not after some eighty (Python's 10 and 10: 121 young collections): the garbage waiting
    meanwhile set the app's size. Run in a fresh interpreter, as the app runs, since CPython's full collections also wait
    on what survived the last one, which in the test process is the whole suite."""
    done = subprocess.run(
        [sys.executable, "-c", _OLD_GARBAGE, thresholds], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == outcome


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
