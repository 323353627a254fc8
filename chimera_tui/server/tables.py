"""One hosted table: its setup record, its authoritative match, who sits where, and its row in the store.

The store keeps a table as one `TableRow`: the `TableRecord` (setup, who owns each person seat, the away
limit, the seats a bot plays while their person is away), the match as the ordinary save bytes (so an
exported table opens with `chimera load` and `chimera replay`), and the table's own log lines and notes
(`TableLog`). A table waiting for players has no match yet; it starts when the last person seat is taken.

`to_row` writes the table as it is now; `adopt` makes it what a row says (after another host's move, or when
the store refused a change made here): the match is rewound to what both histories share and the rest
applied, so a host follows another host's moves without replaying the whole game.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

import msgspec

from chimera_tui import games
from chimera_tui.engine.bots import Bot, bot_seed
from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import GameConfig, Ruleset
from chimera_tui.saves import decode_save, encode_match, restore, state_digest
from chimera_tui.server.protocol import SeatInfo, TableInfo
from chimera_tui.server.ratings import Outcome
from chimera_tui.server.results import outcome_of, result_text
from chimera_tui.server.store import TableRow
from chimera_tui.server.table_record import (
    TableLog,
    TableRecord,
    clean_code,
    encode,
    new_code,
    read_row,
    record_problem,
)
from chimera_tui.table.base import Seat

SINCE_MARK = "── since your last move ──"
"""The line a turn-based table's log shows before what happened since the reader's last move."""

TOLD_LIMIT = 200
"""The table's own log lines kept (the oldest go first)."""

log = logging.getLogger("chimera.server")


