"""Messages to a turn-based player, over real OpenSSH clients (issue 35): Bob gives his address on his page
(p, e), types the code the mail server received (c), and leaves; Alice opens a turn-based Station table, Bob
joins it, they play, Bob leaves; when it is his move, a mail says so once, after the grace, on the host's
clock that the test moves on; while he is connected, nothing more is sent."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from chimera_tui.server.host import TableHost
from chimera_tui.server.notify.sending import NotifyOptions
from tests.server.clock import FakeClock
from tests.server.helpers import HANG, until
from tests.server.notify_helpers import Mailbox
from tests.server.ssh_helpers import OPENSSH, Screen, key_file, openssh_args
from tests.server.test_turns_ssh import move, served
from tests.ui.terminal_replay import Shown

pytestmark = pytest.mark.skipif(OPENSSH is None, reason="the OpenSSH client (ssh) is not installed")

F5 = b"\x1b[15~"
DOWN = b"\x1b[B"
ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]")


class OpenSsh(Screen):
    """An OpenSSH client (`ssh -tt`) logged in to the front end: what it was sent, and keys to send."""

    def __init__(self, process: asyncio.subprocess.Process, size: tuple[int, int] = (80, 24)) -> None:
        self.openssh = process
        self.received = bytearray()
        self.shown = Shown(*size)  # what the bytes show: the client writes only the cells that change
        self._task = asyncio.ensure_future(self._read())

    @classmethod
    async def login(cls, port: int, key: Path, user: str) -> OpenSsh:
        process = await asyncio.create_subprocess_exec(
            *openssh_args("ssh", port, key, "-tt", f"{user}@127.0.0.1"),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        client = cls(process)
        await client.wait_for(b"lobby")
        return client

    async def _read(self) -> None:
        assert self.openssh.stdout is not None
        while chunk := await self.openssh.stdout.read(65536):
            self.received += chunk
            self.shown.feed(chunk)

    def keys(self, data: bytes) -> None:
        assert self.openssh.stdin is not None
        self.openssh.stdin.write(data)

    async def close(self) -> None:
        self.keys(b"\x11")  # Ctrl+Q
        try:
            async with asyncio.timeout(HANG):
                await self.openssh.wait()
        finally:
            if self.openssh.returncode is None:
                self.openssh.kill()
                await self.openssh.wait()
            self._task.cancel()


async def _settle(host: TableHost) -> None:
    for _ in range(5):
        await host.flush()
        assert host.sender is not None
        host.sender.wake()
        await asyncio.sleep(0.1)


async def test_bob_confirms_his_address_on_his_page_and_hears_of_his_move_once_over_openssh(
    tmp_path: Path,
) -> None:
    mailbox = Mailbox()
    mailbox.start()
    clock = FakeClock()
    options = NotifyOptions(
        mail=mailbox.options(), grace=120.0, poll=0.1, public_url="ssh://play.example:2222"
    )
    alice_key, _ = key_file(tmp_path)
    bob_key, _ = key_file(tmp_path)
    try:
        async with served(tmp_path / "saves", clock, notify=options) as (host, port):
            bob = await OpenSsh.login(port, bob_key, "bob")
            await bob.press(b"p")
            await bob.wait_for(b"Told of your turns")
            await bob.press(b"e")
            await bob.wait_for(b"Your e-mail address")
            mark = len(bob.received)
            await bob.press(b"bob@example.org\r")
            await bob.wait_for(b"A code is on its way", mark)
            await mailbox.wait_for(1)
            await bob.press(b"c")
            await bob.wait_for(b"The code sent to your address")
            mark = len(bob.received)
            await bob.press(mailbox.code().encode() + b"\r")
            await bob.wait_for(b"(confirmed)", mark)
            await bob.close()

            alice = await OpenSsh.login(port, alice_key, "alice")
            alice.keys(b"n")
            await alice.wait_for(b"Open a table")
            for key in (b"\t", b"\t", b"\r", DOWN, DOWN, b"\r"):  # turn-based, a day a move
                await alice.press(key)
            alice.keys(F5)
            await until(lambda: len(host.tables) == 1)
            (code,) = host.tables
            table = host.tables[code]
            bob = await OpenSsh.login(port, bob_key, "bob")
            bob.keys(b"j")
            await bob.wait_for(b"The table's code")
            bob.keys(code.encode() + b"\r")
            for screen in (alice, bob):
                await screen.wait_for(b"thinking")
            screens = {0: alice, 1: bob}
            while table.to_act() != 1 or table.match is None or len({e.seat for e in table.match.log}) < 2:
                actor = table.to_act()
                assert actor is not None
                await move(screens[actor], host, code)  # type: ignore[arg-type]  # an OpenSSH screen
            await bob.close()  # Bob's move, and Bob gone
            await until(lambda: not table.here.get(1))
            clock.advance(60)
            await _settle(host)
            assert len(mailbox.messages) == 1  # the grace
            clock.advance(61)
            await _settle(host)
            await mailbox.wait_for(2)
            body = mailbox.bodies()[1]
            assert body.startswith(f"Your move at {code} (Chimera Station), 23 h left.")
            assert "To stop these messages: ssh -p 2222 play.example, then p (your page)" in body
            bob = await OpenSsh.login(port, bob_key, "bob")  # back: the lobby says so, no mail does
            await bob.wait_for(b"waits for your move")
            clock.advance(19 * 3600)  # past the reminder's time, while he is connected
            await _settle(host)
            assert len(mailbox.messages) == 2
            await bob.close()
            await alice.close()
    finally:
        mailbox.stop()
