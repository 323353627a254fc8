"""`/mute NAME` in a table's chat (issue 34): the player who said it no longer sees that player's lines, at any
table and after reconnecting (kept in the store), while everyone else does; `/unmute` shows them again; chat
commands count against the chat's rate like lines; anything else after a slash is answered with the
commands."""

from __future__ import annotations

from pathlib import Path

from chimera_tui.server.link import HostLink
from chimera_tui.server.moderating import CHAT_COMMANDS
from chimera_tui.server.playing import TOO_FAST
from chimera_tui.server.remote_table import RemoteTable
from tests.server.helpers import Hosted, hosted, until


async def _signed(h: Hosted, key: str, name: str) -> HostLink:
    signed = await h.host.sign_in(key, name)
    assert not isinstance(signed, str)
    return await h.link(*signed)


def _said(table: RemoteTable, line: str) -> bool:
    return line in table.chat_lines


async def test_a_player_mutes_another_for_themselves_everywhere_and_for_good(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await _signed(h, "SHA256:alice", "alice")
        bob = await _signed(h, "SHA256:bob", "bob")
        carol = await _signed(h, "SHA256:carol", "carol")
        told: list[str] = []
        refused: list[str] = []
        bob.on_notice(told.append)
        a = await alice.create("codename", 3, seed=2)
        b, c = await bob.join(a.code), await carol.join(a.code)
        b.on_refusal(refused.append)
        b.chat("/mute Alice")
        await until(
            lambda: (
                told
                == ["You no longer see alice's chat lines, at any table (/unmute alice shows them again)."]
            )
        )
        a.chat("one")
        c.chat("two")
        await until(lambda: _said(c, "alice: one") and _said(b, "carol: two") and _said(a, "carol: two"))
        assert not _said(b, "alice: one")  # hidden from bob alone
        await bob.close()  # kept in the store: a new session of bob's still does not see her
        bob = await _signed(h, "SHA256:bob", "bob")
        b = await bob.join(a.code)
        a.chat("three")
        await until(lambda: _said(c, "alice: three"))
        c.chat("four")
        await until(lambda: _said(b, "carol: four"))
        assert not any(line.startswith("alice:") for line in b.chat_lines)
        told.clear()
        bob.on_notice(told.append)
        b.on_refusal(refused.append)
        b.chat("/unmute alice")
        await until(lambda: told == ["You see alice's chat lines again."])
        a.chat("five")
        await until(lambda: _said(b, "alice: five"))
        b.chat("/shrug")
        await until(lambda: refused == [CHAT_COMMANDS])
        for _ in range(5):  # the rate counts commands too (each /mute is a store write and a log line)
            b.chat("/mute carol")
        await until(lambda: TOO_FAST in refused)
        for link in (alice, bob, carol):
            await link.close()
