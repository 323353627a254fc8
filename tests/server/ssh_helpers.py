"""An SSH front end on 127.0.0.1 (a free port) over a table host, and terminal clients that read what
they are sent."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from chimera_tui.server.clients import ClientStarter
from chimera_tui.server.host import TableHost
from chimera_tui.server.ssh import SshFrontEnd, SshOptions
from tests.server.helpers import HANG
from tests.ui.terminal_replay import Shown


@dataclass
class Served:
    host: TableHost
    front: SshFrontEnd

    async def connect(
        self, username: str, key: asyncssh.SSHKey | None = None
    ) -> asyncssh.SSHClientConnection:
        key = key or asyncssh.generate_private_key("ssh-ed25519")
        return await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                self.front.port,
                username=username,
                client_keys=[key],
                known_hosts=None,
                agent_path=None,
                preferred_auth="publickey",
            ),
            HANG,
        )


@asynccontextmanager
async def served(saves: Path, starter: ClientStarter | None = None, **options: Any) -> AsyncIterator[Served]:
    folder = Path(tempfile.mkdtemp(prefix="chs-"))
    host = TableHost(saves, bot_delay=0.01)
    await host.open()
    server = await host.serve_unix(folder / "host.sock")
    front = SshFrontEnd(
        host, folder / "host.sock", folder / "data", SshOptions(port=0, **options), starter=starter
    )
    await front.start()
    try:
        yield Served(host, front)
    finally:
        await front.close()
        server.close()
        await host.close()
        await server.wait_closed()
        shutil.rmtree(folder, ignore_errors=True)


class Screen:
    """A terminal session: what it was sent so far (and what that shows), and keys to send."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes], size: tuple[int, int] = (80, 24)) -> None:
        self.process = process
        self.received = bytearray()
        self.shown = Shown(*size)
        self._task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            try:
                data = await self.process.stdout.read(65536)
            except asyncssh.Error:  # the server went away (a test killed it)
                return
            if not data:
                return
            self.received += data
            self.shown.feed(data)

    async def wait_for(self, text: bytes, start: int = 0) -> int:
        """Wait until `text` arrives after byte `start`, or the screen shows it and has changed since then (the
        client writes only the cells that change); returns where it ends (or how much arrived)."""
        async with asyncio.timeout(HANG):
            while (at := self.received.find(text, start)) < 0:
                if self.shown.changed_to_show(text.decode(), start):
                    return len(self.received)
                await asyncio.sleep(0.02)
        return at + len(text)

    def resize(self, width: int, height: int) -> None:
        """The terminal resized, as a person drags its window."""
        self.shown.terminal.resize(width, height)
        self.process.change_terminal_size(width, height)

    def keys(self, data: bytes) -> None:
        self.process.stdin.write(data)

    async def press(self, key: bytes) -> None:
        """Press `key` as a person who waits for the screen: once it has answered (or after 2 s, a key that
        changes nothing) and then been still for 0.3 s. Keys typed faster than a loaded client reads them
        arrive together, and an Enter queued behind another reaches the choice dialog the first one closes,
        which then closes the game screen under it (a problem of the games' choice dialogs, reported apart)."""
        before = len(self.received)
        self.keys(key)
        async with asyncio.timeout(HANG):
            end = time.monotonic() + 2.0
            while len(self.received) == before and time.monotonic() < end:
                await asyncio.sleep(0.02)
            while True:
                seen = len(self.received)
                await asyncio.sleep(0.3)
                if len(self.received) == seen:
                    return

    async def finish(self) -> None:
        """Wait until everything the server sent has been read (the channel closed)."""
        async with asyncio.timeout(HANG):
            await self._task

    async def close(self) -> None:
        self.keys(b"\x11")  # Ctrl+Q
        try:
            async with asyncio.timeout(HANG):
                await self.process.wait()
        finally:
            self._task.cancel()


async def terminal(conn: asyncssh.SSHClientConnection, size: tuple[int, int] = (80, 24)) -> Screen:
    process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    return Screen(process, size)


OPENSSH = shutil.which("ssh")
"""The OpenSSH client (the tests that need it skip, saying so, where there is none)."""


def key_file(folder: Path, key: asyncssh.SSHKey | None = None) -> tuple[Path, asyncssh.SSHKey]:
    """A private key written for OpenSSH (mode 0600) in `folder`, and the key."""
    key = key or asyncssh.generate_private_key("ssh-ed25519")
    path = folder / f"key-{len(list(folder.glob('key-*')))}"
    path.write_bytes(key.export_private_key())
    path.chmod(0o600)
    return path, key


def openssh_args(program: str, port: int, key: Path, *extra: str) -> list[str]:
    """The command line of an OpenSSH program (``ssh``, ``sftp``, ``scp``) against 127.0.0.1:`port` with
    only `key`, no agent, no configuration file and no known-hosts file."""
    port_flag = "-p" if program == "ssh" else "-P"
    return [
        shutil.which(program) or program,
        "-F",
        "/dev/null",
        port_flag,
        str(port),
        "-i",
        str(key),
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "IdentityAgent=none",
        "-o",
        "BatchMode=yes",
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        *extra,
    ]


async def run_openssh(program: str, port: int, key: Path, *extra: str) -> tuple[int, str]:
    """Run an OpenSSH program to its end (bounded by `HANG`); its exit status and what it printed."""
    process = await asyncio.create_subprocess_exec(
        *openssh_args(program, port, key, *extra),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        async with asyncio.timeout(HANG):
            out, _ = await process.communicate()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    return process.returncode or 0, out.decode("utf-8", "replace")
