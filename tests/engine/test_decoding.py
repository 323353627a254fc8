"""Every msgspec type of ours is built before any thread decodes one (`engine/decoding.py`): msgspec 0.22
publishes a type's decoding information half-built, and threads that met a type for the first time at once
crashed the process (docs/msgspec-upstream.md). The crashing cases run many times, each in a fresh
interpreter whose threads switch every microsecond, so they interleave inside msgspec's first decode."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor

import pytest

from chimera_tui import games
from chimera_tui.engine.decoding import build_types

RUNS = 20
"""Fresh interpreters per case: without the types built first, about one run in four crashed."""

PREAMBLE = """
import faulthandler, sys, threading
faulthandler.enable()
sys.setswitchinterval(1e-6)
barrier = threading.Barrier(4)

def at_once(work):
    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
"""

LOADING = """
from chimera_tui.games.station import content

def work(n):
    barrier.wait()
    content.load()

at_once(work)
"""

STARTING = """
from chimera_tui import games
from chimera_tui.engine.ruleset import GameConfig

rules = games.get("station")
bots = games.bots("station")

def work(n):
    barrier.wait()
    state = rules.new_game(GameConfig(players=2), n)
    seat = rules.to_act(state)
    bots["search:20"](rules, n).choose(rules.view(state, seat), rules.legal_actions(state), seat)

at_once(work)
"""


def run_fresh(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(PREAMBLE + script)],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "script", [LOADING, STARTING], ids=["four threads read Station's data", "four threads start a game"]
)
def test_threads_decoding_a_type_for_the_first_time_at_once_never_crash(script: str) -> None:
    with ThreadPoolExecutor(2) as runs:
        results = list(runs.map(run_fresh, [script] * RUNS))
    crashed = [r for r in results if r.returncode != 0]
    assert not crashed, f"{len(crashed)} of {RUNS} runs crashed; the first said:\n{crashed[0].stderr[-3000:]}"


def test_importing_a_game_builds_every_type_it_defines() -> None:
    for game_id in games.game_ids():
        games.get(game_id)
        assert build_types(f"chimera_tui.games.{game_id}") == 0, f"{game_id} left types to build"
