"""The web front end (``--web``): the page answers with a cookie, and a websocket drives a client process
that asks the player's name, shows the lobby and opens a table that a second player (as over SSH) joins."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
from yarl import URL

from chimera_tui.server.host import TableHost
from chimera_tui.server.web import COOKIE, WebFrontEnd, WebOptions, identity_of
from tests.server.helpers import HANG, Hosted, hosted, until


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
        self._task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.received += message.data

    async def wait_for(self, text: bytes) -> None:
        async with asyncio.timeout(HANG):
            while text not in self.received:
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
