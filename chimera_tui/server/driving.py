"""The tables' own moves: bots on their turn, and the away-bot of a person absent on their turn.

Only the host that drives a table (`TableStore.drives`: with PostgreSQL, the one holding the table's lease)
runs its timer, so one table's bot never plays twice; the other hosts hear of its moves like any other.
A bot's move is made on the version it was chosen on and committed like a player's: if a player moved first,
the bot's move is dropped and the timer starts again from the new position.
"""

from __future__ import annotations

import asyncio
import logging

from chimera_tui.server.core import CONFLICT, HostCore
from chimera_tui.server.tables import HostedTable

log = logging.getLogger("chimera.server")

RETRY = 2.0
"""Seconds before a timer tries again when the store could not take its move."""


class Driving(HostCore):
    """The tables' timers (see the module's docstring)."""

    def drive(self, table: HostedTable) -> None:
        """(Re)start the table's timer: a bot's move, or the away limit of an absent person."""
        if self._closing:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop yet: `open` drives every table
            return
        old = self._timers.pop(table.code, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if not self.store.drives(table.code) or self.tables.get(table.code) is not table:
            return
        actor = table.to_act()
        if actor is None:
            if table.over:  # nothing left to drive: another host may as well hold nothing
                self._spawn(self.store.undrive(table.code))
            return
        if table.bot_for(actor) is not None:
            delay = self.bot_delay
        elif table.sessions_at(actor) == 0:
            delay = table.record.away_limit
        else:
            return
        self._timers[table.code] = loop.create_task(self._timer(table, actor, table.version, delay))

    async def _timer(self, table: HostedTable, actor: int, version: int, delay: float) -> None:
        await asyncio.sleep(delay)
        if not self._current(table, actor, version):
            return
        if table.bot_for(actor) is None and table.sessions_at(actor) > 0:
            return
        own = table.bot_for(actor)
        away = own is None
        bot = table.away_bot(actor) if own is None else own
        assert table.match is not None
        state = table.match.state
        try:
            view, legal = table.rules.view(state, actor), table.rules.legal_actions(state)
            if getattr(bot, "thinks", False):  # the search bot: think in a thread, never stall other tables
                action = await asyncio.to_thread(bot.choose, view, legal, actor)
            else:
                action = bot.choose(view, legal, actor)
        except Exception:
            log.exception("table %s: the bot of seat %d failed", table.code, actor + 1)
            return
        async with table.guard:
            if not self._current(table, actor, version) or table.match is None:
                return
            if away:
                if table.sessions_at(actor) > 0:
                    return
                table.away.add(actor)
                table.tell(f"{table.record.names[actor]} is away: a bot plays for them until they are back.")
                log.info("table %s: seat %d is away, a bot plays it", table.code, actor + 1)
            try:
                table.match.submit(action)
            except Exception:
                log.exception(
                    "table %s: the bot of seat %d chose what the rules refuse", table.code, actor + 1
                )
                self._roll_back(table)
                return
            if self._timers.get(table.code) is asyncio.current_task():
                self._timers.pop(table.code, None)
            reason = await self.commit(table)
            if reason == CONFLICT:
                return  # `commit` caught up with the store and started the timer again
            if reason is not None:  # the store cannot be reached: try again in a while
                asyncio.get_running_loop().call_later(RETRY, self.drive, table)
                return
        self.changed(table)

    def _current(self, table: HostedTable, actor: int, version: int) -> bool:
        """Whether the timer set at `version` for `actor` still stands."""
        return (
            self.tables.get(table.code) is table
            and table.version == version
            and table.to_act() == actor
            and self.store.drives(table.code)
        )
