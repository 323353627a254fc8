"""One hosted table: its setup record, its authoritative match, who sits where, and its files.

A table is written as two files in the saves folder: ``table-CODE.chimera``, the ordinary save (written after
every action, so `chimera load` can open it too), and ``table-CODE.seats``, a small record of what the save
does not hold: the table code, which identity owns each person seat, the away limit. A table waiting for
players has only the record; its match starts when the last person seat is taken.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import secrets
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from chimera_tui import games
from chimera_tui.engine.bots import Bot, bot_seed
from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import GameConfig, Ruleset
from chimera_tui.saves import EXTENSION, SaveError, SaveLock, encode_match, load, save_match, write_atomic
from chimera_tui.server.protocol import SeatInfo, TableInfo
from chimera_tui.table.base import Seat

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Table codes use letters and digits that cannot be mistaken for one another (no I, L, O, 0, 1)."""

CODE_LENGTH = 5

RECORD_SUFFIX = ".seats"

TOLD_LIMIT = 200
"""The table's own log lines kept (the oldest go first)."""

log = logging.getLogger("chimera.server")


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
    """What the host keeps about a table besides its save."""

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


_RECORD_DECODER = msgspec.msgpack.Decoder(TableRecord)


class HostedTable:
    """A table on the host: the record, the match once started, bots, away seats, notes and chat."""

    def __init__(self, record: TableRecord, folder: Path, match: Match[Any, Any] | None = None) -> None:
        self.record = record
        self.folder = folder
        self.rules: Ruleset[Any, Any] = games.get(record.game)
        self.match = match
        self.lock: SaveLock | None = None
        """The lock on the table's save while this host plays it (so `chimera load` opens only a copy)."""
        self.away: set[int] = set()
        """Person seats a bot plays for now, because their owner was absent too long on their turn."""
        self.here: dict[int, int] = {}
        """Seat -> number of sessions sitting in it now."""
        self.spectators = 0
        self.notes: collections.deque[str] = collections.deque(maxlen=20)
        self.chat: collections.deque[str] = collections.deque(maxlen=20)
        self.told: collections.deque[tuple[int, str]] = collections.deque(maxlen=TOLD_LIMIT)
        """Lines the table adds to every seat's game log (a seat away, back), each with the number of actions
        the match held when it was said, so it reads after those actions."""
        self._bots: dict[int, Bot] = {}
        self._events: dict[tuple[int | None, int], tuple[Any, tuple[str, ...]]] = {}
        self._history: tuple[bytes, ...] | None = None
        self.saver: asyncio.Task[None] | None = None
        """Writes the table's saves in a thread, one at a time (see `save_later`)."""
        self._save_data: bytes | None = None
        self.turn: tuple[int | None, int] = (None, -1)
        """(seat to act, step) when `turn_since` was taken."""
        self.turn_since = 0.0
        """The host clock's time when the seat to act got its turn (or the host took the table back)."""
        factories = games.bots(record.game)
        for seat, bot in enumerate(record.bots):
            if bot is not None:
                self._bots[seat] = factories[bot](self.rules, bot_seed(record.seed, seat))

    # -- identity --------------------------------------------------------------------------------------

    @property
    def code(self) -> str:
        return self.record.code

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def over(self) -> bool:
        return self.match is not None and self.rules.is_over(self.match.state)

    def seat_of(self, identity: str) -> int | None:
        """The seat `identity` owns here, or None."""
        for seat, owner in enumerate(self.record.owners):
            if owner == identity:
                return seat
        return None

    def empty_seat(self) -> int | None:
        """The first person seat nobody owns yet, or None."""
        for seat, (bot, owner) in enumerate(zip(self.record.bots, self.record.owners, strict=True)):
            if bot is None and owner is None:
                return seat
        return None

    def seats(self) -> tuple[Seat, ...]:
        """Who sits where, as the save records it (persons are persons even while a bot plays for them)."""
        return tuple(Seat(name, bot) for name, bot in zip(self.record.names, self.record.bots, strict=True))

    def seat_infos(self, where: Callable[[str], str] | None = None) -> tuple[SeatInfo, ...]:
        """Every seat as everyone may see it; `where` says where a person not at the table is ("lobby",
        "another table", "" when not connected)."""
        out = []
        for seat, (name, bot, owner) in enumerate(
            zip(self.record.names, self.record.bots, self.record.owners, strict=True)
        ):
            if bot is not None:
                out.append(SeatInfo(name=name, kind="bot", bot=bot))
            elif owner is None:
                out.append(SeatInfo(name=name, kind="empty"))
            else:
                here = self.here.get(seat, 0) > 0
                elsewhere = "" if here or where is None else where(owner)
                kind = "away" if seat in self.away else "person"
                out.append(SeatInfo(name=name, kind=kind, here=here, elsewhere=elsewhere))
        return tuple(out)

    def info(self, identity: str | None = None, where: Callable[[str], str] | None = None) -> TableInfo:
        return TableInfo(
            code=self.code,
            game=self.record.game,
            title=self.rules.title,
            seats=self.seat_infos(where),
            spectators=self.spectators,
            started=self.started,
            over=self.over,
            round=self.rules.round_label(self.match.state) if self.match is not None else "",
            mine=identity is not None and self.seat_of(identity) is not None,
            private=self.record.private,
        )

    # -- playing ---------------------------------------------------------------------------------------

    def start(self) -> None:
        """Deal the match (every person seat is taken)."""
        config = GameConfig(
            players=self.record.players, names=tuple(self.record.names), options=dict(self.record.options)
        )
        self.match = Match(self.rules, config, self.record.seed)

    def to_act(self) -> int | None:
        return None if self.match is None else self.rules.to_act(self.match.state)

    def bot_for(self, seat: int) -> Bot | None:
        """The bot that plays `seat` now: the seat's own, or an away-bot for an absent person, or None."""
        if seat in self._bots:
            return self._bots[seat]
        if seat in self.away:
            factories = games.bots(self.record.game)
            strongest = next(iter(factories))
            bot = factories[strongest](self.rules, bot_seed(self.record.seed, seat))
            self._bots[seat] = bot
            return bot
        return None

    def thinking(self, now: float) -> float:
        """Seconds the seat to act has had its turn at `now` (the clock restarts when the turn passes)."""
        turn = (self.to_act(), len(self.match or ()))
        if turn != self.turn:
            self.turn, self.turn_since = turn, now
        return max(0.0, now - self.turn_since)

    def is_bot_seat(self, seat: int) -> bool:
        return self.record.bots[seat] is not None

    def drop_away_bot(self, seat: int) -> None:
        """Hand `seat` back to its person."""
        self.away.discard(seat)
        if not self.is_bot_seat(seat):
            self._bots.pop(seat, None)

    def history(self) -> tuple[bytes, ...]:
        """The encoded public view after every step, once the game is over (cached); () before."""
        if self.match is None or not self.over:
            return ()
        if self._history is None or len(self._history) != len(self.match) + 1:
            self._history = tuple(
                msgspec.msgpack.encode(self.rules.view(self.match.state_at(step), None))
                for step in range(len(self.match) + 1)
            )
        return self._history

    def tell(self, line: str) -> None:
        """Say `line` in every seat's game log, after the actions taken so far (and as a table note)."""
        self.told.append((len(self.match or ()), line))
        self.notes.append(line)

    def log_for(self, viewer: int | None) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
        """The log `viewer` may read (the game's lines with the table's own between them, where they were
        said) and, for each line, what it caused (nothing for the table's lines)."""
        assert self.match is not None
        texts = self.match.texts_for(viewer)
        events = self.log_events(viewer)
        if not self.told:
            return tuple(text for _, text in texts), events
        told = sorted(self.told, key=lambda said: said[0])  # stable: lines said at one step keep their order
        lines: list[str] = []
        caused: list[tuple[str, ...]] = []
        at = 0
        for (step, text), happened in zip(texts, events, strict=True):
            while at < len(told) and told[at][0] < step:
                lines.append(told[at][1])
                caused.append(())
                at += 1
            lines.append(text)
            caused.append(happened)
        for _, line in told[at:]:
            lines.append(line)
            caused.append(())
        return tuple(lines), tuple(caused)

    def log_events(self, viewer: int | None) -> tuple[tuple[str, ...], ...]:
        """What each log line of `viewer` caused, from the `events` field of the views (cached)."""
        assert self.match is not None
        out = []
        for step, _ in self.match.texts_for(viewer):
            state = self.match.state_at(step)
            cached = self._events.get((viewer, step))
            if cached is None or cached[0] is not state:
                events = tuple(getattr(self.rules.view(state, viewer), "events", ()) or ())
                cached = (state, events)
                self._events[(viewer, step)] = cached
            out.append(cached[1])
        return tuple(out)

    # -- files -----------------------------------------------------------------------------------------

    @property
    def save_path(self) -> Path:
        return self.folder / f"table-{self.code}.chimera"

    @property
    def record_path(self) -> Path:
        return self.folder / f"table-{self.code}{RECORD_SUFFIX}"

    def write_record(self) -> None:
        """Write the seats record atomically.

        Raises:
            SaveError: when it cannot be written.
        """
        write_atomic(self.record_path, msgspec.msgpack.encode(self.record))

    def autosave(self, now: datetime) -> None:
        """Write the save of the match atomically, now (the host saves after a move with `save_later`).

        Raises:
            SaveError: when it cannot be written.
        """
        if self.match is not None:
            save_match(self.match, self.save_path, now=now, created=self.record.created, seats=self.seats())

    def save_later(self, now: datetime) -> None:
        """Encode the save of the match now (on the event loop, so it is this very position) and write it in
        a thread; writes of one table happen one at a time, the newest waiting one replacing any older."""
        if self.match is None:
            return
        self._save_data = encode_match(self.match, now=now, created=self.record.created, seats=self.seats())
        if self.saver is None or self.saver.done():
            self.saver = asyncio.get_running_loop().create_task(self._write_saves())

    async def _write_saves(self) -> None:
        while self._save_data is not None:
            data, self._save_data = self._save_data, None
            try:
                await asyncio.to_thread(write_atomic, self.save_path, data)
            except SaveError as exc:
                log.error("table %s: %s", self.code, exc.message)

    async def saved(self) -> None:
        """Wait until every save asked for so far is written."""
        while self.saver is not None and not self.saver.done():
            await asyncio.shield(self.saver)

    def release(self) -> None:
        """Give up the save's lock (the host no longer plays this table), once its last save is written."""
        if self.saver is not None and not self.saver.done():
            self.saver.add_done_callback(lambda _: self.release())
            return
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def remove_files(self) -> None:
        for path in (self.record_path, self.save_path):
            with contextlib.suppress(OSError):
                path.unlink()


def load_table(record_path: Path) -> HostedTable:
    """The table whose record is at `record_path`, with its match replayed from its save when it started.

    Raises:
        SaveError: when the record or the save cannot be read or replayed.
    """
    from chimera_tui.saves import read_bytes

    data = read_bytes(record_path, limit=64 * 1024)
    try:
        record = _RECORD_DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
        raise SaveError(f"'{record_path}' is not a table record: {exc}.", record_path) from exc
    if not (len(record.bots) == len(record.owners) == len(record.names) == record.players):
        raise SaveError(f"'{record_path}' does not describe its seats consistently.", record_path)
    try:
        games.get(record.game)
    except games.UnknownGame as exc:
        raise SaveError(f"'{record_path}' is a table of an unknown game.", record_path) from exc
    table = HostedTable(record, record_path.parent)
    if table.save_path != save_path_of(record_path):
        raise SaveError(f"'{record_path}' names another table.", record_path)
    if table.save_path.exists():
        loaded = load(table.save_path)
        table.match = loaded.match
    return table


def save_path_of(record_path: Path) -> Path:
    """The save beside the table record at `record_path`."""
    return record_path.with_suffix(EXTENSION)
