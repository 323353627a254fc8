"""`chimera serve` as the operator runs it, with messages on (issue 35): its login comes from a file and is
never on the command line or in the log; a bad flag is one sentence; and a host killed with kill -9 while a
message waits (its hook down) sends it once when it is started again, and only then."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncssh

from tests.server.helpers import HANG
from tests.server.notify_helpers import PASSWORD, USER, HookServer, Mailbox
from tests.server.ssh_helpers import Screen, terminal


@asynccontextmanager
async def chimera_serve(
    tmp: Path, *flags: str
) -> AsyncIterator[tuple[asyncio.subprocess.Process, int, Path]]:
    """`chimera serve` in a process of its own on a free port (its log in tmp/serve.log)."""
    log = tmp / "serve.log"
    with log.open("ab") as err:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "chimera_tui",
            "serve",
            "--ssh",
            "127.0.0.1:0",
            "--data",
            str(tmp / "data"),
            "--saves",
            str(tmp / "saves"),
            *flags,
            stdout=asyncio.subprocess.PIPE,
            stderr=err,
        )
    lines = []
    try:
        assert process.stdout is not None
        async with asyncio.timeout(HANG):
            while True:
                line = (await process.stdout.readline()).decode()
                assert line, f"chimera serve ended: {log.read_text()}"
                lines.append(line)
                if found := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
                    break
            while "messages to players" not in lines[-1]:
                lines.append((await process.stdout.readline()).decode())
        (tmp / "serve.out").write_text("".join(lines))
        yield process, int(found.group(1)), log
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_the_operators_login_stays_out_of_the_command_line_and_the_log(tmp_path: Path) -> None:
    mailbox = Mailbox()
    login = tmp_path / "smtp-login"
    login.write_text(f"{USER}\n{PASSWORD}\n")
    login.chmod(0o600)
    flags = ("--smtp", f"127.0.0.1:{mailbox.port}", "--smtp-login", str(login), "--hooks")
    async with chimera_serve(tmp_path, *flags) as (process, _, log):
        said = (tmp_path / "serve.out").read_text()
        assert (
            f"messages to players: e-mail through 127.0.0.1:{mailbox.port} (starttls, with a login) and web hooks"
            in said
        )
        command = Path(f"/proc/{process.pid}/cmdline").read_bytes().decode(errors="replace")
        assert PASSWORD not in command and PASSWORD not in said and PASSWORD not in log.read_text()
    bad = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "chimera_tui",
        "serve",
        "--smtp",
        "mail.example.org",
        "--data",
        str(tmp_path / "x"),
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await bad.communicate()
    assert bad.returncode == 2
    assert (
        err.decode()
        == "chimera serve: --smtp takes HOST:PORT, such as mail.example.org:587, not 'mail.example.org'.\n"
    )


async def test_a_host_killed_while_a_message_waits_sends_it_once_when_it_is_back(tmp_path: Path) -> None:
    hooks = HookServer(fail=1000)  # the hook is down: the message waits, tried again in 30 s
    await hooks.start()
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        async with chimera_serve(tmp_path, "--hooks-to-private") as (process, port, log):
            conn = await asyncssh.connect(
                "127.0.0.1", port, username="bob", client_keys=[key], known_hosts=None, agent_path=None
            )
            bob: Screen = await terminal(conn)
            await bob.wait_for(b"lobby")
            await bob.press(b"p")
            await bob.wait_for(b"Told of your turns")
            await bob.press(b"h")
            await bob.press(hooks.url.encode() + b"\r")
            await bob.wait_for(b"Your web hook is set")
            await bob.press(b"t")
            async with asyncio.timeout(HANG):
                while "a message (test) to" not in log.read_text():
                    await asyncio.sleep(0.1)
            assert hooks.received == []
            os.kill(process.pid, signal.SIGKILL)  # killed, the message waiting
            await process.wait()
            conn.close()
        hooks.fail = 0
        async with chimera_serve(tmp_path, "--hooks-to-private"):
            async with asyncio.timeout(HANG * 3):
                while not hooks.received:
                    await asyncio.sleep(0.2)
            await asyncio.sleep(2)
        assert [m["event"] for m in hooks.received] == ["test"]
    finally:
        await hooks.stop()
