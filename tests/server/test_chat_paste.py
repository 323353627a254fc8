"""A paste while the chat is open goes to the chat's line, as plain text, or nowhere; never to the game below.

Two ways in: the raw bytes of a bracketed paste over a real SSH connection to the client's own
pseudo-terminal on the server, and a real paste by tmux into the OpenSSH client running in tmux's
pseudo-terminal. (The app given a paste by Textual's Pilot: tests/server/test_lobby_chat.py.)"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from chimera_tui.server import protocol as P
from tests.server.helpers import HANG, until
from tests.server.ssh_helpers import OPENSSH, Screen, Served, key_file, openssh_args, served, terminal

F5 = b"\x1b[15~"
CTRL_T = b"\x14"
PASTE = "aaa \x1b[31mred\x1b[0m bbb\nsecond line\n"
"""The audit's paste: colour codes, and line breaks that used to say the line and close the chat."""
SAID = "aaa red bbb second line"
"""What the chat's line holds after it: the paste's lines, as plain text."""
LONG = "".join(f"{n:04d} \x1b[1;3{n % 8}m{'x' * 20}\x1b[0m\tjk\x1b[Bhl\r\n" for n in range(300))
"""Some 12 KB of lines full of escape sequences, tabs, the board's cursor keys and arrows."""


async def _seated_at_a_new_table(s: Served, alice: Screen) -> str:
    """Alice opens a Station table in her lobby; Bob joins it over SSH; both see the game. Its code."""
    await alice.wait_for(b"lobby")
    alice.keys(b"n")
    await alice.wait_for(b"Open a table")
    alice.keys(F5)
    await until(lambda: len(s.host.tables) == 1)
    (code,) = s.host.tables
    await _bob_joins(s, code)
    return code


async def _bob_joins(s: Served, code: str) -> Screen:
    """Bob joins the table `code` by its code from his lobby over SSH; the game starts."""
    bob = await terminal(await s.connect("bob"))
    await bob.wait_for(b"lobby")
    bob.keys(b"j")
    await bob.wait_for(b"The table's code")
    bob.keys(code.encode() + b"\r")
    await until(lambda: s.host.tables[code].started)
    return bob


async def test_a_bracketed_paste_over_ssh_reaches_the_chat_whole(tmp_path: Path) -> None:
    """The raw bytes a terminal sends for a paste, over a real SSH connection to the client's pseudo-terminal
    on the server (Textual's own parser reads them there)."""
    async with served(tmp_path / "saves") as s:
        alice = await terminal(await s.connect("alice"))
        code = await _seated_at_a_new_table(s, alice)
        table = s.host.tables[code]
        await alice.wait_for(b"thinking")
        step = len(table.match or ())
        for n, pasted in enumerate((PASTE, LONG)):
            mark = len(alice.received)
            alice.keys(CTRL_T)
            await alice.wait_for(b"Chat at table", mark)
            await asyncio.sleep(0.3)  # the line has the focus (a person looks before pasting)
            alice.keys(b"\x1b[200~" + pasted.encode() + b"\x1b[201~")
            await asyncio.sleep(0.5)
            alice.keys(b"\r")
            await until(lambda n=n: len(table.chat) == n + 1)
            assert len(table.match or ()) == step
        (_, said), (_, long_line) = table.chat
        assert said == f"alice: {SAID}"
        assert (
            long_line.startswith("alice: 0000 xxxxxxxxxxxxxxxxxxxx jk") and len(long_line) == 7 + P.CHAT_LIMIT
        )
        assert b"Traceback" not in alice.received
        await alice.close()


needs_tmux_and_openssh = pytest.mark.skipif(
    OPENSSH is None or shutil.which("tmux") is None,
    reason="tmux or the OpenSSH client (ssh) is not installed",
)


