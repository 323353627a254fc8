"""What the operator's actions (`chimera players`, kept in the store: `store.moderation`) do on this host, and
the chat's own commands (`/mute NAME`, `/unmute NAME`).

Every host reads the operator's new actions when the store says there are some (PostgreSQL: a
notification; SQLite: the host looks every second), writes each to its log, and acts on its own sessions: a
banned player's sessions end with one sentence (`Goodbye`), a renamed player's too (they connect again under
the new name), and mutes are taken up at once. A login is checked against the store each time, so a host
that missed a notification still refuses a banned key at its next login.
"""

from __future__ import annotations

import logging

from chimera_tui.server import protocol as P
from chimera_tui.server.core import HostCore, Session
from chimera_tui.server.names import clean_name
from chimera_tui.server.store import moderation
from chimera_tui.server.store import people as people_store

log = logging.getLogger("chimera.server")

BANNED = "The operator of this server has banned you{why}."

CHAT_COMMANDS = "Chat commands: /mute NAME hides a player's lines from you, /unmute NAME shows them again."


class Moderating(HostCore):
    """The operator's actions on this host, and the chat's commands (see the module's docstring)."""

    _moderation_seen = 0

    async def start_moderating(self) -> None:
        """Start from the store's latest action, with the host-wide mutes as they are."""
        self._moderation_seen = await self.store.run(moderation.last())
        self.muted_everywhere = await self.store.run(moderation.mutes(moderation.EVERYONE))

    async def moderate(self) -> None:
        for action in await self.store.run(moderation.after(self._moderation_seen)):
            self._moderation_seen = max(self._moderation_seen, action.id)
            log.info("operator: %s", action.detail)
            if action.action == "ban":
                await self._end_banned()
            elif action.action == "rename":
                names = await self.store.run(people_store.names_of(action.target))
                new = names[-1] if names else "your new name"
                self.end_sessions(
                    action.target, f"The operator of this server renamed you to {new}: connect as {new}."
                )
            elif action.action in ("mute", "unmute"):
                muted = await self.store.run(moderation.mutes(action.target))
                if action.target == moderation.EVERYONE:
                    self.muted_everywhere = muted
                for session in self._sessions.get(action.target, ()):
                    session.mutes = muted

    async def _end_banned(self) -> None:
        sessions = [s for group in self._sessions.values() for s in group]
        banned = await self.store.run(moderation.banned([(s.key, s.identity) for s in sessions]))
        for session in sessions:
            if session.key in banned:
                self.end_session(session, BANNED.format(why=""))

    def end_sessions(self, identity: str, reason: str) -> None:
        """End every session of `identity` on this host, each told `reason`."""
        for session in list(self._sessions.get(identity, ())):
            self.end_session(session, reason)

    def end_session(self, session: Session, reason: str) -> None:
        log.info("ending a session of %s: %s", session.identity, reason)
        self._send(session, P.Goodbye(reason=reason))
        session.closed = True
        session.writer.close()  # what was written is sent first

    # -- the chat's commands ---------------------------------------------------------------------------

    async def chat_command(self, session: Session, text: str) -> str | None:
        """`/mute NAME` or `/unmute NAME` said in the chat: this player no longer sees (or sees again) that
        player's lines, at every table and on every host; answered with a `Notice`. None, or why not."""
        command, _, rest = text.strip().partition(" ")
        name = clean_name(rest)
        if command not in ("/mute", "/unmute") or not name:
            return CHAT_COMMANDS
        found = await self.store.run(moderation.account_of(name))
        if found is None:
            return f"Nobody here is called {name}."
        account, shown = found
        if account == session.identity:
            return "You cannot mute yourself."
        now = self.clock()
        if command == "/mute":
            await self.store.run(moderation.mute(session.identity, account, now, shown))
            words = (
                f"You no longer see {shown}'s chat lines, at any table (/unmute {shown} shows them again)."
            )
        elif await self.store.run(moderation.unmute(session.identity, account, now, shown)):
            words = f"You see {shown}'s chat lines again."
        else:
            return f"You had not muted {shown}."
        log.info("%s: %s %s", session.identity, command[1:], account)
        for mine in self._sessions.get(session.identity, ()):
            if command == "/mute":
                mine.mutes.add(account)
            else:
                mine.mutes.discard(account)
            if mine.table is not None:
                self._broadcast(mine.table)
        self._send(session, P.Notice(text=words))
        return None
