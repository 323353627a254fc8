"""What strangers do to the SSH front end, with the OpenSSH client and asyncssh clients on 127.0.0.1: holding
slots without playing, and every refusal in one sentence with nothing misleading after it, logged."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import asyncssh
import pytest

from tests.server.helpers import HANG, until
from tests.server.ssh_helpers import OPENSSH, key_file, openssh_args, run_openssh, served, terminal

needs_openssh = pytest.mark.skipif(OPENSSH is None, reason="the OpenSSH client (ssh) is not installed")


@needs_openssh
async def test_connections_that_open_no_session_are_closed_and_free_their_slots(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "chimera.server")
    async with served(tmp_path / "saves", max_sessions=3, session_grace=1.0) as s:
        holders = []
        for _ in range(3):  # three `ssh -N`, each with its own key: every slot taken, nobody playing
            key, _ = key_file(tmp_path)
            holders.append(
                await asyncio.create_subprocess_exec(
                    *openssh_args("ssh", s.front.port, key, "-N", "x@127.0.0.1"),
                    stdin=asyncio.subprocess.DEVNULL,
                    stdout=asyncio.subprocess.DEVNULL,
                    stderr=asyncio.subprocess.PIPE,
                )
            )
        try:
            for holder in holders:
                assert holder.stderr is not None
                async with asyncio.timeout(HANG):
                    said = (await holder.stderr.read()).decode()
                    assert await holder.wait() != 0  # the server closed it
                assert "opens no terminal session within 1 second" in said, said
        finally:
            for holder in holders:
                if holder.returncode is None:
                    holder.kill()
                    await holder.wait()
        assert caplog.text.count("no session within 1 second") == 3
        await until(lambda: s.front.admission.open == 0)
        conn = await s.connect("player")  # the slots are free again
        screen = await terminal(conn)
        await screen.wait_for(b"lobby")
        await screen.close()
        conn.close()


async def test_a_key_holds_at_most_its_sessions_from_authentication_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "chimera.server")
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with served(tmp_path / "saves", session_grace=HANG) as s:
        held = [await s.connect("same", key) for _ in range(s.host.limits.sessions_per_identity)]
        with pytest.raises(asyncssh.DisconnectError, match="already have 3 sessions open with this key"):
            await s.connect("same", key)
        other = await s.connect("other")  # another key is welcome
        # Several sessions on one connection count one each: a held connection plays in one session and
        # opens a second one, which is refused in a line.
        first = await terminal(held[1])
        await first.wait_for(b"lobby")
        process = await held[1].create_process(term_type="xterm", encoding=None)
        async with asyncio.timeout(HANG):
            said = await process.stderr.read()
            await process.wait()
        assert b"already have 3 sessions open with this key" in said
        await first.close()
        for conn in (*held, other):
            conn.close()
    assert "refused a connection of SHA256:" in caplog.text


@needs_openssh
async def test_a_full_server_and_the_rate_limit_say_so_without_permission_denied(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "chimera.server")
    key, _ = key_file(tmp_path)
    async with served(tmp_path / "saves", max_sessions=1) as s:
        holder = await s.connect("first")
        status, said = await run_openssh("ssh", s.front.port, key, "-tt", "late@127.0.0.1")
        assert status == 255
        assert "The server is full; try again later." in said, said
        assert "Permission denied" not in said, said
        holder.close()
    async with served(tmp_path / "saves", connections_per_minute=1) as s:
        holder = await s.connect("first")
        status, said = await run_openssh("ssh", s.front.port, key, "-tt", "late@127.0.0.1")
        assert status == 255
        assert "Too many connections from your address; try again in a minute." in said, said
        assert "Permission denied" not in said, said
        holder.close()
    assert caplog.text.count("refused a connection from 127.0.0.1") == 2


@needs_openssh
async def test_sftp_and_scp_are_refused_in_one_line_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "chimera.server")
    key, _ = key_file(tmp_path)
    async with served(tmp_path / "saves") as s:
        status, said = await run_openssh("sftp", s.front.port, key, "x@127.0.0.1")
        assert status != 0
        assert "no subsystems (no sftp or scp)" in said, said
        assert "subsystem request failed" not in said, said
        target = tmp_path / "copied"
        status, said = await run_openssh("scp", s.front.port, key, "x@127.0.0.1:/etc/passwd", str(target))
        assert status != 0 and not target.exists()
        assert "no subsystems (no sftp or scp)" in said, said
        status, said = await run_openssh(
            "scp", s.front.port, key, "-O", "x@127.0.0.1:/etc/passwd", str(target)
        )
        assert status != 0 and not target.exists()
        assert "copies no files (no scp)" in said, said
    assert caplog.text.count("refused a session: This server offers no subsystems") == 2


async def test_agent_forwarding_is_not_done_and_the_session_says_so(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "chimera.server")
    async with served(tmp_path / "saves") as s:
        key = asyncssh.generate_private_key("ssh-ed25519")
        conn = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                s.front.port,
                username="agent",
                client_keys=[key],
                known_hosts=None,
                agent_path=None,
                agent_forwarding=str(tmp_path / "agent.sock"),  # ask for it (no agent needs to be there)
            ),
            HANG,
        )
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        said = bytearray()
        async with asyncio.timeout(HANG):
            while b"lobby" not in said:
                said += await process.stdout.read(65536)
        errors = await asyncio.wait_for(process.stderr.read(4096), HANG)
        assert b"Your SSH agent was not forwarded: this server never uses it." in errors
        process.stdin.write(b"\x11")
        await asyncio.wait_for(process.wait(), HANG)
        conn.close()
    assert "did not forward SSH agent" in caplog.text


async def test_hostile_names_at_a_served_table_at_80x24(tmp_path: Path) -> None:
    """SSH user names that are markup, at a four-seat Codename table at 80x24 where every name is cut: the
    lobby, the waiting screen and the game draw, and no session fails."""
    from chimera_tui.server.link import HostLink

    async with served(tmp_path / "saves") as s:
        creator = await HostLink.connect(s.front.socket_path, s.host.issue_ticket("SHA256:c", "[/]"))
        table = await creator.create("codename", 4, bots=(None, None, None, "greedy"), seed=4)
        screens = []
        for user in ("[@click=app.quit]Q", "a\\[b]c[/b]"):
            conn = await s.connect(user)
            screen = await terminal(conn)
            await screen.wait_for(b"lobby")
            await screen.press(b"j")
            screen.keys(table.code.encode() + b"\r")
            screens.append((conn, screen))
        await until(lambda: table.started)
        for _, screen in screens:
            await screen.wait_for(b"Codename")
            for key in (b"\t", b"\t", b"c", b"\x1b", b"?", b"\x1b"):
                await screen.press(key)
        for conn, screen in screens:
            assert screen.process.exit_status is None, bytes(screen.received[-2000:])
            assert b"Traceback" not in screen.received and b"MarkupError" not in screen.received
            await screen.close()
            conn.close()
        await creator.close()