class HostedTable:
    """A table on the host: the record, the match once started, bots, away seats, notes and chat."""

    def __init__(self, record: TableRecord, match: Match[Any, Any] | None = None) -> None:
        self.record = record
        self.rules: Ruleset[Any, Any] = games.get(record.game)
        self.match = match
        self.away: set[int] = set(record.away)
        """Person seats a bot plays for now, because their owner was absent too long on their turn."""
        self.here: dict[int, int] = {}
        """Seat -> number of this host's sessions sitting in it now."""
        self.spectators = 0
        """This host's sessions watching the table."""
        self.remote: dict[int, int] = {}
        """The other hosts' sessions: seat -> sessions (-1: spectators)."""
        self.notes: collections.deque[str] = collections.deque(maxlen=20)
        self.chat: collections.deque[tuple[str, str]] = collections.deque(maxlen=20)
        """The latest chat lines: (the account that said it, "name: text")."""
        self.told: collections.deque[tuple[int, str]] = collections.deque(maxlen=TOLD_LIMIT)
        """Lines the table adds to every seat's game log (a seat away, back), each with the number of actions
        the match held when it was said, so it reads after those actions."""
        self._bots: dict[int, Bot] = {}
        self._events: dict[tuple[int | None, int], tuple[Any, tuple[str, ...]]] = {}
        self._history: tuple[bytes, ...] | None = None
        self.guard = asyncio.Lock()
        """Held while a change of this table is on its way to the store (one at a time on this host)."""
        self.version = 0
        """The store's version of the table this host holds (0: not stored yet)."""
        self.row: TableRow | None = None
        """The row as last committed or read."""
        self.created_at = 0.0
        self.turn_started = 0.0
        """When the seat to act got its turn (seconds since the epoch, the same on every host)."""
        self._turn_key: tuple[int | None, int] = (None, -1)
        self.finished: float | None = None
        self.told_turn: tuple[int | None, int] = (None, -1)
        """The turn (seat, step) whose player was last told it is their move."""
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
                here = self.sessions_at(seat) > 0
                elsewhere = "" if here or where is None else where(owner)
                kind = (
                    "replaced" if seat in self.record.for_good else "away" if seat in self.away else "person"
                )
                out.append(SeatInfo(name=name, kind=kind, here=here, elsewhere=elsewhere))
        return tuple(out)

    def info(
        self, identity: str | None = None, now: float = 0.0, where: Callable[[str], str] | None = None
    ) -> TableInfo:
        actor = self.to_act()
        seconds = self.thinking(now) if actor is not None else 0.0
        left = None
        if actor is not None and self.record.pace == "turn" and not self.is_bot_seat(actor):
            left = max(0.0, self.turn_started + self.record.turn_limit - now)
        return TableInfo(
            pace=self.record.pace,
            to_act="" if actor is None else self.record.names[actor],
            your_turn=actor is not None and identity is not None and self.waits_for(identity),
            turn_seconds=seconds,
            time_left=left,
            code=self.code,
            game=self.record.game,
            title=self.rules.title,
            seats=self.seat_infos(where),
            spectators=self.sessions_at(-1),
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
        return self.away_bot(seat) if seat in self.away else None

    def away_bot(self, seat: int) -> Bot:
        """The bot that plays for the person of `seat` while they are away (the game's strongest)."""
        bot = self._bots.get(seat)
        if bot is None:
            factories = games.bots(self.record.game)
            bot = factories[next(iter(factories))](self.rules, bot_seed(self.record.seed, seat))
            self._bots[seat] = bot
        return bot

    def others_here(self, seat: int) -> bool:
        """Whether a person other than `seat`'s sits at the table now (on any host)."""
        return any(
            s != seat and owner is not None and self.sessions_at(s) > 0
            for s, owner in enumerate(self.record.owners)
        )

    def waits_for(self, identity: str) -> bool:
        """Whether it is `identity`'s move here (and no bot plays their seat)."""
        seat = self.seat_of(identity)
        return seat is not None and seat == self.to_act() and seat not in self.away

    def sessions_at(self, seat: int) -> int:
        """Sessions sitting in `seat` now, on every host (-1: watching)."""
        local = self.spectators if seat == -1 else self.here.get(seat, 0)
        return local + self.remote.get(seat, 0)

    def thinking(self, now: float) -> float:
        """Seconds the seat to act has had its turn at `now` (the clock restarts when the turn passes)."""
        if (self.to_act(), len(self.match or ())) != self._turn_key:  # changed here, not stored yet
            return 0.0
        return max(0.0, now - self.turn_started)

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

    def log_for(
        self, viewer: int | None, since: int | None = None
    ) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
        """The log `viewer` may read (the game's lines with the table's own between them, where they were
        said) and, for each line, what it caused (nothing for the table's lines). `since`: a step after which
        `SINCE_MARK` is put, before what happened after it (a player's last move)."""
        assert self.match is not None
        texts = self.match.texts_for(viewer)
        events = self.log_events(viewer)
        if not self.told and since is None:
            return tuple(text for _, text in texts), events
        said: list[tuple[float, str, tuple[str, ...]]] = [
            (step, text, happened) for (step, text), happened in zip(texts, events, strict=True)
        ]
        said += [(step + 0.5, line, ()) for step, line in self.told]  # after the actions taken so far
        said.sort(key=lambda item: item[0])  # stable: lines said at one step keep their order
        if since is not None and any(at > since + 0.25 for at, _, _ in said):
            said.append((since + 0.25, SINCE_MARK, ()))
            said.sort(key=lambda item: item[0])
        return tuple(line for _, line, _ in said), tuple(caused for _, _, caused in said)

    def last_move_of(self, seat: int) -> int | None:
        """The step of `seat`'s latest action (its log entry's number, from 1), or None."""
        if self.match is None:
            return None
        log = self.match.log
        return next((step for step in range(len(log), 0, -1) if log[step - 1].seat == seat), None)

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

    # -- the row in the store --------------------------------------------------------------------------

    def to_row(self, version: int, now: float) -> TableRow:
        """The table as it is now, as version `version` of its row (written at `now`)."""
        record = msgspec.structs.replace(self.record, away=sorted(self.away))
        save = None
        if self.match is not None:
            stamp = datetime.fromtimestamp(now).astimezone()
            save = encode_match(self.match, now=stamp, created=record.created, seats=self.seats())
        turn = (self.to_act(), len(self.match or ()))
        over = self.over
        return TableRow(
            code=self.code,
            game=record.game,
            version=version,
            setup=encode(record),
            save=save,
            told=encode(TableLog(told=list(self.told), notes=list(self.notes))),
            private=record.private,
            creator=record.creator,
            created=self.created_at or now,
            updated=now,
            turn_started=self.turn_started if turn == self._turn_key else now,
            finished=(self.finished or now) if over else None,
            result=result_text(self.rules, self.match.state, record.names) if over and self.match else None,
        )

    def outcome(self) -> Outcome:
        """The people of this finished table with their ranks (see `results.outcome_of`)."""
        assert self.match is not None
        return outcome_of(self.record, self.rules, self.match.state)

    def adopt(self, row: TableRow) -> None:
        """Make the table what `row` says (this host's match follows its log without a whole replay).

        Raises:
            SaveError: when the row cannot be read or its match does not replay.
        """
        record, told = read_row(row)
        self.record = record
        self.away = set(record.away)
        for seat in list(self._bots):
            if not self.is_bot_seat(seat) and seat not in self.away:
                del self._bots[seat]
        self.told.clear()
        self.told.extend(told.told)
        self.notes.clear()
        self.notes.extend(told.notes)
        if row.save is None:
            self.match = None
        else:
            self._follow(row)
        self.committed(row)

    def committed(self, row: TableRow) -> None:
        """`row`, made by `to_row` from the table as it is, now stands in the store."""
        self.version, self.row = row.version, row
        self.created_at, self.turn_started, self.finished = row.created, row.turn_started, row.finished
        self._turn_key = (self.to_act(), len(self.match or ()))

    def _follow(self, row: TableRow) -> None:
        assert row.save is not None
        name = f"table {row.code}"
        save = decode_save(row.save, name)
        match = self.match
        if match is None or match.seed != save.seed or match.config != save.config:
            self.match = restore(save, name).match
            return
        mine, theirs = match.notations, save.log
        common = 0
        for a, b in zip(mine, theirs, strict=False):
            if a != b:
                break
            common += 1
        try:
            if common < len(mine):
                match.rewind(common)
            for text in theirs[common:]:
                match.submit(self.rules.parse(match.state, text))
        except IllegalAction:
            self.match = restore(save, name).match
            return
        if state_digest(match.state) != save.digest:
            self.match = restore(save, name).match


def table_of(row: TableRow) -> HostedTable:
    """The table `row` holds.

    Raises:
        SaveError: when it cannot be read or replayed.
    """
    record, _ = read_row(row)
    table = HostedTable(record)
    table.adopt(row)
    return table


__all__ = [
    "HostedTable",
    "TableLog",
    "TableRecord",
    "clean_code",
    "new_code",
    "read_row",
    "record_problem",
    "table_of",
]
