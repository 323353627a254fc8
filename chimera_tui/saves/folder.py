"""The save folder: where it is, what is in it, and what the next autosave is called."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec
import platformdirs

from chimera_tui import games
from chimera_tui.engine.match import Match
from chimera_tui.engine.plain_text import plain_text
from chimera_tui.saves.errors import SaveError
from chimera_tui.saves.files import read_bytes, real_path
from chimera_tui.saves.format import EXTENSION, decode_save, save_match
from chimera_tui.saves.replaying import restore, unknown_game_message
from chimera_tui.saves.wording import problem_label
from chimera_tui.table.base import Seat

ENV_VAR = "CHIMERA_SAVES"
"""The environment variable naming the save folder (``--saves DIR`` wins over it)."""

APP_DIR = "chimera-tabletop"
"""The application's name in the platform's user data directory."""

_CACHE: dict[Path, tuple[tuple[int, ...], SaveSummary]] = {}
"""Replayed summaries by path, with the file identity they were made from (`summarize`)."""
_CACHE_GUARD = threading.Lock()


class SaveSummary(msgspec.Struct, frozen=True, kw_only=True):
    """One row of the load screen, read from the envelope alone (the log is not replayed)."""

    path: Path
    game: str = ""
    """Registry key ("" when the file could not be read)."""
    title: str = ""
    """The game's display title, or its id when this build does not have it."""
    players: tuple[str, ...] = ()
    round: str = ""
    """Where the match stands ("Round 3")."""
    updated: datetime | None = None
    """When the save was written, as recorded in it (None when the file could not be read)."""
    modified: datetime
    """The file's modification time (local time), for files that could not be read."""
    error: str | None = None
    """Why the file cannot be loaded (one sentence), or None when it looks loadable."""
    checked: bool = False
    """Whether the log was replayed and checked (else only the envelope was read)."""
    notices: tuple[str, ...] = ()
    """What a player will be told on opening it (a bot this build lacks, say)."""

    @property
    def label(self) -> str:
        """A short label for `error` ("altered", "newer rules", "named pipe"; "" when there is no error)."""
        return "" if self.error is None else problem_label(self.error)

    @property
    def reason(self) -> str:
        """`error` without the file's name in front, for a narrow column ("" when there is no error)."""
        if self.error is None:
            return ""
        text = self.error.removeprefix(f"'{self.path}' ")
        return text[:1].upper() + text[1:]

    @property
    def when(self) -> datetime:
        """The time the list is sorted by: the recorded save time, else the file's modification time."""
        return self.updated or self.modified


