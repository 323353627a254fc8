"""The server's side of the zygote (`chimera_tui.ui.zygote`): start the warm parent, and ask it for the
client process of a session.

`Zygote.start` runs ``python -P -m chimera_tui.ui.zygote SOCKET`` and waits for its "ready" line; each
`Zygote.fork` is one connection to its socket that carries the session's environment and the descriptors
of the child's standard streams, and then brings back the child's process id and, later, its exit status. A
zygote that did not start, or has gone, makes `fork` raise OSError: `clients.ClientStarter` then starts the
client the ordinary way (and logs why).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import struct
import sys
from collections.abc import Mapping
from pathlib import Path

from chimera_tui.server import page_merging

log = logging.getLogger("chimera.server")

PYTHON: tuple[str, ...] = (sys.executable, "-P")
"""This interpreter, told not to put the working directory first on the import path (``-P``): a server
started from a source checkout, or from a folder holding a ``textual.py``, must still run the installed
packages in its sessions."""

ZYGOTE_COMMAND: tuple[str, ...] = (*PYTHON, "-m", "chimera_tui.ui.zygote")
"""The session starter's process, given its socket's path as its one argument."""

READY_TIMEOUT = 60.0
"""Seconds the zygote has to import everything and say it is ready."""

FORK_TIMEOUT = 10.0
"""Seconds a fork request may take before the server gives up on the zygote."""


class ForkedClient:
    """A client process the zygote forked: its id, its exit status once the zygote reports it, and its
    process group to signal."""

    def __init__(self, pid: int, conn: socket.socket) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._conn = conn
        self._ended = asyncio.ensure_future(self._await_exit())

    async def _await_exit(self) -> None:
        loop = asyncio.get_running_loop()
        data = b""
        try:
            while len(data) < 5:
                chunk = await loop.sock_recv(self._conn, 5 - len(data))
                if not chunk:
                    break
                data += chunk
        except OSError:
            pass
        finally:
            self._conn.close()
        if len(data) == 5 and data[:1] == b"X":
            self.returncode = struct.unpack(">i", data[1:])[0]
        else:  # the zygote is gone: the child was reparented and nobody can tell its status
            self.returncode = await _wait_gone(self.pid)

    async def wait(self) -> int:
        await asyncio.shield(self._ended)
        assert self.returncode is not None
        return self.returncode

    def signal_group(self, sig: signal.Signals) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, sig)


async def _wait_gone(pid: int) -> int:
    """Wait until process `pid` (not our child) has ended; its status is unknown (-1)."""
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return -1
        except PermissionError:
            pass
        await asyncio.sleep(0.2)


class Zygote:
    """The warm parent process, started once per server, and the requests to it."""

    def __init__(self, socket_path: Path) -> None:
        self.socket_path = socket_path
        self._process: asyncio.subprocess.Process | None = None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

    async def start(self, env: Mapping[str, str]) -> bool:
        """Start the zygote with `env`; whether it said it is ready (False: it could not start)."""
        try:
            self._process = await asyncio.create_subprocess_exec(
                *ZYGOTE_COMMAND,
                str(self.socket_path),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                env=dict(env),
            )
            assert self._process.stdout is not None
            line = await asyncio.wait_for(self._process.stdout.readline(), READY_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            log.warning("the session starter did not start (%s): sessions start the ordinary way", exc)
            await self.close()
            return False
        words = line.split()
        if words[:1] != [b"ready"]:
            log.warning("the session starter did not start: sessions start the ordinary way")
            await self.close()
            return False
        log.info("session starter ready (process %d)", self._process.pid)
        if b"pages-mergeable-by-prctl" in words or b"pages-mergeable-by-madvise" in words:
            if page_merging.running():
                log.info("the kernel merges the identical pages of the sessions' processes (KSM)")
            else:
                log.info(
                    "the kernel could merge the identical pages of the sessions' processes, but its same-page "
                    "merging is off (as root: echo 1 > %s)",
                    page_merging.KSM / "run",
                )
        return True

    async def fork(
        self, env: Mapping[str, str], fds: tuple[int, int, int], *, tty: bool, main: str | None = None
    ) -> ForkedClient:
        """A client process forked with `env` on the descriptors `fds` (its stdin, stdout, stderr; the
        caller closes its own copies afterwards), running the lobby client (or the module `main` names).

        Raises:
            OSError: when the zygote is not running or does not answer.
        """
        if not self.running:
            raise ConnectionRefusedError("the session starter is not running")
        loop = asyncio.get_running_loop()
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            conn.setblocking(False)
            await loop.sock_connect(conn, str(self.socket_path))
            request = json.dumps({"env": dict(env), "tty": tty, "main": main}).encode()
            conn.setblocking(True)  # a short message on a fresh local connection: it never waits
            socket.send_fds(conn, [request], list(fds))
            conn.setblocking(False)
            answer = b""
            async with asyncio.timeout(FORK_TIMEOUT):
                while len(answer) < 5:
                    chunk = await loop.sock_recv(conn, 5 - len(answer))
                    if not chunk:
                        raise ConnectionResetError("the session starter did not fork")
                    answer += chunk
        except (OSError, TimeoutError) as exc:
            conn.close()
            raise OSError(f"the session starter did not answer: {exc}") from exc
        if answer[:1] != b"P":
            conn.close()
            raise OSError("the session starter answered nonsense")
        return ForkedClient(struct.unpack(">I", answer[1:])[0], conn)

    async def close(self) -> None:
        """End the zygote (its children, the sessions, are ended by their front ends)."""
        process, self._process = self._process, None
        if process is None or process.returncode is not None:
            return
        if process.stdin is not None:
            process.stdin.close()  # the zygote ends when its input closes
        try:
            await asyncio.wait_for(process.wait(), 5)
        except TimeoutError:
            process.kill()
            await process.wait()
