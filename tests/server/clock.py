"""A clock the tests move on by hand: the host's deadlines fall due when the test says hours have passed,
without sleeping."""

from __future__ import annotations

import asyncio


class FakeClock:
    """`now()` stands still until `advance`; `sleep_until` returns once the clock has reached its time."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self.time

    async def sleep_until(self, when: float) -> None:
        if when <= self.time:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (when, future)
        self._sleepers.append(entry)
        try:
            await future
        finally:
            if entry in self._sleepers:
                self._sleepers.remove(entry)

    def advance(self, seconds: float) -> None:
        """Move the clock on by `seconds`, waking every sleeper whose time has come."""
        self.time += seconds
        for when, future in list(self._sleepers):
            if when <= self.time and not future.done():
                future.set_result(None)

    @property
    def waiting(self) -> int:
        """How many timers wait on this clock now."""
        return sum(1 for _, future in self._sleepers if not future.done())
