"""What the search bot's two ways of searching share: its budget, the determinizations that fill in what a seat
cannot see, playouts, and the answer a search gives.

A game whose views hide something (a shuffled pile, other players' hands) says how to fill in the hidden
facts with the optional hook ``determinize(view, seat, rng) -> state`` on its rules object (looked up with
`getattr`, as `describe_as_seen` looks up ``describe_for``); a game whose views hide nothing but the random
stream sets ``view_is_complete = True`` and the view itself is searched, with its ``rng`` field (if any)
reseeded for each playout so the bot never plans on one fixed future. A game with neither gets no search bot
(`supports_search`). Playouts pick uniformly among the legal actions unless the game offers a better
``playout_action(state, legal, rnd) -> action`` hook.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.rng import Rng
from chimera_tui.engine.ruleset import Ruleset

DEFAULT_PLAYOUTS = 400
"""Playouts per move of the plain ``search`` level (it also stops at `DEFAULT_SECONDS`)."""
DEFAULT_SECONDS = 1.8
"""The plain ``search`` level's time limit per move, counted in the thinking thread's CPU time
(`THINKING_CLOCK`), so it answers within 2 s on an idle core and plays as well on a busy machine, where a
second of the wall clock holds less of its thinking."""
GUARD_SECONDS = 10.0
"""Wall-clock seconds after which the plain ``search`` level stops even short of its CPU time: only a guard,
for a machine so busy that 1.8 s of CPU takes longer than this."""

THINKING_CLOCK: Callable[[], float] = time.thread_time
"""What the search bot's time limit counts: the CPU time of the thread that thinks, in seconds (a thread
that waits for the interpreter lock or for a core spends none of it)."""
CONFIDENCE = 1.64
"""A game's own choice (``prior_action``) is kept unless another action wins more often by this many
standard errors (one-sided 95 %)."""
PLAYOUT_LIMIT = 5_000
"""Decisions after which a playout stops and the leaders on score count as its winners."""

SKIPPED = (IllegalAction, KeyError, ValueError, IndexError)
"""Errors that make one playout count as failed (a determinization the rules refuse), not the search."""

Determinizer = Callable[[Any, int, Rng], Any]


def determinizer(rules: Ruleset[Any, Any]) -> Determinizer | None:
    """How to turn `seat`'s view into a full state for searching, or None when the game does not say.

    The game's own ``determinize(view, seat, rng)`` hook if it has one; else, when the game declares
    ``view_is_complete``, the view itself with any ``rng`` field reseeded; else None.
    """
    hook = getattr(rules, "determinize", None)
    if hook is not None:
        return hook  # type: ignore[no-any-return]
    if getattr(rules, "view_is_complete", False):
        return _reseeded
    return None


def forced_or_filler(rules: Ruleset[Any, Any], legal: Sequence[Any]) -> SearchResult | Determinizer:
    """What every search method does first: the answer itself when `legal` holds one action, else the
    game's determinizer.

    Raises:
        ValueError: when `legal` is empty or the game cannot be searched.
    """
    if not legal:
        raise ValueError("a bot was asked to choose with no legal actions")
    if len(legal) == 1:
        return SearchResult(legal[0], 0, (Choice(legal[0], 0, 0.0),))
    fill = determinizer(rules)
    if fill is None:
        raise ValueError(f"{rules.title} cannot be searched: its views hide facts it cannot fill in")
    return fill


def guarded(stop: Callable[[], bool] | None, guard: float | None) -> Callable[[], bool] | None:
    """`stop` (asked before each playout), also saying True once `guard` seconds of the wall clock have
    passed from now (None: no guard)."""
    if guard is None:
        return stop
    end = time.perf_counter() + guard
    if stop is None:
        return lambda: time.perf_counter() >= end
    asked = stop
    return lambda: time.perf_counter() >= end or asked()


def supports_search(rules: Ruleset[Any, Any]) -> bool:
    """Whether the search bot can play `rules` (see `determinizer`)."""
    return determinizer(rules) is not None


def _reseeded(view: Any, seat: int, rng: Rng) -> Any:
    if isinstance(getattr(view, "rng", None), Rng):
        return msgspec.structs.replace(view, rng=rng)
    return view


class Choice(msgspec.Struct, frozen=True):
    """What the search found for one root action."""

    action: Any
    visits: int
    """Playouts that began with this action."""
    wins: float
    """Wins of the searching seat in those playouts (a shared win counts its share)."""

    @property
    def rate(self) -> float:
        return self.wins / self.visits if self.visits else 0.0


class SearchResult(msgspec.Struct, frozen=True):
    """The search's answer: the action to take and the statistics behind it."""

    action: Any
    playouts: int
    """Playouts run (0 when there was only one legal action)."""
    choices: tuple[Choice, ...]
    """Every root action searched, most visited first."""
    failed: int = 0
    """Playouts abandoned because the rules refused a step of a determinization."""

    def reason(self, words: Callable[[Any], str] | None = None) -> str:
        """One line in words from the statistics: how often the chosen action won, and the runner-up.

        `words` names an action (the game's `describe`, or its notation when None).
        """
        name = words or str
        if not self.playouts or not self.choices:
            return "the only action possible now"
        best = next((c for c in self.choices if c.action == self.action), self.choices[0])
        line = f"wins {best.rate:.0%} of {best.visits} playouts"
        others = [c for c in self.choices if c is not best and c.visits]
        if others:
            runner = max(others, key=lambda c: (c.rate, c.visits))
            line += f"; next best {name(runner.action)} {runner.rate:.0%}"
        return line


def playout(
    rules: Ruleset[Any, Any],
    state: Any,
    rnd: random.Random,
    playout_action: Any | None,
    value: Any | None = None,
) -> dict[int, float]:
    """Play `state` out (by `playout_action`, else at random): each seat's share of the win, the leaders on
    score sharing it when `PLAYOUT_LIMIT` decisions pass first. A game's ``playout_value(start, state)``
    hook, given as `value`, may stop the playout earlier with each seat's share of the win judged from there
    (None: play on)."""
    to_act, legal_actions, apply = rules.to_act, rules.legal_actions, rules.apply
    start = state
    steps = 0
    while to_act(state) is not None and steps < PLAYOUT_LIMIT:
        legal = legal_actions(state)
        if playout_action is not None:
            action = playout_action(state, legal, rnd)
        else:
            action = legal[rnd.randrange(len(legal))]
        state = apply(state, action)
        steps += 1
        if value is not None:
            shares = value(start, state)
            if shares is not None:
                return dict(enumerate(shares))
    if rules.is_over(state):
        winners = rules.winner(state)
    else:
        scores = rules.scores(state)
        top = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == top)
    share = 1.0 / len(winners) if winners else 0.0
    return dict.fromkeys(winners, share)
