"""Reading and writing save files safely: only regular files, never more than `MAX_SIZE` bytes, never
blocking, and atomic writes that go through symlinks to the real file and keep its permissions.

Reading resolves symlinks first, refuses anything that is not a regular file *before* opening it (a FIFO
would block, a device never ends), then opens the resolved path with ``O_NOFOLLOW | O_NONBLOCK`` and checks
again with ``fstat`` that it is the same regular file, so a file swapped in between is refused too.

Writing resolves symlinks as well: the temporary file is made in the real file's folder and renamed over the
real file, so a save reached through a link stays a link and its target gets the new contents. An existing
file keeps its permission bits (a 0600 save stays 0600).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from pathlib import Path

from chimera_tui.saves.errors import SaveError

MAX_SIZE = 16 * 1024 * 1024
"""Files larger than this are refused unread: a save of even a very long match is a few kilobytes."""

TEMP_SUFFIX = ".tmp"
"""Temporary files are ``.NAME.XXXXXXXX.tmp`` beside the real file ``NAME``."""

_CHUNK = 1 << 20


def _quoted(path: Path | str) -> str:
    return f"'{path}'"


def _reason(exc: OSError) -> str:
    """The lower-case reason of `exc` ("permission denied")."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    return reason[0].lower() + reason[1:]


def real_path(path: Path | str) -> Path:
    """`path` made absolute with every symlink resolved (a missing file is fine: its folder is resolved)."""
    return Path(os.path.realpath(os.path.abspath(path)))


def _kind(mode: int) -> str | None:
    """What a non-regular file is, in words ("a folder"), or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


# -- reading -----------------------------------------------------------------------------------------------


def read_bytes(path: Path | str, limit: int | None = None) -> bytes:
    """The contents of the save file at `path`: a regular file (after symlinks) of at most `limit` bytes
    (default `MAX_SIZE`). Never blocks: FIFOs, devices and sockets are refused before they are opened.

    Raises:
        SaveError: when it is missing, not a regular file, unreadable, empty or too large to be a save.
    """
    limit = MAX_SIZE if limit is None else limit
    path = Path(path)
    name = _quoted(path)
    real = real_path(path)
    try:
        info = os.stat(real)
        kind = _kind(info.st_mode)
        if kind is not None:
            raise SaveError(f"{name} is {kind}, not a save file.", path)
        if info.st_size > limit:
            raise SaveError(f"{name} is too large to be a save file ({info.st_size:,} bytes).", path)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
        flags |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(real, flags)
        try:
            opened = os.fstat(fd)
            kind = _kind(opened.st_mode)
            if kind is not None:
                raise SaveError(f"{name} is {kind}, not a save file.", path)
            if (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
                raise SaveError(f"{name} was replaced while it was being read; try again.", path)
            data = _read_at_most(fd, limit + 1)
        finally:
            os.close(fd)
    except FileNotFoundError as exc:
        raise SaveError(f"There is no save file at {name}.", path) from exc
    except IsADirectoryError as exc:
        raise SaveError(f"{name} is a folder, not a save file.", path) from exc
    except OSError as exc:
        raise SaveError(f"{name} could not be read: {_reason(exc)}.", path) from exc
    if len(data) > limit:
        raise SaveError(f"{name} is too large to be a save file (more than {limit:,} bytes).", path)
    if not data:
        raise SaveError(f"{name} is empty, so it holds no saved game.", path)
    return data


def _read_at_most(fd: int, count: int) -> bytes:
    """Up to `count` bytes from `fd` (fewer at the end of the file)."""
    parts: list[bytes] = []
    left = count
    while left > 0:
        try:
            chunk = os.read(fd, min(left, _CHUNK))
        except BlockingIOError:  # cannot happen for a regular file; never wait for one that would block
            break
        if not chunk:
            break
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


# -- writing -----------------------------------------------------------------------------------------------


def temp_path_for(real: Path) -> Path:
    """A fresh temporary name beside `real` (``.NAME.XXXXXXXX.tmp``)."""
    return real.with_name(f".{real.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def temp_files(real: Path) -> list[Path]:
    """The temporary files a write of `real` may have left behind (``.NAME.*.tmp``), oldest first."""
    prefix = f".{real.name}."
    try:
        found = [
            p
            for p in real.parent.iterdir()
            if p.name.startswith(prefix) and p.name.endswith(TEMP_SUFFIX) and len(p.name) == len(prefix) + 12
        ]
    except OSError:
        return []

    def mtime(p: Path) -> float:
        try:
            return p.lstat().st_mtime
        except OSError:
            return 0.0

    return sorted(found, key=lambda p: (mtime(p), p.name))


def write_atomic(path: Path | str, data: bytes) -> None:
    """Replace the file at `path` with `data` so that a crash leaves either the old file or the new one.

    A symlink is followed: the real file is replaced, the link stays. An existing file keeps its permission
    bits (and, where allowed, its owner).

    Raises:
        SaveError: when the file cannot be written (the old file, if any, is untouched and no temporary
            file is left behind).
    """
    path = Path(path)
    target = real_path(path)
    try:
        existing: os.stat_result | None = os.stat(target)
    except OSError:
        existing = None
    if existing is not None and stat.S_ISDIR(existing.st_mode):
        raise SaveError(f"Could not save to {_quoted(path)}: it is a folder.", path)
    if existing is not None and _kind(existing.st_mode) is not None:
        raise SaveError(f"Could not save to {_quoted(path)}: it is not a regular file.", path)
    try:
        fd, temp = _create_temp(target)
    except OSError as exc:
        raise SaveError(write_failure(path, exc), path) from exc
    try:
        try:
            if existing is not None:
                _keep_mode(fd, existing)
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise SaveError(write_failure(path, exc), path) from exc
        raise
    fsync_folder(target.parent)


def _keep_mode(fd: int, existing: os.stat_result) -> None:
    """Give the new file the old one's permission bits and, where we may, its owner and group."""
    if os.name != "posix":
        return
    if hasattr(os, "fchown") and (existing.st_uid, existing.st_gid) != (os.geteuid(), os.getegid()):
        with contextlib.suppress(OSError):
            os.fchown(fd, existing.st_uid, existing.st_gid)
    os.fchmod(fd, stat.S_IMODE(existing.st_mode))


def _create_temp(real: Path) -> tuple[int, Path]:
    """A new hidden file beside `real` (mode 0600: a save holds its seed, which reveals hidden cards),
    opened for writing."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    while True:
        temp = temp_path_for(real)
        try:
            return os.open(temp, flags, 0o600), temp
        except FileExistsError:
            continue


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX only; some file systems refuse, which is harmless)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_failure(path: Path, exc: OSError) -> str:
    """The sentence for a write of `path` that failed with `exc`."""
    if isinstance(exc, FileNotFoundError):
        return f"Could not save to {_quoted(path)}: the folder {_quoted(path.parent)} does not exist."
    if isinstance(exc, IsADirectoryError) or path.is_dir():
        return f"Could not save to {_quoted(path)}: it is a folder."
    if exc.errno == errno.ENOSPC:
        return f"Could not save to {_quoted(path)}: the disk is full."
    if exc.errno == errno.EROFS:
        return f"Could not save to {_quoted(path)}: the disk is read-only."
    return f"Could not save to {_quoted(path)}: {_reason(exc)}."
