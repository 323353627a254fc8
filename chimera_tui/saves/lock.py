"""One process plays a save at a time: an advisory lock beside the save, with who holds it.

The lock is ``flock`` on a hidden sidecar file, ``.NAME.lock`` beside the *real* save (symlinks resolved, so
two paths to one file share one lock). The kernel drops the lock when its process ends, however it ends, so a
lock left by a crash or ``kill -9`` is simply free: the next process takes it and rewrites the holder. The
sidecar records the holder (process id, user, host, since when) so a second process can say who has the game.

Releasing removes the sidecar while still holding the lock; a taker checks after locking that the file it
locked is still the one at that name (else it tries again), so removal never lets two processes in at once.

Where locks cannot be had (no ``fcntl``, or a folder we may not write), `acquire` returns a lock that holds
nothing: the game can still be played, and saving will say why it fails.
"""

from __future__ import annotations

import contextlib
import getpass
import os
import socket
import threading
import time
from datetime import datetime
from pathlib import Path
from types import ModuleType

import msgspec

from chimera_tui.engine.plain_text import plain_text
from chimera_tui.saves.errors import SaveError
from chimera_tui.saves.files import real_path

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

LOCK_LIMIT = 4096
"""The most of a sidecar file that is read (it holds a few dozen bytes)."""


class LockHolder(msgspec.Struct, frozen=True, kw_only=True):
    """Who holds a save, as recorded in its sidecar file."""

    pid: int = 0
    user: str = ""
    host: str = ""
    since: str = ""
    """When the lock was taken (ISO 8601 with offset)."""

    def describe(self) -> str:
        """ "process 4242 of alice on host box, since 21:07" (parts that are unknown are left out)."""
        parts = [f"process {self.pid}" if self.pid > 0 else "another process"]
        if self.user:
            parts.append(f"of {plain_text(self.user, 32)}")
        if self.host:
            parts.append(f"on host {plain_text(self.host, 64)}")
        text = " ".join(parts)
        try:
            since = datetime.fromisoformat(self.since)
        except ValueError:
            return text
        return f"{text}, since {since:%Y-%m-%d %H:%M}"


class SaveInUse(SaveError):
    """The save is being played by another process.

    Attributes:
        holder: Who holds it, when the sidecar says (None when it could not be read).
    """

    def __init__(self, message: str, path: Path | str, holder: LockHolder | None) -> None:
        super().__init__(message, path)
        self.holder = holder


_DECODER = msgspec.json.Decoder(LockHolder)
_HELD: dict[Path, SaveLock] = {}
"""The locks this process holds, by real save path (taking one again returns the same lock)."""
_GUARD = threading.Lock()


def lock_path_for(real: Path) -> Path:
    """The sidecar lock file of the real save file `real`."""
    return real.with_name(f".{real.name}.lock")


class SaveLock:
    """A held (or, where locking is impossible, a pretend) lock on one save. Release it when the game
    closes; it is released anyway when the process ends."""

    def __init__(self, path: Path, real: Path, fd: int | None) -> None:
        self.path = path
        """The save as it was named."""
        self.real = real
        """The real file (symlinks resolved)."""
        self._fd = fd

    @property
    def held(self) -> bool:
        """True while this process really holds the lock."""
        return self._fd is not None

    def release(self) -> None:
        """Give the save up (idempotent): the sidecar is removed, then the lock dropped."""
        with _GUARD:
            if _HELD.get(self.real) is self:
                del _HELD[self.real]
            fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            if _same_file(fd, lock_path_for(self.real)):
                os.unlink(lock_path_for(self.real))
        os.close(fd)

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _same_file(fd: int, path: Path) -> bool:
    try:
        opened, named = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (opened.st_dev, opened.st_ino) == (named.st_dev, named.st_ino)


def _me(now: datetime) -> LockHolder:
    try:
        user = getpass.getuser()
    except Exception:  # no user name in the environment or the password database
        user = str(os.getuid()) if hasattr(os, "getuid") else ""
    return LockHolder(
        pid=os.getpid(), user=user, host=socket.gethostname(), since=now.isoformat(timespec="seconds")
    )


def read_holder(path: Path | str) -> LockHolder | None:
    """Who the sidecar of the save at `path` names (None when there is none or it cannot be read)."""
    lock = lock_path_for(real_path(path))
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(lock, flags)
    except OSError:
        return None
    try:
        return _holder_from(fd)
    finally:
        os.close(fd)


def _holder_from(fd: int) -> LockHolder | None:
    try:
        data = os.pread(fd, LOCK_LIMIT, 0)
        return _DECODER.decode(data)
    except (OSError, msgspec.DecodeError):
        return None


def in_use_message(path: Path | str, holder: LockHolder | None) -> str:
    """The sentence for a save another process is playing."""
    who = holder.describe() if holder is not None else "another process"
    return f"'{path}' is being played by another Chimera Tabletop ({who})."


def _lock_soon(fd: int, attempts: int = 5) -> None:
    """Take the exclusive lock on `fd`, trying again briefly: a load screen's `is_in_use` may hold a shared
    lock for an instant, which must not read as another player.

    Raises:
        BlockingIOError: when another process still holds it.
    """
    assert fcntl is not None
    for attempt in range(attempts):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.01)


def acquire(path: Path | str, *, now: datetime | None = None) -> SaveLock:
    """Take the lock of the save at `path` (which need not exist yet) without waiting.

    Returns a held lock, the one this process already holds for that file, or (where locks cannot be had)
    a lock that holds nothing.

    Raises:
        SaveInUse: when another process holds it, naming that process.
    """
    path = Path(path)
    real = real_path(path)
    with _GUARD:
        if real in _HELD:
            return _HELD[real]
    if fcntl is None:
        return SaveLock(path, real, None)
    sidecar = lock_path_for(real)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    while True:
        try:
            fd = os.open(sidecar, flags, 0o600)
        except OSError:
            return SaveLock(path, real, None)  # a folder we may not write: saving will say so
        try:
            _lock_soon(fd)
        except BlockingIOError:
            holder = _holder_from(fd)
            os.close(fd)
            raise SaveInUse(in_use_message(path, holder), path, holder) from None
        except OSError:  # a file system without flock
            os.close(fd)
            return SaveLock(path, real, None)
        if _same_file(fd, sidecar):
            break
        os.close(fd)  # released and removed by its holder meanwhile: take the new one
    me = _me(now or datetime.now().astimezone())
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, msgspec.json.encode(me), 0)
    lock = SaveLock(path, real, fd)
    with _GUARD:
        _HELD[real] = lock
    return lock


def is_in_use(path: Path | str) -> LockHolder | None:
    """Who plays the save at `path` in another process right now, without taking its lock (None when no
    one does, or when this process holds it)."""
    real = real_path(path)
    with _GUARD:
        if real in _HELD:
            return None
    if fcntl is None:
        return None
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(lock_path_for(real), flags)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return _holder_from(fd) or LockHolder()
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)
