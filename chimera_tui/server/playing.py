"""A seated player's requests: an action, an undo, a chat line.

An action or an undo is checked against the table this host holds, applied in memory under the table's
`guard`, and committed as the table's next version (`HostCore.commit`): when another change reached the
store first, the player is told and the table shows what the store holds. A chat line is not part of the
game: it goes to this host's sessions at once and to the other hosts through the store.
"""

from __future__ import annotations

import logging

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.plain_text import plain_text
from chimera_tui.server.core import REPLACED, HostCore, Session
from chimera_tui.server.store import StoreUnavailable

log = logging.getLogger("chimera.server")

MUTED = "The operator of this server has muted you: nobody sees your chat lines."

TOO_FAST = "You are chatting too fast; wait a moment."


class Playing(HostCore):
    """A seated player's requests (see the module's docstring)."""

    async def act(self, session: Session, notation: str) -> str | None:
        table, seat = session.table, session.seat
        if table is None:
            return "You are not at a table."
        if seat is None:
            return "Spectators cannot play."
        async with table.guard:
            if table.match is None:
                return "The game has not begun: seats are still empty."
            actor = table.to_act()
            if actor is None:
                return "The game is over."
            if seat in table.record.for_good:
                return REPLACED
            if actor != seat:
                return f"It is {table.record.names[actor]}'s turn."
            try:
                table.match.submit(table.rules.parse(table.match.state, notation[:1000]))
            except IllegalAction as exc:
                return exc.reason
            if (reason := await self.commit(table)) is not None:
                return reason
        self.changed(table)
        return None

    async def undo(self, session: Session) -> str | None:
        table, seat = session.table, session.seat
        if table is None or table.match is None:
            return "There is nothing to undo."
        if seat is None:
            return "Spectators cannot undo."
        if seat in table.record.for_good:
            return REPLACED
        async with table.guard:
            try:
                table.match.undo(seat)
            except IllegalAction as exc:
                return exc.reason
            if (reason := await self.commit(table)) is not None:
                return reason
        self.changed(table)
        return None

    def chat(self, session: Session, text: str) -> str | None:
        table = session.table
        if table is None:
            return "You are not at a table."
        line = plain_text(text, self.limits.chat_length)
        if not line:
            return None
        if session.identity in self.muted_everywhere:
            return MUTED
        if self.chatting_too_fast(session):
            return TOO_FAST
        who = table.record.names[session.seat] if session.seat is not None else f"{session.name} (watching)"
        said = f"{who}: {line}"
        table.chat.append((session.identity, said))
        log.info("chat line at table %s from %s", table.code, session.identity)
        self._broadcast(table)
        self._spawn(self._pass_on(table.code, said, session.identity))
        return None

    def chatting_too_fast(self, session: Session) -> bool:
        """Whether `session` said `chat_lines` lines (or chat commands) within `chat_window` seconds; if not,
        this one counts."""
        now = self.clock()
        times = session.chat_times
        while times and now - times[0] > self.limits.chat_window:
            times.popleft()
        if len(times) >= self.limits.chat_lines:
            return True
        times.append(now)
        return False

    async def _pass_on(self, code: str, line: str, who: str) -> None:
        try:
            await self.store.say(code, line, who)
        except StoreUnavailable:
            log.warning("table %s: a chat line reached no other host", code)
