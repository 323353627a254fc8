"""The moves that would put the learner out at once, whatever the dice and the hidden cards (a lesson warns of
them and never highlights one).

A move loses at once when it leaves the learner out (the lesson's `out`) in every one of a few full states made
from the learner's own view by the game's determinizer (`engine.playouts.determinizer`: the hidden cards dealt
at random and a fresh random stream, exactly as the search bot fills in what a seat cannot see). The real state
is never tried, so the guide cannot tell what the seeded dice or the face-down piles are about to say. Pure: no
Textual, no files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.playouts import determinizer
from chimera_tui.engine.rng import Rng

OTHER_DICE = (0x5EED1, 0x5EED2, 0x5EED3, 0x5EED4)
"""The seeds of the draws a move is tried with."""


def _as_the_learner_could_see_it(rules: Any, state: Any, seat: int) -> list[Any]:
    """Full states made from `seat`'s view of `state`, one per seed of `OTHER_DICE` (none when the game cannot
    fill in what its views hide, so nothing is ever called losing there)."""
    fill = determinizer(rules)
    if fill is None:
        return []
    view = rules.view(state, seat)
    return [fill(view, seat, Rng(seed)) for seed in OTHER_DICE]


def losing_moves(
    rules: Any, state: Any, legal: Sequence[Any], out: Callable[[Any], bool], seat: int, marker: str
) -> dict[int, str]:
    """The indexes in `legal` of the moves after which `seat` is out whatever is drawn, each with the line of
    the log (as `seat` reads it) that has `marker` in it ("" when none has)."""
    if out(state):
        return {}
    tries = _as_the_learner_could_see_it(rules, state, seat)
    if not tries:
        return {}
    found: dict[int, str] = {}
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
