"""Saves are private to their owner: a save holds its table's seed, and the seed reveals every hidden card.

New saves, seat records and lock files are created 0600 (`files.write_atomic`, `lock.acquire`) and new save
folders 0700 (`folder.saves_dir`). `make_private` tightens what an older version, a copy or a loose umask
left readable by other users: the folder itself and the files directly in it, never following a symbolic
link and never touching what another user owns.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

OTHERS = stat.S_IRWXG | stat.S_IRWXO
"""The permission bits of the group and of everyone else."""


def make_private(folder: Path) -> list[Path]:
    """Take the group's and others' permissions off `folder` and the files and folders directly in it;
    returns what was loosened before (empty when everything already was private)."""
    tightened: list[Path] = []
    if _tighten(folder):
        tightened.append(folder)
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            path = Path(entry.path)
            if _tighten(path):
                tightened.append(path)
    return tightened


def _tighten(path: Path) -> bool:
    try:
        info = os.lstat(path)
    except OSError:
        return False
    if stat.S_ISLNK(info.st_mode) or info.st_uid != os.geteuid() or not info.st_mode & OTHERS:
        return False
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
        return False
    try:
        os.chmod(path, stat.S_IMODE(info.st_mode) & ~OTHERS, follow_symlinks=False)
    except (OSError, NotImplementedError):
        return False
    return True


def loosened_warning(folder: Path, tightened: list[Path]) -> str:
    """The warning for `make_private`'s answer (one sentence)."""
    files = sum(1 for path in tightened if path != folder)
    counted = f"{files} file{'' if files == 1 else 's'}"
    if folder not in tightened:
        what = f"{counted} in '{folder}'"
    else:
        what = f"'{folder}'" + (f" and {counted} in it" if files else "")
    return f"{what} could be read by other users of this machine; now only you can."
