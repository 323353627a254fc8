"""The moves that would put the learner out at once, whatever the dice and the hidden cards (a lesson warns of
them and never highlights one).

A move loses at once when, applied to the state, it leaves the learner out (the lesson's `out`), and still does
with the dice and the hidden piles drawn otherwise: the guide must not tell what the seeded dice are about to
say. Pure: no Textual, no files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.rng import Rng

OTHER_DICE = (0x5EED1, 0x5EED2, 0x5EED3)
"""The seeds of the other draws a move is tried with (besides the state's own)."""


def _otherwise(state: Any) -> list[Any]:
    """`state` with its dice (its Rng) and its hidden piles drawn otherwise, then as it is (last, so what the
    guide quotes comes from another draw than the one the game will make)."""
    if not hasattr(state, "rng"):
        return [state]
    out = []
    for seed in OTHER_DICE:
        changes: dict[str, Any] = {"rng": Rng(seed)}
        for pile in ("deck", "cheat_deck"):  # face-down piles, read from the other end
            cards = getattr(state, pile, None)
            if isinstance(cards, tuple) and seed == OTHER_DICE[0]:
                changes[pile] = cards[::-1]
        out.append(msgspec.structs.replace(state, **changes))
    return [*out, state]


def losing_moves(
    rules: Any, state: Any, legal: Sequence[Any], out: Callable[[Any], bool], seat: int, marker: str
) -> dict[int, str]:
    """The indexes in `legal` of the moves after which `seat` is out whatever is drawn, each with the line of
    the log (as `seat` reads it) that has `marker` in it ("" when none has)."""
    if out(state):
        return {}
    found: dict[int, str] = {}
    tries = _otherwise(state)
    for index, action in enumerate(legal):
        said = ""
        for attempt in tries:
            try:
                after = rules.apply(attempt, action)
            except IllegalAction:
                break
            if not out(after):
                break
            if not said:
                events = getattr(rules.view(after, seat), "events", ()) or ()
                said = next((line for line in events if marker in line), "")
        else:
            found[index] = said
    return found
