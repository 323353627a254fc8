"""The SSH front end of `chimera serve` (asyncssh): one `chimera` client process per terminal session.

- Identity is the client's public key (its SHA256 fingerprint); the SSH user name is the display name. Any
  key is welcome unless an authorized-keys file is given, which restricts the server to the keys it lists.
  Passwords and keyboard-interactive logins are not offered.
- Each session that asked for a PTY gets its own client process on its own pseudo-terminal (`os.openpty`;
  the child runs `setsid` and takes the terminal as its controlling tty with ``TIOCSCTTY``, so the app hears
  ``SIGWINCH``). Keys are copied to the PTY by hand, so window-size changes are forwarded with
  ``TIOCSWINSZ`` and every key press counts against the idle timeout; the app's output is redirected to the
  channel. The child connects back to the table host over a Unix socket whose path and a one-session ticket
  arrive in its environment (`ENV_SOCKET`, `ENV_TICKET`).
- Sessions without a PTY, commands (exec), subsystems (sftp), port forwarding (either direction), agent and
  X11 forwarding are refused with one line.
- Client processes run with ``TEXTUAL_ANIMATIONS=none`` and a short ``ESCDELAY``, and draw in the 256
  colours of ``TERM`` unless the client sends ``COLORTERM=truecolor`` (`colour_env`): fewer bytes per frame.
- Limits: concurrent connections, new connections per address per minute, idle time without a key press.
- The host key (Ed25519) is made on first start in the data folder with mode 0600.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
import struct
import sys
import termios
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from chimera_tui.engine.plain_text import plain_text
from chimera_tui.server.admission import Admission
from chimera_tui.server.host import TableHost
from chimera_tui.server.protocol import ENV_SOCKET, ENV_TICKET

log = logging.getLogger("chimera.server.ssh")

HOST_KEY_NAME = "ssh_host_ed25519_key"

CLIENT_COMMAND: tuple[str, ...] = (sys.executable, "-m", "chimera_tui.ui.screens.lobby")
"""The client process each session runs."""


@dataclass(frozen=True)
class SshOptions:
    """Where the SSH front end listens and what it allows."""

    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None
    """Only these keys may log in (None: any key)."""
    max_sessions: int = 64
    """Concurrent connections at most."""
    connections_per_minute: int = 20
    """New connections per client address per minute at most."""
    idle_timeout: float = 30 * 60.0
    """Seconds without a key press after which a session is closed."""
    login_timeout: float = 30.0
    client_command: tuple[str, ...] = CLIENT_COMMAND
    client_env: dict[str, str] = field(default_factory=dict)
    """Extra environment for the client processes."""


def load_host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key from `folder`, made (Ed25519, mode 0600) when there is none yet."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / HOST_KEY_NAME
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    data = key.export_private_key()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    log.info("made a new host key at %s", path)
    return key


def colour_env(client: Mapping[Any, Any]) -> dict[str, str]:
    """The colour policy of a session: 24-bit colour only when the client says its terminal has it (``ssh -o
    SendEnv=COLORTERM`` with ``COLORTERM=truecolor``); otherwise the 256 colours ``TERM`` promises, whose
    escape codes are about half as long, so every frame costs fewer bytes on a slow link."""
    value = next((v for k, v in client.items() if k in ("COLORTERM", b"COLORTERM")), "")
    text = value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)
    return {"COLORTERM": "truecolor"} if text.strip().lower() in ("truecolor", "24bit") else {}


def _set_size(fd: int, width: int, height: int, pixwidth: int = 0, pixheight: int = 0) -> None:
    """Tell the PTY behind `fd` its size (the kernel then signals the foreground process group)."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, pixwidth, pixheight))


