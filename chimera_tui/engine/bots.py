"""Generic bots over the `Ruleset` protocol.

A bot sees only its seat's view and the legal actions, and returns one of them. Bots keep their own Rng
(seeded per match and seat), never the game's, so a bot's choices cannot disturb the game's random stream.
A game adds stronger bots by listing them in its module's ``BOTS`` mapping (name -> factory); `bot_factories`
merges them with the generic ones here: ``random`` for every game, and the search bot (`engine/search.py`) for
every game it can search, listed as ``search`` (the default budget, answering within 2 s) and ``search:N``
(N playouts per move; any N is accepted by name, a few are listed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from chimera_tui.engine import search
from chimera_tui.engine.rng import Rng, draws
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
    """Picks uniformly among the legal actions: ``Rng(seed).choice``, one draw after another.

    The bot is the benchmark's opponent, so it draws from the same SplitMix64 stream as `Rng` without making
    an `Rng` per draw: it works the next `BATCH` draws of the stream out at once (`rng.draws`, one big-integer
    operation for all of them) and takes them one by one; `rng` gives where the stream stands as an `Rng`.
    """

    name = "random"
    reads_view = False
    """It never looks at the view, so callers may skip computing one."""

    def __init__(self, rules: Ruleset[Any, Any], seed: int) -> None:
        self.rules = rules
        self._seed = seed
        self._end = 0
        """The stream position after the last draw worked out."""
        self._ahead: list[int] = []
        """The draws worked out and not yet taken, the next one last."""

    @property
    def rng(self) -> Rng:
        """Where the bot's random stream stands."""
        return Rng(self._seed, self._end - len(self._ahead))

    def _work_out(self) -> list[int]:
        """The next `BATCH` draws, now `_ahead`."""
        ahead = self._ahead = list(reversed(draws(self._seed, self._end, BATCH)))
        self._end += BATCH
        return ahead

    def choose(self, view: Any, legal: Sequence[A], seat: int) -> A:
        n = len(legal)
        if not n:
            raise ValueError("a bot was asked to choose with no legal actions")
        # `Rng.below(n)`: the next draw, taken when it is under the rejection limit, as it nearly always is;
        # otherwise drawn again
        ahead = self._ahead or self._work_out()
        z = ahead.pop()
        limit = _LIMITS[n] if n < _SMALL else (1 << 64) - ((1 << 64) % n)
        while z >= limit:  # rejection sampling keeps the choice unbiased, as Rng.below
            z = (self._ahead or self._work_out()).pop()
        return legal[z % n]


BATCH = 32
"""Draws the random bot works out at once: a bench seat takes 20 to 50 a game, and a bot lasts one game."""

_SMALL = 256
_LIMITS = tuple((1 << 64) - ((1 << 64) % n) if n else 0 for n in range(_SMALL))
"""`RandomBot.choose`'s rejection limit for each list length under `_SMALL`, worked out once."""


GENERIC_BOTS: Mapping[str, BotFactory] = {"random": RandomBot}

SEARCH_LEVELS: tuple[str, ...] = ("search", "search:100", "search:1000")
"""The search levels seat lists offer (any ``search:N`` is accepted by name): the default, a quick one and
a slow, stronger one."""


class BotLevels(dict[str, BotFactory]):
    """Bot factories by name that also answer ``search:N`` for any N when the game can be searched, though
    only the levels in `SEARCH_LEVELS` are listed."""

    def __init__(self, items: Mapping[str, BotFactory], searchable: bool) -> None:
        super().__init__(items)
        self.searchable = searchable

    def _level(self, name: object) -> BotFactory | None:
        if not self.searchable or not isinstance(name, str):
            return None
        playouts = search.parse_level(name)
        return None if playouts is None else search.factory(playouts)

    def __missing__(self, name: str) -> BotFactory:
        made = self._level(name)
        if made is None:
            raise KeyError(name)
        return made

    def __contains__(self, name: object) -> bool:
        return super().__contains__(name) or self._level(name) is not None

    def get(self, name: str, default: Any = None) -> Any:
        if name not in self:
            return default
        return self[name]


def bot_factories(rules: Ruleset[Any, Any], game_bots: Mapping[str, BotFactory] | None = None) -> BotLevels:
    """The game's own bots, then the generic ones, then the search levels, by name.

    The game's bots come first because "bot" (the command line's and the dialog's default) means the first
    one: a quick bot, where the search levels think for a second or two.
    """
    merged: dict[str, BotFactory] = dict(game_bots or {})
    for name, factory in GENERIC_BOTS.items():
        merged.setdefault(name, factory)
    searchable = search.supports_search(rules)
    if searchable:
        merged.setdefault("search", search.factory(None))
        for name in SEARCH_LEVELS[1:]:
            merged.setdefault(name, search.factory(search.parse_level(name)))
    return BotLevels(merged, searchable)


def bot_seed(match_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` of a match, fixed so that bot games replay."""
    return (match_seed * 1_000_003 + seat * 7_919 + 17) & ((1 << 63) - 1)
