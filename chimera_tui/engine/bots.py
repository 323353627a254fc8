"""Generic bots over the `Ruleset` protocol.

A bot sees only its seat's view and the legal actions, and returns one of them. Bots keep their own Rng
(seeded per match and seat), never the game's, so a bot's choices cannot disturb the game's random stream.
A game adds stronger bots by listing them in its module's ``BOTS`` mapping (name -> factory); `bot_names`
and `make_bot` merge them with the generic ones here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from chimera_tui.engine.rng import Rng
from chimera_tui.engine.ruleset import Ruleset

A = TypeVar("A")


class Bot(Protocol):
    """Anything that picks an action from a view."""

    name: str
    """Short name shown in seat lists ("random", "greedy")."""

    def choose(self, view: Any, legal: Sequence[A], seat: int) -> A:
        """One of `legal`, decided from `view` (the seat's redacted state)."""
        ...


BotFactory = Callable[[Ruleset[Any, Any], int], Bot]
"""Makes a bot for a ruleset from a seed."""


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, rules: Ruleset[Any, Any], seed: int) -> None:
        self.rules = rules
        self._rng = Rng(seed)

    def choose(self, view: Any, legal: Sequence[A], seat: int) -> A:
        if not legal:
            raise ValueError("a bot was asked to choose with no legal actions")
        action, self._rng = self._rng.choice(legal)
        return action


GENERIC_BOTS: Mapping[str, BotFactory] = {"random": RandomBot}


def bot_factories(
    rules: Ruleset[Any, Any], game_bots: Mapping[str, BotFactory] | None = None
) -> dict[str, BotFactory]:
    """The generic bots plus the game's own, by name (game bots listed first: they are the stronger ones)."""
    merged: dict[str, BotFactory] = dict(game_bots or {})
    for name, factory in GENERIC_BOTS.items():
        merged.setdefault(name, factory)
    return merged


def bot_seed(match_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` of a match, fixed so that bot games replay."""
    return (match_seed * 1_000_003 + seat * 7_919 + 17) & ((1 << 63) - 1)
