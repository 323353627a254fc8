"""What the app opens with, decided and checked before any screen appears.

`chimera new ...` and `chimera load FILE` are validated here, so that a bad argument or a bad save prints one
clear line and exits non-zero without starting the TUI; a replay (`chimera replay FILE`, the load screen's
w) is opened here too. Pure: no Textual.
"""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from chimera_tui import games
from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.match import Match
from chimera_tui.engine.plain_text import plain_text
from chimera_tui.engine.ruleset import GameConfig, Ruleset
from chimera_tui.learn import lesson_game
from chimera_tui.table.base import Seat
from chimera_tui.table.replay import ReplayTable


class LaunchError(Exception):
    """A command-line request that cannot start: one sentence and an exit code."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class GameStart(msgspec.Struct, kw_only=True):
    """A match ready to be played, with who sits where and where it autosaves."""

    game_id: str
    match: Any
    """The `Match` (new, or rebuilt from a save)."""
    seats: tuple[Seat, ...]
    save_path: Path | None = None
    """The file it was loaded from (autosave keeps writing there), or None for a new game."""
    created: str | None = None
    """When a loaded match was first saved (kept by later autosaves)."""
    lock: Any = None
    """The `chimera_tui.saves.SaveLock` held on `save_path` (release it when the game closes), or None."""
    notices: tuple[str, ...] = ()
    """Sentences to show when the game opens (a recovered move, a replaced bot, a copy was opened)."""
    lesson: bool = False
    """A guided first game (chimera_tui/learn): the game's screen opens with the guide."""


class LaunchPlan(msgspec.Struct, kw_only=True):
    """The menu, or a game to open straight away."""

    start: GameStart | None = None


def clock_seed() -> int:
    """A seed for players who did not choose one."""
    return time.time_ns() % 1_000_000_007


def make_seats(game_id: str, players: int, kinds: list[str], names: list[str]) -> tuple[Seat, ...]:
    """Seats from the words of the command line or the new-game dialog ("human", "bot", or a bot's name;
    "bot" means the game's strongest, the first `games.bots` lists). Unnamed seats are "Player N" for people
    and "Bot N (kind)" for bots. Names are the players' own text: cleaned with `plain_text` (no escape
    sequences or control characters, at most `NAME_LIMIT` characters); a name that is empty after that is
    no name.

    Raises:
        LaunchError: for an unknown kind or too many entries.
    """
    bots = games.bots(game_id)
    strongest = next(iter(bots))
    if len(kinds) > players or len(names) > players:
        raise LaunchError(f"{players} players, but more seats or names than that were given.")
    seats = []
    for i in range(players):
        kind = kinds[i].strip().lower() if i < len(kinds) and kinds[i].strip() else "human"
        if kind == "bot":
            kind = strongest
        if kind != "human" and kind not in bots:
            raise LaunchError(
                f"Seat {i + 1}: {kind!r} is not a seat kind; use human, bot or one of: {', '.join(bots)}."
            )
        given = plain_text(names[i]) if i < len(names) else ""  # player-given: plain, capped
        default = f"Player {i + 1}" if kind == "human" else f"Bot {i + 1} ({kind})"
        seats.append(Seat(given or default, None if kind == "human" else kind))
    return tuple(seats)


