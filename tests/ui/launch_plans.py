"""The launch plans the app tests start from: a new game of Pebbles (the test game) with chosen seats."""

from __future__ import annotations

from chimera_tui.launch import LaunchPlan, make_seats, new_start


def _start(seats: str = "human,bot", seed: int = 7) -> LaunchPlan:
    kinds = seats.split(",")
    return LaunchPlan(
        start=new_start("pebbles", len(kinds), make_seats("pebbles", len(kinds), kinds, []), seed, {})
    )
