"""The reading checks' register, shared by test_readings_*.py: each file keeps its own register of checks
(one per reading flag of ``data/rules_readings.toml``), and the states the checks start from."""

from __future__ import annotations

from collections.abc import Callable

from chimera_tui.games.imaginarium.machine_step import open_uses
from chimera_tui.games.imaginarium.state import State

from .helpers import run, turn

Check = Callable[[], None]


def register() -> tuple[dict[str, Check], Callable[[Check], Check]]:
    """A new register of checks by flag, and the decorator `reading` that adds a check under its name."""
    checks: dict[str, Check] = {}

    def reading(fn: Check) -> Check:
        checks[fn.__name__] = fn
        return fn

    return checks, reading


def _b1(s: State, seat: int = 0) -> State:
    return run(turn(s, seat, phase="b1"), open_uses, seat)
