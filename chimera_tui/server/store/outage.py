"""What a host logs while its PostgreSQL database cannot be reached: one line when it goes, one when it is back
(saying for how long, and how many attempts to reach it failed in between), and nothing else about it.

psycopg's connection pool logs a warning for every attempt to connect that fails, and psycopg's message has a
hint on a second line: an outage of 11 seconds left 8 such pairs in the log, a long one hundreds. `Outage`
filters the pool's logger: its lines about this store's pool (failed attempts, broken connections thrown
away) are taken out and counted. The watcher (`postgres_watch`) says when the database went and when it is
back; a failed attempt of the pool while the watcher still holds its connections says the database went too
(the pool can notice first).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

__all__ = ["POOL_LOGGER", "Outage", "first_line"]

log = logging.getLogger("chimera.server.store")

POOL_LOGGER = "psycopg.pool"
"""The logger psycopg_pool writes to."""

_FAILED = "error connecting in %r: %s"
"""A failed attempt of the pool named in its first argument (the error in its second)."""
_GAVE_UP = "reconnection attempt in pool %r failed after %s sec"
_DISCARDED = ("discarding broken connection: %s", "discarding closed connection: %s")
"""A connection of the pool (its `_pool`) found broken and replaced."""


def first_line(error: object) -> str:
    """The first line of an error's message (psycopg adds a hint on the next), or its type's name."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds // 3600:.0f} h {seconds % 3600 / 60:.0f} min"


class Outage(logging.Filter):
    """Whether the database of one store is away now, since when, and the attempts that failed since; a filter
    for `POOL_LOGGER` that takes out the lines about `pool` (see the module)."""

    def __init__(self, description: str, pool: object, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.description = description
        self.pool = pool
        self.clock = clock
        self.reached = False
        """Whether the database was ever reached: failures before that are the start's (`reason` says why)."""
        self.since: float | None = None
        """When the database went (on `clock`); None while it is there."""
        self.failed = 0
        """Attempts to reach it that failed since it went."""
        self.reason = ""
        """Why the latest attempt failed (the first line of the error)."""

    @property
    def down(self) -> bool:
        return self.since is not None

    def lost(self, reason: str) -> None:
        """An attempt to reach the database failed: the line that says it went, the first time."""
        self.reason = reason
        self.failed += 1
        if self.reached and self.since is None:
            self.since = self.clock()
            self.failed = 1
            log.warning("lost the database %s: %s", self.description, reason)

    def back(self) -> None:
        """The database answered: the line that says it is back, if it was away."""
        self.reached = True
        if self.since is None:
            self.failed = 0
            return
        away = _duration(self.clock() - self.since)
        tries = f"{self.failed} attempt{'' if self.failed == 1 else 's'}"
        log.info(
            "the database %s is reachable again after %s (%s to reach it failed)",
            self.description,
            away,
            tries,
        )
        self.since = None
        self.failed = 0

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args if isinstance(record.args, tuple) else ()
        if not args:
            return True
        name = getattr(self.pool, "name", None)
        if record.msg == _FAILED and args[0] == name and len(args) > 1:
            self.lost(first_line(args[1]))
            return False
        if record.msg == _GAVE_UP and args[0] == name:
            return False  # the pool tries again when asked; its attempts are counted above
        return not (record.msg in _DISCARDED and getattr(args[0], "_pool", None) is self.pool)
