"""Saves are private: a table's save holds its seed, and the seed reveals every hidden card. Real files with
the process's usual umask (022), checked with stat."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from chimera_tui.commands.cli import _make_saves_private
from chimera_tui.saves import saves_dir, write_atomic
from tests.server.helpers import HANG, hosted, play, until


@pytest.fixture(autouse=True)
def usual_umask() -> Iterator[None]:
    old = os.umask(0o022)  # what most machines give a user: new files 0644, folders 0755
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


async def test_the_table_store_and_its_journal_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        a = await alice.create("codename", 2, seed=3)
        b = await bob.join(a.code)
        await until(lambda: a.started and b.started)
        await play([a, b], 2)
        await h.host.flush()
        files = sorted(p for p in tmp_path.iterdir() if p.is_file())
        assert {p.name for p in files} >= {"chimera.db", "chimera.db-wal"}, files
        for path in files:
            assert mode(path) == 0o600, (path.name, oct(mode(path)))
        await alice.close()
        await bob.close()


def test_the_save_folder_is_made_private_and_a_loose_one_is_tightened_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fresh = saves_dir(tmp_path / "new" / "saves")
    assert mode(fresh) == 0o700
    write_atomic(fresh / "game.chimera", b"seed")
    assert mode(fresh / "game.chimera") == 0o600
    loose = tmp_path / "old"
    loose.mkdir(mode=0o755)
    (loose / "game.chimera").write_bytes(b"seed")
    (loose / "game.chimera").chmod(0o644)
    (loose / "link").symlink_to("/etc/passwd")  # never followed
    before = mode(Path("/etc/passwd"))
    _make_saves_private(str(loose))
    assert capsys.readouterr().err == (
        f"chimera: '{loose}' and 1 file in it could be read by other users of this machine; now only you can.\n"
    )
    assert mode(loose) == 0o700 and mode(loose / "game.chimera") == 0o600
    assert mode(Path("/etc/passwd")) == before
    _make_saves_private(str(loose))
    assert capsys.readouterr().err == ""  # nothing more to say


async def test_serve_tightens_what_it_finds_loose_at_start_and_says_so(tmp_path: Path) -> None:
    saves, data = tmp_path / "saves", tmp_path / "data"
    for folder in (saves, data):
        folder.mkdir(mode=0o755)
        folder.chmod(0o755)
    (saves / "table-ABCDE.seats").write_bytes(b"")
    (saves / "table-ABCDE.seats").chmod(0o644)
    log = tmp_path / "serve.log"
    with log.open("wb") as sink:
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "chimera_tui", "serve", "--ssh", "127.0.0.1:0", "--saves", str(saves),
            "--data", str(data), stdout=asyncio.subprocess.PIPE, stderr=sink,
        )  # fmt: skip
    try:
        assert server.stdout is not None
        async with asyncio.timeout(HANG):
            while not re.search(rb"listening on", await server.stdout.readline()):
                pass
        server.send_signal(signal.SIGTERM)
        async with asyncio.timeout(HANG):
            await server.wait()
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
    assert mode(saves) == 0o700 and mode(data) == 0o700
    assert mode(saves / "table-ABCDE.seats") == 0o600
    assert mode(data / "ssh_host_ed25519_key") == 0o600
    text = log.read_text()
    assert (
        f"'{saves}' and 1 file in it could be read by other users of this machine; now only you can." in text
    )
    assert f"'{data}' could be read by other users" in text, text
