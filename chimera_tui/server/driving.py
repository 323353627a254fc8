"""The tables' own moves: bots on their turn, an absent player's turn on a live table, a turn-based table's
deadline.

- A bot seat plays after `bot_delay` (a pacing pause, in real time).
- *Live* tables: when the seat to act has nobody at it while another person sits at the table waiting, a bot
  plays for them ("away") after the table's away limit, until they are back. A live table whose people have
  all left waits: away-bots play only while someone is there.
- *Turn-based* tables: nobody is replaced while a move's time runs (`turn_limit` from when the turn came);
  when it runs out the table does what its creator chose (`on_timeout`): a bot plays that turn, or the
  player is skipped where the rules offer a pass, or a bot takes the seat for good. Every seat's log says so.

A search bot thinks in the host's pool of worker processes (`bot_pool.py`, given by `chimera serve`), never in
the host's own interpreter, so the people's moves on this host are answered while bots think; a host made
without a pool (the tests', the session starter's warm-up) thinks in a thread. A move whose workers were lost
twice is made by the game's quick bot (the log says so). The timers of one decision share one thought: a
timer started again while its bot thinks (a player came or went) waits for the same answer.

Deadlines are waited on with the host's clock (`HostCore.timer`), so tests move time on instead of sleeping.
Only the host that drives a table (`TableStore.drives`: with PostgreSQL, the one holding the table's lease)
runs its timer, so one table's bot never plays twice. A timer's move is made on the version it was set on
and committed like a player's: if a player moved first, it is dropped and the timer starts again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from chimera_tui import games
from chimera_tui.engine.bots import Bot, bot_seed
from chimera_tui.server.bot_pool import BotPool, ThinkingFailed, request_for
from chimera_tui.server.bot_wire import Think
from chimera_tui.server.core import CONFLICT, HostCore
from chimera_tui.server.tables import HostedTable

log = logging.getLogger("chimera.server")

RETRY = 2.0
"""Seconds before a timer tries again when the store could not take its move."""

SKIPS = ("pass", "skip", "done", "end")
"""The notations of a move that skips a turn, where a game's rules offer one."""


