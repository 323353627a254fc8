"""Bytes per key over a real SSH connection, with and without `frame-diff` (a benchmark run by hand):

    python -m tests.server.bench_ssh_keys [--presses 8] [--size 80x24]

Starts two ``chimera serve`` processes on loopback, one with ``CHIMERA_TEXTUAL_FIXES_OFF=frame-diff`` (its
clients write what Textual writes), and at each OpenSSH's own client, ``ssh -tt``, in a pseudo-terminal of the
given size (with ``COLORTERM=truecolor`` sent, as ``SendEnv`` does): Alice opens a two-seat Chimera Station
table, Bob joins it by its code, and on Alice's board the keys of ``chimera bench --terminal`` are pressed,
one press on each server in turn. What is counted is what Alice's ssh client prints, the bytes the app wrote
after the SSH transport has carried them. The turn clock's once-a-second tick lands in some windows: the
medians are what to read.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

from chimera_tui.commands.terminal_bench import KEYS, Terminal
from tests.server.ssh_helpers import openssh_args
from tests.server.stored import StoredTables
from tests.ui.terminal_replay import Terminal as Screen

KINDS = ("left/right", "up/down", "tab", "enter", "?", "c")


def start_server(folder: Path, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    folder.mkdir(mode=0o700)
    command = f"-m chimera_tui serve --ssh 127.0.0.1:0 --saves {folder}/saves --data {folder}/data"
    log = (folder / "server.log").open("wb")
    server = subprocess.Popen([sys.executable, *command.split()], stdout=subprocess.PIPE, stderr=log, env=env)
    assert server.stdout is not None
    while line := server.stdout.readline().decode():
        if found := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
            return server, int(found.group(1))
    raise SystemExit("chimera serve ended before it listened")


_screens: dict[int, Screen] = {}


def wait_for(term: Terminal, text: str, limit: float = 30) -> None:
    """Until `text` is on the terminal's screen (replayed into pyte: frame-diff writes a line's runs in any
    order, so the text need not come in one piece)."""
    screen = _screens.setdefault(id(term), Screen(*term.size))
    end = time.monotonic() + limit
    while time.monotonic() < end:
        screen.feed(term.read(quiet=0.05, limit=1, first=0.2))
        if text in screen.text():
            return
    raise SystemExit(f"{text!r} never showed:\n{screen.text()}")


def ssh(port: int, key: Path, name: str, cols: int, rows: int) -> Terminal:
    env = dict(os.environ, COLORTERM="truecolor", TERM="xterm-256color")
    argv = openssh_args("ssh", port, key, "-tt", "-o", "SendEnv=COLORTERM", f"{name}@127.0.0.1")
    term = Terminal(argv, cols, rows, env)
    term.size = (cols, rows)  # type: ignore[attr-defined]
    return term


def seated(folder: Path, port: int, cols: int, rows: int) -> tuple[Terminal, Terminal]:
    """Alice on her Station board (her first question answered, the board pane shown), and Bob."""
    keys = []
    for name in ("alice", "bob"):
        path = folder / f"{name}.key"
        path.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
        path.chmod(0o600)
        keys.append(path)
    alice = ssh(port, keys[0], "alice", cols, rows)
    wait_for(alice, "lobby")
    alice.read(quiet=0.5, limit=10)
    os.write(alice.master, b"n")
    wait_for(alice, "Open a table")
    os.write(alice.master, b"\x1b[15~")  # F5: Station, two people
    stored = StoredTables(folder / "data")
    end = time.monotonic() + 30
    while not stored.codes() and time.monotonic() < end:
        time.sleep(0.05)
    (code,) = stored.codes()
    bob = ssh(port, keys[1], "bob", cols, rows)
    wait_for(bob, "lobby")
    bob.read(quiet=0.5, limit=10)
    os.write(bob.master, b"j")
    wait_for(bob, "e.g. K7QX4")
    os.write(bob.master, code.encode() + b"\r")
    wait_for(alice, "thinking")
    # The setup's questions, answered with their first choice by whoever is asked, until Alice is to place
    # a worker on the board.
    for _ in range(12):
        for term in (alice, bob):
            screen = _screens.setdefault(id(term), Screen(cols, rows))
            screen.feed(term.read(quiet=0.5, limit=10))
        prompt = _screens[id(alice)].text().splitlines()[1]  # who is asked what, under the status line
        if "alice: Place a worker" in prompt:
            break
        asked = alice if "alice:" in prompt else bob
        os.write(asked.master, b"c")
        asked.read(quiet=0.5, limit=10)
        os.write(asked.master, b"\r")
    else:
        raise SystemExit(f"Alice never came to place a worker:\n{_screens[id(alice)].text()}")
    alice.press(b"1")  # the board pane, the keyboard on the board
    alice.read(quiet=1.0, limit=10)
    return alice, bob


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=8)
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.split("x"))
    home = Path(tempfile.mkdtemp(prefix="chimera-ssh-keys-"))
    servers, sides = [], []
    try:
        for label, off in (("frame-diff", ""), ("frame-diff off", "frame-diff")):
            env = dict(os.environ, CHIMERA_TEXTUAL_FIXES_OFF=off)
            folder = home / label.replace(" ", "-")
            server, port = start_server(folder, env)
            servers.append(server)
            alice, bob = seated(folder, port, cols, rows)
            sides.append((label, alice, bob, {}))
        for kind in KINDS:
            for press in range(2 * args.presses):
                name, key = KEYS[kind][press % 2]
                for _, alice, _, sizes in sides[press % 2 :] + sides[: press % 2]:
                    size, _ = alice.press(key, quiet=0.3)
                    sizes.setdefault(name, []).append(size)
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
        print(f"chimera serve over SSH (ssh -tt), Station at {cols}x{rows}, 24-bit colour; load {load}")
        print(f"  {'key':<16}" + "".join(f"{label:>18}" for label, *_ in sides) + "   (median bytes)")
        for name in sides[0][3]:
            print(f"  {name:<16}" + "".join(f"{statistics.median(s[3][name]):>18,.0f}" for s in sides))
    finally:
        for _, alice, bob, _ in sides:
            alice.close()
            bob.close()
        for server in servers:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
