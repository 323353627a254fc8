"""The warm parent of served sessions' client processes: a fork server (as gunicorn's preload and Android's
zygote), run by `chimera serve` as ``python -P -m chimera_tui.ui.zygote SOCKET``.

It imports Textual, the lobby, every game's rules, content and screens once, plays one session headless
(`warm_up`: a client then spends 30-50 ms of CPU to its lobby's first frame instead of 60), empties the
function caches the warm-up filled (`empty_function_caches`), takes the holes its warm-up left in the small-
object allocator's pools (`fill_free_blocks`), freezes what it holds out of the garbage collector's reach
(`gc.freeze`, so a child's collections do not write to the pages it shares), and then forks one child per
request that arrives on its Unix socket. Each child is the client process of one session: it shares the
parent's memory until it writes to it, and starts drawing at once, with no interpreter start or imports to
pay. The server's bot workers (`chimera_tui.server.bot_worker`) are forked the same way, with that module as
their main; every msgspec type of ours is built here before the first fork (`server/warming.py`), so no
child ever builds one in two threads at once.

One request is one connection (`chimera_tui.server.forks` is the other side): the server sends the
session's environment (JSON) with the descriptors of the child's standard input, output and error
(``SCM_RIGHTS``); the parent forks and answers the child's process id, and when the child ends, its exit
status (negative: the signal that ended it), then closes the connection. A request the parent cannot read is
answered with nothing: the connection closes, and the server starts that client the ordinary way.

What a fork must take care of, in the child (`_become_client`):
- no threads or event loop run in the parent (it checks before every fork), so none is half-copied;
- the listening socket, every other request's connection and the parent's wake-up pipe are closed;
- a session of its own (``setsid``) with its terminal as controlling tty (``TIOCSCTTY``), its standard
  streams made anew over descriptors 0-2 (Textual's drivers use ``sys.__stdin__`` and friends);
- every signal handler back to its default (SIGCHLD, SIGHUP, SIGTERM, SIGINT; Python's own for SIGINT),
  nothing blocked;
- the session's environment, and Textual's settings read from it again: ``textual.constants`` reads the
  environment once at import (``TEXTUAL_DRIVER``, ``TEXTUAL_ANIMATIONS``, ``ESCDELAY``, the colour system,
  FPS), in the parent, so the child reloads it; the three names other Textual modules import from it by
  value (DEBUG, DIM_FACTOR, SLOW_THRESHOLD) come from variables the server never sets per session;
- fresh random state: `random` reseeds its global generator in every child (Python registers that with
  ``os.register_at_fork``), and `secrets` reads the kernel's; the parent makes no generator of its own. The
  string hash seed is the parent's (PYTHONHASHSEED cannot change after start), shared by the children,
  which only ever hash their own session's input.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import functools
import gc
import importlib
import io
import itertools
import json
import os
import select
import shutil
import signal
import socket
import struct
import sys
import tempfile
import termios
import threading
from pathlib import Path
from typing import Any

from chimera_tui.server import page_merging

MAX_FDS = 3
HEADER = struct.Struct(">I")
REQUEST_LIMIT = 256 * 1024
"""The largest request (an environment) the parent reads."""


def preload() -> None:
    """Import what every client process needs, and warm what is the same for all of them."""
    import textual.app
    import textual.drivers.linux_driver
    import textual.drivers.web_driver  # noqa: F401

    from chimera_tui import games
    from chimera_tui.server import bot_worker  # noqa: F401 (the bot workers the server asks for)
    from chimera_tui.server.warming import warm
    from chimera_tui.ui import shared_css
    from chimera_tui.ui.games import screen_class
    from chimera_tui.ui.screens import lobby  # noqa: F401

    for game_id in games.game_ids():
        games.get(game_id)
        screen_class(game_id)
    shared_css.install()  # the warm-up's parsed stylesheets serve every child
    warm()  # every msgspec type built here once, before any thread or fork (engine/decoding.py)


def warm_up() -> None:
    """Play one session headless against a throwaway table host (the lobby, then a Station table with a
    bot), so the code every session runs has run here once: Python 3.11 specializes bytecode in place the
    first times a function runs, and Textual and Rich fill their caches as they draw, so without this every
    child would write its own copy of those pages. The event loop ends, and its worker threads with it,
    before the first fork. A warm-up that fails only costs memory: it is reported and the zygote serves."""
    try:
        asyncio.run(_warm())
    except Exception as exc:  # the children are still correct, only larger
        print(f"chimera: the session starter's warm-up failed: {exc!r}", file=sys.stderr)


async def _warm() -> None:
    from textual.dom import DOMNode
    from textual.widgets._toast import Toast, ToastRack
    from textual.widgets._tooltip import Tooltip

    from chimera_tui.server import protocol as P
    from chimera_tui.server.host import TableHost
    from chimera_tui.ui import shared_css
    from chimera_tui.ui.screens.lobby import LobbyApp, LobbyScreen

    # mounted by every screen (Textual's own), though the warm-up never shows one
    always_mounted: list[type[DOMNode]] = [ToastRack, Toast, Tooltip]

    folder = Path(tempfile.mkdtemp(prefix="chimera-warm-"))
    host = TableHost(folder, bot_delay=0.0)
    await host.open()
    server = await host.serve_unix(folder / "host.sock")
    try:
        app = LobbyApp(str(folder / "host.sock"), host.issue_ticket("warm-up", "Warm"))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                if isinstance(app.screen, LobbyScreen):
                    break
                await pilot.pause(0.02)
            # in its theme, what the warm-up will not show: the other games' screens, a toast, a tooltip
            shared_css.parse_ahead(app.stylesheet, [*shared_css.classes_from("chimera_tui"), *always_mounted])
            app.create_table(P.CreateTable(game="station", players=2, bots=(None, "random"), options={}))
            for _ in range(200):
                if app.table is not None and app.table.started and not isinstance(app.screen, LobbyScreen):
                    break
                await pilot.pause(0.02)
            for key in ("tab", "down", "tab", "escape"):
                await pilot.press(key)
            await pilot.resize_terminal(160, 50)
            await pilot.pause(0.2)
    finally:
        server.close()
        await host.close()
        await server.wait_closed()
        shutil.rmtree(folder, ignore_errors=True)


def empty_function_caches() -> int:
    """Empty every function cache (``functools.lru_cache``) the warm-up filled, Textual's and Rich's among
    them; how many there were. A hit in a shared cache moves its entry to the front of the cache's list, which
    writes to the page the entry lives on: every child copied a page for each few entries it used, scattered
    over the warm-up's memory. Filled again in each child, the entries it uses sit together on pages of its
    own: 1.1 MiB less a lobby and 0.6 MiB less a table client, for about 10 ms more CPU to a lobby's first
    frame (`python -m tests.server.bench_fork --modes fork@OLD,fork`, docs/measurements.md, "What one
    machine holds")."""
    filled = filled_function_caches()
    for cache in filled:
        cache.cache_clear()
    return len(filled)


def filled_function_caches() -> list[Any]:
    """The function caches (``functools.lru_cache``) the garbage collector tracks that hold something."""
    return [
        thing
        for thing in gc.get_objects()
        if isinstance(thing, functools._lru_cache_wrapper) and thing.cache_info().currsize
    ]


def fill_free_blocks() -> list[object]:
    """Objects that take every free block in the small-object allocator's partly used pools, to be kept
    for the parent's life. Python allocates a small object in the free blocks of a partly used pool before
    it opens a new pool, so a child would put its first objects in the holes the warm-up left all over the
    parent's pages, copying a whole shared page for each few of them; with the holes taken, they go to
    pages of their own, side by side."""
    ballast: list[object] = []
    for size, free in _free_blocks():
        if size <= 16:
            ballast += [object() for _ in itertools.repeat(None, free)]  # 16 bytes
        elif size <= 32:
            ballast += [float(n) for n in itertools.repeat(0, free)]  # 24 bytes (no int made meanwhile)
        else:
            ballast += [bytes(size - EMPTY_BYTES) for _ in itertools.repeat(None, free)]
    return ballast


EMPTY_BYTES = sys.getsizeof(b"")
"""The size of an empty bytes object: one of ``n`` bytes takes that plus ``n``."""


def _free_blocks() -> list[tuple[int, int]]:
    """Each size class of the small-object allocator and its free blocks in partly used pools, from
    ``sys._debugmallocstats`` (CPython writes it to descriptor 2); none where it says nothing."""
    with tempfile.TemporaryFile() as report:
        saved = os.dup(2)
        try:
            sys.stderr.flush()
            os.dup2(report.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        report.seek(0)
        text = report.read().decode("ascii", "replace")
    found = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) == 5 and all(f.isdigit() for f in fields):
            found.append((int(fields[1]), int(fields[4])))
    return found


CLIENT = "chimera_tui.ui.screens.lobby"
"""The module whose ``main()`` a child runs unless the request names another (the tests name a probe)."""


def _read_request(conn: socket.socket) -> tuple[dict[str, str], list[int], bool, str] | None:
    """The environment, descriptors, whether they are a terminal, and the module to run, from one request
    (None: unreadable)."""
    fds: list[int] = []
    try:
        data, ancillary, _, _ = conn.recvmsg(REQUEST_LIMIT, socket.CMSG_SPACE(MAX_FDS * 4))
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds += list(struct.unpack(f"{len(payload) // 4}i", payload[: len(payload) // 4 * 4]))
        request = json.loads(data.decode("utf-8"))
        env = {str(k): str(v) for k, v in dict(request["env"]).items()}
        tty = bool(request.get("tty"))
        program = str(request.get("main") or CLIENT)
    except (OSError, ValueError, KeyError, TypeError):
        for fd in fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        return None
    if len(fds) != MAX_FDS:
        for fd in fds:
            os.close(fd)
        return None
    return env, fds, tty, program


def _reset_signals() -> None:
    for sig in (signal.SIGCHLD, signal.SIGHUP, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())


def _become_client(env: dict[str, str], fds: list[int], tty: bool, program: str) -> int:
    """In the child: take the session's descriptors, signals and environment, then run `program`'s main
    (the lobby client)."""
    os.setsid()
    for target, fd in enumerate(fds):
        os.dup2(fd, target, inheritable=True)
    for fd in set(fds):
        if fd > 2:
            os.close(fd)
    if tty:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    _reset_signals()
    os.environ.clear()
    os.environ.update(env)
    streams = {
        "stdin": io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8"),
        "stdout": io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", line_buffering=True),
        "stderr": io.TextIOWrapper(
            io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace", line_buffering=True
        ),
    }
    for name, stream in streams.items():  # Textual's drivers use sys.__stdin__ and friends
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)
    import textual.constants

    importlib.reload(textual.constants)
    status = importlib.import_module(program).main()
    return int(status or 0)


def serve(listener: socket.socket, note: str = "") -> None:
    """Fork a client for each request until the listening socket's other side (the server) goes away; `note`
    follows the word "ready" the parent says first."""
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(wake_write)
    waiting: dict[int, socket.socket] = {}
    """The request connection of each running child, answered with its exit status when it ends."""
    sys.stdout.write(f"ready {note}".rstrip() + "\n")
    sys.stdout.flush()
    while True:
        readable, _, _ = select.select([listener.fileno(), wake_read, 0], [], [])  # retried after signals
        if 0 in readable and not os.read(0, 1):  # the server is gone (it holds our input's other end)
            return
        if wake_read in readable:
            with contextlib.suppress(OSError):
                while os.read(wake_read, 512):
                    pass
            _reap(waiting)
        if listener.fileno() in readable:
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            conn.setblocking(True)
            request = _read_request(conn)
            if request is None:
                conn.close()
                continue
            env, fds, tty, program = request
            if threading.active_count() != 1:  # never fork a process whose other threads would be lost
                raise RuntimeError("the zygote runs a thread: it must not fork")
            sys.stdout.flush()
            pid = os.fork()
            if pid == 0:
                status = 1
                try:
                    listener.close()
                    for other in waiting.values():
                        other.close()
                    conn.close()
                    signal.set_wakeup_fd(-1)
                    os.close(wake_read)
                    os.close(wake_write)
                    status = _become_client(env, fds, tty, program)
                finally:
                    with contextlib.suppress(Exception):
                        sys.stdout.flush()
                        sys.stderr.flush()
                    os._exit(status)
            for fd in fds:
                os.close(fd)
            with contextlib.suppress(OSError):
                conn.sendall(b"P" + HEADER.pack(pid))
            waiting[pid] = conn


def _reap(waiting: dict[int, socket.socket]) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        code = os.waitstatus_to_exitcode(status)  # negative: the signal that ended it
        conn = waiting.pop(pid, None)
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.sendall(b"X" + struct.pack(">i", code))
            conn.close()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(
            "chimera: this is the session starter of `chimera serve`; it is started by the server.",
            file=sys.stderr,
        )
        return 2
    preload()
    warm_up()
    empty_function_caches()
    gc.collect()
    ballast = fill_free_blocks()  # noqa: F841 (kept, and shared, for the zygote's whole life)
    gc.freeze()
    merging = page_merging.allow_merging()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(args[0])
    listener.listen(128)
    serve(listener, f"pages-mergeable-by-{merging}" if merging else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
