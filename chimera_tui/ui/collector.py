"""Python's garbage collector, set for a long-running terminal app (issue 10).

A key press makes and drops some 15,000 container objects (segments, strips, styles, messages). With the
default thresholds that starts a young collection every 700 of them, twenty per key, and every few keys a
full collection over all the ~80,000 objects the app holds: 30 ms and more, felt as a late key. Two settings:

* young collections after 10,000 new objects instead of 700: reference counting frees almost all of them
  long before, and what does survive is collected as before, a little later (`tune`);
* once a game screen has settled, everything alive is frozen (``gc.freeze``): later full collections go
  over what was made since, not over the app's whole furniture (`settle`). Frozen objects are never
  collected, so leaving the game thaws them again (`thaw`), and what died meanwhile goes at the next full
  collection.
"""

from __future__ import annotations

import gc

__all__ = ["YOUNG", "restore", "settle", "thaw", "tune"]

YOUNG = 10_000
"""New container objects between two young collections (Python's default is 700)."""


def tune() -> tuple[int, ...]:
    """Collect the young generation less often; returns the thresholds it replaced (for `restore`)."""
    previous = gc.get_threshold()
    gc.set_threshold(YOUNG, *previous[1:])
    return previous


def restore(thresholds: tuple[int, ...]) -> None:
    """Put back the thresholds `tune` replaced, and thaw what `settle` froze."""
    thaw()
    gc.set_threshold(*thresholds)


def settle() -> None:
    """Collect everything now, then freeze what is left, so later collections do not go over it again."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def thaw() -> None:
    """Make frozen objects collectable again (the screen that held them is going away)."""
    gc.unfreeze()
