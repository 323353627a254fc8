"""An idle served client costs nothing (issue 23): a lobby client forked on a real pseudo-terminal, with
nothing typed and nothing changing at the host, neither wakes (its threads' voluntary context switches, from
/proc) nor draws a byte. Before, its input thread woke ten times a second and the lobby asked for the list of
tables every three seconds: 196 idle lobbies kept 17 % of a core busy. The same holds for a browser tab's
client, whose web input thread also woke ten times a second until the ``idle-web-input`` fix."""

from __future__ import annotations

import asyncio
import shutil
import signal
import tempfile
from pathlib import Path

import aiohttp

from chimera_tui.server.clients import ClientStarter
from chimera_tui.server.forks import Zygote
from chimera_tui.server.host import TableHost
from chimera_tui.server.ssh_session import session_env
from chimera_tui.server.web import WebFrontEnd, WebOptions
from tests.server.helpers import children_of, hosted, until
from tests.server.probe_fork_memory import fork_client
from tests.server.test_web import Browser
from tests.server.test_zygote import zygote_running

IDLE = 4.0
"""Seconds the client is watched doing nothing (longer than the old three-second refresh)."""


def wakeups(pid: int) -> int:
    """How many times the threads of `pid` have gone to sleep and woken up since they started."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        for line in (task / "status").read_text().splitlines():
            if line.startswith("voluntary_ctxt_switches:"):
                total += int(line.split()[1])
    return total


async def test_an_idle_lobby_client_neither_wakes_nor_draws() -> None:
    folder = Path(tempfile.mkdtemp(prefix="chi-"))
    host = TableHost(folder, bot_delay=0.0)
    await host.open()
    server = await host.serve_unix(folder / "host.sock")
    zygote = Zygote(folder / "zygote.sock")
    terminal = None
    try:
        assert await zygote.start(session_env({})), "the session starter did not start"
        terminal = await fork_client(zygote, folder / "host.sock", host.issue_ticket("SHA256:idle", "Idle"))
        await asyncio.wait_for(terminal.wait_for(b"lobby"), 60)
        await asyncio.sleep(1.0)  # its first frames drawn
        woke, drawn = wakeups(terminal.child.pid), len(terminal.received)
        await asyncio.sleep(IDLE)
        assert wakeups(terminal.child.pid) - woke <= 3  # was 40 or more in these four seconds
        assert len(terminal.received) == drawn
    finally:
        if terminal is not None:
            terminal.child.signal_group(signal.SIGHUP)
            await asyncio.sleep(0.3)
            terminal.close()
        await zygote.close()
        server.close()
        await host.close()
        shutil.rmtree(folder, ignore_errors=True)


async def test_an_idle_browser_tab_neither_wakes_its_client_nor_draws(tmp_path: Path) -> None:
    async with zygote_running() as zygote, hosted(tmp_path) as h:
        assert zygote._process is not None
        front = WebFrontEnd(h.host, h.socket, WebOptions(port=0), starter=ClientStarter(zygote=zygote))
        await front.start()
        try:
            jar = aiohttp.CookieJar(unsafe=True)
            async with aiohttp.ClientSession(cookie_jar=jar) as http:
                base = f"http://127.0.0.1:{front.port}"
                async with http.get(base + "/"):
                    pass
                browser = Browser(await http.ws_connect(base + "/ws?width=80&height=24", origin=base))
                try:
                    await browser.wait_for(b"Your name")
                    await browser.keys("Idle\r")
                    await browser.wait_for(b"signed in as Idle")
                    (client,) = children_of(zygote._process.pid)
                    await asyncio.sleep(1.0)  # its first frames drawn
                    woke, drawn = wakeups(client), len(browser.received)
                    await asyncio.sleep(IDLE)
                    assert wakeups(client) - woke <= 3  # was 40 or more in these four seconds
                    assert len(browser.received) == drawn
                    await browser.keys("n")
                    await browser.wait_for(b"Open a table")
                    await browser.keys("\x1b")  # a lone Escape still closes the dialog
                    await until(lambda: "Open a table" not in browser.shown.text())
                    await browser.keys("n")
                    await browser.wait_for(b"Open a table")  # drawn again: it had closed
                finally:
                    await browser.close()
            await until(lambda: not children_of(zygote._process.pid))  # the client ended with its tab
        finally:
            await front.close()
