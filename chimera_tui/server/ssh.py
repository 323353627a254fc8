"""The SSH front end of `chimera serve` (asyncssh): one `chimera` client process per terminal session.

- Identity is the client's public key (its SHA256 fingerprint); the SSH user name is the name the player asks
  for, signed in by the host before the session starts (`naming`: a name belongs to the key that took it
  first, and a refusal is one line). Any key is welcome unless an authorized-keys file is given, which
  restricts the server to the keys it lists.
  Passwords and keyboard-interactive logins are not offered.
- Each session that asked for a PTY gets its own client process on its own pseudo-terminal
  (`ssh_session.TerminalSession`, which also says how a session ends). The child connects back to the table
  host over a Unix socket whose path and a one-session ticket arrive in its environment (`ENV_SOCKET`,
  `ENV_TICKET`).
- Every connection counts against the concurrent limit from the moment it is admitted, and against its key's
  session limit from the moment it has authenticated (one per connection, or one per session when a
  connection opens several). A connection that has no session open for `SshOptions.session_grace` seconds
  (``ssh -N``, say) is closed, with a line in the log: nobody can hold a slot without playing.
- Refusals are one sentence each, also logged: a full server, the per-address rate and a key over its
  session limit end the connection with that sentence as the SSH disconnect reason (OpenSSH prints it as
  "Received disconnect ... : The server is full; try again later."), so no misleading "Permission denied"
  follows. Sessions without a PTY, commands (exec, scp), subsystems (sftp) and a session over the key's
  limit get the sentence on stderr; agent and X11 forwarding are not done and the session says so in a line
  before the game starts; port forwarding in either direction is refused.
- Client processes run with ``TEXTUAL_ANIMATIONS=none`` and a short ``ESCDELAY``, and draw in the 256
  colours of ``TERM`` unless the client sends ``COLORTERM=truecolor`` (`colour_env`): fewer bytes per frame.
- The host key (Ed25519) is made on first start in the data folder with mode 0600.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from chimera_tui.engine.plain_text import plain_text
from chimera_tui.server.admission import Admission
from chimera_tui.server.clients import CLIENT_COMMAND, ClientStarter
from chimera_tui.server.host import TableHost
from chimera_tui.server.protocol import ENV_SOCKET, ENV_TICKET
from chimera_tui.server.ssh_connection import Connection
from chimera_tui.server.ssh_session import (
    DRAIN_AFTER,
    KILL_AFTER,
    TerminalSession,
    session_env,
    set_size,
)

log = logging.getLogger("chimera.server.ssh")

HOST_KEY_NAME = "ssh_host_ed25519_key"


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
    session_grace: float = 10.0
    """Seconds an authenticated connection may stay open without a session before it is closed."""
    client_command: tuple[str, ...] = CLIENT_COMMAND
    client_env: dict[str, str] = field(default_factory=dict)
    """Extra environment for the client processes."""


def load_host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key from `folder`, made (Ed25519, mode 0600) when there is none yet."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
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


SHUTDOWN_LINE = "The server is shutting down; your tables are saved."


class SshFrontEnd:
    """Accepts SSH connections and runs a client process for each terminal session."""

    def __init__(
        self,
        host: TableHost,
        socket_path: Path,
        data_folder: Path,
        options: SshOptions,
        admission: Admission | None = None,
        starter: ClientStarter | None = None,
    ) -> None:
        self.host = host
        self.starter = starter or ClientStarter(options.client_command)
        self.socket_path = socket_path
        self.options = options
        self.host_key = load_host_key(data_folder)
        self.host_key_path = data_folder / HOST_KEY_NAME
        self.authorized = (
            asyncssh.read_authorized_keys(str(options.authorized_keys)) if options.authorized_keys else None
        )
        self.admission = admission or Admission(options.max_sessions, options.connections_per_minute)
        self._server: asyncssh.SSHAcceptor | None = None
        self._sessions: dict[asyncio.Task[Any], TerminalSession | None] = {}
        self._keyed: dict[str, set[Connection]] = {}
        """The authenticated connections of each identity."""

    @property
    def fingerprint(self) -> str:
        """The host key's SHA256 fingerprint, for people to check on first connection."""
        return str(self.host_key.get_fingerprint("sha256"))

    async def start(self) -> asyncssh.SSHAcceptor:
        """Listen on the configured address (port 0: any free port; see `port`)."""
        self._server = await asyncssh.create_server(
            lambda: Connection(self),
            self.options.host,
            self.options.port,
            server_host_keys=[self.host_key],
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

    async def close(self, reason: str = SHUTDOWN_LINE) -> None:
        """Stop listening and end every session, each player's terminal restored and told `reason`."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for session in list(self._sessions.values()):
            if session is not None:
                session.end(reason)
        if self._sessions:
            await asyncio.wait(list(self._sessions), timeout=KILL_AFTER + DRAIN_AFTER + 1)
        for task in list(self._sessions):
            task.cancel()

    # -- admission -------------------------------------------------------------------------------------

    def admit(self, address: str) -> str | None:
        """Why a new connection from `address` is refused, or None when it may go on (and is counted)."""
        return self.admission.admit(address)

    def key_allowed(self, key: asyncssh.SSHKey, address: str) -> bool:
        if self.authorized is None:
            return True
        return self.authorized.validate(key, address, address) is not None

    @property
    def session_grace(self) -> float:
        return self.options.session_grace

    @property
    def per_key(self) -> int:
        return self.host.limits.sessions_per_identity

    def slots_of(self, identity: str) -> int:
        """What `identity` holds now: one for each authenticated connection, or its sessions if more."""
        return sum(max(1, conn.sessions) for conn in self._keyed.get(identity, ()))

    def over_key_limit(self) -> str:
        return f"You already have {self.per_key} sessions open with this key; close one, then connect again."

    def key_refusal(self, identity: str) -> str | None:
        """Why one more connection of `identity` is refused (it holds its limit already), or None."""
        return self.over_key_limit() if self.slots_of(identity) >= self.per_key else None

    def keyed(self, conn: Connection, identity: str) -> str | None:
        """Count `conn` for `identity`; why it is refused when the key holds its limit already."""
        if (refusal := self.key_refusal(identity)) is not None:
            return refusal
        self._keyed.setdefault(identity, set()).add(conn)
        return None

    def unkeyed(self, conn: Connection, identity: str) -> None:
        held = self._keyed.get(identity)
        if held is not None:
            held.discard(conn)
            if not held:
                del self._keyed[identity]

    # -- a session -------------------------------------------------------------------------------------

    async def session(self, process: asyncssh.SSHServerProcess[bytes], conn: Connection) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._sessions[task] = None
        extra = conn.sessions > 0
        refusal = None
        if extra and self.slots_of(conn.identity) >= self.per_key:
            refusal = self.over_key_limit()
        elif extra:
            refusal = self.admission.admit_more()
        if refusal is not None:
            self._sessions.pop(task, None)
            log.warning("refused a session of %s from %s: %s", conn.identity, conn.address, refusal)
            return refuse(process, refusal)
        conn.session_opened()
        try:
            await self._run_session(process, conn, task)
        finally:
            self._sessions.pop(task, None)
            conn.session_closed()
            if extra:
                self.admission.closed()

    async def _run_session(
        self, process: asyncssh.SSHServerProcess[bytes], conn: Connection, task: asyncio.Task[Any]
    ) -> None:
        identity = conn.identity
        if process.command is not None:
            what = "copies no files (no scp)" if process.command.startswith("scp ") else "runs no commands"
            return refuse(process, f"This server {what}: connect with plain ssh, without a command.")
        term = process.get_terminal_type()
        if term is None:
            return refuse(process, "Chimera needs a terminal: connect with ssh -t.")
        signed = await self.host.sign_in(identity, str(process.get_extra_info("username") or ""))
        if isinstance(signed, str):  # a name taken, too long, banned...: one line, before any screen
            return refuse(process, signed)
        account, name = signed
        for what in conn.declined:
            log.info("did not forward %s for %s from %s", what, identity, conn.address)
            process.stderr.write(
                f"chimera: Your {what} was not forwarded: this server never uses it.\r\n".encode()
            )
        ticket = self.host.issue_ticket(account, name, identity)
        width, height, pixwidth, pixheight = process.term_size
        master, slave = os.openpty()
        set_size(master, width or 80, height or 24, pixwidth, pixheight)
        env = session_env(
            {
                "TERM": plain_text(term, 40) or "xterm-256color",
                "ESCDELAY": "25",
                ENV_SOCKET: str(self.socket_path),
                ENV_TICKET: ticket,
                **colour_env(process.env),
                **self.options.client_env,
            }
        )
        try:
            client = await self.starter.on_terminal(env, slave)
        except OSError:
            os.close(master)
            self.host.revoke_ticket(ticket)
            log.exception("cannot start a client process")
            return refuse(process, "The server cannot start a session now; try again later.")
        finally:
            os.close(slave)
        log.info("session of %s (%s) started, process %d", identity, name, client.pid)
        session = TerminalSession(process, client, master, self.options.idle_timeout)
        self._sessions[task] = session
        status: int | None = None
        try:
            status = await session.run()
        finally:  # also when the connection is lost: asyncssh then cancels its sessions' tasks
            self.host.revoke_ticket(ticket)
            how = session.reason or ("the connection was lost" if status is None else f"status {status}")
            log.info("session of %s ended (%s)", identity, how)
        with contextlib.suppress(Exception):
            await process.stdout.drain()
        process.exit(1 if session.reason else status)


def refuse(process: asyncssh.SSHServerProcess[bytes], line: str) -> None:
    log.info("refused a session: %s", line)
    process.stderr.write(f"chimera: {line}\r\n".encode())
    process.exit(1)


__all__: Sequence[str] = ("SshFrontEnd", "SshOptions", "load_host_key")