class Driving(HostCore):
    """The tables' timers (see the module's docstring)."""

    pool: BotPool | None = None
    """Where search bots think (None: in a thread of this process)."""
    _thoughts: dict[tuple[str, int, int], asyncio.Task[int]]
    """The thought under way for each (table, version, seat), shared by that decision's timers."""

    def drive(self, table: HostedTable) -> None:
        """(Re)start the table's timer for the seat to act now."""
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
        kind, when = self._next(table, actor)
        if kind:
            self._timers[table.code] = loop.create_task(self._timer(table, actor, table.version, kind, when))

    def _next(self, table: HostedTable, actor: int) -> tuple[str, float]:
        """What the table does next by itself, and when: ("bot", 0) a bot's move after `bot_delay`,
        ("away", t) or ("deadline", t) at time t, or ("", 0): nothing, it waits for a person."""
        record = table.record
        if table.is_bot_seat(actor) or actor in record.for_good:
            return "bot", 0.0
        if record.pace == "turn":
            return "deadline", table.turn_started + record.turn_limit
        if not table.others_here(actor):
            return "", 0.0  # nobody waits at this live table: it waits too
        if actor in table.away:
            return "bot", 0.0
        if table.sessions_at(actor) == 0:
            return "away", self.clock() + record.away_limit
        return "", 0.0

    async def _timer(self, table: HostedTable, actor: int, version: int, kind: str, when: float) -> None:
        if kind == "bot":
            await asyncio.sleep(self.bot_delay)
        else:
            await self.timer.sleep_until(when)
        if not self._current(table, actor, version) or self._next(table, actor)[0] != kind:
            return
        bot = table.bot_for(actor) or table.away_bot(actor)
        assert table.match is not None
        state = table.match.state
        try:
            view, legal = table.rules.view(state, actor), table.rules.legal_actions(state)
            skip = next((a for a in legal if str(a) in SKIPS), None)
            if kind == "deadline" and table.record.on_timeout == "skip" and skip is not None:
                action: Any = skip
            elif getattr(bot, "thinks", False):  # the search bot: never in the host's event loop
                action = await self._think(table, bot, view, legal, actor)
            else:
                action = bot.choose(view, legal, actor)
        except Exception:
            log.exception("table %s: the bot of seat %d failed", table.code, actor + 1)
            return
        async with table.guard:
            if not self._current(table, actor, version) or table.match is None:
                return
            if kind != "bot" and table.sessions_at(actor) > 0 and table.record.pace == "live":
                return  # they came back meanwhile
            said = self._say_why(table, actor, kind, skipped=action is skip)
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
        if kind == "deadline":
            self.deadline_passed(table, actor, said)
        self.changed(table)

    async def _think(self, table: HostedTable, bot: Any, view: Any, legal: Any, actor: int) -> Any:
        """The thinking `bot`'s choice for `actor`: by the pool when the host has one (the game's quick bot's
        when the pool failed twice over it), else in a thread."""
        if self.pool is None or not hasattr(bot, "next_seed"):
            return await asyncio.to_thread(bot.choose, view, legal, actor)
        key = (table.code, table.version, actor)
        thought = self._thoughts.get(key)
        if thought is None:
            request = request_for(table.record.game, bot, view, legal, actor)
            thought = self._thoughts[key] = asyncio.ensure_future(
                self._ask(request, f"table {table.code} seat {actor + 1}")
            )
            thought.add_done_callback(lambda done: self._thought_over(key, done))
        try:
            return legal[await asyncio.shield(thought)]
        except ThinkingFailed:
            return quick_bot(table, actor).choose(view, legal, actor)

    def _thought_over(self, key: tuple[str, int, int], thought: asyncio.Task[int]) -> None:
        if self._thoughts.get(key) is thought:
            del self._thoughts[key]
        if not thought.cancelled():
            thought.exception()  # retrieved: a thought nobody waits for any more (the table moved on) ends quietly

    async def _ask(self, request: Think, where: str) -> int:
        assert self.pool is not None
        return (await self.pool.think(request, where)).index

    @staticmethod
    def _say_why(table: HostedTable, actor: int, kind: str, *, skipped: bool) -> str:
        """Mark the seat and tell every seat's log why a bot (or a skip) takes this turn; the line told."""
        name = table.record.names[actor]
        if kind == "away":
            table.away.add(actor)
            table.tell(f"{name} is away: a bot plays for them until they are back.")
            log.info("table %s: seat %d is away, a bot plays it", table.code, actor + 1)
        elif kind == "deadline":
            timeout = table.record.on_timeout
            if timeout == "replace":
                table.record.for_good.append(actor)
                table.away.add(actor)
                table.tell(f"{name}'s time ran out: a bot plays their seat from now on.")
            elif timeout == "skip" and skipped:
                table.tell(f"{name}'s time ran out: their turn was skipped.")
            elif timeout == "skip":
                table.tell(
                    f"{name}'s time ran out: the rules allow no skip here, so a bot played their turn."
                )
            else:
                table.tell(f"{name}'s time ran out: a bot played their turn.")
            log.info("table %s: seat %d ran out of time (%s)", table.code, actor + 1, timeout)
        return table.notes[-1] if table.notes else ""

    def _current(self, table: HostedTable, actor: int, version: int) -> bool:
        """Whether the timer set at `version` for `actor` still stands."""
        return (
            self.tables.get(table.code) is table
            and table.version == version
            and table.to_act() == actor
            and self.store.drives(table.code)
        )


def quick_bot(table: HostedTable, seat: int) -> Bot:
    """The bot that moves for a thinking bot whose workers failed: the game's greedy bot (random without)."""
    factories = games.bots(table.record.game)
    name = "greedy" if "greedy" in factories else "random"
    return factories[name](table.rules, bot_seed(table.record.seed, seat))
