"""Learn to play: a guided first game of each game (``chimera learn GAME``, "Learn to play" in the menu).

A `Lesson` is a seeded game against a bot, and the steps that guide the learner (seat 0) through it: each
`Step` says in our own words what the decision at hand is, names the area of the board where it is taken, and
links to its rules topic. A step shows when the learner is to act and its `when` matches the decision (from the
learner's own view and legal actions), and counts as done once the learner acts while it shows; steps come in
order of need, not of listing, since the learner's choices decide what comes up.

Some choices are made for the learner: the rules take a choice with one possible answer by themselves (the one
module the Reactor offers that the learner can pay for, the one component they can lose to feeding). A step
with `made` is explained as it is made: right after the action that made it, the guide says what happened and
why (`Progress.made`), until the learner next acts.

Besides the steps, the guide may suggest a move that brings up what the lesson has not shown yet (`Lesson.suggest`,
"Try: ..."), and warns of the moves that would put the learner out at once (`Progress.losing`, from `guard`);
a screen that highlights a choice highlights `Progress.pick`, never such a move.

Progress is never stored: `progress` works it out from the match's log, so a lesson saved and loaded again
(its save is ``lesson-GAME.chimera`` in the saves folder) resumes exactly where it was.

Pure: no Textual, no files.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chimera_tui.engine.match import Match
from chimera_tui.learn.guard import losing_moves

LESSON_GAMES = ("station", "codename", "imaginarium", "con")
"""The games with a lesson, in the registry's order (games.game_ids(): every menu lists the games so)."""

Decides = Callable[[Any, Sequence[str]], bool]
"""Does a decision fit a step: (the learner's view, its legal actions in notation) -> bool."""

Happened = Callable[[Any, Any], bool]
"""Did an action make a step's choice for the learner: (the learner's view before it, after it) -> bool."""


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
    made: Happened | None = None
    """Whether an action just made this step's choice for the learner (when the rules take a choice with one
    possible answer by themselves), so the guide explains it then; None: it is always asked."""
    made_says: str = ""
    """What the guide says when the choice was made for the learner (what happened, and why)."""


@dataclass(frozen=True)
class Suggestion:
    """A move the guide suggests, to bring up something the lesson has not shown yet."""

    action: str
    """The move, in notation (one of the legal actions)."""
    why: str
    """What the guide says of it, after "Try: " ("the Constructor: building comes next"); "" to say nothing
    (a list of choices on the screen just highlights it)."""
    key: str = ""
    """The key that takes it at once, which `why` names ("n"); "" when it is chosen from the list of choices."""


Suggests = Callable[[Any, Sequence[str], frozenset[int]], Suggestion | None]
"""The guide's suggestion: (the learner's view, its legal actions in notation, the steps done) -> one or None."""


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
    suggest: Suggests | None = None
    """The moves the guide suggests (None: it suggests none)."""
    out: Callable[[Any], bool] | None = None
    """Whether the learner is out in a (full) state, for games where one can be (None: nobody is ever out)."""
    out_words: str = ""
    """The words of the log line that says the learner is out ("is eliminated")."""


@dataclass(frozen=True)
class Progress:
    """Where a learner stands in a lesson."""

    done: frozenset[int]
    """The indexes of the steps done."""
    current: int | None
    """The step to show now (the learner is to act and it matches), or None."""
    over: bool
    """The lesson is over (the game ended, or the lesson's own end came)."""
    made: tuple[int, ...] = ()
    """The steps whose choice was made for the learner since they last acted, oldest first."""
    suggestion: Suggestion | None = None
    """The move the guide suggests now, or None."""
    losing: Mapping[int, str] = field(default_factory=dict)
    """The learner's legal actions (by index) that would put them out at once, each with what the log would
    say ("" when it says nothing)."""
    pick: int | None = None
    """The legal action (by index) a list of choices should highlight: the suggestion, or the first that does
    not lose at once when the first would; None: leave the highlight where the screen puts it."""


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
    return Tracker(lesson).update(match)


class Tracker:
    """`progress` kept up to date as a match goes on: only the log entries new since the last call are
    looked at (an undo, which shortens the log, starts over)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self._done: set[int] = set()
        self._made: list[int] = []
        self._seen = 0
        self._notations: tuple[str, ...] = ()
        self._makers = [i for i, s in enumerate(lesson.steps) if s.made is not None]

    def update(self, match: Match[Any, Any]) -> Progress:
        notations = match.notations
        if len(notations) < self._seen or notations[: self._seen] != self._notations[: self._seen]:
            self._done, self._made, self._seen = set(), [], 0
        rules, log = match.rules, match.log
        for step in range(self._seen, len(notations)):
            before = match.state_at(step)
            if log[step].seat == LEARNER:
                self._made = []
                shown = _matching(self.lesson, rules, before, self._done)
                if shown is not None:
                    self._done.add(shown)
            self._note_made(rules, before, match.state_at(step + 1))
        self._seen, self._notations = len(notations), notations
        return self._now(rules, match.state)

    def _note_made(self, rules: Any, before: Any, after: Any) -> None:
        """The steps whose choice the action from `before` to `after` made for the learner."""
        waiting = [i for i in self._makers if i not in self._done]
        if not waiting:
            return
        seen_before, seen_after = rules.view(before, LEARNER), rules.view(after, LEARNER)
        for i in waiting:
            made = self.lesson.steps[i].made
            if made is not None and made(seen_before, seen_after):
                self._done.add(i)
                self._made.append(i)

    def _now(self, rules: Any, state: Any) -> Progress:
        lesson = self.lesson
        over = rules.is_over(state) or lesson.ends(rules.view(state, LEARNER))
        if over:
            return Progress(frozenset(self._done), None, True, tuple(self._made))
        current = _matching(lesson, rules, state, self._done)
        if rules.to_act(state) != LEARNER:
            return Progress(frozenset(self._done), current, False, tuple(self._made))
        legal = list(rules.legal_actions(state))
        notations = [str(a) for a in legal]
        losing: dict[int, str] = {}
        if lesson.out is not None:
            losing = losing_moves(rules, state, legal, lesson.out, LEARNER, lesson.out_words)
        suggestion = None
        if lesson.suggest is not None:
            suggestion = lesson.suggest(rules.view(state, LEARNER), notations, frozenset(self._done))
            if suggestion is not None and (
                suggestion.action not in notations or notations.index(suggestion.action) in losing
            ):
                suggestion = None
        pick = None
        if suggestion is not None:
            pick = notations.index(suggestion.action)
        elif 0 in losing:
            pick = next((i for i in range(len(legal)) if i not in losing), None)
        return Progress(frozenset(self._done), current, False, tuple(self._made), suggestion, losing, pick)
