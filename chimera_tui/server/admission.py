"""Who may open a new connection: concurrent sessions and new connections per address per minute.

One `Admission` is shared by the SSH and web front ends of a server, so the concurrent-session limit counts
both kinds of players together.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class Admission:
    """Counts open sessions and recent connections per client address."""

    def __init__(
        self, max_sessions: int, per_minute: int, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.max_sessions = max_sessions
        self.per_minute = per_minute
        self.clock = clock
        self.open = 0
        self._recent: dict[str, deque[float]] = {}

    def admit(self, address: str) -> str | None:
        """Why a new connection from `address` is refused, or None when it may go on (it is then counted
        as open until `closed`)."""
        now = self.clock()
        recent = self._recent.setdefault(address, deque())
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= self.per_minute:
            return "Too many connections from your address; try again in a minute."
        if self.open >= self.max_sessions:
            return "The server is full; try again later."
        recent.append(now)
        self.open += 1
        if len(self._recent) > 10_000:  # forget quiet addresses
            for key in [k for k, v in self._recent.items() if not v]:
                del self._recent[key]
        return None

    def admit_more(self) -> str | None:
        """Why one more session on an open connection is refused (the server is full), or None when it may
        start (it is then counted as open until `closed`)."""
        if self.open >= self.max_sessions:
            return "The server is full; try again later."
        self.open += 1
        return None

    def closed(self) -> None:
        """An admitted connection ended."""
        self.open = max(0, self.open - 1)
