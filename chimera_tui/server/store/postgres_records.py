"""What a PostgreSQL store remembers of finished tables: their people and ranks, ratings and their history
(the SQL beside `postgres.py`, which calls it)."""

from __future__ import annotations

from typing import Any

import psycopg

from chimera_tui.server.ratings import Outcome, RatingRow, updated_ratings
from chimera_tui.server.store.base import FinishedRow, TableRow

RATING_LOCKS = 7_300_003
"""The first key of the transaction lock taken on (game, identity) before a rating is read and written, so two
tables finishing at once for one player both count."""

RATING_COLUMNS = ("game", "identity", "player", "name", "mu", "sigma", "games", "wins")
_RATING = ", ".join(RATING_COLUMNS)


def _rating(values: tuple[Any, ...]) -> RatingRow:
    return RatingRow(**dict(zip(RATING_COLUMNS, values, strict=True)))


async def keep_outcome(conn: psycopg.AsyncConnection[Any], row: TableRow, outcome: Outcome) -> None:
    """In the finishing commit's transaction: the people with their ranks, and (rated) their new ratings."""
    async with conn.cursor() as cursor:
        await cursor.executemany(
            "INSERT INTO seats (code, seat, identity, name, rank) VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT (code, seat) DO UPDATE SET identity = excluded.identity, name = excluded.name, "
            "rank = excluded.rank",
            [(row.code, seat, identity, name, rank) for seat, identity, name, rank in outcome.people],
        )
    if not outcome.rated:
        return
    current = {}
    for identity in sorted({identity for _, identity, _, _ in outcome.people}):
        await conn.execute(
            "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (RATING_LOCKS, f"{outcome.game} {identity}")
        )
        cursor = await conn.execute(
            f"SELECT {_RATING} FROM ratings WHERE game = %s AND identity = %s", (outcome.game, identity)
        )
        found = await cursor.fetchone()
        if found is not None:
            current[identity] = _rating(found)
    for rating in updated_ratings(outcome, current):
        await conn.execute(
            f"INSERT INTO ratings ({_RATING}, updated) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) "
            "ON CONFLICT (game, identity) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
            "sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, updated = excluded.updated",
            (*(getattr(rating, c) for c in RATING_COLUMNS), row.updated),
        )
        await conn.execute(
            "INSERT INTO rating_history (game, identity, code, at, mu, sigma) VALUES (%s, %s, %s, %s, %s, %s)",
            (rating.game, rating.identity, row.code, row.updated, rating.mu, rating.sigma),
        )


FINISHED = (
    "SELECT t.code, t.game, t.setup, t.finished, t.result, "
    "EXISTS (SELECT 1 FROM seats s WHERE s.code = t.code AND s.identity = %s) AS mine "
    "FROM tables t WHERE t.finished IS NOT NULL "
    "AND (NOT t.private OR EXISTS (SELECT 1 FROM seats s WHERE s.code = t.code AND s.identity = %s)) "
    "ORDER BY t.finished DESC, t.id DESC LIMIT %s"
)
BOARD = f"SELECT {_RATING} FROM ratings WHERE game = %s ORDER BY mu - 3 * sigma DESC, games DESC LIMIT %s"
RATINGS = f"SELECT {_RATING} FROM ratings WHERE identity = %s ORDER BY game"
HISTORY = "SELECT game, mu, sigma FROM rating_history WHERE identity = %s ORDER BY at"
IDENTITY = "SELECT identity FROM ratings WHERE player = %s LIMIT 1"


def finished_rows(rows: list[tuple[Any, ...]]) -> list[FinishedRow]:
    return [
        FinishedRow(code=c, game=g, setup=bytes(s), finished=f, result=r or "", mine=bool(m))
        for c, g, s, f, r, m in rows
    ]


def rating_rows(rows: list[tuple[Any, ...]]) -> list[RatingRow]:
    return [_rating(found) for found in rows]
