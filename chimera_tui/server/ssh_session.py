"""One terminal session of the SSH front end: its client process on a pseudo-terminal, the bytes both ways,
and how it ends.

- The client process gets its own pseudo-terminal (`clients.ClientStarter`); the app's output is read from
  the terminal's master side and written to the channel here, so this module knows when the last byte of the
  app's output has gone out.
- Keys are copied to the terminal by hand, so window-size changes are forwarded with ``TIOCSWINSZ`` and every
  key press counts against the idle timeout.
- When the server ends a session (the idle timeout, the server shutting down, a limit), the client process
  gets SIGHUP (SIGKILL after `KILL_AFTER` seconds if it has not ended), and once its last output has been
  passed on, the player's terminal gets `RESTORE` (the alternate screen, mouse tracking, focus reporting,
  bracketed paste and the keyboard protocol off, the cursor shown, line wrap on) and one line saying why. A
  session the player ends (quitting, closing the connection) gets neither: the app restored the terminal
  itself, or nobody is there to read it.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
import struct
import termios
from collections.abc import Mapping
from typing import Any

import asyncssh

from chimera_tui.server.clients import Client

log = logging.getLogger("chimera.server.ssh")

KILL_AFTER = 5.0
"""Seconds a client process has to end after SIGHUP before it gets SIGKILL."""

DRAIN_AFTER = 2.0
"""Seconds to wait for the last output of an ended client process (a grandchild could hold its terminal)."""

RESTORE = (
    b"\x1b[<u"  # the kitty keyboard protocol off
    b"\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l\x1b[?1007l"  # mouse tracking off
    b"\x1b[?2004l"  # bracketed paste off
    b"\x1b[?2048l"  # in-band resize reports off
    b"\x1b[?1004l"  # focus reporting off
    b"\x1b[?1049l"  # back to the main screen
    b"\x1b[0m\x1b[?25h\x1b[?7h"  # plain attributes, the cursor shown, line wrap on
)
"""What puts a player's terminal back as it was before a Textual app took it over."""


def set_size(fd: int, width: int, height: int, pixwidth: int = 0, pixheight: int = 0) -> None:
    """Tell the PTY behind `fd` its size (the kernel then signals the foreground process group)."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, pixwidth, pixheight))


def in_words(seconds: float) -> str:
    """A length of time in words ("30 minutes", "1 minute", "90 seconds", "1 second")."""
    if seconds >= 60 and seconds % 60 == 0:
        count, unit = int(seconds // 60), "minute"
    else:
        count, unit = round(seconds), "second"
    return f"{count} {unit}{'' if count == 1 else 's'}"


class TerminalSession:
    """The client process of one SSH terminal session, from start to its end."""

    def __init__(
        self, process: asyncssh.SSHServerProcess[bytes], client: Client, master: int, idle: float
    ) -> None:
        self.process = process
        self.client = client
        self.master = master
        self.idle = idle
        self.reason: str | None = None
        """Why the server ended the session (None: the player ended it, or it is still running)."""
        self._ended = asyncio.Event()

    def end(self, reason: str) -> None:
        """End the session from the server's side; the player's terminal is restored and told `reason`."""
        if self.reason is None:
            self.reason = reason
        self._ended.set()

    async def run(self) -> int:
        """Relay until the player leaves, the client process ends or `end` is called; returns the client's
        exit status."""
        os.set_blocking(self.master, False)
        output = asyncio.ensure_future(self._relay_output())
        waits: set[asyncio.Future[Any]] = {
            asyncio.ensure_future(self._copy_keys()),
            asyncio.ensure_future(self.client.wait()),
            asyncio.ensure_future(self._ended.wait()),
        }
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()
            if self.client.returncode is None:
                # The client is to be stopped: read what it still writes and drop it (the player's terminal
                # gets RESTORE instead), so it never blocks on a full terminal while its hang-up waits; a
                # relay stuck on a player who reads nothing, or on a lost connection, would leave it so.
                output.cancel()
                output = asyncio.ensure_future(self._relay_output(discard=True))
            status = await self._stop_client()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(output), DRAIN_AFTER)
            output.cancel()
            with contextlib.suppress(OSError):
                os.close(self.master)
        if self.reason is not None:
            with contextlib.suppress(Exception):
                self.process.stdout.write(RESTORE + f"\r\nchimera: {self.reason}\r\n".encode())
        return status

    async def _stop_client(self) -> int:
        if self.client.returncode is None:
            self.client.signal_group(signal.SIGHUP)
            try:
                await asyncio.wait_for(self.client.wait(), KILL_AFTER)
            except TimeoutError:
                log.warning("client process %d did not end on SIGHUP: killed", self.client.pid)
                self.client.signal_group(signal.SIGKILL)
                await self.client.wait()
        return self.client.returncode or 0

    async def _relay_output(self, *, discard: bool = False) -> None:
        """Pass the app's output to the channel until its terminal closes (EIO once the process is gone);
        with `discard`, or once the channel refuses it, read it and drop it."""
        loop = asyncio.get_running_loop()
        readable = asyncio.Event()
        loop.add_reader(self.master, readable.set)
        try:
            while True:
                await readable.wait()
                readable.clear()
                try:
                    data = os.read(self.master, 65536)
                except BlockingIOError:
                    continue
                except OSError:
                    return
                if not data:
                    return
                if discard:
                    continue
                try:
                    self.process.stdout.write(data)
                    await self.process.stdout.drain()
                except (OSError, asyncssh.Error):  # the connection is gone
                    discard = True
        finally:
            with contextlib.suppress(Exception):
                loop.remove_reader(self.master)

    async def _copy_keys(self) -> None:
        """Copy the client's keys to the PTY and forward size changes; ends the session when idle."""
        while True:
            try:
                data = await asyncio.wait_for(self.process.stdin.read(4096), self.idle)
            except TimeoutError:
                log.info("closing an idle session")
                self.end(f"Closed after {in_words(self.idle)} without a key press.")
                return
            except asyncssh.TerminalSizeChanged as change:
                set_size(self.master, change.width, change.height, change.pixwidth, change.pixheight)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            if not data:
                return
            view = memoryview(data)
            while view:
                try:
                    written = os.write(self.master, view)
                except BlockingIOError:
                    await asyncio.sleep(0.01)
                    continue
                except OSError:
                    return
                view = view[written:]


def session_env(base: Mapping[str, str]) -> dict[str, str]:
    """The environment every client process starts from: a few of the server's own variables and `base`."""
    kept = {name: os.environ[name] for name in _PASSED_ON if name in os.environ}
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/"),
        "LANG": "C.UTF-8",
        "TEXTUAL_ANIMATIONS": "none",
        **kept,
        **base,
    }


_PASSED_ON = ("CHIMERA_TEXTUAL_FIXES_OFF",)
"""The server's own variables its clients get too: the Textual fixes the operator leaves out (say, to
compare a client's output with what Textual writes itself)."""
