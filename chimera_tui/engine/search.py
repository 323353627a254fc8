"""The search bot: it decides from its seat's view only, by playouts from determinizations of that view
(`engine/playouts.py`), in one of two ways a game chooses with ``search_method`` on its rules object:

- ``"tree"`` (the default): information-set Monte Carlo tree search (`engine/tree.py`);
- ``"halving"``: sequential halving over the root's actions with paired playouts (`engine/halving.py`), for
  games whose playouts follow a heuristic policy and whose luck (dice, hidden cards) is best compared on the
  same draws.

Either way a game's own choice (``prior_action``) is kept unless another is clearly better. Everything is
seeded from the bot's own seed, so with a playout budget (no time limit) the same view and seed give the same
choice; the choice reads nothing but `view(state, seat)`.

The bot's budget is its own work, not the time on the wall: ``search:N`` runs exactly N playouts, and the
plain ``search`` level stops at 400 playouts or 1.8 s of its thread's CPU time (`THINKING_CLOCK`), so it
plays as well on a busy machine as on an idle one; the wall clock (`GUARD_SECONDS`) is only a guard. A served
host hands the search to its worker processes (`chimera_tui.server.bot_pool`) with the seed the bot draws
here (`SearchBot.next_seed`), so a bot thinks the same wherever it thinks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from chimera_tui.engine.halving import halving_search
from chimera_tui.engine.playouts import (
    CONFIDENCE,
    DEFAULT_PLAYOUTS,
    DEFAULT_SECONDS,
    GUARD_SECONDS,
    PLAYOUT_LIMIT,
    SKIPPED,
    THINKING_CLOCK,
    Choice,
    Determinizer,
    SearchResult,
    determinizer,
    supports_search,
)
from chimera_tui.engine.rng import Rng
from chimera_tui.engine.ruleset import Ruleset
from chimera_tui.engine.tree import tree_search

__all__ = [
    "CONFIDENCE",
    "DEFAULT_PLAYOUTS",
    "DEFAULT_SECONDS",
    "GUARD_SECONDS",
    "PLAYOUT_LIMIT",
    "SKIPPED",
    "THINKING_CLOCK",
    "Choice",
    "Determinizer",
    "SearchBot",
    "SearchResult",
    "determinizer",
    "factory",
    "parse_level",
    "search",
    "supports_search",
]


def search(
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
    """Search from `seat`'s `view` with up to `playouts` playouts (and within `seconds`, when given, as
    `clock` counts them: the wall clock unless told otherwise), the game's way (``search_method``). `stop`,
    asked before each playout, ends the search early when it says True (a cancelled hint), with what it has
    found so far; so does `guard`, when given, after that many seconds of the wall clock.

    Raises:
        ValueError: when `legal` is empty or the game offers no way to search (`supports_search`).
    """
    method = halving_search if getattr(rules, "search_method", "tree") == "halving" else tree_search
    return method(
        rules,
        view,
        seat,
        legal,
        seed=seed,
        playouts=playouts,
        seconds=seconds,
        stop=stop,
        clock=clock,
        guard=guard,
    )


class SearchBot:
    """Chooses by `search` from its seat's view: ``search`` (the default budget: `DEFAULT_PLAYOUTS`, or
    `DEFAULT_SECONDS` of its thread's CPU time, with `GUARD_SECONDS` of the wall clock as a guard) or
    ``search:N`` (exactly N playouts per move, no time limit, so the same view always gives the same
    choice)."""

    reads_view = True
    thinks = True
    """It may take a second or two: screens run it off their event loop and say it is thinking."""

    def __init__(
        self,
        rules: Ruleset[Any, Any],
        seed: int,
        playouts: int = DEFAULT_PLAYOUTS,
        seconds: float | None = DEFAULT_SECONDS,
        name: str = "search",
    ) -> None:
        self.rules = rules
        self.name = name
        self.playouts = playouts
        self.seconds = seconds
        self._rng = Rng(seed)
        self.last: SearchResult | None = None
        """The statistics of the latest choice (for hints and tests)."""

    @property
    def guard(self) -> float | None:
        """Wall-clock seconds after which a search with a time limit stops anyway (None: no time limit)."""
        return None if self.seconds is None else GUARD_SECONDS

    def next_seed(self) -> int:
        """The seed of the bot's next search (advances the bot's own Rng): `analyse` takes one, and so does
        a host that hands the search to a worker process."""
        word, self._rng = self._rng.next_u64()
        return word

    def analyse(self, view: Any, legal: Sequence[Any], seat: int) -> SearchResult:
        """The search's answer and statistics for `seat` from `view` (advances the bot's own Rng)."""
        result = search(
            self.rules,
            view,
            seat,
            legal,
            seed=self.next_seed(),
            playouts=self.playouts,
            seconds=self.seconds,
            clock=THINKING_CLOCK,
            guard=self.guard,
        )
        self.last = result
        return result

    def choose(self, view: Any, legal: Sequence[Any], seat: int) -> Any:
        return self.analyse(view, legal, seat).action


def parse_level(name: str) -> int | None:
    """The playouts of a ``search:N`` name (N ≥ 1), or None when `name` is not one."""
    head, colon, tail = name.partition(":")
    if head != "search" or not colon or not tail.isdigit():
        return None
    count = int(tail)
    return count if 1 <= count <= 1_000_000 else None


def factory(playouts: int | None) -> Callable[[Ruleset[Any, Any], int], SearchBot]:
    """A bot factory: the default level for None, else exactly `playouts` playouts per move."""

    def make(rules: Ruleset[Any, Any], seed: int) -> SearchBot:
        if playouts is None:
            return SearchBot(rules, seed)
        return SearchBot(rules, seed, playouts=playouts, seconds=None, name=f"search:{playouts}")

    return make
