"""The web front end (``--web``): the page answers with a cookie, and a websocket drives a client process
that asks the player's name, shows the lobby and opens a table that a second player (as over SSH) joins."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from yarl import URL

from chimera_tui.server.host import TableHost
from chimera_tui.server.web import COOKIE, WebFrontEnd, WebOptions, identity_of
from tests.server.helpers import HANG, Hosted, hosted, until
from tests.ui.terminal_replay import Shown


@asynccontextmanager
async def web_served(saves: Path) -> AsyncIterator[tuple[Hosted, WebFrontEnd]]:
    async with hosted(saves) as h:
        front = WebFrontEnd(h.host, h.socket, WebOptions(port=0))
        await front.start()
        try:
            yield h, front
        finally:
            await front.close()


class Browser:
    """A websocket as a browser tab holds it: what the client process drew so far, and keys to send."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.received = bytearray()
        self.shown = Shown()
        self._task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.received += message.data
                self.shown.feed(message.data)

    async def wait_for(self, text: bytes) -> None:
        """Until `text` arrives, or the screen shows it (the client writes only the cells that change)."""
        async with asyncio.timeout(HANG):
            while text not in self.received and text.decode() not in self.shown.text():
                await asyncio.sleep(0.02)

    async def keys(self, text: str) -> None:
        await self.ws.send_json(["stdin", text])

    async def close(self) -> None:
        await self.ws.close()
        self._task.cancel()


def _table_of(host: TableHost) -> str:
    (code,) = host.tables
    return code


async def test_a_browser_tab_plays_at_a_table_shared_with_a_terminal_player(tmp_path: Path) -> None:
    jar = aiohttp.CookieJar(unsafe=True)  # browsers keep cookies of 127.0.0.1; aiohttp only when told
    async with web_served(tmp_path) as (h, front), aiohttp.ClientSession(cookie_jar=jar) as http:
        base = f"http://127.0.0.1:{front.port}"
        async with http.get(base + "/") as page:
            assert page.status == 200
            html = await page.text()
        assert f"ws://127.0.0.1:{front.port}/ws" in html
        token = jar.filter_cookies(URL(base))[COOKIE].value
        async with http.get(base + "/static/js/textual.js") as script:
            assert script.status == 200
        ws = await http.ws_connect(base + "/ws?width=80&height=24", origin=base)
        browser = Browser(ws)
        try:
            await browser.wait_for(b"Your name")
            await browser.keys("Wendy\r")
            await browser.wait_for(b"signed in as Wendy")
            assert h.host.sessions_of(identity_of(token)) == 1  # the cookie is the identity
            await browser.keys("n")
            await browser.wait_for(b"Open a table")
            await browser.keys("\x1b[15~")  # F5 opens it (Station, two people)
            await until(lambda: len(h.host.tables) == 1)
            code = _table_of(h.host)
            await browser.wait_for(code.encode())
            link = await h.link("ssh-key-of-bob", "Bob")  # as an SSH session's client does
            table = await link.join(code)
            assert table.started and table.seat == 1
            await browser.wait_for(b"Bob")  # the game began in the browser too
            await link.close()
        finally:
            await browser.close()
        await until(lambda: h.host.session_count() == 0)


async def test_a_websocket_from_another_site_is_refused(tmp_path: Path) -> None:
    async with web_served(tmp_path) as (h, front), aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{front.port}"
        try:
            await http.ws_connect(base + "/ws", origin="http://evil.example")
        except aiohttp.WSServerHandshakeError as exc:
            assert exc.status == 403
        else:  # pragma: no cover - the test fails here
            raise AssertionError("a foreign origin got a session")
        assert h.host.session_count() == 0 and front.admission.open == 0


@asynccontextmanager
async def web_behind_proxy(saves: Path, *, behind_proxy: bool) -> AsyncIterator[tuple[Hosted, WebFrontEnd]]:
    async with hosted(saves) as h:
        front = WebFrontEnd(h.host, h.socket, WebOptions(port=0, behind_proxy=behind_proxy))
        await front.start()
        try:
            yield h, front
        finally:
            await front.close()


PROXIED = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "games.example",
    "X-Forwarded-For": "203.0.113.7",
}
"""What a TLS reverse proxy in front of --web adds to each request (nginx, Caddy)."""


