"""GreedyBot: one move of lookahead on a stated heuristic.

The bot sees only its view. To look ahead it first fills the hidden piles with the tiles and perks it has
not seen (a fixed guess: sorted, so the bot stays deterministic), applies each legal action, and keeps the
one whose result is worth most for its seat by `worth`:

    worth = score + coins / 3 + food / 2 + 2 × components owned + 3 × workers in play
            + 0.8 × research tier + 1.5 × perks − 2 × food still owed at the next feeding
            + the best pending build for this seat

(end-game values of coins, food and components, plus what workers, research and perks are expected to
bring). A build takes several decisions (the Constructor, then the tile, then the hex), so one step of
lookahead would never see its points: a pending build of this seat's is worth its best affordable tile's
value × the round's multiplier, less its cost at a coin's end-game worth, plus 2 for the build bonus and the
new module. Ties are broken by the bot's own seeded Rng.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from msgspec.structs import replace

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.rng import Rng
from chimera_tui.games.station.board import build_cost
from chimera_tui.games.station.building import tile_choices
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import Working
from chimera_tui.games.station.state import HIDDEN, State

A = TypeVar("A")


def determinize(view: State) -> State:
    """`view` with the hidden piles replaced by the unseen tiles and perks, sorted."""
    c = content()
    if HIDDEN not in view.pile and HIDDEN not in view.perk_deck:
        return view
    seen = set(view.reactor) | set(view.discard) | {b.tile for b in view.built}
    pile = tuple(sorted(t.id for t in c.tiles if t.id not in seen))[: len(view.pile)]
    owned = set(view.perk_display) | {x for p in view.players for x in p.perks}
    deck = tuple(sorted(p.id for p in c.perks if p.id not in owned))[: len(view.perk_deck)]
    return replace(view, pile=pile, perk_deck=deck)


def worth(state: State, seat: int) -> float:
    """The heuristic value of `state` for `seat` (see the module docstring)."""
    p = state.players[seat]
    comps = sum(p.pool) + sum(len(w.comps) for w in p.workers)
    in_play = [w for w in p.workers if w.where != "aside"]
    owed = max(0, sum(1 for w in in_play if w.comps.count("leaf") == 0) - p.food)
    return (
        p.score + p.coins / 3 + p.food / 2 + 2 * comps + 3 * len(in_play) + 0.8 * p.tier + 1.5 * len(p.perks)
        - 2 * owed + pending_build(state, seat)
    )  # fmt: skip


BUILD_EXTRA = 2.0
"""What a build is worth beyond its points: the build bonus and a new module to use."""


def pending_build(state: State, seat: int) -> float:
    """The worth of a build this seat has started but not finished (0 when there is none)."""
    if (
        not state.tasks
        or state.tasks[-1].seat != seat
        or state.tasks[-1].kind not in ("build_tile", "build_hex")
    ):
        return 0.0
    task = state.tasks[-1]
    g = Working(state)
    tiles = tile_choices(g, task) if task.kind == "build_tile" else [task.place]
    c = content()
    return max(
        (c.modules[t].value * g.multiplier - build_cost(g, seat, t, task.n) / 3 + BUILD_EXTRA for t in tiles),
        default=0.0,
    )


class GreedyBot:
    """Picks the legal action with the best `worth` one step ahead."""

    name = "greedy"

    def __init__(self, rules: Any, seed: int) -> None:
        self.rules = rules
        self._rng = Rng(seed)

    def choose(self, view: Any, legal: Sequence[A], seat: int) -> A:
        """The legal action with the best `worth` after it (ties broken at random)."""
        if not legal:
            raise ValueError("a bot was asked to choose with no legal actions")
        base = determinize(view)
        best: list[A] = []
        best_value = float("-inf")
        for action in legal:
            try:
                after = self.rules.apply(base, action)
            except (IllegalAction, KeyError, ValueError):
                continue
            value = worth(after, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        if not best:
            best = list(legal)
        action, self._rng = self._rng.choice(best)
        return action


BOTS = {"greedy": GreedyBot}
