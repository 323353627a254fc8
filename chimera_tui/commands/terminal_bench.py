"""What a player at a real terminal waits for, measured through a pseudo-terminal.

`chimera bench --terminal` runs the real `chimera` in a PTY of a given size, as an SSH session would, and
reads every byte it writes. It reports the time to the first frame (against a bare Textual app started the
same way, alternating runs so both see the same machine), and for each kind of key the bytes written and
the process's CPU time per press. Bytes per key are what an SSH player waits for; CPU per key is what the
server pays. No Textual is imported here: the app under test runs in its own process.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

_ESCAPE = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b.")

ESC = b"\x1b"
KEYS: dict[str, tuple[tuple[str, bytes], tuple[str, bytes]]] = {
    "left/right": (("left/right", b"\x1b[C"), ("left/right", b"\x1b[D")),
    "up/down": (("up/down", b"\x1b[B"), ("up/down", b"\x1b[A")),
    "tab": (("tab", b"\t"), ("tab", b"\x1b[Z")),
    "enter": (("enter", b"\r"), ("escape (enter)", ESC)),
    "?": (("?", b"?"), ("escape (?)", ESC)),
    "c": (("c", b"c"), ("escape (c)", ESC)),
    "c/c": (("c", b"c"), ("c (back)", b"c")),
}
"""The kinds of key pressed, as a terminal sends them, each with the key that undoes it: Right then Left,
Tab then Shift+Tab, so the cursor always moves and never sticks at an edge; Enter (on the place or card
under the cursor, which a sample save leaves with something to choose), ``?`` (the rules) and ``c`` (every
choice) each open a screen that Escape closes. Each pair's presses are counted under its two labels."""
GAME_KEYS: dict[str, tuple[str, ...]] = {
    "con": ("up/down", "tab", "c/c", "?"),
}
"""The kinds pressed on a game whose keys differ: Chimera Con plays the highlighted choice on Enter and
leaves for the menu on Escape, and its ``c`` switches between the chimeras and the player's cards."""

_BARE_APP = """
from textual.app import App
from textual.widgets import Footer, OptionList
class Bare(App):
    def compose(self):
        yield OptionList("New game", "Load game", "Rules", "Quit")
        yield Footer()
Bare().run()
"""


@dataclass
class KeyFigures:
    """Per press of one kind of key: bytes the app wrote and CPU seconds it used.

    CPU time comes from /proc in clock ticks (10 ms), so its mean over many presses is what is reported.
    The first press of each kind is kept apart (`first_size`, `first_cpu`): it may build what later presses
    reuse (a dialog, the rules screen), which says something else than the presses after it."""

    name: str
    sizes: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    first_size: int | None = None
    first_cpu: float | None = None

    def add(self, size: int, cpu: float) -> None:
        """Count one press (the first one apart)."""
        if self.first_size is None:
            self.first_size, self.first_cpu = size, cpu
        else:
            self.sizes.append(size)
            self.cpu.append(cpu)

    def line(self) -> str:
        first = (
            f" (first {self.first_size:,} bytes, {self.first_cpu * 1000:.0f} ms)"
            if self.first_size is not None and self.first_cpu is not None
            else ""
        )
        return (
            f"  {self.name:<14} median {statistics.median(self.sizes):>7,.0f} bytes "
            f"(max {max(self.sizes):,}), CPU mean {statistics.fmean(self.cpu) * 1000:.1f} ms "
            f"over {len(self.sizes)} presses{first}"
        )


