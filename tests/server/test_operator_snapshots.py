"""Pictures at 80×24 of what the operator and a banned player see (issue 34): `chimera players` (the list, and
one player shown) in a terminal, and a banned player's OpenSSH client refused in tmux. Each is the terminal's
text drawn as an SVG (Rich), compared with its snapshot (`--snapshot-update` writes it; look at it as a PNG
with rsvg-convert before committing)."""

from __future__ import annotations

import asyncio
import io
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.image import SVGImageSnapshotExtension

from chimera_tui.server.store.moderation import ban, mute, reserve
from chimera_tui.server.store.people import link_key, new_code, sign_in
from chimera_tui.server.store.sqlite import SqliteStore
from chimera_tui.server.store.steps import Query
from tests.server.helpers import HANG
from tests.server.ssh_helpers import OPENSSH, key_file, openssh_args, served

DAY = 86400.0
START = 1_800_000_000.0  # 2027-01-15 08:00 UTC


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def svg(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(SVGImageSnapshotExtension)


def picture(lines: list[str], title: str) -> str:
    """The last 24 of `lines` as an 80×24 terminal shows them, as an SVG (plain text: nothing is markup)."""
    console = Console(width=80, height=24, record=True, file=io.StringIO(), color_system=None)
    for line in (lines[-24:] + [""] * 24)[:24]:
        console.print(Text(line), overflow="crop", no_wrap=True)
    return console.export_svg(title=title)


async def _players(folder: Path) -> None:
    """alice (two keys, two names, rated games), bob (banned), carol (muted), dave, and admin reserved."""
    store = SqliteStore(folder)
    await store.open()
    try:
        for n, (key, name) in enumerate(
            [
                ("SHA256:alice", "alice"),
                ("SHA256:bob", "bob"),
                ("SHA256:carol", "carol"),
                ("SHA256:dave", "dave"),
            ]
        ):
            await store.run(sign_in(key, name, START + n * 600))
            await store.seen(key, name, START + n * 3600)
        await store.run(sign_in("SHA256:alice", "al", START + DAY))
        await store.run(new_code("SHA256:alice", "K7QX4MZP", START + DAY))
        await store.run(link_key("SHA256:alice-laptop", "alice", "K7QX4MZP", START + DAY))
        await store.seen("SHA256:alice-laptop", "alice", START + 2 * DAY)
        await store.run(_rated("SHA256:alice", "station", 30.0, 2.5, 12, 7.0))
        await store.run(_rated("SHA256:carol", "codename", 24.0, 6.0, 3, 1.0))
        await store.run(ban("bob", "spamming the chat", START + DAY))
        await store.run(mute("*", "SHA256:carol", START + DAY, "carol"))
        await store.run(reserve("admin", START))
    finally:
        await store.close()


def _rated(identity: str, game: str, mu: float, sigma: float, games: int, wins: float):  # type: ignore[no-untyped-def]
    yield Query(
        "INSERT INTO ratings (game, identity, player, name, mu, sigma, games, wins, updated) "
        "VALUES (?, ?, '', '', ?, ?, ?, ?, ?)",
        (game, identity, mu, sigma, games, wins, START),
    )


def _chimera(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "chimera_tui", *args],
        capture_output=True,
        text=True,
        timeout=HANG,
        check=True,
        env={**os.environ, "TZ": "UTC", "COLUMNS": "80"},
    )
    return done.stdout.splitlines()


@pytest.mark.parametrize("command", ["list", "show"])
async def test_chimera_players_at_80x24(
    tmp_path: Path, utc: None, svg: SnapshotAssertion, command: str
) -> None:
    """The list (names, keys, last seen, rated games, banned with the reason, muted; reserved names) and
    `show alice` (her names, both keys, tables, her rating, no ban), each line within 80 columns."""
    await _players(tmp_path / "data")
    words = ["show", "alice"] if command == "show" else []
    lines = _chimera("players", *words, "--data", str(tmp_path / "data"))
    lines = [line.replace(str(tmp_path), "/var/lib") for line in lines]
    assert all(len(line) <= 80 for line in lines if not line.startswith("Store: ")), lines
    typed = f"$ chimera players {' '.join([*words, '--data', '/var/lib/data'])}"
    assert picture([typed, *lines], "chimera players") == svg


@pytest.mark.skipif(
    OPENSSH is None or shutil.which("tmux") is None, reason="needs the OpenSSH client and tmux"
)
async def test_a_banned_players_refusal_at_80x24(tmp_path: Path, svg: SnapshotAssertion) -> None:
    """bob, banned by the operator, connects with OpenSSH in an 80×24 tmux window: one line and OpenSSH's own
    goodbye, nothing misleading."""
    async with served(tmp_path / "saves") as s:
        bob, key = key_file(tmp_path)
        known = tmp_path / "known_hosts"
        host_key = s.front.host_key.export_public_key("openssh").decode().strip()
        known.write_text(f"[127.0.0.1]:{s.front.port} {host_key}\n")
        await s.host.sign_in(str(key.get_fingerprint("sha256")), "bob")
        await s.host.store.run(ban("bob", "spamming the chat", START))
        args = openssh_args("ssh", s.front.port, bob, "-tt", "bob@127.0.0.1")
        args[args.index("UserKnownHostsFile=/dev/null")] = f"UserKnownHostsFile={known}"
        args[args.index("StrictHostKeyChecking=no")] = "StrictHostKeyChecking=yes"
        window = f"chimera-ban-{os.getpid()}"
        command = f"printf '$ ssh bob@127.0.0.1\\n'; {shlex.join(args)}; sleep 60"
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", window, "-x", "80", "-y", "24", command], check=True
        )
        try:
            async with asyncio.timeout(HANG):
                while "closed." not in (shown := _pane(window)):
                    await asyncio.sleep(0.1)
        finally:
            subprocess.run(["tmux", "kill-session", "-t", window], check=False)
    lines = shown.splitlines()
    assert lines[1] == "chimera: The operator of this server has banned you (spamming the chat)."
    assert picture(lines, "ssh bob@127.0.0.1") == svg


def _pane(window: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", window], capture_output=True, text=True).stdout
