"""Temporary files left by a write that never finished (``kill -9``, a power cut): recover or remove them.

An autosave writes ``.NAME.XXXXXXXX.tmp`` beside the real file, then renames it over ``NAME``. A process
killed between the two leaves the temporary file holding the newest move. When a save is opened *with its
lock held* (so no other process can be writing it), every such file is stale: the newest one that is a
valid save of the same match (same game, seed and setup, and a log that extends the save's log) replaces the
save, and all of them are removed.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from chimera_tui.saves.errors import SaveError
from chimera_tui.saves.files import read_bytes, real_path, temp_files, write_atomic
from chimera_tui.saves.format import EXTENSION, SaveFile, decode_save
from chimera_tui.saves.lock import SaveInUse, acquire
from chimera_tui.saves.replaying import LoadedSave, restore


def _extends(newer: SaveFile, older: SaveFile) -> bool:
    """Whether `newer` is a later save of the very match `older` records."""
    return (
        newer.game == older.game
        and newer.seed == older.seed
        and newer.config == older.config
        and len(newer.log) > len(older.log)
        and newer.log[: len(older.log)] == older.log
    )


def recover_unfinished(loaded: LoadedSave) -> tuple[LoadedSave, str | None]:
    """Recover the save at `loaded.path` from its stale temporary files and remove them all.

    Call only while holding the save's lock. Returns the save to play (`loaded` itself, or the recovered
    one) and a sentence saying what was recovered (None when nothing was).
    """
    path = loaded.path
    real = real_path(path)
    best: tuple[LoadedSave, bytes] | None = None
    stale = temp_files(real)
    for temp in stale:
        try:
            data = read_bytes(temp)
            candidate = restore(decode_save(data, path), path)
        except SaveError:
            continue
        newest = best[0].save if best is not None else loaded.save
        if _extends(candidate.save, newest):
            best = (candidate, data)
    message = None
    if best is not None:
        try:
            write_atomic(path, best[1])
        except SaveError:
            return loaded, None  # keep the temporary files: they still hold the moves
        recovered = best[0]
        moves = len(recovered.save.log) - len(loaded.save.log)
        plural = "" if moves == 1 else "s"
        message = (
            f"Recovered {moves} action{plural} that {'was' if moves == 1 else 'were'} being saved when "
            f"Chimera Tabletop last stopped: '{path}' now holds {len(recovered.save.log)} actions."
        )
        loaded = recovered
    for temp in stale:
        with contextlib.suppress(OSError):
            os.unlink(temp)
    return loaded, message


def has_unfinished(path: Path | str) -> bool:
    """Whether a write of the save at `path` left temporary files behind."""
    return bool(temp_files(real_path(path)))


def recover_orphans(folder: Path | str) -> list[str]:
    """Temporary files in `folder` whose save does not exist at all (a process killed during the *first*
    save of a game): each valid one becomes that save, the rest are removed. A file whose save is locked by
    a live process is left alone (that process may be writing it). Returns a sentence per recovered save."""
    folder = Path(folder)
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError:
        return []
    targets = {
        name[1:-13]
        for name in names
        if name.startswith(".") and name.endswith(".tmp") and name[1:-13].endswith(EXTENSION)
    }
    told = []
    for target in sorted(targets):
        path = folder / target
        if path.exists() or path.is_symlink():
            continue  # recover_unfinished handles a save that exists, when it is opened
        try:
            lock = acquire(path)
        except SaveInUse:
            continue
        with lock:
            stale = temp_files(path)
            newest: tuple[SaveFile, bytes] | None = None
            for temp in stale:
                try:
                    data = read_bytes(temp)
                    candidate = restore(decode_save(data, path), path).save
                except SaveError:
                    continue
                if newest is None or len(candidate.log) >= len(newest[0].log):
                    newest = (candidate, data)
            if newest is not None:
                try:
                    write_atomic(path, newest[1])
                except SaveError:
                    continue  # keep the temporary files: they still hold the game
                told.append(
                    f"Recovered '{target}', whose first save was cut short ({len(newest[0].log)} actions)."
                )
            for temp in stale:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
    return told
