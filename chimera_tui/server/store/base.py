"""What the table host keeps in its store, and the small interface every store offers.

The host never knows which store it has: `SqliteStore` (the default, one file in the data folder, one host)
and `PostgresStore` (one or several hosts sharing one database) answer the same calls.

- A table is one row (`TableRow`): its setup and seats (`setup`, a `TableRecord` encoded by the host), the
  match as the compact save bytes `chimera load` reads (`save`, None until every seat is taken), the table's
  own log lines and notes (`told`), and a `version` that every change raises by one. `commit` writes a row
  only over the version it was made on, so two changes made on one version cannot both stand.
- Identities (an SSH key's fingerprint or a browser's `web:` hash) with their display name, first and last
  seen.
- News from other hosts (`News`), sessions other hosts have at a table (`presence`), and which host drives a
  table's bots and timers (`drives`): trivial in SQLite, where one host is all there is.

Every method may raise `StoreUnavailable` (the database cannot be reached: one sentence for the players).
Times are seconds since the epoch.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from dataclasses import dataclass

import msgspec

from chimera_tui.server.ratings import Outcome, RatingRow
from chimera_tui.server.store.steps import Steps, T

STORE_CHANNEL = "chimera"
"""The LISTEN/NOTIFY channel hosts sharing a PostgreSQL database speak on."""


class StoreError(Exception):
    """The store cannot be opened (a newer schema, a database another host holds, an unreachable server);
    the message is one sentence."""


class StoreUnavailable(StoreError):
    """The database cannot be reached just now."""

    def __init__(
        self, message: str = "The table store cannot be reached just now; try again in a moment."
    ) -> None:
        super().__init__(message)


class TableRow(msgspec.Struct, kw_only=True):
    """One table as the store holds it."""

    code: str
    game: str
    version: int
    """1 when the table is opened, one more with every change."""
    setup: bytes
    """The table's setup and seats (the host's `TableRecord`, MessagePack)."""
    save: bytes | None = None
    """The match as save bytes (`chimera_tui.saves`), None until it starts."""
    told: bytes = b""
    """The table's own log lines and notes (the host's `TableLog`, MessagePack)."""
    private: bool = False
    creator: str = ""
    created: float = 0.0
    updated: float = 0.0
    turn_started: float = 0.0
    """When the seat to act got its turn (the turn clock every host shows)."""
    finished: float | None = None
    """When the game ended; finished tables are kept."""
    result: str | None = None
    """A finished table's result in words ("Alice 43, Bob 38")."""


class FinishedRow(msgspec.Struct, kw_only=True):
    """A finished table as the Finished list needs it."""

    code: str
    game: str
    setup: bytes
    finished: float
    result: str
    mine: bool


@dataclass(frozen=True)
class News:
    """Something another host (or the store itself) says.

    kind: "table" (a table changed or was opened: `code`, `version`), "presence" (the sessions other hosts
    have at `code` changed), "chat" (`line` was said at `code`), "moderation" (the operator banned, muted,
    renamed...: read the `moderation` rows), "driving" (this host now drives `code`,
    whose driver went away), "lost" (the database cannot be reached: drive nothing), "back" (it can again:
    every table may have changed meanwhile).
    """

    kind: str
    code: str = ""
    version: int = 0
    line: str = ""
    who: str = ""
    """chat: the account that said `line` (so the sessions that muted it do not see it)."""


Listener = Callable[[News], None]


def newer_schema(found: int, known: int) -> str:
    """The sentence refusing a database whose schema is newer than this build knows."""
    return (
        f"The database has schema version {found}, newer than this version of chimera knows ({known}); "
        "upgrade chimera-tabletop to serve it."
    )


