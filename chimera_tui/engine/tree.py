"""The search bot's tree search: single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012).

One tree over the searching seat's information set, one node per action sequence, with UCB1 using how often
each action was available (an action may be legal in one determinization and not in another); with nothing
hidden it is plain UCT. Each playout starts from a determinization (`playouts.determinizer`). Rewards are
wins: 1 shared among the winners of the playout, 0 for the rest, each node counted for the seat that chose
its action. A game with a ``playout_action`` policy also gets progressive widening: a node with n visits has
at most 1 + √n children, added in the order the policy prefers (its pick first, then at random), so a few
hundred playouts are not spread over fifteen possible bids. The move played is the most visited one; a game
may also name its own choice from the view, ``prior_action(view, legal, seat)`` (its heuristic bot's), which
is searched first and kept unless another action is clearly better (`CONFIDENCE`), so a few hundred noisy
playouts never make the bot worse than that heuristic.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from chimera_tui.engine.playouts import (
    CONFIDENCE,
    SKIPPED,
    Choice,
    SearchResult,
    forced_or_filler,
    guarded,
    playout,
)
from chimera_tui.engine.rng import Rng
from chimera_tui.engine.ruleset import Ruleset

EXPLORATION = 0.7
"""UCB1's exploration constant for win rates in [0, 1]."""


class _Node:
    """One action sequence of the searching seat's information set."""

    __slots__ = ("avail", "children", "seat", "visits", "wins")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """Who chose the action leading here (whose wins count)."""
        self.visits = 0
        self.wins = 0.0
        self.avail = 0
        """Playouts in which this action was legal when its parent was reached."""
        self.children: dict[Any, _Node] = {}


def tree_search(
    rules: Ruleset[Any, Any],
    view: Any,
    seat: int,
    legal: Sequence[Any],
    *,
    seed: int,
    playouts: int,
    seconds: float | None = None,
    stop: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    guard: float | None = None,
) -> SearchResult:
    """Search from `seat`'s `view` with up to `playouts` playouts (and within `seconds` by `clock`, when
    given, and `guard` seconds of the wall clock; `stop` is asked before each playout, and True ends the
    search there).

    Raises:
        ValueError: when `legal` is empty or the game offers no way to search (`supports_search`).
    """
    fill = forced_or_filler(rules, legal)
    if isinstance(fill, SearchResult):
        return fill
    playout_action = getattr(rules, "playout_action", None)
    prior_action = getattr(rules, "prior_action", None)
    rnd = random.Random(seed)
    rng = Rng(seed)
    deadline = None if seconds is None else clock() + seconds
    stop = guarded(stop, guard)
    to_act, legal_actions, apply = rules.to_act, rules.legal_actions, rules.apply
    root = _Node(seat)
    root_children = root.children
    prior = prior_action(view, legal, seat) if prior_action is not None else None
    if prior is not None:
        root_children[prior] = _Node(seat)
    done = failed = 0
    log, sqrt = math.log, math.sqrt
    while done < playouts and (deadline is None or clock() < deadline):
        if stop is not None and stop():
            break
        done += 1
        word, rng = rng.next_u64()
        try:
            state = fill(view, seat, Rng(word))
            path: list[_Node] = []
            node = root
            options: Sequence[Any] = legal
            expanded = False
            actor: int | None = seat
            while actor is not None:
                children = node.children
                untried = []
                for action in options:
                    child = children.get(action)
                    if child is None:
                        untried.append(action)
                    else:
                        child.avail += 1
                if untried and (
                    playout_action is None or len(options) - len(untried) < 1 + int(sqrt(node.visits))
                ):
                    action = _next_child(state, options, untried, rnd, playout_action)
                    child = children[action] = _Node(actor)
                    child.avail = 1
                    expanded = True
                else:
                    best_score = -1.0
                    action = child = None
                    for option in options:
                        c = children.get(option)
                        if c is None:  # not yet widened to
                            continue
                        if c.visits == 0:
                            score = 2.0 + rnd.random()
                        else:
                            score = c.wins / c.visits + EXPLORATION * sqrt(log(c.avail) / c.visits)
                        if score > best_score:
                            best_score, action, child = score, option, c
                    assert child is not None
                state = apply(state, action)
                path.append(child)
                node = child
                actor = to_act(state)
                if expanded:
                    break
                if actor is not None:
                    options = legal_actions(state)
            outcome = playout(rules, state, rnd, playout_action)
        except SKIPPED:
            failed += 1
            continue
        root.visits += 1
        for visited in path:
            visited.visits += 1
            visited.wins += outcome.get(visited.seat, 0.0)
    ranked = sorted(
        (Choice(a, c.visits, c.wins) for a, c in root_children.items()),
        key=lambda c: (c.visits, c.rate),
        reverse=True,
    )
    if not ranked:  # every playout failed: no statistics to go by
        return SearchResult(legal[rnd.randrange(len(legal))], done, (), failed)
    chosen = ranked[0]
    if prior is not None and chosen.action != prior:
        kept = next(c for c in ranked if c.action == prior)
        if not _clearly_better(chosen, kept):
            chosen = kept
    return SearchResult(chosen.action, done, tuple(ranked), failed)


def _clearly_better(one: Choice, other: Choice) -> bool:
    """Whether `one` wins more often than `other` by more than `CONFIDENCE` standard errors."""
    if not other.visits:
        return True
    spread = sum(max(c.rate * (1 - c.rate), 0.05) / max(c.visits, 1) for c in (one, other))
    return one.rate - other.rate > CONFIDENCE * math.sqrt(spread)


def _next_child(
    state: Any, options: Sequence[Any], untried: list[Any], rnd: random.Random, policy: Any | None
) -> Any:
    """The next action to add to a node: the playout policy's pick when it is untried, else a random one."""
    if policy is not None:
        pick = policy(state, options, rnd)
        if pick in untried:
            return pick
    return untried[rnd.randrange(len(untried))]
