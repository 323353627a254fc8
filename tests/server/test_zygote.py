"""The zygote (`chimera_tui.ui.zygote`, `chimera_tui.server.forks`): what each forked child inherits, and
what it must not; a session through it over real SSH and a browser's websocket; and the spawn it falls back
to when it is gone."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from chimera_tui.server import page_merging
from chimera_tui.server.clients import ClientStarter
from chimera_tui.server.forks import Zygote
from chimera_tui.server.ssh_session import session_env
from chimera_tui.server.web import WebFrontEnd, WebOptions
from tests.server.helpers import HANG, children_of, hosted, until
from tests.server.ssh_helpers import served, terminal

PROBE = "tests.server.zygote_probe"

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")


@asynccontextmanager
async def zygote_running() -> AsyncIterator[Zygote]:
    folder = Path(tempfile.mkdtemp(prefix="chz-"))
    zygote = Zygote(folder / "zygote.sock")
    env = session_env({"ZYGOTE_ONLY": "the parent's", "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert await zygote.start(env)
    try:
        yield zygote
    finally:
        await zygote.close()


async def probe(zygote: Zygote, env: dict[str, str], *, tty: bool) -> tuple[Any, dict[str, Any], int]:
    """Fork the probe on a PTY (`tty`) or pipes; the child, what it reported, and the fd to talk to it."""
    if tty:
        master, slave = os.openpty()
        child = await zygote.fork(env, (slave, slave, slave), tty=True, main=PROBE)
        os.close(slave)
        reader, talk = master, master
    else:
        child_in, talk = os.pipe()
        reader, child_out = os.pipe()
        child = await zygote.fork(env, (child_in, child_out, child_out), tty=False, main=PROBE)
        os.close(child_in)
        os.close(child_out)
    line = b""
    async with asyncio.timeout(HANG):
        while not line.endswith(b"\n") or not line.strip().startswith(b"{"):
            line += await asyncio.to_thread(os.read, reader, 65536)
            line = line[line.find(b"{") :] if b"{" in line else line
    return child, json.loads(line.decode()), talk


async def test_each_child_starts_clean(tmp_path: Path) -> None:
    async with zygote_running() as zygote:
        env = session_env({"ESCDELAY": "25", "TEXTUAL_ANIMATIONS": "none", "TEXTUAL_DRIVER": "x.y:Z"})
        first, one, talk_one = await probe(zygote, env, tty=True)
        second, two, talk_two = await probe(zygote, env, tty=False)
        for child, facts in ((first, one), (second, two)):
            assert facts["pid"] == child.pid and facts["sid"] == child.pid == facts["pgid"]  # its own session
            assert facts["signals"] == {
                "SIGHUP": "default",
                "SIGTERM": "default",
                "SIGINT": "python",
                "SIGCHLD": "default",
            }
            assert facts["blocked"] == [] and facts["threads"] == 1
            assert facts["env"] == env  # the session's environment, nothing of the parent's
            assert (
                facts["escape_delay"] == 0.025
                and facts["animations"] == "none"
                and facts["driver"] == "x.y:Z"
            )
            assert facts["stdout_is_fd_1"]
            assert facts["filled_function_caches"] <= 2  # the warm-up's emptied (50 were filled)
            assert (
                facts["parsed_css"] > 20
            )  # the lobby's and the games' stylesheets, parsed once in the parent
            # every game's screen CSS and Textual's toasts and tooltips, though the warm-up shows none of them
            assert {"codename.tcss", "con.tcss", "imaginarium.tcss", "station.tcss"} <= set(
                facts["parsed_files"]
            )
            assert {"_toast.py", "_tooltip.py"} <= set(facts["parsed_files"])
            assert facts["mergeable"] == page_merging.KSM.exists()  # the kernel may merge its pages
            assert not facts["rich_console"] and not facts["active_app"] and not facts["event_loop"]
            # Only its standard streams (and what the probe itself opened to list them): not the parent's
            # listening socket, wake-up pipe or other requests' connections.
            assert [fd for fd in facts["fds"] if fd > 2] in ([], [3]), facts["fds"]
        assert one["foreground"] == first.pid  # the PTY is its controlling terminal
        assert one["random"] != two["random"]  # fresh random state in every child
        os.write(talk_one, b"7\n")
        os.write(talk_two, b"0\n")
        async with asyncio.timeout(HANG):
            assert await first.wait() == 7  # its exit status comes back through the zygote
            assert await second.wait() == 0
        third, _, _ = await probe(zygote, env, tty=False)
        third.signal_group(signal.SIGTERM)
        async with asyncio.timeout(HANG):
            assert await third.wait() == -signal.SIGTERM


async def test_a_session_over_ssh_and_one_in_a_browser_run_in_forked_clients(tmp_path: Path) -> None:
    async with zygote_running() as zygote:
        starter = ClientStarter(zygote=zygote)
        async with served(tmp_path / "saves", starter=starter) as s:
            conn = await s.connect("forked")
            screen = await terminal(conn)
            await screen.wait_for(b"lobby")
            (session,) = [x for x in s.front._sessions.values() if x is not None]
            assert os.getpgid(session.client.pid) == session.client.pid
            assert session.client.pid not in children_of(os.getpid())  # a child of the zygote, not ours
            await screen.close()
            conn.close()
        async with hosted(tmp_path / "web") as h:
            front = WebFrontEnd(h.host, h.socket, WebOptions(port=0), starter=starter)
            await front.start()
            try:
                async with aiohttp.ClientSession() as http:
                    base = f"http://127.0.0.1:{front.port}"
                    async with http.get(base + "/"):
                        pass
                    ws = await http.ws_connect(base + "/ws?width=80&height=24", origin=base)
                    seen = bytearray()
                    async with asyncio.timeout(HANG):
                        while b"Your name" not in seen:
                            message = await ws.receive()
                            if message.type == aiohttp.WSMsgType.BINARY:
                                seen += message.data
                    await ws.send_json(["stdin", "Wendy\r"])
                    await until(lambda: h.host.session_count() == 1)
                    await ws.close()
            finally:
                await front.close()


async def test_when_the_zygote_is_gone_sessions_are_spawned_and_it_is_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "chimera.server")
    async with zygote_running() as zygote:
        starter = ClientStarter(zygote=zygote)
        assert zygote._process is not None
        zygote._process.kill()
        await zygote._process.wait()
        assert not starter.forks
        async with served(tmp_path / "saves", starter=starter) as s:
            conn = await s.connect("spawned")
            screen = await terminal(conn)
            await screen.wait_for(b"lobby")
            (session,) = [x for x in s.front._sessions.values() if x is not None]
            assert session.client.pid in children_of(os.getpid())  # spawned by this process
            await screen.close()
            conn.close()
    assert caplog.text.count("the session starter has ended: sessions are spawned from now on") == 1
