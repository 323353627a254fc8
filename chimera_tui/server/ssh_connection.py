"""One SSH connection of the front end (`chimera_tui.server.ssh`): its admission, public-key authentication,
its sessions, and the forwarding it refuses.

A connection counts against the concurrent limit from the moment it is admitted and against its key's session
limit once it has authenticated (`FrontEnd.keyed`). While it has no session open, a timer of
`session_grace` seconds runs; when it fires the connection is closed with a line in the log and, as the
disconnect reason, one sentence for the player.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

import asyncssh

from chimera_tui.server.admission import Admission
from chimera_tui.server.ssh_session import in_words

log = logging.getLogger("chimera.server.ssh")


class FrontEnd(Protocol):
    """What a connection asks of the SSH front end."""

    admission: Admission

    @property
    def session_grace(self) -> float: ...

    def admit(self, address: str) -> str | None: ...

    def key_allowed(self, key: asyncssh.SSHKey, address: str) -> bool: ...

    def key_refusal(self, identity: str) -> str | None: ...

    def keyed(self, conn: Connection, identity: str) -> str | None: ...

    def unkeyed(self, conn: Connection, identity: str) -> None: ...

    async def session(self, process: asyncssh.SSHServerProcess[bytes], conn: Connection) -> None: ...


def no_session_line(grace: float) -> str:
    return f"This server closes a connection that opens no terminal session within {in_words(grace)}."


class _Process(asyncssh.SSHServerProcess[bytes]):
    """A session channel whose subsystem requests (sftp) reach the session handler, which refuses them in a
    line, rather than failing as a request the server does not know."""

    def subsystem_requested(self, subsystem: str) -> bool:
        return True

    def session_started(self) -> None:
        if self._chan.get_subsystem() is not None:
            line = "This server offers no subsystems (no sftp or scp): connect with plain ssh."
            log.info("refused a session: %s", line)
            self._chan.write_stderr(f"chimera: {line}\r\n".encode())
            self._chan.exit(1)
            return
        super().session_started()


class Connection(asyncssh.SSHServer):
    """One connection: admission, public-key authentication, its sessions, and no forwarding of any kind."""

    def __init__(self, front: FrontEnd) -> None:
        self.front = front
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.identity = ""
        self.refusal: str | None = None
        self.counted = False
        self.keyed = False
        self.sessions = 0
        self.declined: list[str] = []
        """What the client asked to have forwarded and did not get ("SSH agent", "X11 display")."""
        self._grace: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        self.refusal = self.front.admit(self.address)
        if self.refusal is None:
            self.counted = True
        else:
            log.warning("refused a connection from %s: %s", self.address, self.refusal)
        _decline_forwarding(conn, self.declined)

    def connection_lost(self, exc: Exception | None) -> None:
        self.conn = None
        self._stop_grace()
        if self.counted:
            self.front.admission.closed()
            self.counted = False
        if self.keyed:
            self.front.unkeyed(self, self.identity)
            self.keyed = False

    def begin_auth(self, username: str) -> bool:
        if self.refusal is not None and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refusal)
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
        identity = str(key.get_fingerprint("sha256"))
        refusal = self.front.key_refusal(identity)
        if refusal is not None:  # said before the login succeeds, so the client never thinks it is in
            log.warning("refused a connection of %s from %s: %s", identity, self.address, refusal)
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return False
        self.identity = identity
        return True

    def auth_completed(self) -> None:
        assert self.conn is not None
        refusal = self.front.keyed(self, self.identity)
        if refusal is not None:
            log.warning("refused a connection of %s from %s: %s", self.identity, self.address, refusal)
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        self.keyed = True
        self._start_grace()

    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return _Process(lambda process: self.front.session(process, self), None, 3, False)

    # -- a connection with no session is closed after a grace --------------------------------------------

    def session_opened(self) -> None:
        self.sessions += 1
        self._stop_grace()

    def session_closed(self) -> None:
        self.sessions -= 1
        if self.sessions == 0:
            self._start_grace()

    def _start_grace(self) -> None:
        self._stop_grace()
        if self.conn is None:  # the connection is gone already
            return
        grace = self.front.session_grace
        self._grace = asyncio.get_running_loop().call_later(grace, self._no_session)

    def _stop_grace(self) -> None:
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None

    def _no_session(self) -> None:
        self._grace = None
        if self.sessions or self.conn is None:
            return
        grace = self.front.session_grace
        log.warning(
            "closed a connection of %s from %s: no session within %s",
            self.identity,
            self.address,
            in_words(grace),
        )
        self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, no_session_line(grace))

    # -- forwarding ------------------------------------------------------------------------------------

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        log.info("refused port forwarding from %s", self.address)
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "This server does not forward ports."
        )

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.info("refused remote port forwarding from %s", self.address)
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        log.info("refused socket forwarding from %s", self.address)
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "This server does not forward sockets."
        )

    def unix_server_requested(self, listen_path: str) -> bool:
        log.info("refused remote socket forwarding from %s", self.address)
        return False


def _decline_forwarding(conn: asyncssh.SSHServerConnection, declined: list[str]) -> None:
    """Note in `declined` when the client asks for its agent or X11 display to be forwarded (both are
    refused, as asyncssh would with forwarding off), so the session can say so in a line."""

    async def agent() -> bool:
        if "SSH agent" not in declined:
            declined.append("SSH agent")
        return False

    async def x11(*args: object) -> None:
        if "X11 display" not in declined:
            declined.append("X11 display")

    # asyncssh asks its connection object for these listeners; asking ours instead records the request.
    setattr(conn, "create_agent_listener", agent)  # noqa: B010
    setattr(conn, "attach_x11_listener", x11)  # noqa: B010
