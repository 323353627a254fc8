"""`chimera serve` as a real process: listening, the lobby over SSH, a table saved, SIGTERM, kill -9 and
resume."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import asyncssh
import pytest

from chimera_tui.commands.cli import main
from chimera_tui.server.clients import CLIENT_COMMAND
from chimera_tui.server.forks import ZYGOTE_COMMAND
from tests.server.helpers import HANG
from tests.server.ssh_helpers import terminal
from tests.server.stored import StoredTables


async def _start(
    tmp_path: Path, *extra: str, cwd: Path | None = None
) -> tuple[asyncio.subprocess.Process, int]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-P",  # as the `chimera` script starts: the working directory is not on the import path
        "-m",
        "chimera_tui",
        "serve",
        "--ssh",
        "127.0.0.1:0",
        "--saves",
        str(tmp_path / "saves"),
        "--data",
        str(tmp_path / "data"),
        *extra,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        cwd=cwd,
    )
    assert process.stdout is not None
    async with asyncio.timeout(HANG):
        while True:
            line = (await process.stdout.readline()).decode()
            assert line, "chimera serve ended before it listened"
            if found := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
                return process, int(found.group(1))


async def _connect(port: int, key: asyncssh.SSHKey) -> asyncssh.SSHClientConnection:
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", port, username="alice", client_keys=[key], known_hosts=None, agent_path=None
        ),
        HANG,
    )


async def test_serve_hosts_a_table_that_survives_kill_9(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    process, port = await _start(tmp_path, "--web", "127.0.0.1:0")
    try:
        assert process.stdout is not None
        async with asyncio.timeout(HANG):
            line = (await process.stdout.readline()).decode()
        found = re.search(r"web on 127\.0\.0\.1:(\d+)", line)
        assert found, line
        async with (
            aiohttp.ClientSession() as http,
            http.get(f"http://127.0.0.1:{found.group(1)}/") as page,
        ):
            assert page.status == 200 and "Chimera Tabletop" in await page.text()
        conn = await _connect(port, key)
        screen = await terminal(conn)
        await screen.wait_for(b"lobby")
        screen.keys(b"n")
        await screen.wait_for(b"Open a table")
        screen.keys(b"\x1b[15~")
        stored = StoredTables(tmp_path / "data")
        async with asyncio.timeout(HANG):
            while not stored.codes():
                await asyncio.sleep(0.05)
        (code,) = stored.codes()
        await screen.wait_for(code.encode())
        conn.close()
    finally:
        process.kill()  # kill -9: nothing is flushed
        await process.wait()
    assert os.stat(tmp_path / "data" / "ssh_host_ed25519_key").st_mode & 0o077 == 0
    assert os.stat(tmp_path / "data").st_mode & 0o777 == 0o700
    for name in ("chimera.db", "chimera.db-wal", "chimera.db-shm"):
        assert os.stat(tmp_path / "data" / name).st_mode & 0o777 == 0o600, name
    process, port = await _start(tmp_path)
    try:
        conn = await _connect(port, key)
        screen = await terminal(conn)
        await screen.wait_for(code.encode())  # the lobby lists the resumed table
        await screen.close()
        conn.close()
        process.send_signal(signal.SIGTERM)
        async with asyncio.timeout(HANG):
            assert await process.wait() == 0
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


def lookalikes(folder: Path) -> Path:
    """A folder holding packages named as ours and Textual that stop any process importing them."""
    for name in ("chimera_tui", "textual"):
        (folder / name).mkdir(parents=True)
        (folder / name / "__init__.py").write_text(f"raise SystemExit('the lookalike {name} was imported')\n")
    return folder


@pytest.mark.parametrize("command", [CLIENT_COMMAND, ZYGOTE_COMMAND], ids=["client", "session starter"])
def test_a_session_process_ignores_packages_in_the_working_directory(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHIMERA_")}
    done = subprocess.run(
        command, cwd=lookalikes(tmp_path), env=env, capture_output=True, text=True, timeout=HANG
    )
    assert "lookalike" not in done.stderr
    assert done.returncode == 2 and "it is started by the server" in done.stderr, done.stderr


async def test_serve_started_from_a_folder_of_lookalike_packages_serves_its_own(tmp_path: Path) -> None:
    folder = lookalikes(tmp_path / "checkout")
    process, port = await _start(tmp_path, cwd=folder)
    try:
        conn = await _connect(port, asyncssh.generate_private_key("ssh-ed25519"))
        screen = await terminal(conn)
        await screen.wait_for(b"lobby")
        await screen.close()
        conn.close()
    finally:
        process.kill()
        await process.wait()


def test_serve_refuses_a_bad_address(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--ssh", "nowhere"]) == 2
    assert "127.0.0.1:2222" in capsys.readouterr().err
    assert main(["serve", "--web", "8022"]) == 2
    assert "'8022' is not an address" in capsys.readouterr().err
    assert main(["serve", "--behind-proxy"]) == 2  # it is about the web front end
    assert capsys.readouterr().err == (
        "chimera serve: --behind-proxy is for the web front end: give --web HOST:PORT too.\n"
    )


@pytest.mark.parametrize(
    ("flag", "value", "words"),
    [
        ("--max-sessions", "0", "--max-sessions must be a whole number from 1 to 10000, not '0'."),
        ("--sessions-per-key", "two", "--sessions-per-key must be a whole number from 1 to 100"),
        ("--tables-per-key", "1.5", "--tables-per-key must be a whole number"),
        ("--connections-per-minute", "-3", "--connections-per-minute must be a whole number from 1"),
        ("--idle-timeout", "0.5", "--idle-timeout must be a number from 1 to 1440 minutes, not '0.5'."),
        ("--chat-lines", "1000", "--chat-lines must be a whole number from 1 to 100"),
        ("--chat-window", "nan", "--chat-window must be a number from 1 to 3600 seconds"),
        ("--chat-length", "201", "--chat-length must be a whole number from 1 to 200 characters"),
        ("--away-limit", "1", "--away-limit must be a number from 5 to 3600 seconds"),
        ("--bot-workers", "0", "--bot-workers must be a whole number from 1 to 256, not '0'."),
    ],
)
def test_serve_refuses_a_limit_out_of_range_in_one_line(
    flag: str, value: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", flag, value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("chimera serve: ") and words in err


def test_serve_help_names_every_limit(capsys: pytest.CaptureFixture[str]) -> None:
    from chimera_tui.server.flags import BOUNDS

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for bound, _ in BOUNDS:
        assert bound.flag in text
    assert "--web HOST:PORT" in text and "(default 3; 1 to 100)" in text


def test_serve_flags_are_read_with_their_defaults() -> None:
    from chimera_tui.commands.cli import build_parser
    from chimera_tui.server.flags import read_flags

    args = build_parser().parse_args(
        ["serve", "--sessions-per-key", "2", "--idle-timeout", "1.5", "--chat-window", "30"]
    )
    flags = read_flags(args)
    assert flags.sessions_per_key == 2 and flags.idle_timeout == 90.0 and flags.chat_window == 30.0
    assert flags.max_sessions == 64 and flags.chat_length == 200
    assert flags.bot_workers is None  # one per core, worked out at start
    assert read_flags(build_parser().parse_args(["serve", "--bot-workers", "3"])).bot_workers == 3


def test_a_killed_servers_socket_folder_is_removed_and_a_live_or_starting_one_kept(tmp_path: Path) -> None:
    """kill -9 leaves the private socket folder behind; the next start removes it, by its lock that nobody
    holds. A folder whose lock is held is kept even though nothing listens on its socket yet (a server that
    opens its store before it binds), and so is a folder without a lock file (a server making it)."""
    import os

    from chimera_tui.server.serve import make_socket_folder, remove_stale_socket_folders

    dead, held = make_socket_folder(tmp_path)
    os.close(held)  # as the kernel does when its server is killed
    live, lock = make_socket_folder(tmp_path)  # nothing listens in it: the probe of old removed it
    making = tmp_path / "chimera-serve-making"
    making.mkdir()
    other = tmp_path / "not-ours"
    other.mkdir()
    try:
        assert remove_stale_socket_folders(tmp_path) == 1
        assert not dead.exists() and live.exists() and making.exists() and other.exists()
        assert oct(live.stat().st_mode & 0o777) == "0o700"
    finally:
        os.close(lock)


def test_behind_proxy_reaches_the_web_front_end(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from chimera_tui.server import serve

    seen: list[serve.ServeOptions] = []
    monkeypatch.setattr(serve, "run", lambda options: seen.append(options) or 0)
    base = ["--saves", str(tmp_path), "serve", "--data", str(tmp_path), "--web", "127.0.0.1:0"]
    assert main([*base, "--behind-proxy"]) == 0
    assert main(base) == 0
    assert [o.web.behind_proxy if o.web else None for o in seen] == [True, False]
