"""Real parts for the tests of messages to players: a mail server (aiosmtpd, STARTTLS with a certificate of a
test authority from trustme, a login required) that can go away and come back on the same port, and an
HTTP server (aiohttp) that receives web hooks and can be told to fail."""

from __future__ import annotations

import asyncio
import email
import email.policy
import re
import socket
import ssl
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

import trustme
from aiohttp import web
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from chimera_tui.server.notify.mail import MailOptions
from tests.server.helpers import HANG

USER, PASSWORD = "chimera", "s3cret-pass"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Mailbox:
    """A real SMTP server on 127.0.0.1 (aiosmtpd in a thread of its own): STARTTLS required before the login,
    the login required before a message; what it accepted, in order."""

    port: int = field(default_factory=free_port)
    messages: list[EmailMessage] = field(default_factory=list)
    logins: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.authority = trustme.CA()
        cert = self.authority.issue_cert("127.0.0.1", "localhost")
        self.server_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        cert.configure_cert(self.server_context)
        self.client_context = ssl.create_default_context()
        self.authority.configure_trust(self.client_context)
        self._controller: Controller | None = None

    def options(self, **more: Any) -> MailOptions:
        """What `chimera serve --smtp 127.0.0.1:PORT` with the login would give the host."""
        return MailOptions(
            host="127.0.0.1",
            port=self.port,
            sender="chimera@example.org",
            login=(USER, PASSWORD),
            context=self.client_context,
            **more,
        )

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        return "250 OK"

    def _login(self, server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        if isinstance(data, LoginPassword):
            self.logins.append((data.login.decode(), data.password.decode()))
            return AuthResult(success=(data.login.decode(), data.password.decode()) == (USER, PASSWORD))
        return AuthResult(success=False)

    def start(self) -> None:
        self._controller = Controller(
            self,
            hostname="127.0.0.1",
            port=self.port,
            tls_context=self.server_context,
            require_starttls=True,
            authenticator=self._login,
            auth_require_tls=True,
            auth_required=True,
        )
        self._controller.start()

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def bodies(self) -> list[str]:
        return [str(m.get_content()) for m in self.messages]

    async def wait_for(self, count: int) -> None:
        async with asyncio.timeout(HANG):
            while len(self.messages) < count:
                await asyncio.sleep(0.02)

    def code(self) -> str:
        """The confirmation code in the latest message."""
        found = re.search(r"\d{4}-\d{4}", self.bodies()[-1])
        assert found, self.bodies()[-1]
        return found.group(0)


@dataclass
class HookServer:
    """An HTTP server on 127.0.0.1 that takes web hooks: what it received, and answers to give."""

    received: list[dict[str, Any]] = field(default_factory=list)
    fail: int = 0
    """Answer 503 to this many posts first."""
    status: int = 204
    _runner: web.AppRunner | None = None
    port: int = 0

    async def _take(self, request: web.Request) -> web.Response:
        if self.fail > 0:
            self.fail -= 1
            return web.Response(status=503, text="down for a moment")
        self.received.append(await request.json())
        return web.Response(status=self.status)

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/{tail:.*}", self._take)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hooks/alice"

    async def wait_for(self, count: int) -> None:
        async with asyncio.timeout(HANG):
            while len(self.received) < count:
                await asyncio.sleep(0.02)


@dataclass
class SilentServer:
    """A mail server that takes connections and never says a word (its clients wait for its greeting): a
    host sending to it is caught in the middle of a message."""

    port: int
    connections: int = 0
    _server: asyncio.Server | None = None
    _writers: list[asyncio.StreamWriter] = field(default_factory=list)

    async def _take(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self._writers.append(writer)
        await reader.read()  # until the client goes (or the server is stopped)

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._take, "127.0.0.1", self.port)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            for writer in self._writers:
                writer.close()
            await self._server.wait_closed()
            self._server = None
