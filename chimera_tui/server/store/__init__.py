"""The table host's store: tables, identities and finished games (see `base` for the interface).

`open_store(url, folder)` picks the store `chimera serve --db URL` names: none, the SQLite file in the data
folder; ``postgresql://…`` (or ``postgres://…``), PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

from chimera_tui.server.store import moderation, people, roster
from chimera_tui.server.store.base import News, StoreError, StoreUnavailable, TableRow, TableStore
from chimera_tui.server.store.sqlite import SqliteStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def store_for(url: str | None, folder: Path, *, readonly: bool = False, beside: bool = False) -> TableStore:
    """The store `url` names (None: SQLite in `folder`); not opened yet (`readonly`: to read only; `beside`:
    to write beside a running server, as its operator does).

    Raises:
        StoreError: for an address that is no database chimera knows, or PostgreSQL without its driver.
    """
    if url is None or url == "":
        return SqliteStore(folder, readonly=readonly, beside=beside)
    if url.startswith("sqlite:///"):
        return SqliteStore(Path(url.removeprefix("sqlite://")), readonly=readonly, beside=beside)
    if url.startswith(POSTGRES_SCHEMES):
        try:
            from chimera_tui.server.store.postgres import PostgresStore
        except ImportError as exc:
            raise StoreError(
                "PostgreSQL needs its driver: pip install 'chimera-tabletop[postgres]'."
            ) from exc
        return PostgresStore(url, readonly=readonly, beside=beside)
    raise StoreError("--db takes a PostgreSQL address (postgresql://USER@HOST/DATABASE) or sqlite:///FOLDER.")


__all__ = [
    "News",
    "StoreError",
    "StoreUnavailable",
    "TableRow",
    "TableStore",
    "moderation",
    "people",
    "roster",
    "store_for",
]
