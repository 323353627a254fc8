"""The lobby's requests: list the tables, open one, take a seat, watch, leave.

Taking a seat changes the table (its record names the owner; the last seat taken deals the match; a person
coming back takes their seat back from the away-bot), so it is committed like a move. Sitting, watching and
leaving change only who is here, which this host tells the others through the store (`publish`).
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime

from chimera_tui import games
from chimera_tui.engine.plain_text import plain_text
from chimera_tui.engine.ruleset import seat_count_error
from chimera_tui.server import protocol as P
from chimera_tui.server.core import CONFLICT, HostCore, Session
from chimera_tui.server.store import StoreUnavailable
from chimera_tui.server.tables import HostedTable, TableRecord, new_code

log = logging.getLogger("chimera.server")

CODE_TRIES = 8
"""New codes tried when the store already holds a table with the one drawn (a finished table, another host's)."""


class Seating(HostCore):
    """The lobby's requests (see the module's docstring)."""

    def list_tables(self, identity: str | None = None) -> tuple[P.TableInfo, ...]:
        """Open tables (and every table `identity` sits at), those you sit at first."""
        now = self.clock()
        infos = [
            t.info(identity, now, self.where)
            for t in self.tables.values()
            if (not t.over and not t.record.private) or t.seat_of(identity or "") is not None
        ]
        infos.sort(key=lambda info: (not info.mine, not info.your_turn, info.started, info.code))
        return tuple(infos)

    def _create_problem(self, session: Session, request: P.CreateTable) -> str | None:
        try:
            rules = games.get(request.game)
        except games.UnknownGame as exc:
            return str(exc)
        if (problem := seat_count_error(rules, request.players)) is not None:
            return problem
        bots = tuple(request.bots) + (None,) * (request.players - len(request.bots))
        if len(bots) != request.players:
            return "There are more seat choices than seats."
        factories = games.bots(request.game)
        for bot in bots:
            if bot is not None and bot not in factories:
                return f"{rules.title} has no bot called {plain_text(bot, 24)!r}."
        if all(bot is not None for bot in bots):
            return "Leave at least one seat for a person."
        for key, value in request.options.items():
            spec = next((o for o in rules.options if o.key == key), None)
            if spec is None or spec.problem(value, request.players) is not None:
                return f"{rules.title} has no option {plain_text(key, 24)}={plain_text(value, 24)}."
        mine = sum(1 for t in self.tables.values() if t.record.creator == session.identity and not t.over)
        if mine >= self.limits.tables_per_identity:
            return f"You already have {mine} open tables; finish or leave one first."
        if len(self.tables) >= self.limits.tables:
            return "The host holds as many tables as it can; try again later."
        if request.pace not in ("live", "turn"):
            return "A table's pace is live or turn-based."
        if request.pace == "turn" and request.turn_limit not in P.TURN_LIMITS:
            return "A turn-based table's time for a move is 12 hours, 1 day or 3 days."
        if request.on_timeout not in P.TIMEOUTS:
            return (
                "When a move's time runs out, a bot plays it, the player is skipped, or a bot takes the seat."
            )
        return None

    async def create(self, session: Session, request: P.CreateTable) -> str | None:
        if (problem := self._create_problem(session, request)) is not None:
            return problem
        bots = tuple(request.bots) + (None,) * (request.players - len(request.bots))
        away = self.away_limit if request.away_limit is None else max(0.1, min(request.away_limit, 3600.0))
        now = self.clock()
        record = TableRecord(
            code="",
            game=request.game,
            players=request.players,
            options=dict(request.options),
            seed=request.seed if request.seed is not None else secrets.randbits(32),
            bots=bots,
            owners=[None] * request.players,
            names=[f"{bot.capitalize()} bot" if bot else "Open seat" for bot in bots],
            away_limit=away,
            creator=session.identity,
            created=datetime.fromtimestamp(now).astimezone().isoformat(timespec="seconds"),
            private=request.private,
            pace=request.pace,
            turn_limit=float(request.turn_limit or 0.0) if request.pace == "turn" else 0.0,
            on_timeout=request.on_timeout,
        )
        table: HostedTable | None = None
        for _ in range(CODE_TRIES):
            record.code = new_code(self.tables)
            table = HostedTable(record)
            row = table.to_row(1, now)
            try:
                stored = await self.store.insert(row)
            except StoreUnavailable as exc:
                return str(exc)
            if stored:
                table.committed(row)
                break
            table = None
        if table is None:
            return "The host could not find a free table code; try again."
        self.tables[table.code] = table
        await self.store.drive(table.code)
        log.info(
            "%s created table %s (%s, %d players, %s)",
            session.identity,
            table.code,
            request.game,
            request.players,
            "private" if request.private else "public",
        )
        return await self.join(session, table.code)

    async def join(self, session: Session, code: str) -> str | None:
        table = await self.find_table(code)
        if table is None:
            return f"There is no table with the code {code or '(none)'}."
        for _ in range(CODE_TRIES):  # a seat taken on another host first: look again at the table as it is
            async with table.guard:
                reason = await self._take_seat(session, table)
                if reason == CONFLICT:
                    continue
                if reason is not None:
                    return reason
                seat = table.seat_of(session.identity)
                assert seat is not None
                self.leave(session)
                session.table, session.seat, session.log_sent = table, seat, ()
                table.here[seat] = table.here.get(seat, 0) + 1
                self.tables.setdefault(table.code, table)  # leaving a finished table may have dropped it
            log.info("%s sits at table %s, seat %d", session.identity, code, seat + 1)
            self._seated(session, table)
            self.publish(table)
            self.changed(table)
            return None
        return CONFLICT

    async def _take_seat(self, session: Session, table: HostedTable) -> str | None:
        """Give `session` its seat at `table` (call under the table's guard): its own again (back from
        away), or the first empty one (the last one taken deals the match); None once it is theirs."""
        seat = table.seat_of(session.identity)
        if seat is None:
            if table.started:
                return "That table is full; you can watch it."
            seat = table.empty_seat()
            if seat is None:  # pragma: no cover - a table that has not started has an empty seat
                return "That table is full; you can watch it."
            table.record.owners[seat] = session.identity
            table.record.names[seat] = self._unique_name(table, session.name)
            table.notes.append(f"{table.record.names[seat]} sat down.")
            if table.empty_seat() is None:
                table.start()
                table.notes.append("Every seat is taken: the game begins.")
            return await self.commit(table)
        if seat in table.away and seat not in table.record.for_good:
            table.drop_away_bot(seat)
            table.tell(f"{table.record.names[seat]} is back and plays again.")
            return await self.commit(table)
        return None

    def _unique_name(self, table: HostedTable, name: str) -> str:
        taken = {n for n, owner in zip(table.record.names, table.record.owners, strict=True) if owner}
        candidate, n = name, 2
        while candidate in taken:
            candidate = f"{name[:20]} {n}"
            n += 1
        return candidate

    async def watch(self, session: Session, code: str) -> str | None:
        table = await self.find_table(code)
        if table is None:
            return f"There is no table with the code {code or '(none)'}."
        self.leave(session)
        session.table, session.seat, session.log_sent = table, None, ()
        table.spectators += 1
        self.tables.setdefault(table.code, table)
        log.info("%s watches table %s", session.identity, code)
        self._seated(session, table)
        self.publish(table)
        self.changed(table)
        return None

    def _seated(self, session: Session, table: HostedTable) -> None:
        record = table.record
        self._send(
            session,
            P.Seated(
                code=table.code,
                game=record.game,
                players=record.players,
                names=tuple(record.names),
                options=dict(record.options),
                seat=session.seat,
                private=record.private,
            ),
        )

    def leave(self, session: Session) -> None:
        table = session.table
        if table is None:
            return
        if session.seat is None:
            table.spectators = max(0, table.spectators - 1)
        else:
            table.here[session.seat] = max(0, table.here.get(session.seat, 0) - 1)
        session.table, session.seat = None, None
        self.publish(table)
        self.changed(table)
        self.forget_if_done(table)