def new_start(
    game_id: str,
    players: int | None,
    seats: tuple[Seat, ...] | None,
    seed: int | None,
    options: dict[str, str],
) -> GameStart:
    """A new match of `game_id`, validated.

    Raises:
        LaunchError: with the reason, for a bad player count or option.
    """
    if game_id not in games.game_ids():
        known = ", ".join(games.game_ids()) or "none yet"
        raise LaunchError(f"There is no game called {game_id!r}; the games are: {known}.")
    rules: Ruleset[Any, Any] = games.get(game_id)
    n = players if players is not None else (len(seats) if seats else rules.min_players)
    for key, value in options.items():
        spec = next((o for o in rules.options if o.key == key), None)
        if spec is None:
            names = ", ".join(o.key for o in rules.options) or "none"
            raise LaunchError(f"{rules.title} has no option {key!r}; its options are: {names}.")
        if (problem := spec.problem(value, n)) is not None:
            raise LaunchError(problem)
    seats = seats or make_seats(game_id, n, [], [])
    config = GameConfig(players=n, names=tuple(s.name for s in seats), options=dict(options))
    try:
        match = Match(rules, config, clock_seed() if seed is None else seed)
    except IllegalAction as exc:
        raise LaunchError(exc.reason) from exc
    except games.InstallationIncomplete as exc:  # the game's own files are missing (one sentence, exit 1)
        raise LaunchError(str(exc), code=1) from exc
    return GameStart(game_id=game_id, match=match, seats=seats)


class SaveInUseError(LaunchError):
    """`chimera load` or the load screen met a save another process is playing: a copy can be opened."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message, code=1)
        self.path = path


def _sample_notice(path: Path, folder: Path) -> str:
    return (
        f"'{path}' is not in your saves folder, so it opened as a new game in '{folder}'; "
        "the file you opened is never changed."
    )


def _copy_notice(path: Path) -> str:
    return (
        f"This is a copy of '{path}', saved as a new game in your saves folder; the original is not changed."
    )


def load_start(
    path: str | Path,
    *,
    folder: Path | None = None,
    copy: bool = False,
    now: datetime | None = None,
) -> GameStart:
    """The match saved in `path`, ready to be played.

    A save in the saves folder (`folder`, default the configured one) is played in place: its lock is taken
    (see `GameStart.lock`), and a write a crash interrupted is recovered. Any other file (the shipped
    samples in the repository's ``saves/``, a file someone sent) and any file opened with `copy` opens as a
    new game in the saves folder (`GameStart.save_path` is None) and is never written.

    Raises:
        SaveInUseError: when another process plays the save (exit code 1); `copy` opens it anyway.
        LaunchError: with the save's one-sentence problem (exit code 1).
    """
    from chimera_tui.saves import (
        SaveError,
        SaveInUse,
        acquire,
        in_folder,
        load,
        recover_unfinished,
        saves_dir_path,
    )

    path = Path(path)
    saves = folder if folder is not None else saves_dir_path()
    in_place = not copy and in_folder(path, saves)
    lock = None
    notices: list[str] = []
    try:
        if in_place:
            lock = acquire(path, now=now)
        loaded = load(path)
        if lock is not None and lock.held:
            loaded, recovered = recover_unfinished(loaded)
            if recovered:
                notices.append(recovered)
    except SaveInUse as exc:
        raise SaveInUseError(exc.message, path) from exc
    except SaveError as exc:
        if lock is not None:
            lock.release()
        raise LaunchError(exc.message, code=1) from exc
    except games.InstallationIncomplete as exc:  # never the save's fault; release its lock all the same
        if lock is not None:
            lock.release()
        raise LaunchError(str(exc), code=1) from exc
    if not in_place:
        notices.append(_copy_notice(path) if copy else _sample_notice(path, saves))
    notices.extend(loaded.notices)
    return GameStart(
        game_id=loaded.game_id,
        match=loaded.match,
        seats=loaded.seats,
        save_path=path if in_place else None,
        created=loaded.save.created,
        lock=lock,
        notices=tuple(notices),
        lesson=in_place and lesson_game(path) == loaded.game_id,
    )


def open_replay(path: Path | str, *, reveal: bool = False) -> ReplayTable:
    """A replay of the save at `path`, standing at its first step and showing what everyone sees; each
    seat's view too once the game is finished, or with `reveal` (`chimera replay FILE --reveal`).

    Raises:
        SaveError: with one sentence naming the file and the problem.
        games.InstallationIncomplete: when the game's own data is missing.
    """
    from chimera_tui.saves import load

    loaded = load(path)
    return ReplayTable(loaded.game_id, loaded.match, loaded.seats, reveal=reveal)
