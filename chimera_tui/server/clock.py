"""The host's clock: the time now (seconds since the epoch, the same on every host) and waiting for a
deadline. Tests give the host a clock of their own, whose time they move on (hours in an instant), so the
deadlines of turn-based tables are tested without sleeping."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""
        ...

    async def sleep_until(self, when: float) -> None:
        """Return at `when` (at once when it has passed)."""
        ...


class SystemClock:
    """The real time (or the time `now` gives, waited for in real seconds)."""

    def __init__(self, now: Callable[[], float] = time.time) -> None:
        self._now = now

    def now(self) -> float:
        return self._now()

    async def sleep_until(self, when: float) -> None:
        await asyncio.sleep(max(0.0, when - self._now()))