def _take_terminal() -> None:  # runs in the child, after setsid
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class SshFrontEnd:
    """Accepts SSH connections and runs a client process for each terminal session."""

    def __init__(
        self,
        host: TableHost,
        socket_path: Path,
        data_folder: Path,
        options: SshOptions,
        admission: Admission | None = None,
    ) -> None:
        self.host = host
        self.socket_path = socket_path
        self.options = options
        self.host_key = load_host_key(data_folder)
        self.host_key_path = data_folder / HOST_KEY_NAME
        self.authorized = (
            asyncssh.read_authorized_keys(str(options.authorized_keys)) if options.authorized_keys else None
        )
        self.admission = admission or Admission(options.max_sessions, options.connections_per_minute)
        self._server: asyncssh.SSHAcceptor | None = None
        self._sessions: set[asyncio.Task[Any]] = set()

    @property
    def fingerprint(self) -> str:
        """The host key's SHA256 fingerprint, for people to check on first connection."""
        return str(self.host_key.get_fingerprint("sha256"))

    async def start(self) -> asyncssh.SSHAcceptor:
        """Listen on the configured address (port 0: any free port; see `port`)."""
        self._server = await asyncssh.create_server(
            lambda: _Server(self),
            self.options.host,
            self.options.port,
            server_host_keys=[self.host_key],
            process_factory=self._session,
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            login_timeout=self.options.login_timeout,
            keepalive_interval=60,
        )
        return self._server

    @property
    def port(self) -> int:
        assert self._server is not None
        return int(self._server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._sessions):
            task.cancel()
        if self._sessions:
            await asyncio.wait(list(self._sessions), timeout=5)

    # -- admission -------------------------------------------------------------------------------------

    def admit(self, address: str) -> str | None:
        """Why a new connection from `address` is refused, or None when it may go on (and is counted)."""
        return self.admission.admit(address)

    def key_allowed(self, key: asyncssh.SSHKey, address: str) -> bool:
        if self.authorized is None:
            return True
        return self.authorized.validate(key, address, address) is not None

    # -- a session -------------------------------------------------------------------------------------

    async def _session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._sessions.add(task)
        try:
            await self._run_session(process)
        finally:
            if task is not None:
                self._sessions.discard(task)

    async def _run_session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        identity = str(process.get_extra_info("chimera_identity") or "")
        name = plain_text(str(process.get_extra_info("username") or "")) or "Player"
        if process.subsystem is not None:
            return _refuse(process, "This server offers no subsystems (no sftp): connect with plain ssh.")
        if process.command is not None:
            return _refuse(process, "This server runs no commands: connect with plain ssh, without one.")
        term = process.get_terminal_type()
        if term is None:
            return _refuse(process, "Chimera needs a terminal: connect with ssh -t.")
        ticket = self.host.issue_ticket(identity, name)
        width, height, pixwidth, pixheight = process.term_size
        master, slave = os.openpty()
        _set_size(master, width or 80, height or 24, pixwidth, pixheight)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "LANG": "C.UTF-8",
            "TERM": plain_text(term, 40) or "xterm-256color",
            "TEXTUAL_ANIMATIONS": "none",
            "ESCDELAY": "25",
            ENV_SOCKET: str(self.socket_path),
            ENV_TICKET: ticket,
            **colour_env(process.env),
            **self.options.client_env,
        }
        try:
            child = await asyncio.create_subprocess_exec(
                *self.options.client_command,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,
                preexec_fn=_take_terminal,
            )
        except OSError:
            os.close(master)
            os.close(slave)
            self.host.revoke_ticket(ticket)
            log.exception("cannot start a client process")
            return _refuse(process, "The server cannot start a session now; try again later.")
        os.close(slave)
        os.set_blocking(master, False)
        log.info("session of %s (%s) started, process %d", identity, name, child.pid)
        output = os.dup(master)
        await process.redirect(stdout=output, send_eof=False)
        keys = asyncio.ensure_future(self._copy_keys(process, master))
        exited = asyncio.ensure_future(child.wait())
        try:
            await asyncio.wait({keys, exited}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            keys.cancel()
            if child.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(child.pid, signal.SIGHUP)
                try:
                    await asyncio.wait_for(asyncio.shield(exited), 5)
                except TimeoutError:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(child.pid, signal.SIGKILL)
                    await exited
            self.host.revoke_ticket(ticket)
            with contextlib.suppress(OSError):
                os.close(master)
            log.info("session of %s ended", identity)
        with contextlib.suppress(Exception):
            await process.stdout.drain()
        process.exit(child.returncode or 0)

    async def _copy_keys(self, process: asyncssh.SSHServerProcess[bytes], master: int) -> None:
        """Copy the client's keys to the PTY, forward size changes, and end the session when idle."""
        while True:
            try:
                data = await asyncio.wait_for(process.stdin.read(4096), self.options.idle_timeout)
            except TimeoutError:
                log.info("closing an idle session")
                return
            except asyncssh.TerminalSizeChanged as change:
                _set_size(master, change.width, change.height, change.pixwidth, change.pixheight)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            if not data:
                return
            view = memoryview(data)
            while view:
                try:
                    written = os.write(master, view)
                except BlockingIOError:
                    await asyncio.sleep(0.01)
                    continue
                except OSError:
                    return
                view = view[written:]


def _refuse(process: asyncssh.SSHServerProcess[bytes], line: str) -> None:
    log.info("refused a session: %s", line)
    process.stderr.write(f"chimera: {line}\r\n".encode())
    process.exit(1)


class _Server(asyncssh.SSHServer):
    """One connection: admission, public-key authentication, and no forwarding of any kind."""

    def __init__(self, front: SshFrontEnd) -> None:
        self.front = front
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.refusal: str | None = None
        self.counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        self.refusal = self.front.admit(self.address)
        if self.refusal is None:
            self.counted = True
        else:
            log.warning("refused a connection from %s: %s", self.address, self.refusal)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.front.admission.closed()
            self.counted = False

    def begin_auth(self, username: str) -> bool:
        if self.refusal is not None and self.conn is not None:
            self.conn.send_auth_banner(f"chimera: {self.refusal}\r\n")
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.refusal is not None or self.conn is None:
            return False
        if not self.front.key_allowed(key, self.address):
            log.warning("refused a key not in the authorized keys from %s", self.address)
            return False
        self.conn.set_extra_info(chimera_identity=key.get_fingerprint("sha256"))
        return True

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        log.info("refused port forwarding from %s", self.address)
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "This server does not forward ports."
        )

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.info("refused remote port forwarding from %s", self.address)
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "This server does not forward sockets."
        )

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


__all__: Sequence[str] = ("SshFrontEnd", "SshOptions", "load_host_key")
