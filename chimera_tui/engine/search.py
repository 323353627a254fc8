"""The search bot: Monte Carlo tree search over any `Ruleset`, from one seat's view only.

Each playout starts from a *determinization*: a full state consistent with what the seat sees. A game whose
views hide something (a shuffled pile, other players' hands) says how to fill in the hidden facts with the
optional hook ``determinize(view, seat, rng) -> state`` on its rules object (looked up with `getattr`, as
`describe_as_seen` looks up ``describe_for``); a game whose views hide nothing but the random stream sets
``view_is_complete = True`` and the view itself is searched, with its ``rng`` field (if any) reseeded for each
playout so the bot never plans on one fixed future. A game with neither gets no search bot
(`supports_search`).

The tree is single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012): one tree over the
seat's information set, one node per action sequence, with UCB1 using how often each action was available
(an action may be legal in one determinization and not in another). With nothing hidden it is plain UCT.
Rewards are wins: 1 shared among the winners of the playout, 0 for the rest, each node counted for the seat
that chose its action. Playouts pick uniformly among the legal actions, unless the game offers a better
``playout_action(state, legal, rnd) -> action`` hook; a game with that hook also gets progressive widening:
a node with n visits has at most 1 + √n children, added in the order the policy prefers (its pick first,
then at random), so a few hundred playouts are not spread over fifteen possible bids. The move played is
the most visited one; a game may also name its own choice from the view, ``prior_action(view, legal, seat)``
(its heuristic bot's), which is searched first and kept unless another action is clearly better
(`CONFIDENCE`), so a few hundred noisy playouts never make the bot worse than that heuristic.

Everything is seeded from the bot's own seed, so with a playout budget (no time limit) the same view and seed
give the same choice; the choice reads nothing but `view(state, seat)`.
"""

from __future__ import annotations

import math
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
"""The plain ``search`` level's time limit per move, so it answers within 2 s on one core."""
EXPLORATION = 0.7
"""UCB1's exploration constant for win rates in [0, 1]."""
CONFIDENCE = 1.64
"""A game's own choice (``prior_action``) is kept unless another action wins more often by this many
standard errors (one-sided 95 %)."""
PLAYOUT_LIMIT = 5_000
"""Decisions after which a playout stops and the leaders on score count as its winners."""

_SKIPPED = (IllegalAction, KeyError, ValueError, IndexError)
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


def search(
    rules: Ruleset[Any, Any],
    view: Any,
    seat: int,
    legal: Sequence[Any],
    *,
    seed: int,
    playouts: int,
    seconds: float | None = None,
) -> SearchResult:
    """Search from `seat`'s `view` with up to `playouts` playouts (and within `seconds`, when given).

    Raises:
        ValueError: when `legal` is empty or the game offers no way to search (`supports_search`).
    """
    if not legal:
        raise ValueError("a bot was asked to choose with no legal actions")
    if len(legal) == 1:
        return SearchResult(legal[0], 0, (Choice(legal[0], 0, 0.0),))
    fill = determinizer(rules)
    if fill is None:
        raise ValueError(f"{rules.title} cannot be searched: its views hide facts it cannot fill in")
    playout_action = getattr(rules, "playout_action", None)
    prior_action = getattr(rules, "prior_action", None)
    rnd = random.Random(seed)
    rng = Rng(seed)
    deadline = None if seconds is None else time.perf_counter() + seconds
    to_act, legal_actions, apply = rules.to_act, rules.legal_actions, rules.apply
    root = _Node(seat)
    root_children = root.children
    prior = prior_action(view, legal, seat) if prior_action is not None else None
    if prior is not None:
        root_children[prior] = _Node(seat)
    done = failed = 0
    log, sqrt = math.log, math.sqrt
    while done < playouts and (deadline is None or time.perf_counter() < deadline):
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
            outcome = _playout(rules, state, rnd, playout_action)
        except _SKIPPED:
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


def _playout(
    rules: Ruleset[Any, Any], state: Any, rnd: random.Random, playout_action: Any | None
) -> dict[int, float]:
    """Play `state` out at random; each seat's share of the win."""
    to_act, legal_actions, apply = rules.to_act, rules.legal_actions, rules.apply
    steps = 0
    while to_act(state) is not None and steps < PLAYOUT_LIMIT:
        legal = legal_actions(state)
        if playout_action is not None:
            action = playout_action(state, legal, rnd)
        else:
            action = legal[rnd.randrange(len(legal))]
        state = apply(state, action)
        steps += 1
    if rules.is_over(state):
        winners = rules.winner(state)
    else:
        scores = rules.scores(state)
        top = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == top)
    share = 1.0 / len(winners) if winners else 0.0
    return dict.fromkeys(winners, share)


class SearchBot:
    """Chooses by `search` from its seat's view: ``search`` (the default budget, at most `DEFAULT_SECONDS`)
    or ``search:N`` (exactly N playouts per move, no time limit, so the same view always gives the same
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

    def analyse(self, view: Any, legal: Sequence[Any], seat: int) -> SearchResult:
        """The search's answer and statistics for `seat` from `view` (advances the bot's own Rng)."""
        word, self._rng = self._rng.next_u64()
        result = search(
            self.rules, view, seat, legal, seed=word, playouts=self.playouts, seconds=self.seconds
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