class TableStore(abc.ABC):
    """The store behind the table host (see the module's docstring)."""

    description = "a store"
    """Where the store is, for the server's first lines ("SQLite at /var/lib/chimera/chimera.db")."""

    @abc.abstractmethod
    async def open(self) -> None:
        """Connect, and bring the schema up to date (in one transaction).

        Raises:
            StoreError: when the database cannot be used (one sentence).
        """

    @abc.abstractmethod
    async def close(self) -> None:
        """Give up every connection (and with them the tables this host drives)."""

    # -- tables ----------------------------------------------------------------------------------------

    @abc.abstractmethod
    async def insert(self, row: TableRow) -> bool:
        """Store a new table; False when its code is taken."""

    @abc.abstractmethod
    async def commit(self, row: TableRow, expected: int, outcome: Outcome | None = None) -> bool:
        """Replace the table `row.code` by `row` if the store still holds version `expected` (and tell the
        other hosts); False when another change came first. `outcome`: the game ended with this change:
        its people and ranks are kept, and the ratings updated, in the same transaction (so once)."""

    @abc.abstractmethod
    async def load(self, code: str) -> TableRow | None:
        """The table `code`, or None."""

    @abc.abstractmethod
    async def unfinished(self) -> list[TableRow]:
        """Every table whose game has not ended, oldest first."""

    @abc.abstractmethod
    async def versions(self) -> dict[str, int]:
        """The version of every unfinished table (to catch up after the connection came back)."""

    # -- what is remembered ----------------------------------------------------------------------------

    @abc.abstractmethod
    async def finished(self, identity: str, limit: int) -> list[FinishedRow]:
        """The latest finished tables that are public or where `identity` sat, latest first."""

    @abc.abstractmethod
    async def board(self, game: str, limit: int) -> list[RatingRow]:
        """The best-rated players of `game` (by mu − 3·sigma), best first."""

    @abc.abstractmethod
    async def ratings(self, identity: str) -> tuple[list[RatingRow], list[tuple[str, float, float]]]:
        """`identity`'s rating at each game, and its history: (game, mu, sigma) after each rated game."""

    @abc.abstractmethod
    async def identity_of(self, player: str) -> str | None:
        """The identity whose `RatingRow.player` key is `player`."""

    # -- identities and imports ------------------------------------------------------------------------

    @abc.abstractmethod
    async def seen(self, identity: str, name: str, now: float) -> None:
        """Remember that `identity` connected as `name` at `now`."""

    @abc.abstractmethod
    async def identity(self, identity: str) -> tuple[str, float, float] | None:
        """(display name, first seen, last seen) of `identity`, or None."""

    @abc.abstractmethod
    async def imported(self, folder: str) -> bool:
        """Whether the table saves of `folder` were imported already."""

    @abc.abstractmethod
    async def mark_imported(self, folder: str, tables: int, now: float) -> None:
        """Remember that `folder`'s table saves are imported."""

    # -- operations written once for every store (`steps`: people, moderation) -------------------------

    @abc.abstractmethod
    async def run(self, steps: Steps[T]) -> T:
        """Run the operation `steps` in one transaction; its result."""

    # -- hosts sharing the store -----------------------------------------------------------------------

    @abc.abstractmethod
    def listen(self, listener: Listener) -> None:
        """Call `listener` (on the event loop) with every `News`."""

    @abc.abstractmethod
    def drives(self, code: str) -> bool:
        """Whether this host drives the table's bots and timers now."""

    @abc.abstractmethod
    async def drive(self, code: str) -> bool:
        """Try to become the table's driver; whether this host drives it now."""

    @abc.abstractmethod
    async def undrive(self, code: str) -> None:
        """Stop driving the table (its game is over)."""

    @abc.abstractmethod
    async def publish_presence(self, code: str, sessions: dict[int, int]) -> None:
        """This host's sessions at the table: seat -> sessions (-1: spectators)."""

    @abc.abstractmethod
    async def presence(self, code: str) -> dict[int, int]:
        """The other hosts' sessions at the table: seat -> sessions (-1: spectators)."""

    @abc.abstractmethod
    async def say(self, code: str, line: str, who: str = "") -> None:
        """Pass a chat line said at the table (by the account `who`) on to the other hosts."""