class Terminal:
    """One process on its own pseudo-terminal of `cols`×`rows`, with everything it writes kept."""

    def __init__(self, argv: Sequence[str], cols: int, rows: int, env: dict[str, str] | None = None) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        full_env = dict(os.environ if env is None else env)
        # As an installed app runs: with its bytecode cached (an environment that forbids writing it makes
        # every start compile whatever changed since, which no installation does).
        full_env.pop("PYTHONDONTWRITEBYTECODE", None)
        # The terminal's size is the pseudo-terminal's: COLUMNS and LINES (which a test runner may set) would
        # override it.
        full_env.pop("COLUMNS", None)
        full_env.pop("LINES", None)
        full_env.setdefault("TERM", "xterm-256color")
        full_env.setdefault("COLORTERM", "truecolor")
        full_env["TEXTUAL_ANIMATIONS"] = "none"
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            list(argv),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=full_env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.output = bytearray()

    def read(self, quiet: float, limit: float, first: float = 0.0) -> bytes:
        """Everything written until the process is silent for `quiet` seconds (or `limit` seconds pass);
        the first byte may take up to `first` seconds (more than `quiet`) to come."""
        got = bytearray()
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([self.master], [], [], quiet if got else max(quiet, first))
            if not ready:
                break
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            got += chunk
        self.output += got
        return bytes(got)

    def wait_for(self, text: str, limit: float) -> float | None:
        """Seconds from start until `text` appears on screen (escape sequences removed), or None."""
        deadline = time.perf_counter() + limit
        needle = text.encode()
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return None
                self.output += chunk
                if needle in _ESCAPE.sub(b"", bytes(self.output)):
                    return time.perf_counter() - self.started
            elif self.process.poll() is not None:
                return None
        return None

    def cpu_seconds(self) -> float:
        """CPU time of the process so far, all its threads (Linux /proc: to the nanosecond from schedstat
        where the kernel keeps it, else user + system time in clock ticks)."""
        total = 0
        try:
            for task in os.listdir(f"/proc/{self.process.pid}/task"):
                total += int(Path(f"/proc/{self.process.pid}/task/{task}/schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            total = 0
        if total:
            return total / 1e9
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    def press(self, key: bytes, quiet: float = 0.3, first: float = 3.0) -> tuple[int, float]:
        """Send `key`; return the bytes written in answer and the CPU seconds it cost (the answer may take
        up to `first` seconds to start, 3 by default, so a slow key is never cut off and counted under the
        next one; a key that changes nothing, such as a cursor move at the board's edge, waits that long)."""
        before = self.cpu_seconds()
        os.write(self.master, key)
        answer = self.read(quiet=quiet, limit=10, first=first)
        return len(answer), self.cpu_seconds() - before

    def resize(self, cols: int, rows: int) -> None:
        """Make the terminal `cols`×`rows` and tell the process (it has no controlling terminal, so the
        kernel does not)."""
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.kill(self.process.pid, signal.SIGWINCH)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        os.close(self.master)


def _chimera() -> list[str]:
    exe = shutil.which("chimera")
    return [exe] if exe else [sys.executable, "-P", "-m", "chimera_tui"]


def first_frame(runs: int, cols: int = 80, rows: int = 24) -> tuple[float, float]:
    """Median seconds to the first frame showing "New game": (bare Textual app, chimera's menu)."""
    bare: list[float] = []
    ours: list[float] = []
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CHIMERA_SAVES=home)
        for _ in range(runs):
            for argv, out in (([sys.executable, "-c", _BARE_APP], bare), (_chimera(), ours)):
                term = Terminal(argv, cols, rows, env)
                try:
                    seconds = term.wait_for("New game", limit=30)
                finally:
                    term.close()
                if seconds is None:
                    raise RuntimeError(f"{argv[-1]!r} showed no first frame in 30 s")
                out.append(seconds)
    return statistics.median(bare), statistics.median(ours)


@dataclass
class MeasuredApp:
    """One app measured in a pseudo-terminal: what it is called in the report, how it is started, and
    (for the trivial app) the one pair of keys it is given for every kind."""

    label: str
    argv: list[str]
    env: dict[str, str]
    pair: tuple[bytes, bytes] | None = None
    first_paint: int = 0
    full_repaint: int = 0
    """The bytes written after a resize to the same size as before: a repaint of the whole screen."""
    figures: dict[str, KeyFigures] = field(default_factory=dict)


TRIVIAL = "trivial Textual app"
"""The label of the bare app (an OptionList and a Footer) given Down and Up for every key."""
PLAIN = "frame-diff off"
"""The label of the app run with Textual's own output (``CHIMERA_TEXTUAL_FIXES_OFF=frame-diff``)."""


def keys_for(save: Path) -> tuple[str, ...]:
    """The kinds of key pressed on `save`'s game."""
    from chimera_tui.saves import summarize

    game = summarize(save).game
    return GAME_KEYS.get(game, ("left/right", "up/down", "tab", "enter", "?", "c"))


def keys_side_by_side(
    save: Path,
    presses: int,
    cols: int = 80,
    rows: int = 24,
    keys: Sequence[str] | None = None,
    quiet: float = 0.3,
    plain: bool = True,
    trivial: bool = True,
) -> list[MeasuredApp]:
    """Open a copy of `save` with `chimera load` in a PTY and, beside it, the same with Textual's own output
    (`plain`) and a trivial Textual app (`trivial`, given Down then Up for every press). Press each kind of
    key and its undoing key `presses` times each after a first press of each (reported apart), one press in
    each app in turn (whose app goes first turns with each press), so that all see the same machine. A key's
    answer ends when the app is silent for `quiet` seconds.

    After the keys, each app is resized a row taller and back: the bytes it then writes are its full
    repaint of the screen (`MeasuredApp.full_repaint`).

    Returns the apps, each with the bytes of its first paint and its figures per key."""
    keys = keys_for(save) if keys is None else keys
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CHIMERA_SAVES=home)
        apps: list[MeasuredApp] = []
        for label, off in (("chimera", False), (PLAIN, True))[: 2 if plain else 1]:
            copy = Path(home) / label.replace(" ", "-") / save.name
            copy.parent.mkdir()
            shutil.copyfile(save, copy)
            app_env = dict(env, CHIMERA_TEXTUAL_FIXES_OFF="frame-diff" if off else "")
            apps.append(MeasuredApp(label, [*_chimera(), "load", str(copy)], app_env))
        if trivial:
            apps.append(MeasuredApp(TRIVIAL, [sys.executable, "-c", _BARE_APP], env, (b"\x1b[B", b"\x1b[A")))
        terminals = [Terminal(app.argv, cols, rows, app.env) for app in apps]
        try:
            for app, term in zip(apps, terminals, strict=True):
                term.read(quiet=1.5, limit=30)
                app.first_paint = len(term.output)
            turn = 0
            for name in keys:
                for i in range(2 * presses + 2):
                    label, key = KEYS[name][i % 2]
                    turn += 1
                    for index in range(len(apps)):
                        app = apps[(index + turn) % len(apps)]
                        term = terminals[(index + turn) % len(apps)]
                        sent, kind = (key, label) if app.pair is None else (app.pair[i % 2], "Down/Up")
                        size, cpu = term.press(sent, quiet=quiet)
                        app.figures.setdefault(kind, KeyFigures(kind)).add(size, cpu)
            for app, term in zip(apps, terminals, strict=True):
                term.resize(cols, rows + 1)
                term.read(quiet=quiet, limit=10, first=3.0)
                term.resize(cols, rows)
                app.full_repaint = len(term.read(quiet=quiet, limit=10, first=3.0))
        finally:
            for term in terminals:
                term.close()
    return apps