async def test_behind_a_tls_proxy_the_page_links_wss_and_its_cookie_is_secure(tmp_path: Path) -> None:
    async with (
        web_behind_proxy(tmp_path, behind_proxy=True) as (h, front),
        aiohttp.ClientSession() as http,
    ):
        base = f"http://127.0.0.1:{front.port}"
        async with http.get(base + "/", headers=PROXIED) as page:
            html = await page.text()
            cookie = page.headers["Set-Cookie"]
        assert "wss://games.example/ws" in html
        assert "http://" not in html.replace("http://www.w3.org", "")  # nothing the https page would block
        assert '"/static/js/textual.js"' in html
        assert "Secure" in cookie and "HttpOnly" in cookie
        async with http.get(base + "/") as page:  # the proxy's own plain request (a health check, say)
            assert "ws://127.0.0.1:" in await page.text() and "Secure" not in page.headers["Set-Cookie"]
        async with http.get(base + "/", headers={**PROXIED, "X-Forwarded-Host": "<script>"}) as page:
            assert page.status == 400  # a host that is not one never reaches the page
        # The browser's websocket comes through the proxy with the public origin; it drives a client.
        ws = await http.ws_connect(
            base + "/ws?width=80&height=24", origin="https://games.example", headers=PROXIED
        )
        browser = Browser(ws)
        try:
            await browser.wait_for(b"Your name")
            assert front.admission.open == 1
        finally:
            await browser.close()
        await until(lambda: front.admission.open == 0)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # another site, through the proxy
            await http.ws_connect(base + "/ws", origin="https://evil.example", headers=PROXIED)
        assert refused.value.status == 403
        assert h.host.session_count() == 0


async def test_without_the_flag_forwarded_headers_are_ignored(tmp_path: Path) -> None:
    async with (
        web_behind_proxy(tmp_path, behind_proxy=False) as (_, front),
        aiohttp.ClientSession() as http,
    ):
        base = f"http://127.0.0.1:{front.port}"
        async with http.get(base + "/", headers=PROXIED) as page:
            html = await page.text()
            cookie = page.headers["Set-Cookie"]
        assert f"ws://127.0.0.1:{front.port}/ws" in html and "games.example" not in html
        assert "Secure" not in cookie
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # the origin is not this server's
            await http.ws_connect(base + "/ws", origin="https://games.example", headers=PROXIED)
        assert refused.value.status == 403


def test_the_address_counted_per_minute_is_the_one_the_proxy_saw() -> None:
    from aiohttp.test_utils import make_mocked_request

    from chimera_tui.server.web import client_address, public_address, same_site

    forwarded = {**PROXIED, "X-Forwarded-For": "198.51.100.1, 203.0.113.7"}
    request = make_mocked_request("GET", "/ws", headers={"Host": "127.0.0.1:8022", **forwarded})
    assert client_address(request, True) == "203.0.113.7"  # the entry the proxy itself added
    assert client_address(request, False) != "203.0.113.7"
    assert public_address(request, True) == ("https", "games.example")
    assert public_address(request, False) == ("http", "127.0.0.1:8022")
    spoofed = make_mocked_request("GET", "/ws", headers={"Host": "x", "X-Forwarded-For": "not an address"})
    assert client_address(spoofed, True) == client_address(spoofed, False)
    assert same_site("https://games.example", "games.example:443")
    assert same_site("http://127.0.0.1:8022", "127.0.0.1:8022")
    assert not same_site("https://games.example.evil", "games.example")
    assert not same_site("null", "games.example")


async def test_the_page_and_what_it_loads_name_no_other_host(tmp_path: Path) -> None:
    """Everything the page loads is linked by path (this origin), the font is served from here, and the
    Content-Security-Policy allows nothing else; textual-serve's own page loaded a font from a public font
    service (issue 20, point 7)."""
    import re

    async with web_served(tmp_path) as (_, front), aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{front.port}"
        async with http.get(base + "/") as page:
            html = await page.text()
            policy = page.headers["Content-Security-Policy"]
            assert page.headers["X-Content-Type-Options"] == "nosniff"
        links = [link for link in re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', html) if link != "data:,"]
        assert links and all(link.startswith("/") and not link.startswith("//") for link in links), links
        assert "://" not in html.replace(f'data-session-websocket-url="ws://127.0.0.1:{front.port}/ws"', "")
        assert "default-src 'none'" in policy and "script-src 'self';" in policy
        assert f"connect-src 'self' ws://127.0.0.1:{front.port}/ws" in policy
        assert "http" not in policy.replace(f"ws://127.0.0.1:{front.port}/ws", "")
        loaded = [link for link in links if link.endswith((".css", ".js"))]
        for link in loaded:
            async with http.get(base + link) as answer:
                assert answer.status == 200, link
                text = await answer.text()
            if link.endswith(".css"):  # a style sheet's url(...) and @import load what they name
                urls = re.findall(r"url\(\s*[\"']?([^\"')]*)", text) + re.findall(
                    r"@import\s+[\"']([^\"']*)", text
                )
                assert all(url.startswith("/") and not url.startswith("//") for url in urls), (link, urls)
                for url in urls:
                    async with http.get(base + url) as answer:
                        assert answer.status == 200, url
