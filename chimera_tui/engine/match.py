"""A match: one game's config, seed and action log, with undo, redo and replay.

The log is authoritative: the state is always the initial state with the log applied, so a save is just
config + seed + log, and replaying a log to any step reproduces that step exactly.

Undo policy (like Board Game Arena's): a seat may take back its own most recent actions, one at a time,
until it reaches an action that drew randomness or revealed hidden information (the rules say which, through
`Ruleset.is_irreversible`) or an action of another seat. Redo re-applies what was undone, until a new action
is taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.ruleset import GameConfig, Ruleset, describe_as_seen, seat_count_error

S = TypeVar("S")
A = TypeVar("A")


class LogEntry(msgspec.Struct, frozen=True, array_like=True):
    """One applied action."""

    seat: int
    """Who took it."""
    action: str
    """Its notation (`str(action)`), which `Ruleset.parse` turns back into the action."""
    irreversible: bool = False
    """It drew randomness or revealed hidden information, so undo stops here."""


class Match(Generic[S, A]):
    """A live match over a ruleset. Holds every intermediate state, so undo and replay are O(1)."""

    def __init__(self, rules: Ruleset[S, A], config: GameConfig, seed: int) -> None:
        if (problem := seat_count_error(rules, config.players)) is not None:
            raise IllegalAction(problem)
        self.rules = rules
        self.config = config
        self.seed = seed
        self._states: list[S] = [rules.new_game(config, seed)]
        self._log: list[LogEntry] = []
        self._actions: list[A] = []
        self._texts: list[str] = []
        """Log lines computed so far (lazily: describing costs time that bots and benchmarks never need)."""
        self._redo: list[LogEntry] = []
        self._seen: dict[int | None, list[str | None]] = {}
        """Per viewer, each action as that viewer may read it (None: hidden from them); computed lazily."""

    @classmethod
    def replay(
        cls, rules: Ruleset[S, A], config: GameConfig, seed: int, log: Sequence[str], upto: int | None = None
    ) -> Match[S, A]:
        """The match after applying the first `upto` (default: all) notations of `log`.

        Raises:
            IllegalAction: naming the step, when the rules reject an entry.
        """
        match = cls(rules, config, seed)
        for step, text in enumerate(log[:upto] if upto is not None else log, start=1):
            try:
                match.submit(rules.parse(match.state, text))
            except IllegalAction as exc:
                raise IllegalAction(f"step {step} ({text!r}) is not legal: {exc.reason}") from exc
        return match

    # -- reading ---------------------------------------------------------------------------------------

    @property
    def state(self) -> S:
        """The current (full, unredacted) state."""
        return self._states[-1]

    @property
    def log(self) -> tuple[LogEntry, ...]:
        return tuple(self._log)

    @property
    def notations(self) -> tuple[str, ...]:
        return tuple(entry.action for entry in self._log)

    @property
    def texts(self) -> tuple[str, ...]:
        """Each applied action in words, as `Ruleset.describe` gives it for the state it was taken in."""
        for step in range(len(self._texts), len(self._actions)):
            self._texts.append(self.rules.describe(self._states[step], self._actions[step]))
        return tuple(self._texts)

    def texts_for(self, viewer: int | None) -> tuple[tuple[int, str], ...]:
        """The log as `viewer` may read it (None: a spectator): (step, words) for each entry it may see.

        `step` counts from 1, so `state_at(step)` is the state right after that entry.
        """
        seen = self._seen.setdefault(viewer, [])
        for step in range(len(seen), len(self._actions)):
            seen.append(describe_as_seen(self.rules, self._states[step], self._actions[step], viewer))
        return tuple((step, text) for step, text in enumerate(seen, start=1) if text is not None)

    def state_at(self, step: int) -> S:
        """The state after `step` actions (0: the initial state)."""
        return self._states[step]

    def __len__(self) -> int:
        return len(self._log)

    # -- acting ----------------------------------------------------------------------------------------

    def submit(self, action: A) -> S:
        """Apply `action` for the seat to act and return the new state.

        Raises:
            IllegalAction: when the game is over or the rules refuse the action (the state is unchanged).
        """
        before = self.state
        seat = self.rules.to_act(before)
        if seat is None:
            raise IllegalAction("The game is over; no more actions can be taken.", action)
        after = self.rules.apply(before, action)
        entry = LogEntry(seat, str(action), self.rules.is_irreversible(before, action, after))
        self._states.append(after)
        self._log.append(entry)
        self._actions.append(action)
        self._redo.clear()
        return after

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not undo now, or None when it may."""
        if not self._log:
            return "There is nothing to undo."
        last = self._log[-1]
        if last.seat != seat:
            return "Only the player who took the last action may take it back."
        if last.irreversible:
            return "The last action drew a random outcome or revealed hidden information, so it stands."
        return None

    def undo(self, seat: int) -> S:
        """Take back `seat`'s last action.

        Raises:
            IllegalAction: with `undo_refusal`'s reason.
        """
        if (reason := self.undo_refusal(seat)) is not None:
            raise IllegalAction(reason)
        self._redo.append(self._log.pop())
        self._actions.pop()
        del self._texts[len(self._actions) :]
        for seen in self._seen.values():
            del seen[len(self._actions) :]
        self._states.pop()
        return self.state

    def rewind(self, step: int) -> S:
        """Go back to the state after `step` actions, dropping every later action without asking whose they
        were (unlike `undo`): for a table host whose store refused an action it had already applied, or
        whose store holds another history from `step` on. The redo list is cleared.

        Raises:
            IndexError: when `step` is not from 0 to the number of actions.
        """
        if not 0 <= step <= len(self._log):
            raise IndexError(f"cannot rewind to step {step} of {len(self._log)}")
        del self._states[step + 1 :]
        del self._log[step:]
        del self._actions[step:]
        del self._texts[step:]
        for seen in self._seen.values():
            del seen[step:]
        self._redo.clear()
        return self.state

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> S:
        """Re-apply the last undone action (the redo list survives only until a new action)."""
        if not self._redo:
            raise IllegalAction("There is nothing to redo.")
        entry = self._redo.pop()
        keep = list(self._redo)
        self.submit(self.rules.parse(self.state, entry.action))
        self._redo = keep
        return self.state


def play_out(rules: Ruleset[Any, Any], match: Match[Any, Any], bots: dict[int, Any], limit: int) -> int:
    """Let `bots` (seat -> Bot) play `match` until it ends or `limit` actions; returns actions taken.

    Raises:
        RuntimeError: when a seat with no bot is to act.
    """
    taken = 0
    while taken < limit:
        seat = rules.to_act(match.state)
        if seat is None:
            break
        bot = bots.get(seat)
        if bot is None:
            raise RuntimeError(f"seat {seat} has no bot")
        legal = rules.legal_actions(match.state)
        match.submit(bot.choose(rules.view(match.state, seat), legal, seat))
        taken += 1
    return taken
