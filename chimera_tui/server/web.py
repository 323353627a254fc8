"""The web front end of `chimera serve` (``--web``): the same client app in a browser, through textual-serve.

Each browser tab opens a websocket (``/ws``) and gets its own client process (textual-serve's `AppService`
runs it with Textual's web driver); the process connects back to the same table host as SSH sessions, so
web and SSH players share tables.

Identity: a browser has no SSH key. The page (``/``) gives the browser a random token in a cookie
(``chimera_id``: HttpOnly, SameSite=Strict, a year), and the identity is a hash of that token, so the same
browser gets its seats back after a reload or a dropped connection while no other site or browser can claim
them. The display name is asked for in the client before the lobby. A websocket without the cookie (cookies
off, a script) gets an identity of its own that lasts that connection only. A websocket whose ``Origin`` is
not this server's own address is refused, so another web page cannot drive a player's session.

The same limits as over SSH apply: concurrent sessions (shared with SSH), connections per address per
minute, and the idle timeout (no message from the browser for that long closes the session).

Behind a TLS reverse proxy (``--behind-proxy``, `WebOptions.behind_proxy`) the page is built for the address
the browser used, as the proxy reports it in ``X-Forwarded-Proto`` and ``X-Forwarded-Host``: an https page
links its websocket as ``wss://`` and its cookie is ``Secure``; the Origin check compares with that address,
and the per-address limit counts the address the proxy saw (the last ``X-Forwarded-For`` entry). Without the
flag these headers are ignored, since anyone could send them. The page's scripts and styles are linked by path
(``/static/...``, ``/page/...``), so they follow the page's own scheme and host either way.

The page is our own (`web_page`): everything it loads comes from this server, and its Content-Security-Policy
allows nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import logging
import re
import secrets
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from chimera_tui.server.admission import Admission
from chimera_tui.server.clients import CLIENT_COMMAND, ClientStarter
from chimera_tui.server.host import TableHost
from chimera_tui.server.notify.stop_page import stop_handler
from chimera_tui.server.protocol import ENV_ASK_NAME, ENV_SOCKET, ENV_TICKET
from chimera_tui.server.web_page import PAGE, content_security_policy, security_headers

log = logging.getLogger("chimera.server.web")

COOKIE = "chimera_id"
COOKIE_AGE = 365 * 24 * 3600
ASSETS = Path(textual_serve.__file__).parent


@dataclass(frozen=True)
class WebOptions:
    """Where the web front end listens and what it allows."""

    host: str = "127.0.0.1"
    port: int = 8022
    max_sessions: int = 64
    connections_per_minute: int = 20
    idle_timeout: float = 30 * 60.0
    client_command: tuple[str, ...] = CLIENT_COMMAND
    client_env: dict[str, str] = field(default_factory=dict)
    behind_proxy: bool = False
    """Trust the X-Forwarded-Proto, -Host and -For headers of a reverse proxy in front (see the module)."""


_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?")
"""A host name or address with an optional port, as a Host header holds it."""


def _last(value: str | None) -> str:
    """The last entry of a comma-separated header (the one the nearest proxy added), trimmed."""
    return (value or "").rsplit(",", 1)[-1].strip()


def _first(value: str | None) -> str:
    return (value or "").split(",", 1)[0].strip()


def public_address(request: web.BaseRequest, behind_proxy: bool) -> tuple[str, str]:
    """The scheme and host the browser used: the request's own, or behind a proxy what it forwarded.

    Raises:
        web.HTTPBadRequest: when the host is not a host name or address (it is written into the page).
    """
    scheme, host = request.scheme, request.host
    if behind_proxy:
        proto = _first(request.headers.get("X-Forwarded-Proto")).lower()
        forwarded = _first(request.headers.get("X-Forwarded-Host"))
        scheme = proto if proto in ("http", "https") else scheme
        host = forwarded or host
    if not _HOST.fullmatch(host):
        raise web.HTTPBadRequest(text="This request names no valid host.")
    return scheme, host


def same_site(origin: str, host: str) -> bool:
    """Whether the page at `origin` (a websocket's Origin header) was served from `host` (ports that are the
    origin scheme's default may be left out on either side)."""
    parts = urlsplit(origin)
    default = {"http": ":80", "https": ":443"}.get(parts.scheme, "")

    def bare(netloc: str) -> str:
        netloc = netloc.lower()
        return netloc.removesuffix(default) if default else netloc

    return bool(parts.netloc) and bare(parts.netloc) == bare(host)


def client_address(request: web.BaseRequest, behind_proxy: bool) -> str:
    """The browser's address for the per-address limit: behind a proxy the one it saw, else the peer's."""
    if behind_proxy:
        forwarded = _last(request.headers.get("X-Forwarded-For"))
        try:
            return str(ipaddress.ip_address(forwarded))
        except ValueError:
            pass
    return request.remote or ""


def identity_of(token: str) -> str:
    """The identity of the browser holding the cookie `token` (the token itself never leaves this process)."""
    return "web:" + hashlib.sha256(token.encode()).hexdigest()[:32]


class _ClientService(AppService):
    """textual-serve's process manager, with the host's socket and a one-session ticket in the environment,
    whose client is forked by the zygote when one runs (`ClientStarter.on_pipes`)."""

    def __init__(
        self, command: str, extra_env: dict[str, str], starter: ClientStarter, **kwargs: Any
    ) -> None:
        super().__init__(command, **kwargs)
        self.extra_env = extra_env
        self.starter = starter

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment.update(self.extra_env)
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        forked = await self.starter.on_pipes(self._build_environment(width, height))
        if forked is None:
            return await super()._open_app_process(width, height)
        self._process = forked  # type: ignore[assignment]  # what textual-serve uses of a Process
        self._stdin = forked.stdin
        return forked


class WebFrontEnd:
    """Serves the page, textual-serve's scripts and fonts, and one client process per websocket."""

    def __init__(
        self,
        host: TableHost,
        socket_path: Path,
        options: WebOptions,
        admission: Admission | None = None,
        starter: ClientStarter | None = None,
    ) -> None:
        self.host = host
        self.starter = starter or ClientStarter(options.client_command)
        self.socket_path = socket_path
        self.options = options
        self.admission = admission or Admission(options.max_sessions, options.connections_per_minute)
        self.downloads = DownloadManager()
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self._sessions: set[asyncio.Task[Any]] = set()
        self._sockets: set[web.WebSocketResponse] = set()

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[security_headers])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(PAGE), autoescape=True)
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.route("*", "/stop/{token}", stop_handler(self.host.stop_link), name="stop"),
                web.static("/static", ASSETS / "static", name="static"),
                web.static("/page", PAGE, name="page"),
            ]
        )
        return app

    async def start(self) -> None:
        """Listen on the configured address (port 0: any free port; see `port`).

        Raises:
            OSError: when the address cannot be bound.
        """
        self._runner = web.AppRunner(self.make_app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, self.options.host, self.options.port)
        try:
            await self._site.start()
        except OSError:
            await self._runner.cleanup()
            self._runner = None
            raise

    @property
    def port(self) -> int:
        assert self._runner is not None
        for address in self._runner.addresses:
            return int(address[1])
        raise RuntimeError("the web front end does not listen")

    async def close(self) -> None:
        """Stop listening, end every session (closing its websocket, then its process) and wait for them."""
        for websocket in list(self._sockets):
            with contextlib.suppress(Exception):
                await websocket.close()
        if self._sessions:
            await asyncio.wait(list(self._sessions), timeout=10)
        for task in list(self._sessions):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- the page --------------------------------------------------------------------------------------

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        scheme, host = public_address(request, self.options.behind_proxy)
        websocket = ("wss" if scheme == "https" else "ws") + f"://{host}/ws"
        context = {
            "font_size": 16,
            "app_websocket_url": websocket,
            "config": {"static": {"url": "/static/"}},
            "application": {"name": "Chimera Tabletop"},
        }
        response = aiohttp_jinja2.render_template("index.html", request, context)
        response.headers["Content-Security-Policy"] = content_security_policy(websocket)
        if not _valid_token(request.cookies.get(COOKIE)):
            response.set_cookie(
                COOKIE,
                secrets.token_urlsafe(32),
                max_age=COOKIE_AGE,
                httponly=True,
                samesite="Strict",
                secure=scheme == "https",
            )
        return response

    # -- a session -------------------------------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        _, host = public_address(request, self.options.behind_proxy)
        if origin is not None and not same_site(origin, host):
            log.warning("refused a websocket from another site (%s)", origin[:80])
            raise web.HTTPForbidden(text="This page belongs to another site.")
        address = client_address(request, self.options.behind_proxy)
        refusal = self.admission.admit(address)
        if refusal is not None:
            log.warning("refused a web connection from %s: %s", address, refusal)
            raise web.HTTPTooManyRequests(text=refusal)
        task = asyncio.current_task()
        if task is not None:
            self._sessions.add(task)
        try:
            return await self._run_session(request)
        finally:
            self.admission.closed()
            if task is not None:
                self._sessions.discard(task)

    async def _run_session(self, request: web.Request) -> web.WebSocketResponse:
        token = request.cookies.get(COOKIE)
        identity = identity_of(token if token and _valid_token(token) else secrets.token_urlsafe(32))
        width = _size(request.query.get("width"), 80)
        height = _size(request.query.get("height"), 24)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        await websocket.prepare(request)
        self._sockets.add(websocket)
        ticket = self.host.issue_ticket(identity, None)
        env = {
            "TEXTUAL_ANIMATIONS": "none",
            ENV_SOCKET: str(self.socket_path),
            ENV_TICKET: ticket,
            ENV_ASK_NAME: "1",
            **self.options.client_env,
        }
        service = _ClientService(
            shlex.join(self.options.client_command),
            env,
            self.starter,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.downloads,
        )
        log.info("web session of %s started", identity)
        try:
            await service.start(width, height)
            relay = asyncio.ensure_future(self._relay(websocket, service))
            running = service._task
            waits: set[asyncio.Future[Any]] = {relay} if running is None else {relay, running}
            try:
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            finally:
                relay.cancel()
        except (asyncio.CancelledError, ConnectionError):
            pass
        finally:
            self.host.revoke_ticket(ticket)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(service.stop(), 5)
            process = service._process
            if process is not None:
                if process.returncode is None:
                    with contextlib.suppress(ProcessLookupError):
                        process.kill()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(process.wait(), 5)
            with contextlib.suppress(Exception):
                await websocket.close()
            self._sockets.discard(websocket)
            log.info("web session of %s ended", identity)
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """Pass the browser's keys and size changes to the client process until either side ends."""
        while not websocket.closed:
            try:
                message = await websocket.receive(timeout=self.options.idle_timeout)
            except TimeoutError:
                log.info("closing an idle web session")
                return
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                return
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
            except ValueError:
                return
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(_size(data.get("width"), 80), _size(data.get("height"), 24))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()


def _valid_token(token: str | None) -> bool:
    return token is not None and 32 <= len(token) <= 64 and all(c.isalnum() or c in "-_" for c in token)


def _size(value: object, default: int) -> int:
    """A terminal dimension from the browser, within 10..500."""
    try:
        number = int(str(value))
    except ValueError:
        return default
    return max(10, min(number, 500))


__all__: Sequence[str] = (
    "WebFrontEnd",
    "WebOptions",
    "client_address",
    "identity_of",
    "public_address",
    "same_site",
)
