"""The messages of what the host remembers: finished tables, leaderboards, players' pages (see `protocol`)."""

from __future__ import annotations

import msgspec

from chimera_tui.server.protocol_base import Message
from chimera_tui.server.protocol_people import KeyInfo

# -- client to host ----------------------------------------------------------------------------------------


class ListFinished(Message):
    """Ask for the finished tables (yours, and public ones), latest first (answered with `Finished`)."""


class GetReplay(Message):
    """Ask for a finished table's match, to watch it again (answered with `Replay`)."""

    code: str


class GetBoard(Message):
    """Ask for a game's leaderboard (answered with `Board`)."""

    game: str


class GetPlayer(Message):
    """Ask for a player's page (answered with `Player`): `player` is a key from a `Board`, "" for yourself."""

    player: str = ""


# -- host to client ----------------------------------------------------------------------------------------


class FinishedInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A finished table as the Finished list shows it."""

    code: str
    game: str
    title: str
    finished: float
    """When it ended (seconds since the epoch)."""
    result: str
    """The result in words ("Alice 43, Bob 38")."""
    players: tuple[str, ...]
    mine: bool = False


class Finished(Message):
    """The answer to `ListFinished`."""

    tables: tuple[FinishedInfo, ...]


class Replay(Message):
    """The answer to `GetReplay`: the finished table's save (every seat's hidden facts are public now)."""

    code: str
    save: bytes


class BoardRow(msgspec.Struct, frozen=True, kw_only=True):
    player: str
    """A key for `GetPlayer` (not the player's identity)."""
    name: str
    rating: int
    """The rating shown (`ratings.shown`: 1000 for a newcomer)."""
    games: int
    wins: float
    mine: bool = False
    provisional: bool = False
    """Fewer than `ratings.PROVISIONAL_GAMES` rated games: the rating still moves a lot."""


class Board(Message):
    """The answer to `GetBoard`: a game's leaderboard, best first."""

    game: str
    rows: tuple[BoardRow, ...]


class PlayerGame(msgspec.Struct, frozen=True, kw_only=True):
    """A player's record at one game: the rating now, games, wins, and the rating after each rated game."""

    game: str
    title: str
    rating: int
    """The rating shown (`ratings.shown`)."""
    games: int
    wins: float
    history: tuple[int, ...] = ()
    """The rating shown after each rated game, oldest first."""
    provisional: bool = False


class Player(Message):
    """The answer to `GetPlayer`; `names` and `keys` only on your own page."""

    name: str
    first_seen: float = 0.0
    games: tuple[PlayerGame, ...] = ()
    mine: bool = False
    names: tuple[str, ...] = ()
    """The names your account holds (you sign in with any of them)."""
    keys: tuple[KeyInfo, ...] = ()
