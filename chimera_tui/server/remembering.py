"""What the host remembers beyond the tables in play: finished tables (listed with their results, watched
again with every seat's hidden facts revealed), each game's leaderboard and each player's page. All of it
is read from the store, so it is the same on every host and survives restarts."""

from __future__ import annotations

import msgspec

from chimera_tui import games
from chimera_tui.server import protocol as P
from chimera_tui.server.core import HostCore, Session
from chimera_tui.server.ratings import player_key, provisional, shown
from chimera_tui.server.store import people
from chimera_tui.server.table_record import TableRecord

FINISHED_LIMIT = 60
"""Finished tables the list shows at most."""

BOARD_LIMIT = 50
"""Players a leaderboard shows at most."""

_RECORD = msgspec.msgpack.Decoder(TableRecord)


class Remembering(HostCore):
    """The Finished list, replays of finished tables, leaderboards and players' pages."""

    async def finished_tables(self, session: Session) -> P.Finished:
        rows = await self.store.finished(session.identity, FINISHED_LIMIT)
        infos = []
        for row in rows:
            try:
                record = _RECORD.decode(row.setup)
                title = games.title(row.game)
            except (msgspec.DecodeError, msgspec.ValidationError, games.UnknownGame):
                continue
            infos.append(
                P.FinishedInfo(
                    code=row.code,
                    game=row.game,
                    title=title,
                    finished=row.finished,
                    result=row.result,
                    players=tuple(record.names),
                    mine=row.mine,
                )
            )
        return P.Finished(tables=tuple(infos))

    async def replay(self, session: Session, code: str) -> P.Replay | str:
        """The save of the finished table `code`, or why not."""
        row = await self.store.load(code)
        if row is None or row.save is None:
            return f"There is no table with the code {code or '(none)'}."
        if row.finished is None:
            return "That table is still being played: watch it instead."
        if row.private:
            record = _RECORD.decode(row.setup)
            if session.identity not in record.owners:
                return f"There is no table with the code {code}."
        return P.Replay(code=row.code, save=row.save)

    async def board(self, session: Session, game: str) -> P.Board | str:
        try:
            games.get(game)
        except games.UnknownGame as exc:
            return str(exc)
        rows = await self.store.board(game, BOARD_LIMIT)
        return P.Board(
            game=game,
            rows=tuple(
                P.BoardRow(
                    player=row.player,
                    name=row.name,
                    rating=shown(row.mu, row.sigma),
                    games=row.games,
                    wins=row.wins,
                    mine=row.identity == session.identity,
                    provisional=provisional(row.games),
                )
                for row in rows
            ),
        )

    async def player(self, session: Session, player: str) -> P.Player | str:
        identity = session.identity if not player or player == player_key(session.identity) else None
        if identity is None:
            identity = await self.store.identity_of(player)
            if identity is None:
                return "There is no such player."
        ratings, history = await self.store.ratings(identity)
        seen = await self.store.identity(identity)
        name = seen[0] if seen else (ratings[0].name if ratings else session.name)
        pages = []
        for row in ratings:
            try:
                title = games.title(row.game)
            except games.UnknownGame:
                continue
            pages.append(
                P.PlayerGame(
                    game=row.game,
                    title=title,
                    rating=shown(row.mu, row.sigma),
                    games=row.games,
                    wins=row.wins,
                    history=tuple(shown(mu, sigma) for game, mu, sigma in history if game == row.game),
                    provisional=provisional(row.games),
                )
            )
        page = P.Player(name=name, first_seen=seen[1] if seen else 0.0, games=tuple(pages))
        if identity != session.identity:
            return page
        keys = await self.store.run(people.keys_of(identity))  # your own page: your names and keys too
        return msgspec.structs.replace(
            page,
            name=session.name,
            mine=True,
            names=await self.store.run(people.names_of(identity)),
            keys=tuple(P.KeyInfo(identity=k, last_seen=last, this=k == session.key) for k, _, last in keys),
        )
