"""`chimera serve`: the table host and its SSH (and web) front ends in one asyncio process, until SIGINT or
SIGTERM.

The host listens on a Unix socket in a fresh private folder (mode 0700) that only this process and the
client processes it starts know of. Tables live in the store `--db` names: by default an SQLite file in the
data folder (0700, the file 0600), or a PostgreSQL database several hosts may share; table saves an older
server left in the saves folder are imported once. The host key lives in the data folder too (made on first
start, mode 0600). Both folders are private (0700, their files 0600: a table's save holds its seed, which
reveals every hidden card); whatever is found readable by others at start is tightened, with a warning in
the log.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import logging
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from chimera_tui.saves.private import loosened_warning, make_private
from chimera_tui.server.admission import Admission
from chimera_tui.server.bot_pool import BotPool, default_size, start_worker
from chimera_tui.server.clients import ClientStarter
from chimera_tui.server.flags import FlagError, read_flags
from chimera_tui.server.forks import Zygote
from chimera_tui.server.host import DEFAULT_AWAY_LIMIT, Limits, TableHost
from chimera_tui.server.notify.flags import NotifyFlagError, describe, read_notify
from chimera_tui.server.notify.sending import NotifyOptions
from chimera_tui.server.ssh import SshFrontEnd, SshOptions
from chimera_tui.server.ssh_session import session_env
from chimera_tui.server.store import StoreError, store_for
from chimera_tui.server.warming import warm
from chimera_tui.server.web import WebFrontEnd, WebOptions

APP_DIR = "chimera-tabletop"

log = logging.getLogger("chimera.server")

ENV_DB = "CHIMERA_DB"
"""The environment variable `--db` falls back on (so a password need not show in the process list)."""


class AddressError(ValueError):
    """A ``HOST:PORT`` that is not one; the message is a sentence."""


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:2222`` for IPv6) as (host, port).

    Raises:
        AddressError: when `text` is not an address with a port from 0 to 65535.
    """
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or int(port) > 65535:
        raise AddressError(f"{text!r} is not an address like 127.0.0.1:2222.")
    return host, int(port)


def data_folder() -> Path:
    """Where the server keeps its host key: the user data folder's ``server``."""
    return platformdirs.user_data_path(APP_DIR, appauthor=False) / "server"


@dataclass(frozen=True)
class ServeOptions:
    ssh: SshOptions
    saves: Path
    data: Path
    web: WebOptions | None = None
    """Where browsers connect (None: no web front end)."""
    limits: Limits = field(default_factory=Limits)
    away_limit: float = DEFAULT_AWAY_LIMIT
    fork_clients: bool = True
    """Fork each session's client from a warm parent (`forks.Zygote`); False: spawn each one anew."""
    db: str | None = None
    """The store: None for SQLite in the data folder, or a PostgreSQL address."""
    bot_workers: int | None = None
    """Worker processes the search bots think in (None: one per core)."""
    notify: NotifyOptions = field(default_factory=NotifyOptions)
    """How turn-based players are told of their turns (off by default)."""


SOCKET_FOLDER_PREFIX = "chimera-serve-"

FOLDER_LOCK = "server.lock"
"""The file in a socket folder that its server holds locked (``flock``) for as long as it runs."""


