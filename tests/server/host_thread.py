"""A table host running in a thread of its own, with its own event loop, for tests whose app runs its own loop
(the SVG snapshots): the app connects over the host's Unix socket as a served session does."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from tests.server.helpers import Hosted, hosted

T = TypeVar("T")


class HostThread:
    """`hosted(saves, **options)` in a thread; `run` runs a coroutine on its loop."""

    def __init__(self, saves: Path, **options: Any) -> None:
        self._saves = saves
        self._options = options
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self.hosted: Hosted | None = None
        self._thread = threading.Thread(target=self._main, daemon=True)

    def _main(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with hosted(self._saves, **self._options) as h:
            self.hosted = h
            self._ready.set()
            await self._stop.wait()

    def __enter__(self) -> HostThread:
        self._thread.start()
        assert self._ready.wait(60), "the host did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._loop is not None and self._stop is not None
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(60)

    def run(self, work: Callable[[Hosted], Awaitable[T]], timeout: float = 120.0) -> T:
        """Run `work(hosted)` on the host's loop and return its result."""
        assert self._loop is not None and self.hosted is not None
        hosted_ = self.hosted

        async def call() -> T:
            return await work(hosted_)

        future: concurrent.futures.Future[T] = asyncio.run_coroutine_threadsafe(call(), self._loop)
        return future.result(timeout)