class Tmux:
    """A tmux server of this test's own (its own socket name), one pane at 80x24."""

    def __init__(self, command: list[str]) -> None:
        self.socket = f"chimera-test-{uuid.uuid4().hex[:8]}"
        self.run("new-session", "-d", "-x", "80", "-y", "24", subprocess.list2cmdline(command))
        self.socket_path = self.run("display-message", "-p", "#{socket_path}").strip()

    def run(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=HANG
        )
        return done.stdout

    def text(self) -> str:
        return self.run("capture-pane", "-p")

    async def picture(self) -> list[str]:
        """The pane's lines with their colours (the board's cursor is a colour), but the top line (the turn
        clock ticks there), once they have stayed the same for a second."""
        async with asyncio.timeout(HANG):
            seen: list[list[str]] = []
            while len(seen) < 3 or seen[-1] != seen[-3]:
                await asyncio.sleep(0.5)
                seen.append(self.run("capture-pane", "-p", "-e").splitlines()[1:])
        return seen[-1]

    async def wait_without(self, text: str) -> None:
        """Wait until `text` is gone (a notice in the corner has timed out)."""
        async with asyncio.timeout(HANG):
            while text in self.text():
                await asyncio.sleep(0.2)

    async def wait_for(self, text: str) -> None:
        async with asyncio.timeout(HANG):
            while text not in self.text():
                await asyncio.sleep(0.1)

    def paste(self, folder: Path, text: str) -> None:
        """Paste `text` as a terminal does: tmux puts the paste's brackets around it, since the app asked."""
        source = folder / "paste.txt"
        source.write_text(text)
        self.run("load-buffer", "-b", "p", str(source))
        self.run("paste-buffer", "-p", "-b", "p")

    def close(self) -> None:
        self.run("kill-server")
        if self.socket_path:  # tmux leaves its socket behind
            Path(self.socket_path).unlink(missing_ok=True)


@contextmanager
def tmux(command: list[str]) -> Iterator[Tmux]:
    pane = Tmux(command)
    try:
        yield pane
    finally:
        pane.close()


@needs_tmux_and_openssh
async def test_a_paste_in_a_real_terminal_over_openssh_stays_in_the_chat(tmp_path: Path) -> None:
    async with served(tmp_path / "saves") as s:
        key, _ = key_file(tmp_path)
        with tmux(openssh_args("ssh", s.front.port, key, "-tt", "alice@127.0.0.1")) as pane:
            await pane.wait_for("lobby")
            pane.run("send-keys", "n")
            await pane.wait_for("Open a table")
            pane.run("send-keys", "F5")
            await until(lambda: len(s.host.tables) == 1)
            (code,) = s.host.tables
            bob = await _bob_joins(s, code)
            table = s.host.tables[code]
            await pane.wait_for("thinking")
            await pane.wait_for("Every seat is taken")  # the notices of the start show with the game, and go
            await pane.wait_without("Every seat is taken")
            await pane.wait_without("sat down")
            before = await pane.picture()
            shown = pane.text()
            step = len(table.match or ())
            for n, pasted in enumerate((PASTE, LONG)):
                pane.run("send-keys", "C-t")
                await pane.wait_for("Chat at table")
                pane.paste(tmp_path, pasted)
                await asyncio.sleep(0.5)
                assert "Chat at table" in pane.text()  # still open
                pane.run("send-keys", "Enter")
                await until(lambda n=n: len(table.chat) == n + 1)
            assert table.chat[0][1] == f"alice: {SAID}"
            await pane.wait_for("alice: 0000")  # the lines said show in the corner for a while
            await pane.wait_without("Chat (Ctrl+T)")
            assert len(table.match or ()) == step
            after = await pane.picture()
            changed = [n + 1 for n, (b, a) in enumerate(zip(before, after, strict=True)) if b != a]
            said = f"lines {changed} changed:\n{shown}\n{pane.text()}\n{[after[n - 1] for n in changed]}"
            assert not changed, said  # the same view, the cursor where it was
            await bob.close()
