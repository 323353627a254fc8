"""SIGTERM and SIGHUP (a dropped SSH connection) end `chimera` cleanly: the game is saved and the terminal
gets its echo and canonical mode back. Run through a real pseudo-terminal."""

from __future__ import annotations

import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from chimera_tui.saves import list_saves, load

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals and signals")

LIMIT = 60.0
"""Seconds that bound each wait (a hang fails the test instead of blocking CI); never a timing assertion."""


def _wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"gave up waiting for {what}")


def _lflag(fd: int) -> int:
    return int(termios.tcgetattr(fd)[3])


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_signal_restores_the_terminal_and_saves(sig: signal.Signals, tmp_path: Path) -> None:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    assert _lflag(slave) & termios.ECHO and _lflag(slave) & termios.ICANON
    saves = tmp_path / "saves"
    env = {**os.environ, "TERM": "xterm-256color", "CHIMERA_SAVES": str(saves)}
    env.pop("TEXTUAL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "chimera_tui", "new", "station", "--seats", "human,bot", "--seed", "5"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    output = bytearray()

    def drain() -> None:  # keep the pty from filling up, and keep what was written for a failure message
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            output.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        # Textual puts the terminal in raw mode once it runs, and the new game writes its first save.
        _wait_for(lambda: not _lflag(slave) & termios.ECHO and list_saves(saves), "the app to start")
        proc.send_signal(sig)
        try:
            code = proc.wait(timeout=LIMIT)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise AssertionError(f"chimera did not exit after {sig.name}") from None
        flags = _lflag(slave)
        tail = bytes(output[-2000:]).decode("utf-8", "replace")
        assert flags & termios.ECHO, f"echo is off after {sig.name} (exit {code}): {tail}"
        assert flags & termios.ICANON, f"canonical mode is off after {sig.name}: {tail}"
        assert code == 128 + sig, bytes(output).decode("utf-8", "replace")[-6000:]
        [summary] = list_saves(saves)
        assert summary.error is None
        assert load(summary.path).game_id == "station"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(slave)
        os.close(master)
        reader.join(timeout=5)


async def test_the_signal_handler_makes_a_final_save(tmp_path: Path) -> None:
    """What the handler does, in process: write the game, then exit with 128 + the signal."""
    from chimera_tui.launch import LaunchPlan, make_seats, new_start
    from chimera_tui.ui.app import ChimeraApp

    start = new_start("station", 2, make_seats("station", 2, ["human", "bot"], []), 5, {})
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.save_path is not None
        app.save_path.unlink()
        app.on_signal(signal.SIGTERM)
        await pilot.pause()
    assert app.return_code == 128 + signal.SIGTERM
    [summary] = list_saves(tmp_path)
    assert summary.error is None


def test_a_dropped_line_ends_the_app_and_keeps_the_game(tmp_path: Path) -> None:
    """A dropped SSH connection: the terminal goes away (the pty's master closes), then SIGHUP. The app
    must not hang writing to a dead terminal: it exits with 128 + SIGHUP, the game saved."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    saves = tmp_path / "saves"
    env = {**os.environ, "TERM": "xterm-256color", "CHIMERA_SAVES": str(saves)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "chimera_tui", "new", "station", "--seats", "human,bot", "--seed", "5"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )

    def drain() -> None:
        while True:
            try:
                if not os.read(master, 65536):
                    return
            except OSError:
                return

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        _wait_for(lambda: not _lflag(slave) & termios.ECHO and list_saves(saves), "the app to start")
        os.close(slave)
        os.close(master)  # the line drops: only the child still holds the terminal
        proc.send_signal(signal.SIGHUP)
        try:
            code = proc.wait(timeout=LIMIT)
        except subprocess.TimeoutExpired:
            raise AssertionError("chimera hung after its terminal went away") from None
        assert code == 128 + signal.SIGHUP
        [summary] = list_saves(saves)
        assert summary.error is None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        reader.join(timeout=5)