def report(save: Path, cols: int, rows: int, apps: Sequence[MeasuredApp]) -> list[str]:
    """The lines `chimera bench --terminal` prints: per kind of key, the bytes (median) and CPU (mean) of
    chimera, of chimera with Textual's own output, and chimera's CPU over the trivial app's key."""
    ours = apps[0]
    plain = next((app for app in apps if app.label == PLAIN), None)
    trivial = next((app for app in apps if app.label == TRIVIAL), None)
    trivial_cpu = statistics.fmean(trivial.figures["Down/Up"].cpu) if trivial else None
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3]) if Path("/proc/loadavg").exists() else "?"
    lines = [
        f"{save.name} at {cols}x{rows}: first paint {ours.first_paint:,} bytes"
        + (f" ({PLAIN}: {plain.first_paint:,})" if plain else "")
        + f"; load {load} on {os.cpu_count()} CPUs",
        f"  a full repaint (resized a row taller and back): {ours.full_repaint:,} bytes"
        + (
            f" ({PLAIN}: {plain.full_repaint:,}; a quarter of it {plain.full_repaint // 4:,})"
            if plain
            else ""
        ),
        f"  {'key':<14} {'bytes':>7} {'(' + PLAIN + ')':>17} {'CPU ms':>7} {'(off)':>7}"
        + ("  × trivial key" if trivial_cpu else ""),
    ]
    for name, figure in ours.figures.items():
        other = plain.figures.get(name) if plain else None
        cpu = statistics.fmean(figure.cpu)
        line = f"  {name:<14} {statistics.median(figure.sizes):>7,.0f} "
        line += f"{statistics.median(other.sizes):>17,.0f} " if other else f"{'':>17} "
        line += f"{cpu * 1000:>7.1f} " + (
            f"{statistics.fmean(other.cpu) * 1000:>7.1f}" if other else f"{'':>7}"
        )
        if trivial_cpu:
            line += f"  {cpu / trivial_cpu:>5.1f}×"
        lines.append(line)
    if trivial and trivial_cpu:
        figure = trivial.figures["Down/Up"]
        lines.append(
            f"  {TRIVIAL} (an OptionList; Down, Up): CPU {trivial_cpu * 1000:.1f} ms a key, "
            f"{statistics.median(figure.sizes):,.0f} bytes, over {len(figure.cpu)} presses"
        )
    lines.append("  (bytes: median; CPU: mean, all threads; first presses left out)")
    return lines
