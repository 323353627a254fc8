"""The save folder: where it is, what is in it, and what the next autosave is called."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import msgspec
import platformdirs

from chimera_tui import games
from chimera_tui.saves.format import EXTENSION, SaveError, read_save, unknown_game_message

ENV_VAR = "CHIMERA_SAVES"
"""The environment variable naming the save folder (``--saves DIR`` wins over it)."""

APP_DIR = "chimera-tabletop"
"""The application's name in the platform's user data directory."""


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

    @property
    def when(self) -> datetime:
        """The time the list is sorted by: the recorded save time, else the file's modification time."""
        return self.updated or self.modified


def saves_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The save folder, created if missing: `override` (``--saves DIR``), else ``$CHIMERA_SAVES``, else
    the platform's user data directory for ``chimera-tabletop``, plus ``saves``.

    Raises:
        SaveError: when the folder does not exist and cannot be created.
    """
    if override is not None and str(override):
        folder = Path(override).expanduser()
    elif os.environ.get(ENV_VAR):
        folder = Path(os.environ[ENV_VAR]).expanduser()
    else:
        folder = platformdirs.user_data_path(APP_DIR, appauthor=False) / "saves"
    try:
        folder.mkdir(parents=True, exist_ok=True)
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


def summarize(path: Path) -> SaveSummary:
    """The load-screen row for the file at `path` (never raises for a bad file: see `SaveSummary.error`)."""
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    except OSError:
        modified = datetime.fromtimestamp(0).astimezone()
    try:
        save = read_save(path)
    except SaveError as exc:
        return SaveSummary(path=path, modified=modified, error=exc.message)
    error = None
    if save.game not in games.game_ids():
        error = unknown_game_message(path, save.game)
    return SaveSummary(
        path=path,
        game=save.game,
        title=_title(save.game),
        players=save.players,
        round=save.round,
        updated=_parse_time(save.updated),
        modified=modified,
        error=error,
    )


def list_saves(folder: Path | str) -> list[SaveSummary]:
    """Every ``*.chimera`` file in `folder` (not its subfolders), newest first; [] if the folder is missing.

    Unreadable files are included with `SaveSummary.error` set, so the load screen can show them greyed out.
    """
    folder = Path(folder)
    try:
        paths = [p for p in folder.iterdir() if p.suffix == EXTENSION and not p.name.startswith(".")]
    except OSError:
        return []
    rows = [summarize(p) for p in paths]
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
