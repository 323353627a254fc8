"""The tables a `chimera serve` process keeps in its SQLite store, read from outside it (as `chimera tables`
does: read-only, beside the running server)."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

import msgspec

from chimera_tui.saves import SaveError, decode_save, restore
from chimera_tui.server.store.sqlite import DB_NAME
from chimera_tui.server.tables import TableRecord


class StoredTables:
    """Whose table is which, how many actions it holds and who is to act, in the SQLite store of the data
    folder `data`, or in the PostgreSQL database at `url`."""

    def __init__(self, data: Path | None = None, *, url: str | None = None) -> None:
        self.path = (data or Path("/nonexistent")) / DB_NAME
        self.url = url
        self._seen: dict[str, tuple[int, int, int | None]] = {}

    def _rows(self, query: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        if self.url is not None:
            import psycopg

            with psycopg.connect(self.url, autocommit=True) as conn:
                return conn.execute(query.replace("?", "%s"), args).fetchall()  # type: ignore[arg-type]
        if not self.path.exists():
            return []
        with contextlib.closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)) as db:
            try:
                return db.execute(query, args).fetchall()
            except sqlite3.OperationalError:  # the schema is not made yet
                return []

    def codes(self) -> list[str]:
        return [str(code) for (code,) in self._rows("SELECT code FROM tables ORDER BY id")]

    def code_of(self, identity: str) -> str | None:
        for code, setup in self._rows("SELECT code, setup FROM tables"):
            with contextlib.suppress(msgspec.DecodeError, msgspec.ValidationError):
                if msgspec.msgpack.decode(setup, type=TableRecord).creator == identity:
                    return str(code)
        return None

    def turn(self, code: str) -> tuple[int, int | None]:
        """(actions taken, seat to act) of table `code` as stored; (-1, None) before its match starts."""
        found = self._rows("SELECT version, save FROM tables WHERE code = ?", (code,))
        if not found or found[0][1] is None:
            return -1, None
        version, save = found[0][0], bytes(found[0][1])
        cached = self._seen.get(code)
        if cached is None or cached[0] != version:
            try:
                match = restore(decode_save(save, code), code).match
            except SaveError:
                return (cached[1], cached[2]) if cached else (-1, None)
            cached = (version, len(match), match.rules.to_act(match.state))
            self._seen[code] = cached
        return cached[1], cached[2]
