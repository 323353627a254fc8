"""Sequential halving with paired playouts: the search bot's way of choosing at the root.

Flat Monte Carlo over the root's actions, spending the playouts in rounds (Karnin, Koren and Somekh 2013,
"sequential halving"; Pepels et al. 2014 for its use in game search): every action still in the running gets
the same number of playouts in a round, then the worse half drops out, so most playouts go to the few
actions that matter. The playouts of a round are **paired**: each action is played out from the same
determinization with the same random stream (common random numbers), so the dice, the shuffles and the
hidden cards that make one playout lucky make it lucky for every action alike, and what is left of the
difference between two actions is mostly the actions' own. The game's own choice (``prior_action``) never
drops out, and it is kept unless another action wins more often in the same playouts by `CONFIDENCE`
standard errors of the paired difference. The playouts follow the game's ``playout_action`` policy (uniform
choice without one), as `engine/search.py`'s do, from the determinizations of its ``determinize`` hook. A
game may also stop a playout early with ``playout_value(start, state)``: each seat's share of the win,
judged from `state` (reached from the playout's `start`), or None to play on; Chimera Con stops at the end of
the round, when a point is scored, and judges the rest as a race to the target.
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


def halving_search(
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
    """Choose among `legal` for `seat` from its `view` with about `playouts` paired playouts (and within
    `seconds`, when given; `stop` is asked before each playout, and True ends the search there).

    With `seconds`, the rounds are planned for the playouts the time allows: after each row of playouts
    the pace so far says how many more fit before the deadline, and when that is fewer than `playouts` the
    rest of the halving is spread over what fits (at least one row a round), so a slow machine still
    narrows the field round by round instead of being stopped in the first round with every action level
    (where the game's own choice would nearly always stand). `clock` is the time source of `seconds`;
    `guard`, when given, ends the search after that many seconds of the wall clock whatever `clock` says.

    Raises:
        ValueError: when `legal` is empty or the game cannot be searched.
    """
    fill = forced_or_filler(rules, legal)
    if isinstance(fill, SearchResult):
        return fill
    policy = getattr(rules, "playout_action", None)
    value = getattr(rules, "playout_value", None)
    prior_action = getattr(rules, "prior_action", None)
    prior = prior_action(view, legal, seat) if prior_action is not None else None
    order = list(legal)
    if prior is not None:
        order.remove(prior)
        order.insert(0, prior)
    stop = guarded(stop, guard)
    began = clock()
    deadline = None if seconds is None else began + seconds
    rng = Rng(seed)
    results: dict[int, list[float]] = {k: [] for k in range(len(order))}
    alive = list(range(len(order)))
    rounds = max(1, math.ceil(math.log2(len(order))))
    done = failed = 0
    budget = playouts
    out_of_time = False
    while len(alive) > 1 and (done < budget or budget < playouts):
        planned = done  # this round's rows are worked out from the budget left when it began
        rows = 0
        while rows < max(1, (budget - planned) // (rounds * len(alive))):
            if (deadline is not None and clock() >= deadline) or (stop is not None and stop()):
                out_of_time = True
                break
            rows += 1
            word, rng = rng.next_u64()
            row = []
            for k in alive:
                try:
                    state = rules.apply(fill(view, seat, Rng(word)), order[k])
                    row.append(playout(rules, state, random.Random(word), policy, value).get(seat, 0.0))
                except SKIPPED:
                    failed += 1
                    break
            else:  # every action played out from this determinization: a paired row
                for k, won in zip(alive, row, strict=True):
                    results[k].append(won)
            done += len(alive)
            if deadline is not None:
                budget = min(budget, _affordable(done, began, clock(), deadline))
        if out_of_time:
            break
        rounds = max(1, rounds - 1)
        alive = _survivors(alive, results, keep=0 if prior is not None else None)
    return _decide(order, results, alive, prior is not None, done, failed)


def _affordable(done: int, began: float, now: float, deadline: float) -> int:
    """The playouts that fit before `deadline`: `done` so far and as many more as the pace since `began`
    allows in the time left."""
    spent = now - began
    if spent <= 0:
        return done * 1000
    return done + int(max(deadline - now, 0.0) * done / spent)


def _survivors(alive: list[int], results: dict[int, list[float]], keep: int | None) -> list[int]:
    """The better half of `alive` by mean result (the odd one out stays), and `keep` (the prior) whatever its
    result."""
    ranked = sorted(alive, key=lambda k: -_mean(results[k]))
    half = ranked[: (len(ranked) + 1) // 2]
    if keep is not None and keep in alive and keep not in half:
        half.append(keep)
    return half


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else -1.0


def _decide(
    order: list[Any],
    results: dict[int, list[float]],
    alive: list[int],
    has_prior: bool,
    done: int,
    failed: int,
) -> SearchResult:
    """The best action still in the running, unless the prior (index 0) is not clearly worse than it."""
    choices = tuple(
        sorted(
            (Choice(order[k], len(r), sum(r)) for k, r in results.items() if r),
            key=lambda c: (c.visits, c.rate),
            reverse=True,
        )
    )
    if not choices:
        return SearchResult(order[0], done, (), failed)
    best = max(alive, key=lambda k: (_mean(results[k]), -k))
    if has_prior and best != 0 and not _paired_better(results[best], results[0]):
        best = 0
    return SearchResult(order[best], done, choices, failed)


def _paired_better(one: list[float], other: list[float]) -> bool:
    """Whether `one` beats `other` over the playouts they share by more than `CONFIDENCE` standard errors."""
    n = min(len(one), len(other))
    if n < 2:
        return n == 1 and one[0] > other[0] and not other
    diffs = [a - b for a, b in zip(one[:n], other[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    spread = math.sqrt(max(var, 0.05 / n) / n)
    return mean > CONFIDENCE * spread
