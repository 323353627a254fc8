"""Where a game turned: the search bot's estimate of each seat's chance to win, at the start of every round of
a recorded game (the replay's optional analysis, issue 15).

At each point the seat to act is asked, as the search bot would be (`engine.search.search` from that seat's
own view, `PLAYOUTS` playouts), how often its best action wins; that is its chance. In a two-player game the
other seat has the rest; with more players the others keep their latest estimate, since the search measures
only the seat it searches for. Where only one action is possible the next position is asked instead, and
the end of the game counts the winners. Pure: no Textual; slow (about a second a point), so the UI runs it
off its event loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chimera_tui.engine.match import Match
from chimera_tui.engine.search import search, supports_search

PLAYOUTS = 100
"""Playouts per point (the ``search:100`` level)."""
MAX_POINTS = 12
"""The most points a chart shows (they fit in 80 columns)."""
LOOKAHEAD = 20
"""How many forced single actions are skipped to find a decision to ask about."""


@dataclass(frozen=True)
class Estimate:
    """The search's judgement of the position after `step` actions."""

    step: int
    seat: int | None
    """Who was asked (the seat to act), or None at the end of the game."""
    chance: float
    """`seat`'s chance to win, 0 to 1 (at the end: unused)."""
    winners: tuple[int, ...] = ()
    """At the end of the game: who won."""


def analysable(match: Match[Any, Any]) -> bool:
    """Whether the search bot can play this game (and so judge its positions)."""
    return supports_search(match.rules)


def points(labels: Sequence[str], limit: int = MAX_POINTS) -> tuple[int, ...]:
    """The steps to judge: where each round (each change of `labels`, one per step from 0) starts and the
    last step, at most `limit` of them, spread evenly over the game when there are more rounds."""
    total = len(labels) - 1
    starts = [0, *(i for i in range(1, total + 1) if labels[i] != labels[i - 1])]
    if starts[-1] != total:
        starts.append(total)
    if len(starts) <= limit:
        return tuple(starts)
    picked = {starts[round(i * (len(starts) - 1) / (limit - 1))] for i in range(limit)}
    return tuple(sorted(picked))


def estimate(match: Match[Any, Any], step: int, *, seed: int, playouts: int = PLAYOUTS) -> Estimate:
    """The search's judgement of the position after `step` actions of `match` (deterministic for a seed)."""
    rules = match.rules
    state = match.state_at(step)
    for _ in range(LOOKAHEAD):
        seat = rules.to_act(state)
        if seat is None:
            return Estimate(step, None, 0.0, tuple(rules.winner(state)))
        legal = rules.legal_actions(state)
        if len(legal) > 1:
            result = search(rules, rules.view(state, seat), seat, legal, seed=seed, playouts=playouts)
            return Estimate(step, seat, result.choices[0].rate)
        state = rules.apply(state, legal[0])
    return Estimate(step, None, 0.0, ())


def chart_values(estimates: Sequence[Estimate], players: int) -> list[list[int]]:
    """For each estimate, each seat's chance in percent (see the module's docstring for who gets what)."""
    latest = [round(100 / players)] * players
    out = []
    for e in estimates:
        if e.seat is None:
            share = round(100 / len(e.winners)) if e.winners else 0
            latest = [share if s in e.winners else 0 for s in range(players)]
        else:
            latest = list(latest)
            latest[e.seat] = round(e.chance * 100)
            if players == 2:
                latest[1 - e.seat] = 100 - latest[e.seat]
        out.append(latest)
    return out
