"""Names, bans and mutes across two `chimera serve` processes sharing one real PostgreSQL, with the OpenSSH
client and asyncssh terminals (issue 34): a name taken on one host is refused on the other; the operator's
`chimera players ban` ends the player's session on the host they are on (told through LISTEN/NOTIFY) and is
refused at login on both; `/mute NAME` at a table hides a player of the other host; a host-wide mute refuses
their lines; every host writes each action to its log."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh
import pytest

from tests.server.helpers import HANG
from tests.server.ssh_helpers import OPENSSH, Screen, key_file, run_openssh
from tests.server.stored import StoredTables
from tests.server.test_hosts_ssh import host, open_table, player, wait
from tests.server.test_names_ssh import chimera

pytestmark = pytest.mark.skipif(OPENSSH is None, reason="the OpenSSH client (ssh) is not installed")

CHAT = b"\x14"  # Ctrl+T
ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\s|\xe2\x96\x8c")  # escapes, spaces, a toast's border


async def shows(screen: Screen, words: str) -> None:
    """Wait until `screen` shows `words`, however a toast wraps them (escapes, spaces and borders left out)."""
    wanted = ANSI.sub(b"", words.encode())
    try:
        async with asyncio.timeout(HANG):
            while wanted not in ANSI.sub(b"", bytes(screen.received)):
                await asyncio.sleep(0.05)
    except TimeoutError:
        seen = ANSI.sub(b"", bytes(screen.received))
        at = seen.find(wanted[:8])
        raise AssertionError(seen[at - 100 : at + 300] if at >= 0 else seen[-1500:]) from None


async def test_names_bans_and_mutes_hold_on_every_host_of_one_database(pg_url: str, tmp_path: Path) -> None:
    stored = StoredTables(url=pg_url)
    alice_key, carol_key, bob_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    stranger, _ = key_file(tmp_path)
    bob_file, _ = key_file(tmp_path, bob_key)
    async with host(tmp_path, "h1", pg_url) as one, host(tmp_path, "h2", pg_url) as two:
        alice = await player(one.port, "alice", alice_key)  # alice takes her name on host 1
        status, said = await run_openssh("ssh", two.port, stranger, "-tt", "Alice@127.0.0.1")
        assert (
            status == 1 and "chimera: The name Alice (it reads as alice) belongs to another player" in said
        ), said
        # alice and carol at one table, one on each host.
        code = await open_table(alice, stored)
        carol = await player(two.port, "carol", carol_key)
        await carol.wait_for(code.encode())
        carol.keys(b"j")
        await carol.wait_for(b"The table's code")
        carol.keys(code.encode() + b"\r")
        for screen in (alice, carol):
            await screen.wait_for(b"thinking")
        # carol mutes alice: host 2 asks the store who alice is, and hides her lines from carol only.
        carol.keys(CHAT)
        await carol.wait_for(b"Chat at table")
        carol.keys(b"/mute alice\r")
        await shows(carol, "You no longer see alice's chat lines")
        mark = len(carol.received)
        alice.keys(CHAT)
        await alice.wait_for(b"Chat at table")
        alice.keys(b"hello from one\r")
        await alice.wait_for(b"alice: hello from one")
        # The operator mutes alice on every host: host 1 hears it through the store and refuses her line.
        done = await asyncio.to_thread(chimera, "players", "mute", "alice", "--db", pg_url)
        assert done.returncode == 0, done
        await wait(lambda: "operator: muted alice for everyone" in one.text(), "host 1 logging the mute", one)
        alice.keys(CHAT)
        await alice.wait_for(b"Chat at table", len(alice.received) - 1)
        alice.keys(b"anyone there\r")
        await shows(alice, "The operator of this server has muted you")
        assert b"hello from one" not in carol.received[mark:]  # never shown to carol
        # bob plays on host 2; the operator bans him: his session there ends, told why, both hosts log it.
        bob = await player(two.port, "bob", bob_key)
        done = await asyncio.to_thread(chimera, "players", "ban", "bob", "--reason", "spam", "--db", pg_url)
        assert done.returncode == 0, done
        await bob.wait_for(b"The operator of this server has banned you.")
        await bob.finish()
        for log in (one, two):
            await wait(lambda log=log: "operator: banned bob (spam)" in log.text(), "the ban in the log", log)
        for port in (one.port, two.port):  # and refused at login on either host, in one sentence
            status, said = await run_openssh("ssh", port, bob_file, "-tt", "bob@127.0.0.1")
            assert (
                status == 1 and "chimera: The operator of this server has banned you (spam).\r\n" in said
            ), said
        listed = await asyncio.to_thread(chimera, "players", "--db", pg_url)
        assert "banned (spam)" in listed.stdout and "muted" in listed.stdout, listed.stdout
        for screen in (alice, carol):
            await screen.close()
