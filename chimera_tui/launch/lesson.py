"""Opening a lesson: `chimera learn GAME` and the menu's "Learn to play".

A lesson is saved like any game, in the saves folder, under ``lesson-GAME.chimera`` (then
``lesson-GAME-2.chimera`` and on, so a finished or damaged lesson is never overwritten). Opening the lesson
of a game resumes its newest unfinished one, and starts a new one otherwise. Loading such a file by any
road (the load screen, ``chimera load``) opens it as a lesson too. Pure: no Textual.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from chimera_tui import games
from chimera_tui.launch import GameStart, LaunchError, load_start, new_start
from chimera_tui.learn import LESSON_GAMES, LESSON_NAME, lesson_for, progress
from chimera_tui.table.base import Seat


def _numbered(folder: Path, game_id: str) -> list[tuple[int, Path]]:
    found = []
    for path in folder.glob(f"lesson-{game_id}*.chimera"):
        match = LESSON_NAME.match(path.name)
        if match and match.group(1) == game_id:
            found.append((int(match.group(2) or 1), path))
    return sorted(found)


def learn_start(game_id: str, folder: Path) -> GameStart:
    """The lesson of `game_id`: the newest unfinished one in `folder` resumed, or a new one.

    Raises:
        LaunchError: for a game without a lesson.
    """
    lesson = lesson_for(game_id)
    if lesson is None:
        names = ", ".join(games.title(g) for g in LESSON_GAMES)
        raise LaunchError(f"There is no lesson for {game_id!r}; the lessons are for {names}.")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LaunchError(f"The saves folder {folder} cannot be made ({exc.strerror}).", code=1) from exc
    notices: list[str] = []
    numbered = _numbered(folder, game_id)
    for _, path in reversed(numbered):
        try:
            start = load_start(path, folder=folder)
        except LaunchError as exc:
            notices.append(f"{exc.message} A new lesson starts instead; that file is left as it is.")
            break
        if not progress(lesson, start.match).over:
            return msgspec.structs.replace(start, lesson=True, notices=(*start.notices, *notices))
        if start.lock is not None:
            start.lock.release()
        break
    number = numbered[-1][0] + 1 if numbered else 1
    name = f"lesson-{game_id}.chimera" if number == 1 else f"lesson-{game_id}-{number}.chimera"
    seats = (Seat("Player 1"), Seat(f"Bot 2 ({lesson.opponent})", lesson.opponent))
    start = new_start(game_id, lesson.players, seats, lesson.seed, dict(lesson.options))
    return msgspec.structs.replace(start, save_path=folder / name, lesson=True, notices=tuple(notices))