def make_socket_folder(parent: Path | None = None) -> tuple[Path, int]:
    """A fresh private socket folder, and the descriptor that holds its lock until the server closes it or
    ends (the kernel drops the lock with the process, kill -9 included). The lock file is locked before it
    takes its name, so no other server ever finds it unlocked while this one lives."""
    folder = Path(tempfile.mkdtemp(prefix=SOCKET_FOLDER_PREFIX, dir=parent))
    starting = folder / f".{FOLDER_LOCK}"
    held = os.open(starting, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    fcntl.flock(held, fcntl.LOCK_EX)
    os.rename(starting, folder / FOLDER_LOCK)
    return folder, held


def remove_stale_socket_folders(parent: Path | None = None) -> int:
    """Remove the private socket folders that servers killed with SIGKILL left behind: those whose lock file
    nobody holds. A live server's folder is never removed, nor one whose server is still making it (no lock
    file yet), nor one of an older server without the lock, nor anyone else's. Returns how many."""
    parent = Path(tempfile.gettempdir()) if parent is None else parent
    removed = 0
    try:
        folders = [p for p in parent.iterdir() if p.name.startswith(SOCKET_FOLDER_PREFIX)]
    except OSError:
        return 0
    for folder in folders:
        try:
            info = folder.lstat()
        except OSError:
            continue
        if not folder.is_dir() or folder.is_symlink() or info.st_uid != os.getuid():
            continue
        try:
            lock = os.open(folder / FOLDER_LOCK, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            continue  # held: its server runs
        else:
            shutil.rmtree(folder, ignore_errors=True)  # nobody holds it: a killed server's leftovers
            removed += 1
        finally:
            os.close(lock)
    return removed


async def serve(options: ServeOptions, *, say: Callable[[str], None] = print) -> int:
    """Run the host and the SSH front end until SIGINT or SIGTERM; returns the exit status."""
    warm()  # before any thread or fork: every msgspec type built once (engine/decoding.py)
    remove_stale_socket_folders()
    options.data.mkdir(mode=0o700, parents=True, exist_ok=True)
    for folder in (options.saves, options.data):  # the saves folder only holds tables to import, if any
        if folder.is_dir() and (tightened := make_private(folder)):
            log.warning("%s", loosened_warning(folder, tightened))
    try:
        store = store_for(options.db, options.data)
    except StoreError as exc:
        say(f"chimera serve: {exc}")
        return 2
    private, held = make_socket_folder()
    socket_path = private / "host.sock"
    zygote: Zygote | None = None
    pool = BotPool(options.bot_workers or default_size(), lambda: start_worker(zygote))
    host = TableHost(
        store,
        import_from=options.saves,
        limits=options.limits,
        away_limit=options.away_limit,
        pool=pool,
        notify=options.notify,
    )
    try:
        resumed = await host.open()
    except StoreError as exc:
        say(f"chimera serve: {exc}")
        await host.close()
        shutil.rmtree(private, ignore_errors=True)
        os.close(held)
        return 1
    server = await host.serve_unix(socket_path)
    zygote = Zygote(private / "zygote.sock") if options.fork_clients and hasattr(os, "fork") else None
    if zygote is not None and not await zygote.start(session_env({})):
        zygote = None
    workers = await pool.open()  # the bots of resumed tables wait for it
    log.info("%d bot worker(s) ready, %s", workers, "forked by the session starter" if zygote else "spawned")
    starter = ClientStarter(zygote=zygote)
    admission = Admission(options.ssh.max_sessions, options.ssh.connections_per_minute)
    front = SshFrontEnd(host, socket_path, options.data, options.ssh, admission, starter)
    web = WebFrontEnd(host, socket_path, options.web, admission, starter) if options.web is not None else None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        try:
            await front.start()
        except OSError as exc:
            say(
                f"chimera serve: cannot listen on {options.ssh.host}:{options.ssh.port}: {exc.strerror or exc}."
            )
            return 1
        say(f"chimera serve: listening on {options.ssh.host}:{front.port} (ssh -p {front.port} NAME@HOST)")
        if web is not None and options.web is not None:
            try:
                await web.start()
            except OSError as exc:
                say(
                    f"chimera serve: cannot listen on {options.web.host}:{options.web.port}: "
                    f"{exc.strerror or exc}."
                )
                return 1
            say(
                f"chimera serve: web on {options.web.host}:{web.port} (http://{options.web.host}:{web.port}/)"
            )
        say(f"host key fingerprint: {front.fingerprint}")
        say(f"tables are kept in {store.description}; {len(resumed)} unfinished table(s) resumed")
        say(f"chimera serve: {describe(options.notify)}")
        await stop.wait()
        say("chimera serve: stopping (every table is saved)")
        return 0
    finally:
        if web is not None:
            await web.close()
        await front.close()
        server.close()
        await host.close()
        await pool.close()
        if zygote is not None:
            await zygote.close()
        with contextlib.suppress(Exception):
            await server.wait_closed()
        shutil.rmtree(private, ignore_errors=True)
        os.close(held)


def run(options: ServeOptions) -> int:
    """`serve` with logging to stderr (connections, table events and refusals; never chat content)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    try:
        return asyncio.run(serve(options, say=lambda line: print(line, flush=True)))
    except KeyboardInterrupt:
        return 130


def run_serve(args: argparse.Namespace) -> int:
    """`chimera serve` from its parsed arguments: a bad argument is one sentence on stderr and status 2."""
    from chimera_tui.saves import SaveError, saves_dir

    try:
        host, port = parse_address(args.ssh)
        web_address = parse_address(args.web) if args.web else None
        flags = read_flags(args)
        notify = read_notify(args)
    except (AddressError, FlagError, NotifyFlagError) as exc:
        print(f"chimera serve: {exc}", file=sys.stderr)
        return 2
    behind_proxy = bool(getattr(args, "behind_proxy", False))
    if behind_proxy and web_address is None:
        print(
            "chimera serve: --behind-proxy is for the web front end: give --web HOST:PORT too.",
            file=sys.stderr,
        )
        return 2
    keys = Path(args.authorized_keys) if args.authorized_keys else None
    if keys is not None and not keys.is_file():
        print(f"chimera serve: there is no authorized-keys file at '{keys}'.", file=sys.stderr)
        return 2
    try:
        saves = saves_dir(getattr(args, "saves", None))
    except SaveError as exc:
        print(f"chimera serve: {exc.message}", file=sys.stderr)
        return 2
    data = Path(args.data) if args.data else data_folder()
    try:
        ssh = SshOptions(
            host=host,
            port=port,
            authorized_keys=keys,
            max_sessions=flags.max_sessions,
            connections_per_minute=flags.connections_per_minute,
            idle_timeout=flags.idle_timeout,
        )
        web = None
        if web_address is not None:
            web = WebOptions(
                host=web_address[0],
                port=web_address[1],
                max_sessions=flags.max_sessions,
                connections_per_minute=flags.connections_per_minute,
                idle_timeout=flags.idle_timeout,
                behind_proxy=behind_proxy,
            )
        limits = Limits(
            sessions_per_identity=flags.sessions_per_key,
            tables_per_identity=flags.tables_per_key,
            chat_lines=flags.chat_lines,
            chat_window=flags.chat_window,
            chat_length=flags.chat_length,
        )
        options = ServeOptions(
            ssh=ssh,
            saves=saves,
            data=data,
            web=web,
            limits=limits,
            away_limit=flags.away_limit,
            fork_clients=getattr(args, "client_start", "fork") == "fork",
            db=getattr(args, "db", None) or os.environ.get(ENV_DB) or None,
            bot_workers=flags.bot_workers,
            notify=notify,
        )
        return run(options)
    except (OSError, ValueError) as exc:  # an unreadable key file, say
        print(f"chimera serve: {exc}", file=sys.stderr)
        return 1
