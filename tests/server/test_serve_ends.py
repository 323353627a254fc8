"""How sessions of a real `chimera serve` process end: under ``nohup`` (SIGHUP ignored by the server), and
when SIGTERM stops the server while players are connected."""

from __future__ import annotations

import asyncio
import re
import signal
import sys
from pathlib import Path

import asyncssh

from chimera_tui.server.ssh_session import RESTORE
from tests.server.helpers import HANG
from tests.server.ssh_helpers import terminal


def _as_under_nohup() -> None:  # runs in the server's process before exec, as nohup does
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


async def test_under_nohup_a_dropped_session_ends_at_once_and_sigterm_tells_every_player(
    tmp_path: Path,
) -> None:
    log = tmp_path / "serve.log"
    with log.open("wb") as sink:
        server = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "chimera_tui",
            "serve",
            "--ssh",
            "127.0.0.1:0",
            "--saves",
            str(tmp_path / "saves"),
            "--data",
            str(tmp_path / "data"),
            stdout=asyncio.subprocess.PIPE,
            stderr=sink,
            preexec_fn=_as_under_nohup,
        )
    try:
        assert server.stdout is not None
        async with asyncio.timeout(HANG):
            while not (
                found := re.search(rb"listening on 127\.0\.0\.1:(\d+)", await server.stdout.readline())
            ):
                pass
        port = int(found.group(1))

        async def connect(name: str) -> asyncssh.SSHClientConnection:
            key = asyncssh.generate_private_key("ssh-ed25519")
            return await asyncio.wait_for(
                asyncssh.connect(
                    "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None
                ),
                HANG,
            )

        dropped, staying = await connect("dropped"), await connect("staying")
        gone, here = await terminal(dropped), await terminal(staying)
        await gone.wait_for(b"lobby")
        await here.wait_for(b"lobby")
        dropped.close()  # the line drops: the client process gets SIGHUP
        async with asyncio.timeout(HANG):
            while b"session of" not in log.read_bytes() or b"ended" not in log.read_bytes():
                await asyncio.sleep(0.05)
        server.send_signal(signal.SIGTERM)
        async with asyncio.timeout(HANG):
            await here.process.wait()
            assert await server.wait() == 0
        staying.close()
        await here.finish()
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
    text = log.read_text()
    assert "did not end on SIGHUP" not in text, text
    assert text.count("ended (") == 2, text
    assert here.received.endswith(
        RESTORE + b"\r\nchimera: The server is shutting down; your tables are saved.\r\n"
    )


def test_a_client_hears_sighup_and_sigterm_whatever_its_parent_ignored() -> None:
    import subprocess

    probe = (
        "import signal; from chimera_tui.ui.signals import start_fresh; start_fresh(); "
        "print(signal.getsignal(signal.SIGHUP) is signal.SIG_DFL, signal.getsignal(signal.SIGTERM) is signal.SIG_DFL)"
    )

    def ignore() -> None:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)

    out = subprocess.run(
        [sys.executable, "-c", probe],
        preexec_fn=ignore,
        capture_output=True,
        text=True,
        check=True,
        timeout=HANG,
    )
    assert out.stdout.split() == ["True", "True"]
