"""What an SQLite store remembers of finished tables: their people and ranks, ratings and their history (the
SQL beside `sqlite.py`, which calls it in its finishing commit's transaction)."""

from __future__ import annotations

import sqlite3
from typing import Any

from chimera_tui.server.ratings import Outcome, RatingRow, updated_ratings
from chimera_tui.server.store.base import FinishedRow, TableRow

RATING_COLUMNS = ("game", "identity", "player", "name", "mu", "sigma", "games", "wins")
RATING = ", ".join(RATING_COLUMNS)


def rating_row(values: tuple[Any, ...]) -> RatingRow:
    return RatingRow(**dict(zip(RATING_COLUMNS, values, strict=True)))


def keep_outcome(db: sqlite3.Connection, row: TableRow, outcome: Outcome) -> None:
    """The people of a finished table with their ranks, and (rated) their new ratings and history."""
    for seat, identity, name, rank in outcome.people:
        db.execute(
            "INSERT OR REPLACE INTO seats (code, seat, identity, name, rank) VALUES (?, ?, ?, ?, ?)",
            (row.code, seat, identity, name, rank),
        )
    if not outcome.rated:
        return
    current = {}
    for _, identity, _, _ in outcome.people:
        found = db.execute(
            f"SELECT {RATING} FROM ratings WHERE game = ? AND identity = ?", (outcome.game, identity)
        ).fetchone()
        if found is not None:
            current[identity] = rating_row(found)
    for rating in updated_ratings(outcome, current):
        db.execute(
            f"INSERT OR REPLACE INTO ratings ({RATING}, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (*(getattr(rating, c) for c in RATING_COLUMNS), row.updated),
        )
        db.execute(
            "INSERT INTO rating_history (game, identity, code, at, mu, sigma) VALUES (?, ?, ?, ?, ?, ?)",
            (rating.game, rating.identity, row.code, row.updated, rating.mu, rating.sigma),
        )


def finished_rows(db: sqlite3.Connection, identity: str, limit: int) -> list[FinishedRow]:
    """The latest finished tables that are public or where `identity` sat, latest first."""
    rows = db.execute(
        "SELECT t.code, t.game, t.setup, t.finished, t.result, "
        "EXISTS (SELECT 1 FROM seats s WHERE s.code = t.code AND s.identity = ?) AS mine "
        "FROM tables t WHERE t.finished IS NOT NULL "
        "AND (t.private = 0 OR EXISTS (SELECT 1 FROM seats s WHERE s.code = t.code AND s.identity = ?)) "
        "ORDER BY t.finished DESC, t.id DESC LIMIT ?",
        (identity, identity, limit),
    ).fetchall()
    return [
        FinishedRow(code=c, game=g, setup=s, finished=f, result=r or "", mine=bool(m))
        for c, g, s, f, r, m in rows
    ]
