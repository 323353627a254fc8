"""Names over SSH, with the OpenSSH client (issue 34): a name belongs to the key that took it first, and
another key asking for it (or a lookalike) is refused in one sentence with what it may do instead; a name
longer than the limit is refused naming the limit; a one-time code shown on the owner's page adds their new
key; and the operator's `chimera players` bans and mutes beside the running server (SQLite)."""

from __future__ import annotations

import asyncio
import logging
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from chimera_tui.server.store.people import keys_of
from tests.server.helpers import HANG
from tests.server.ssh_helpers import OPENSSH, Screen, key_file, openssh_args, run_openssh, served, terminal

pytestmark = pytest.mark.skipif(OPENSSH is None, reason="the OpenSSH client (ssh) is not installed")

ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]")


async def openssh_lobby(port: int, key: Path, user: str) -> None:
    """Log in with OpenSSH (a terminal forced with -tt), wait for the lobby, and quit with Ctrl+Q."""
    process = await asyncio.create_subprocess_exec(
        *openssh_args("ssh", port, key, "-tt", f"{user}@127.0.0.1"),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    assert process.stdin is not None and process.stdout is not None
    seen = b""
    try:
        async with asyncio.timeout(HANG):
            while b"lobby" not in seen:
                chunk = await process.stdout.read(65536)
                assert chunk, f"the session ended before its lobby: {seen[-400:]!r}"
                seen += chunk
            process.stdin.write(b"\x11")
            await process.wait()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


def chimera(*args: str) -> subprocess.CompletedProcess[str]:
    """`chimera ARGS` as the operator runs it, in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "chimera_tui", *args],
        capture_output=True,
        text=True,
        timeout=HANG,
        check=False,
    )


async def test_a_name_is_its_first_keys_and_another_key_is_refused_in_one_sentence(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "chimera.server")
    async with served(tmp_path / "saves") as s:
        alice, _ = key_file(tmp_path)
        stranger, _ = key_file(tmp_path)
        await openssh_lobby(s.front.port, alice, "alice")
        for asked in ("alice", "Alice", "\u0430lice", "\uff41lice", "AIice"):  # Cyrillic а, full-width ａ
            status, said = await run_openssh("ssh", s.front.port, stranger, "-tt", f"{asked}@127.0.0.1")
            typed = unicodedata.normalize("NFKC", asked)  # asyncssh takes a user name in that form (SASLprep)
            reads = "" if typed == "alice" else " (it reads as alice)"
            assert (
                status == 1
                and (
                    f"chimera: The name {typed}{reads} belongs to another player: connect as "
                    "another name (ssh NAME@HOST), or, if alice is yours, as alice+CODE with a code from your page in "
                    "a session of alice's (p, then k).\r\n"
                )
                in said
            ), said
            assert "Permission denied" not in said
        status, said = await run_openssh("ssh", s.front.port, stranger, "-tt", f"{'W' * 30}@127.0.0.1")
        assert (
            "chimera: Names here are at most 24 characters and yours has 30: connect with a shorter one."
            in said
        )
        await openssh_lobby(s.front.port, alice, "ALICE")  # her own name, however she types it
        await openssh_lobby(s.front.port, stranger, "bob")  # a free name is the stranger's now
        assert (
            "refused a session: The name Alice (it reads as alice) belongs to another player" in caplog.text
        )


async def test_a_code_from_the_owners_page_adds_their_new_key_once(tmp_path: Path) -> None:
    async with served(tmp_path / "saves") as s:
        _, first_key = key_file(tmp_path)
        laptop, _ = key_file(tmp_path)
        stranger, _ = key_file(tmp_path)
        screen: Screen = await terminal(await s.connect("alice", first_key))
        await screen.wait_for(b"lobby")
        await screen.press(b"p")
        await screen.wait_for(b"Your keys")
        start = len(screen.received)
        await screen.press(b"k")
        end = await screen.wait_for(b"before", start)
        shown = ANSI.sub(b"", bytes(screen.received[start:end])).decode(errors="replace")
        found = re.search(r"alice\+([A-Z0-9]{4}-[A-Z0-9]{4})", shown)
        assert found, shown
        code = found.group(1)
        status, said = await run_openssh("ssh", s.front.port, stranger, "-tt", "alice+AAAA-AAAA@127.0.0.1")
        assert status == 1 and "chimera: That code adds no key to alice: that code is wrong" in said
        await openssh_lobby(s.front.port, laptop, f"alice+{code}")  # the new key, with the code: in
        await openssh_lobby(s.front.port, laptop, "alice")  # and from then on as alice
        status, said = await run_openssh("ssh", s.front.port, stranger, "-tt", f"alice+{code}@127.0.0.1")
        assert status == 1 and "that code is unknown or has expired" in said  # used once
        account = next(iter(s.host._sessions))
        assert len(await s.host.store.run(keys_of(account))) == 2
        await screen.close()


async def test_the_operator_bans_beside_a_running_sqlite_server_and_the_player_is_told(
    tmp_path: Path,
) -> None:
    saves = tmp_path / "saves"
    async with served(saves) as s:
        bob, bob_key = key_file(tmp_path)
        screen = await terminal(await s.connect("bob", bob_key))
        await screen.wait_for(b"lobby")
        done = await asyncio.to_thread(
            chimera, "players", "ban", "bob", "--reason", "spam", "--data", str(saves)
        )
        assert done.returncode == 0 and done.stdout.startswith("Banned bob: refused at login"), done
        await screen.wait_for(b"The operator of this server has banned you.")  # the session ends, told why
        await screen.finish()
        for name in ("bob", "robert"):  # the account's key is refused under any name
            status, said = await run_openssh("ssh", s.front.port, bob, "-tt", f"{name}@127.0.0.1")
            assert status == 1 and "chimera: The operator of this server has banned you (spam).\r\n" in said
        listed = await asyncio.to_thread(chimera, "players", "--data", str(saves))
        assert re.search(r"^bob +1 .* banned \(spam\)$", listed.stdout, re.M), listed.stdout
        assert (
            await asyncio.to_thread(chimera, "players", "unban", "bob", "--data", str(saves))
        ).returncode == 0
        await openssh_lobby(s.front.port, bob, "bob")


async def test_the_operator_renames_a_player_who_is_told_and_connects_under_the_new_name(
    tmp_path: Path,
) -> None:
    saves = tmp_path / "saves"
    async with served(saves) as s:
        alice, alice_key = key_file(tmp_path)
        stranger, _ = key_file(tmp_path)
        screen = await terminal(await s.connect("admin", alice_key))
        await screen.wait_for(b"lobby")
        done = await asyncio.to_thread(chimera, "players", "rename", "admin", "alice", "--data", str(saves))
        assert done.returncode == 0 and done.stdout.startswith(
            "Renamed admin to alice (admin stays reserved"
        ), done
        await screen.wait_for(b"The operator of this server renamed you to alice: connect as alice.")
        await screen.finish()
        status, said = await run_openssh("ssh", s.front.port, alice, "-tt", "admin@127.0.0.1")
        assert (
            status == 1
            and (
                "chimera: The name admin is reserved on this server: connect as another name (ssh NAME@HOST) "
                "(this key has alice).\r\n"
            )
            in said
        ), said
        status, said = await run_openssh("ssh", s.front.port, stranger, "-tt", "Admin@127.0.0.1")
        assert status == 1 and "The name Admin is reserved on this server" in said
        await openssh_lobby(s.front.port, alice, "alice")
        freed = await asyncio.to_thread(chimera, "players", "free", "admin", "--data", str(saves))
        assert freed.returncode == 0 and freed.stdout == "The name admin is free.\n"
        await openssh_lobby(s.front.port, stranger, "admin")