def saves_dir_path(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the save folder is (see `saves_dir`), without creating it."""
    if override is not None and str(override):
        return Path(override).expanduser()
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR]).expanduser()
    return platformdirs.user_data_path(APP_DIR, appauthor=False) / "saves"


def saves_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The save folder, created if missing: `override` (``--saves DIR``), else ``$CHIMERA_SAVES``, else
    the platform's user data directory for ``chimera-tabletop``, plus ``saves``.

    Raises:
        SaveError: when the folder does not exist and cannot be created.
    """
    folder = saves_dir_path(override)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # private: a save's seed reveals hidden cards
    except FileExistsError as exc:
        raise SaveError(
            f"The save folder '{folder}' cannot be created: a file has that name.", folder
        ) from exc
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise SaveError(
            f"The save folder '{folder}' cannot be created: {reason[0].lower() + reason[1:]}.", folder
        ) from exc
    return folder


def in_folder(path: Path | str, folder: Path | str) -> bool:
    """Whether the file `path` is directly in `folder` (the file's own symlink is not followed, so a link
    placed in the saves folder counts as in it; the folders' symlinks are)."""
    try:
        return real_path(Path(path).absolute().parent) == real_path(folder)
    except OSError:
        return False


def _title(game_id: str) -> str:
    try:
        return games.title(game_id)
    except games.UnknownGame:
        return game_id


def _parse_time(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.astimezone()


def summarize(path: Path, *, replay: bool = False) -> SaveSummary:
    """The load-screen row for the file at `path` (never raises for a bad file: see `SaveSummary.error`).

    With `replay`, the log is replayed and checked against the digest too, so a save that cannot be resumed
    (a rejected log, a digest that does not match, newer rules, bad options) gets its reason; the result is
    cached by the file's identity, size and modification time, so checking a folder again is cheap.
    """
    try:
        info = path.stat()
        modified = datetime.fromtimestamp(info.st_mtime).astimezone()
        key: tuple[int, ...] | None = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
    except OSError:
        modified = datetime.fromtimestamp(0).astimezone()
        key = None
    if replay and key is not None:
        with _CACHE_GUARD:
            cached = _CACHE.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
    try:
        data = read_bytes(path)
        save = decode_save(data, path)
    except SaveError as exc:
        return SaveSummary(path=path, modified=modified, error=exc.message, checked=replay)
    error = None
    notices: tuple[str, ...] = ()
    if save.game not in games.game_ids():
        error = unknown_game_message(path, save.game)
    elif replay:
        try:
            notices = restore(save, path).notices
        except SaveError as exc:
            error = exc.message
        except games.InstallationIncomplete as exc:  # the installation, not the save, is at fault
            error = str(exc)
    summary = SaveSummary(
        path=path,
        game=save.game,
        title=_title(save.game),
        players=tuple(plain_text(name) for name in save.players),
        round=plain_text(save.round, 40),
        updated=_parse_time(save.updated),
        modified=modified,
        error=error,
        checked=replay,
        notices=notices,
    )
    if replay and key is not None:
        with _CACHE_GUARD:
            _CACHE[path] = (key, summary)
    return summary


def save_paths(folder: Path | str) -> list[Path]:
    """The ``*.chimera`` files in `folder` (not hidden ones, not its subfolders), by name; [] if the folder
    cannot be read."""
    folder = Path(folder)
    try:
        return sorted(p for p in folder.iterdir() if p.suffix == EXTENSION and not p.name.startswith("."))
    except OSError:
        return []


def sort_rows(rows: list[SaveSummary]) -> list[SaveSummary]:
    """Loadable saves first, newest first; then the ones that cannot be loaded, newest first."""
    rows = sorted(rows, key=lambda row: row.path.name)
    rows.sort(key=lambda row: row.when.timestamp(), reverse=True)
    rows.sort(key=lambda row: row.error is not None)
    return rows


def list_saves(folder: Path | str, *, replay: bool = False) -> list[SaveSummary]:
    """Every ``*.chimera`` file in `folder` (not its subfolders), newest first; [] if the folder is missing.

    Unreadable files are included with `SaveSummary.error` set, so the load screen can show them greyed out.
    With `replay`, each save is also replayed (see `summarize`).
    """
    rows = [summarize(p, replay=replay) for p in save_paths(folder)]
    rows.sort(key=lambda row: row.path.name)
    rows.sort(key=lambda row: row.when.timestamp(), reverse=True)
    return rows


def new_save_path(folder: Path | str, game_id: str, now: datetime) -> Path:
    """A free path for a new save of `game_id` started at `now`: ``station-2026-11-21-2350.chimera``, or
    ``station-2026-11-21-2350-2.chimera`` (and so on) when that is taken."""
    folder = Path(folder)
    stem = f"{game_id}-{now:%Y-%m-%d-%H%M}"
    candidate = folder / f"{stem}{EXTENSION}"
    number = 1
    while candidate.exists() or candidate.is_symlink():
        number += 1
        candidate = folder / f"{stem}-{number}{EXTENSION}"
    return candidate


def save_into_folder(
    match: Match[Any, Any],
    folder: Path | str,
    *,
    now: datetime,
    created: datetime | str | None = None,
    seats: Sequence[Seat] | None = None,
) -> Path:
    """Save `match` as a new file in `folder` (another folder than the usual one, when that one cannot be
    written) and return the new file's path. Nothing else is touched.

    Raises:
        SaveError: with one sentence when `folder` is not a folder or the file cannot be written.
    """
    folder = Path(folder).expanduser()
    if not folder.is_dir():
        what = "does not exist" if not folder.exists() else "is not a folder"
        raise SaveError(f"Could not save to '{folder}': it {what}.", folder)
    path = new_save_path(folder, match.rules.id, now)
    save_match(match, path, now=now, created=created, seats=seats)
    return path
