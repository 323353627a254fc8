"""The web front end in a real browser: headless Chromium (the Debian package) driven by Playwright. Two
browser contexts (two players, each with their own cookie) give their names, reach the lobby, open and join a
Station table, and a move made in one is drawn in the other. Skipped, saying why, where no Chromium is
installed (CI has none)."""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import HANG, until
from tests.server.test_web import web_served

CHROMIUM = next(
    (path for path in ("/usr/bin/chromium", shutil.which("chromium") or "") if path and os.path.exists(path)),
    None,
)

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium is installed (apt-get install chromium)"
)

SCREENSHOT = Path(__file__).resolve().parents[2] / "screenshots" / "web-station.png"
"""Written when CHIMERA_SCREENSHOTS=1 (docs/serving/browser.md shows it)."""


class Player:
    """One browser context: its page, what the client process sent it over the websocket, and requests."""

    def __init__(self, page: Any, origin: str) -> None:
        self.page = page
        self.origin = origin
        self.received = bytearray()
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("websocket", self._websocket)
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))

    def _websocket(self, websocket: Any) -> None:
        def frame(payload: bytes | str) -> None:
            self.received += payload if isinstance(payload, bytes) else payload.encode()

        websocket.on("framereceived", frame)

    async def wait_for(self, text: bytes, start: int = 0) -> None:
        async with asyncio.timeout(HANG):
            while text not in self.received[start:]:
                await asyncio.sleep(0.05)

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.page.keyboard.press(key)
            await asyncio.sleep(0.3)  # as a person presses them (a bound for the test, never measured)


async def test_two_browsers_play_at_one_table(tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.async_api", reason="Playwright is not installed")
    async with web_served(tmp_path) as (h, front), playwright.async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, headless=True)
        origin = f"http://127.0.0.1:{front.port}"
        players = []
        try:
            for name in ("Alice", "Bob"):
                context = await browser.new_context(viewport={"width": 1100, "height": 720})
                player = Player(await context.new_page(), origin)
                await player.page.goto(origin + "/")
                await player.wait_for(b"Your name")
                await player.page.locator("#terminal").click()
                await player.page.keyboard.type(name)
                await player.press("Enter")
                await player.wait_for(b"lobby")
                players.append(player)
            alice, bob = players
            await alice.press("n")
            await alice.wait_for(b"Open a table")
            await alice.press("F5")  # Chimera Station for 2, the other seat for a person
            await until(lambda: len(h.host.tables) == 1)
            (code,) = h.host.tables
            await alice.wait_for(code.encode())
            await bob.press("j")
            await bob.wait_for(b"The table's code")
            await bob.page.keyboard.type(code)
            await bob.press("Enter")
            table = h.host.tables[code]
            await until(lambda: table.match is not None and table.here.get(0) == 1 and table.here.get(1) == 1)
            step = len(table.match or ())
            mover, other = (alice, bob) if table.to_act() == 0 else (bob, alice)
            mark = len(other.received)
            async with asyncio.timeout(HANG):
                while len(table.match or ()) == step:  # Enter opens the choices, then takes the first
                    await mover.press("Enter")
            await other.wait_for(b"Last:", mark)  # the other browser draws the move
            if os.environ.get("CHIMERA_SCREENSHOTS") == "1":
                await asyncio.sleep(1.0)
                await other.page.screenshot(path=str(SCREENSHOT))
            assert h.host.session_count() == 2
        finally:
            await browser.close()
    for player in players:
        assert all(url.startswith(player.origin + "/") for url in player.requests), player.requests
        assert not [e for e in player.errors if "Content Security Policy" in e or "Refused" in e], (
            player.errors
        )
