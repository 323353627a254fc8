"""The record of a table: what the store keeps about it besides its match, and the table's own words.

`TableRecord` is the setup and the seats (who owns each person seat, the bots, the away limit, the seats a bot
plays while their person is away); `TableLog` holds the lines the table adds to every seat's game log and
its latest notes. Both travel in a `TableRow` as MessagePack (`read_row` reads them back, checked).
"""

from __future__ import annotations

import secrets
from typing import Any

import msgspec

from chimera_tui import games
from chimera_tui.saves import SaveError
from chimera_tui.server.store import TableRow

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Table codes use letters and digits that cannot be mistaken for one another (no I, L, O, 0, 1)."""

CODE_LENGTH = 5


def new_code(taken: set[str] | dict[str, Any]) -> str:
    """A fresh table code not in `taken`."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def clean_code(text: str) -> str:
    """A typed table code made canonical (upper case, no spaces or dashes)."""
    return "".join(ch for ch in text.upper() if ch.isalnum())[:16]


class TableRecord(msgspec.Struct, kw_only=True):
    """What the host keeps about a table besides its match."""

    code: str
    game: str
    players: int
    options: dict[str, str] = msgspec.field(default_factory=dict)
    seed: int
    bots: tuple[str | None, ...]
    """Per seat: a bot's name, or None for a person seat."""
    owners: list[str | None]
    """Per seat: the identity (key fingerprint) of the person who sits there, None for bots and empty seats."""
    names: list[str]
    away_limit: float
    creator: str
    created: str
    private: bool = False
    """Not listed in the lobby (joined by code only)."""
    away: list[int] = msgspec.field(default_factory=list)
    """Person seats a bot plays for now, because their owner was absent too long on their turn."""
    pace: str = "live"
    """"live" (a bot plays for an absent player after `away_limit`) or "turn" (turn-based: each move may take
    up to `turn_limit`, then `on_timeout` happens)."""
    turn_limit: float = 0.0
    on_timeout: str = "bot"
    """"bot": a bot plays that turn; "skip": the player is skipped where the rules allow it (else a bot plays);
    "replace": a bot takes the seat for good."""
    for_good: list[int] = msgspec.field(default_factory=list)
    """Person seats a bot took over for good (their time ran out on a table whose creator chose so)."""


class TableLog(msgspec.Struct, kw_only=True):
    """The table's own words: lines in every seat's game log (each after the number of actions the match
    held when it was said) and the latest notes."""

    told: list[tuple[int, str]] = msgspec.field(default_factory=list)
    notes: list[str] = msgspec.field(default_factory=list)


_RECORD = msgspec.msgpack.Decoder(TableRecord)
_LOG = msgspec.msgpack.Decoder(TableLog)
_ENCODER = msgspec.msgpack.Encoder()


def record_problem(record: TableRecord) -> str | None:
    """Why `record` cannot be a table (a sentence), or None."""
    if not (len(record.bots) == len(record.owners) == len(record.names) == record.players):
        return "its seats are not described consistently"
    try:
        games.get(record.game)
    except games.UnknownGame:
        return f"it is a table of an unknown game ({record.game!r})"
    return None


def read_row(row: TableRow) -> tuple[TableRecord, TableLog]:
    """The record and the table's own words of `row`.

    Raises:
        SaveError: when they cannot be read.
    """
    try:
        record = _RECORD.decode(row.setup)
        told = _LOG.decode(row.told) if row.told else TableLog()
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
        raise SaveError(f"Table {row.code} in the store cannot be read: {exc}.") from exc
    if (problem := record_problem(record)) is not None:
        raise SaveError(f"Table {row.code} in the store cannot be played: {problem}.")
    return record, told


def encode(value: TableRecord | TableLog) -> bytes:
    """`value` as the store keeps it."""
    return _ENCODER.encode(value)
