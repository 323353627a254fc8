"""`chimera serve` in a process of its own on a clock the test moves on: the host's clock (`TableHost`'s
`clock`, as the in-process tests give it a `FakeClock`) is the real time plus the seconds written in a file
that every host of a test reads, so hours pass for all of them at once, in an instant, and a host can still
be killed with kill -9 like any `chimera serve`.

    python -m tests.server.serve_on_clock CLOCK_FILE serve --db … --ssh 127.0.0.1:0 …
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import re
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.server.helpers import HANG

ROOT = Path(__file__).resolve().parents[2]

TICK = 0.05
"""Real seconds between two looks at the file while a host waits for a time on this clock."""


class FileClock:
    """The host's side: the real time plus the offset in `path` (the last one read if it cannot be read)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._offset = 0.0

    def offset(self) -> float:
        with contextlib.suppress(OSError, ValueError):  # not written yet: the last offset read
            self._offset = float(self.path.read_text())
        return self._offset

    def now(self) -> float:
        return time.time() + self.offset()

    async def sleep_until(self, when: float) -> None:
        while (left := when - self.now()) > 0:
            await asyncio.sleep(min(left, TICK))


class MovedClock:
    """The test's side: `advance` moves every host's clock on at once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0.0
        self._write()

    def _write(self) -> None:
        fresh = self.path.with_suffix(".new")
        fresh.write_text(repr(self.offset))
        fresh.replace(self.path)  # a host reads the old offset or the new, never half of one

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        self._write()

    def now(self) -> float:
        return time.time() + self.offset


@dataclass
class ServeProcess:
    process: asyncio.subprocess.Process
    port: int
    log: Path

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    async def kill(self) -> None:
        """kill -9, and wait for it to end."""
        self.process.kill()
        await self.process.wait()


@asynccontextmanager
async def serve_on_clock(
    tmp: Path, name: str, clock: MovedClock, *flags: str, env: dict[str, str] | None = None
) -> AsyncIterator[ServeProcess]:
    """`chimera serve FLAGS` on `clock`, its data in tmp/NAME and its log in tmp/NAME.log; killed at the end."""
    log = tmp / f"{name}.log"
    with log.open("wb") as err:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.server.serve_on_clock",
            str(clock.path),
            "serve",
            "--ssh",
            "127.0.0.1:0",
            "--data",
            str(tmp / name),
            "--saves",
            str(tmp / name / "saves"),
            *flags,
            stdout=asyncio.subprocess.PIPE,
            stderr=err,
            cwd=ROOT,
            env={**os.environ, **(env or {})},
        )
    try:
        assert process.stdout is not None
        async with asyncio.timeout(HANG):
            while True:
                line = (await process.stdout.readline()).decode()
                assert line, f"chimera serve ended before it listened: {log.read_text()}"
                if found := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
                    break
            while "messages to players" not in line:
                line = (await process.stdout.readline()).decode()
                assert line, f"chimera serve ended before it was ready: {log.read_text()}"
        yield ServeProcess(process, int(found.group(1)), log)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


def main() -> int:
    from chimera_tui.commands import cli
    from chimera_tui.server import serve
    from chimera_tui.server.host import TableHost

    clock = FileClock(Path(sys.argv[1]))
    serve.TableHost = functools.partial(TableHost, clock=clock)  # type: ignore[misc]
    return cli.main(sys.argv[2:])


if __name__ == "__main__":
    raise SystemExit(main())
