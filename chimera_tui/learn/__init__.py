"""Learn to play: a guided first game of each game (``chimera learn GAME``, "Learn to play" in the menu).

A `Lesson` is a short seeded game against a bot, and the steps that guide the learner (seat 0) through it:
each `Step` says in our own words what the decision at hand is, names the area of the board where it is
taken, and links to its rules topic. A step shows when the learner is to act and its `when` matches the
decision (from the learner's own view and legal actions), and counts as done once the learner acts while
it shows; steps come in order of need, not of listing, since the learner's choices decide what comes up.

Progress is never stored: `progress` works it out from the match's log, so a lesson saved and loaded again
(its save is ``lesson-GAME.chimera`` in the saves folder) resumes exactly where it was.

Pure: no Textual, no files.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chimera_tui.engine.match import Match

LESSON_GAMES = ("station", "codename", "imaginarium", "con")
"""The games with a lesson, in the registry's order (games.game_ids(): every menu lists the games so)."""

Decides = Callable[[Any, Sequence[str]], bool]
"""Does a decision fit a step: (the learner's view, its legal actions in notation) -> bool."""


@dataclass(frozen=True)
class Step:
    """One thing the guide explains, the first time it comes up."""

    title: str
    """What the decision is, in a few words ("Reserve a machine")."""
    says: str
    """What it is about and how to take it, in our own words (two or three sentences)."""
    topic: str
    """The rules topic that explains it (`?` opens it)."""
    when: Decides
    """Whether the decision at hand is this step's."""
    area: str = ""
    """The id of the area of the board it is taken in ("#belt"); "" when a dialog asks it."""


@dataclass(frozen=True)
class Lesson:
    """A guided first game of one game."""

    game_id: str
    title: str
    """"Learn to play Chimera Station"."""
    seed: int
    options: dict[str, str]
    opponent: str
    """The bot level of seat 1."""
    steps: tuple[Step, ...]
    welcome: str
    """What the guide says before the first step."""
    farewell: str
    """What it says once the lesson is over."""
    ends: Callable[[Any], bool] = field(default=lambda view: False)
    """Whether the lesson is over in this state (besides the game being over), e.g. after three rounds."""
    players: int = 2


@dataclass(frozen=True)
class Progress:
    """Where a learner stands in a lesson."""

    done: frozenset[int]
    """The indexes of the steps done."""
    current: int | None
    """The step to show now (the learner is to act and it matches), or None."""
    over: bool
    """The lesson is over (the game ended, or the lesson's own end came)."""


def lesson_for(game_id: str) -> Lesson | None:
    """The lesson of `game_id`, or None for a game without one."""
    if game_id not in LESSON_GAMES:
        return None
    lesson: Lesson = importlib.import_module(f"chimera_tui.learn.{game_id}").LESSON
    return lesson


LESSON_NAME = re.compile(r"lesson-([a-z]+)(?:-(\d+))?\.chimera\Z")
"""A lesson's save: ``lesson-GAME.chimera``, or ``lesson-GAME-N.chimera`` for the later ones."""


def lesson_game(path: Path | str) -> str | None:
    """The game whose lesson the file at `path` is (by its name), or None."""
    match = LESSON_NAME.match(Path(path).name)
    return match.group(1) if match and match.group(1) in LESSON_GAMES else None


LEARNER = 0
"""The seat the learner plays (the bot plays the other)."""


def _matching(lesson: Lesson, rules: Any, state: Any, done: set[int]) -> int | None:
    if rules.to_act(state) != LEARNER:
        return None
    view = rules.view(state, LEARNER)
    legal = [str(a) for a in rules.legal_actions(state)]
    return next((i for i, s in enumerate(lesson.steps) if i not in done and s.when(view, legal)), None)


def progress(lesson: Lesson, match: Match[Any, Any]) -> Progress:
    """The steps done so far, the one to show now, and whether the lesson is over, from the log alone."""
    rules = match.rules
    done: set[int] = set()
    for step, entry in enumerate(match.log):
        if entry.seat == LEARNER:
            shown = _matching(lesson, rules, match.state_at(step), done)
            if shown is not None:
                done.add(shown)
    state = match.state
    over = rules.is_over(state) or lesson.ends(rules.view(state, LEARNER))
    current = None if over else _matching(lesson, rules, state, done)
    return Progress(frozenset(done), current, over)


class Tracker:
    """`progress` kept up to date as a match goes on: only the log entries new since the last call are
    looked at (an undo, which shortens the log, starts over)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self._done: set[int] = set()
        self._seen = 0
        self._notations: tuple[str, ...] = ()

    def update(self, match: Match[Any, Any]) -> Progress:
        notations = match.notations
        if len(notations) < self._seen or notations[: self._seen] != self._notations[: self._seen]:
            self._done, self._seen = set(), 0
        rules = match.rules
        for step in range(self._seen, len(notations)):
            if match.log[step].seat == LEARNER:
                shown = _matching(self.lesson, rules, match.state_at(step), self._done)
                if shown is not None:
                    self._done.add(shown)
        self._seen, self._notations = len(notations), notations
        state = match.state
        over = rules.is_over(state) or self.lesson.ends(rules.view(state, LEARNER))
        current = None if over else _matching(self.lesson, rules, state, self._done)
        return Progress(frozenset(self._done), current, over)
