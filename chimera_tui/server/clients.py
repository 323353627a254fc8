"""Starting the client process of a session: one process per session, forked by the warm parent
(`forks.Zygote`) when one runs, else spawned as a new interpreter (`start_client`, and what `ClientStarter`
falls back to).

A spawned child runs ``setsid`` and takes its terminal as its controlling tty with ``TIOCSCTTY``, so the app hears
``SIGWINCH`` and the whole session is one process group the server can signal. The signals a client ends on
(SIGHUP, SIGTERM, SIGINT) are set back to their defaults in the child, whatever the server
inherited: under ``nohup`` the server ignores SIGHUP, and an ignored signal stays ignored across ``exec``.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
import termios
from collections.abc import Mapping, Sequence
from typing import Protocol

from chimera_tui.server.forks import PYTHON, ForkedClient, Zygote

log = logging.getLogger("chimera.server")

CLIENT_COMMAND: tuple[str, ...] = (*PYTHON, "-m", "chimera_tui.ui.screens.lobby")
"""The client process each session runs (the zygote runs the same client in its children)."""

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


class Client(Protocol):
    """A session's client process, spawned or forked."""

    pid: int

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...

    def signal_group(self, sig: signal.Signals) -> None: ...


class PipedClient:
    """A forked client process whose standard streams are pipes (a web session, as textual-serve runs it):
    the parts of `asyncio.subprocess.Process` that textual-serve and the web front end use."""

    def __init__(
        self,
        client: ForkedClient,
        stdin: asyncio.StreamWriter,
        stdout: asyncio.StreamReader,
        stderr: asyncio.StreamReader,
    ) -> None:
        self.client = client
        self.pid = client.pid
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr

    @property
    def returncode(self) -> int | None:
        return self.client.returncode

    async def wait(self) -> int:
        return await self.client.wait()

    def kill(self) -> None:
        self.client.signal_group(signal.SIGKILL)

    def terminate(self) -> None:
        self.client.signal_group(signal.SIGTERM)


class ClientStarter:
    """How the front ends start a session's client: forked by `zygote` while it runs (and the command is
    the ordinary client), else spawned with `command`. A fork that fails is logged and spawned instead."""

    def __init__(self, command: Sequence[str] = CLIENT_COMMAND, zygote: Zygote | None = None) -> None:
        self.command = tuple(command)
        self.zygote = zygote
        self._told = False

    @property
    def forks(self) -> bool:
        if self.zygote is None or self.command != CLIENT_COMMAND:
            return False
        if not self.zygote.running:
            if not self._told:
                log.warning("the session starter has ended: sessions are spawned from now on")
                self._told = True
            return False
        return True

    async def on_terminal(self, env: Mapping[str, str], terminal: int) -> Client:
        """A client on the pseudo-terminal whose slave side is `terminal` (the caller closes it after).

        Raises:
            OSError: when no process can be started.
        """
        if self.forks:
            assert self.zygote is not None
            try:
                return await self.zygote.fork(env, (terminal, terminal, terminal), tty=True)
            except OSError as exc:
                log.warning("%s: this session's client is spawned instead", exc)
        return await start_client(self.command, env, terminal)

    async def on_pipes(self, env: Mapping[str, str]) -> PipedClient | None:
        """A forked client whose standard streams are pipes to this process, or None when it cannot be
        forked (the caller then spawns it its own way)."""
        if not self.forks:
            return None
        assert self.zygote is not None
        loop = asyncio.get_running_loop()
        child_in, to_child = os.pipe()
        from_child, child_out = os.pipe()
        errors, child_err = os.pipe()
        try:
            forked = await self.zygote.fork(env, (child_in, child_out, child_err), tty=False)
        except OSError as exc:
            log.warning("%s: this session's client is spawned instead", exc)
            for fd in (child_in, to_child, from_child, child_out, errors, child_err):
                os.close(fd)
            return None
        finally:
            for fd in (child_in, child_out, child_err):
                with contextlib.suppress(OSError):
                    os.close(fd)
        stdout = asyncio.StreamReader(limit=2**20)
        await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(stdout), os.fdopen(from_child, "rb", 0)
        )
        stderr = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stderr), os.fdopen(errors, "rb", 0))
        transport, protocol = await loop.connect_write_pipe(
            asyncio.streams.FlowControlMixin, os.fdopen(to_child, "wb", 0)
        )
        stdin = asyncio.StreamWriter(transport, protocol, None, loop)
        return PipedClient(forked, stdin, stdout, stderr)
