"""Python's garbage collector, set for a long-running terminal app (issue 10).

A key press makes and drops some 15,000 container objects (segments, strips, styles, messages). With the
default thresholds that starts a young collection every 700 of them, twenty per key, and every few keys a
full collection over all the ~80,000 objects the app holds: 30 ms and more, felt as a late key. Three
settings:

* young collections after 10,000 new objects instead of 700: reference counting frees almost all of them
  long before, and what does survive is collected as before, a little later (`tune`);
* once a game screen has settled, everything alive is frozen (``gc.freeze``): later full collections go
  over what was made since, not over the app's whole furniture (`settle`). Frozen objects are never
  collected, so leaving the game thaws them again (`thaw`), and what died meanwhile goes at the next full
  collection;
* full collections often (`MIDDLE`, `OLD`): a screen or dialog lives through a few young collections before
  it is closed, so its widgets, strips and messages reach the oldest generation and, being cyclic, wait
  there for a full collection. With Python's 10 and 10 that came after some 1.2 million new objects, about
  eighty keys, and the garbage waiting meanwhile set the process's size: 94-101 MiB after a long session
  (``python -m tests.ui.bench_memory``). With 5 and 1 it comes after some 60,000 (a few keys) and the app
  stays at 64-69 MiB; since the settled game is frozen, a full collection goes over little more than a
  young one does (``chimera bench --terminal``: the same CPU per key).
"""

from __future__ import annotations

import gc

__all__ = ["MIDDLE", "OLD", "YOUNG", "restore", "settle", "thaw", "tune"]

YOUNG = 10_000
"""New container objects between two young collections (Python's default is 700)."""


MIDDLE = 5
"""Young collections between two collections of the middle generation (Python's default is 10)."""
OLD = 1
"""Middle collections between two full collections (Python's default is 10; CPython also waits until the
objects promoted since the last full collection are a quarter of those that survived it)."""


def tune() -> tuple[int, ...]:
    """Collect the young generation less often and the old one more often; returns the thresholds it
    replaced (for `restore`)."""
    previous = gc.get_threshold()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
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
