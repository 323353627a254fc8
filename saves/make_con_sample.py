"""Write the Chimera Con sample position in this folder (used by `chimera bench --terminal`).

A 4-player game between greedy bots, stopped the fifth time seat 0 (a person in the saved seats) decides in its
own turn, at a decision with at least three choices (seed 1: the draw step of round 2). Run from the
repository root:

    python saves/make_con_sample.py
"""

from __future__ import annotations

from typing import Any

from sample_play import play_until, write  # type: ignore[import-not-found]  # beside this script

PLAYERS = 4


def main() -> None:
    turns = 0

    def wanted(state: Any, seat: int, legal: list[Any]) -> bool:
        nonlocal turns
        if seat != 0 or state.phase != "turn":
            return False
        turns += 1
        return turns > 4 and len(legal) >= 3

    write("con", PLAYERS, play_until("con", PLAYERS, wanted), "con-4p-turn.chimera")


if __name__ == "__main__":
    main()
