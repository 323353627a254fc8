"""News from the other hosts sharing the store, taken one at a time, in order.

- A table changed (or was opened) elsewhere: read its row and follow it (`HostedTable.adopt`), then tell this
  host's sessions at it and let its timer move if this host drives it.
- Other hosts' sessions at a table changed: the seats' "here" marks and the away timers follow.
- A chat line was said elsewhere: this host's sessions at the table hear it.
- This host now drives a table whose driver went away: its timer starts here (a table this host holds no
  copy of, having missed its news, is read from the store first).
- The store was lost: drive nothing, and tell every session in one line (`Notice`); it is back: catch up
  with every table (news may have been missed), publish this host's sessions again, and tell them.
"""

from __future__ import annotations

import asyncio
import logging

from chimera_tui.server import protocol as P
from chimera_tui.server.core import HostCore
from chimera_tui.server.store import News, StoreUnavailable

log = logging.getLogger("chimera.server")

LOST_NOTE = "The table store cannot be reached: moves wait until it is back."
BACK_NOTE = "The table store is back: play on."


class Syncing(HostCore):
    """News from the other hosts (see the module's docstring)."""

    _inbox: asyncio.Queue[News]

    def hear(self, news: News) -> None:
        """Take `news` from the store (on the event loop); it is handled in order by `take_news`."""
        self._inbox.put_nowait(news)

    async def take_news(self) -> None:
        """Handle the news as it comes, until cancelled."""
        while True:
            news = await self._inbox.get()
            try:
                await self._take(news)
            except StoreUnavailable:
                log.warning("news about table %s waits for the store", news.code or "-")
            except Exception:  # a bug must cost one piece of news, never the host
                log.exception("news %s failed", news)

    async def _take(self, news: News) -> None:
        table = self.tables.get(news.code)
        if news.kind == "table":
            if table is None:
                await self.find_table(news.code)
            elif news.version > table.version:
                async with table.guard:
                    if news.version > table.version:
                        await self.catch_up(table)
                self.forget_if_done(table)
        elif news.kind == "presence" and table is not None:
            table.remote = await self.store.presence(table.code)
            self.changed(table)
        elif news.kind == "chat" and table is not None:
            table.chat.append((news.who, news.line))
            self._broadcast(table)
        elif news.kind == "moderation":
            await self.moderate()
        elif news.kind == "driving":
            if table is None:  # a table whose news this host missed, too
                table = await self.find_table(news.code)
            if table is not None:
                self.drive(table)
        elif news.kind == "lost":
            self.stop_driving()
            self._tell_everyone(LOST_NOTE)
        elif news.kind == "back":
            await self._catch_up_all()
            self._tell_everyone(BACK_NOTE)

    async def _catch_up_all(self) -> None:
        versions = await self.store.versions()
        for code, version in versions.items():
            table = self.tables.get(code)
            if table is None:
                await self.find_table(code)
            elif version != table.version:
                async with table.guard:
                    await self.catch_up(table)
        for code, table in list(self.tables.items()):
            if code not in versions:  # finished meanwhile
                async with table.guard:
                    await self.catch_up(table)
                self.forget_if_done(table)
            table.remote = await self.store.presence(code)
            if table.spectators or any(
                table.here.values()
            ):  # other hosts may have dropped our rows meanwhile
                self.publish(table)
            self.changed(table)

    def _tell_everyone(self, line: str) -> None:
        """Say `line` to every session of this host, at a table or in the lobby (one line, once)."""
        for sessions in self._sessions.values():
            for session in sessions:
                self._send(session, P.Notice(text=line))
