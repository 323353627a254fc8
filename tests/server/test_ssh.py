"""The SSH front end with real asyncssh clients on 127.0.0.1: the lobby, a table, and every refusal."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import asyncssh
import pytest

from chimera_tui.server.ssh_session import RESTORE
from tests.server.helpers import HANG, until
from tests.server.ssh_helpers import served, terminal

ESC = b"\x1b"


async def test_two_terminals_open_and_join_a_table_and_see_each_others_moves(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        alice = await s.connect("alice")
        bob = await s.connect("bob")
        a = await terminal(alice)
        b = await terminal(bob)
        await a.wait_for(b"lobby")
        await b.wait_for(b"lobby")
        a.keys(b"n")
        await a.wait_for(b"Open a table")
        a.keys(b"\x1b[15~")  # F5: open Chimera Station for 2, the other seat for a person
        await until(lambda: len(s.host.tables) == 1)
        (code,) = s.host.tables
        await a.wait_for(code.encode())
        b.keys(b"j")
        await b.wait_for(b"The table's code")
        b.keys(code.lower().encode() + b"\r")
        table = s.host.tables[code]
        await until(lambda: table.match is not None and table.here.get(0) == 1 and table.here.get(1) == 1)
        # Both reach the game. The one to act presses Enter (which opens the choices under the cursor, or
        # takes the first choice of an open dialog) until the move is made; the other terminal repaints.
        for _ in range(3):
            step = len(table.match or ())
            mover, other = (a, b) if table.to_act() == 0 else (b, a)
            mark = len(other.received)
            async with asyncio.timeout(HANG):
                while len(table.match or ()) == step:
                    await mover.press(b"\r")  # once the screen has answered the last key
            await other.wait_for(b"Last:", mark)  # the other terminal shows the latest move
        await a.close()
        await b.close()
        alice.close()
        bob.close()


async def test_a_resize_reaches_the_app(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        conn = await s.connect("carol")
        screen = await terminal(conn)
        await screen.wait_for(b"lobby")
        screen.resize(100, 40)
        await until(
            lambda: bool(screen.shown.terminal.screen.display[39].strip())
        )  # something drawn on row 40
        await screen.close()
        conn.close()


async def test_sessions_without_a_terminal_commands_sftp_and_forwarding_are_refused(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        conn = await s.connect("mallory")
        result = await asyncio.wait_for(conn.run(input=b"", encoding=None), HANG)  # a shell without a PTY
        assert result.exit_status == 1
        assert b"needs a terminal" in result.stderr
        result = await asyncio.wait_for(conn.run("cat /etc/passwd", encoding=None), HANG)
        assert result.exit_status == 1
        assert b"runs no commands" in result.stderr
        assert b"root" not in result.stdout
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, asyncssh.ProcessError)):
            async with asyncio.timeout(HANG):
                await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError, match="forward"):
            await asyncio.wait_for(conn.open_connection("127.0.0.1", s.front.port), HANG)
        with pytest.raises(asyncssh.ChannelListenError):
            await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22), HANG)
        conn.close()
        assert s.host.tables == {}


async def test_authorized_keys_restrict_the_server_and_the_host_key_is_private(tmp_path: Path) -> None:
    known = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(known.export_public_key())
    async with served(tmp_path / "saves", authorized_keys=keys) as s:
        with pytest.raises(asyncssh.PermissionDenied):
            await s.connect("stranger")
        conn = await s.connect("friend", known)
        screen = await terminal(conn)
        await screen.wait_for(b"lobby")
        await screen.close()
        conn.close()
        key_file = s.front.host_key_path
        assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
        assert s.front.fingerprint.startswith("SHA256:")


async def test_connections_per_address_are_limited(tmp_path: Path) -> None:
    async with served(tmp_path, connections_per_minute=2) as s:
        first = await s.connect("a")
        second = await s.connect("b")
        with pytest.raises(asyncssh.DisconnectError, match="Too many connections from your address"):
            await s.connect("c")
        first.close()
        second.close()


async def test_an_idle_session_is_closed_and_the_terminal_restored_with_a_reason(tmp_path: Path) -> None:
    async with served(tmp_path, idle_timeout=1.0) as s:
        conn = await s.connect("sleepy")
        screen = await terminal(conn)
        async with asyncio.timeout(HANG):  # a key now and then until the lobby shows (slow on a busy
            while b"lobby" not in screen.received:  # machine), so the idle time starts after it
                screen.keys(b"r")
                await asyncio.sleep(0.3)
            await screen.process.wait()  # then nobody presses a key: the server ends the session
        await until(lambda: s.host.session_count() == 0)  # and its client process left the host
        conn.close()
        await screen.finish()
    # The app's last frame, then everything it had turned on turned off, then the reason.
    assert screen.received.endswith(RESTORE + b"\r\nchimera: Closed after 1 second without a key press.\r\n")
    assert screen.received.index(b"\x1b[?1049h") < screen.received.index(b"lobby")


async def test_a_server_shutting_down_restores_every_terminal_and_says_why(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        conn = await s.connect("late")
        screen = await terminal(conn)
        await screen.wait_for(b"lobby")
        await s.front.close()
        async with asyncio.timeout(HANG):
            await screen.process.wait()
        conn.close()
        await screen.finish()
    assert screen.received.endswith(
        RESTORE + b"\r\nchimera: The server is shutting down; your tables are saved.\r\n"
    )


def test_restoring_a_terminal_undoes_everything_textual_turns_on() -> None:
    """Every mode Textual's Linux driver turns on is turned off by `RESTORE`, and the cursor and line wrap
    it turns off are turned on."""
    import re

    import textual.drivers.linux_driver as driver

    source = Path(driver.__file__).read_text()
    normally_on = {"25", "7"}  # the cursor shown, line wrap
    turned_on = set(re.findall(r"\\x1b\[\?(\d+)h", source)) - normally_on
    assert {"1049", "1000", "2004"} <= turned_on  # the driver is read as expected
    for mode in turned_on:
        assert f"\x1b[?{mode}l".encode() in RESTORE, mode
    for mode in normally_on:
        assert f"\x1b[?{mode}h".encode() in RESTORE, mode
    assert b"\x1b[<u" in RESTORE  # the keyboard protocol Textual pushes


def test_sessions_get_24_bit_colour_only_when_their_client_asks_for_it() -> None:
    from chimera_tui.server.ssh import colour_env

    assert colour_env({}) == {}
    assert colour_env({"COLORTERM": "truecolor"}) == {"COLORTERM": "truecolor"}
    assert colour_env({b"COLORTERM": b"24bit"}) == {"COLORTERM": "truecolor"}
    assert colour_env({"COLORTERM": "\x1b[31mtruecolor"}) == {}


async def test_a_player_who_reads_nothing_still_has_a_session_ended_by_hang_up(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A client that stops reading fills its SSH window, then the relay waits, then the app blocks writing
    to its full terminal: once the server ends the session, the app's output is read and dropped so that it
    hears its hang-up, rather than being killed 5 s later (the bench of issue 23 saw it)."""
    import logging

    caplog.set_level(logging.INFO, "chimera.server")
    async with served(tmp_path) as s:
        key = asyncssh.generate_private_key("ssh-ed25519")
        conn = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1", s.front.port, username="stuck", client_keys=[key], known_hosts=None,
                agent_path=None, window=16 * 1024, max_pktsize=4096,
            ),
            HANG,
        )  # fmt: skip
        screen = await terminal(conn)
        await screen.wait_for(b"lobby")
        screen._task.cancel()  # from now on nobody reads: the window fills
        for n in range(40):  # every size change repaints the whole screen
            screen.process.change_terminal_size(80 + n % 2 * 40, 24 + n % 2 * 16)
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)
        await s.front.close()
        conn.close()
    assert "ended (The server is shutting down" in caplog.text
    assert "did not end on SIGHUP" not in caplog.text
