"""Starting the client process of a session: one process per session, on its own pseudo-terminal.

The child runs ``setsid`` and takes its terminal as its controlling tty with ``TIOCSCTTY``, so the app hears
``SIGWINCH`` and the whole session is one process group the server can signal. The signals a client ends on
(SIGHUP, SIGTERM, SIGINT) are set back to their defaults in the child, whatever the server
inherited: under ``nohup`` the server ignores SIGHUP, and an ignored signal stays ignored across ``exec``.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import termios
from collections.abc import Mapping, Sequence

RESET_SIGNALS = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)
"""Signals whose handling a client process starts with at the default, whatever its parent had."""


def reset_signals() -> None:
    """Put the signals a client process must hear back to their default handling (and none blocked)."""
    for sig in RESET_SIGNALS:
        signal.signal(sig, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())


def _child_setup() -> None:  # runs in the child, after setsid, before exec
    reset_signals()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class ClientProcess:
    """A running client process: its id, and how to wait for it and signal its process group."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self._process = process
        self.pid = process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.returncode

    async def wait(self) -> int:
        return await self._process.wait()

    def signal_group(self, sig: signal.Signals) -> None:
        """Send `sig` to the client's process group (the client and anything it started)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, sig)


async def start_client(command: Sequence[str], env: Mapping[str, str], terminal: int) -> ClientProcess:
    """Start `command` with `env` on the pseudo-terminal whose slave side is `terminal` (which the caller
    closes afterwards).

    Raises:
        OSError: when the process cannot be started.
    """
    process = await asyncio.create_subprocess_exec(
        *command,
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=dict(env),
        start_new_session=True,
        preexec_fn=_child_setup,
    )
    return ClientProcess(process)
