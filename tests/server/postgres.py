"""A real PostgreSQL server for the tests, started from the `pgserver` package (its own PostgreSQL 16
binaries, so CI needs nothing but pip): one server per test process, a fresh database per test, and stop and
start for the tests of a database restarted under load.

As root, pgserver runs PostgreSQL as a user of its own (`pgserver`) and listens on a Unix socket in the data
folder only.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path

import psycopg

logging.getLogger("pgserver").setLevel(logging.WARNING)


class Postgres:
    """A PostgreSQL server of this test process."""

    def __init__(self) -> None:
        with warnings.catch_warnings():  # platformdirs warns of an unset XDG_RUNTIME_DIR
            warnings.simplefilter("ignore")
            import pgserver

            self.root = Path(tempfile.mkdtemp(prefix="chimera-pg-"))
            self.server = pgserver.get_server(self.root / "data", cleanup_mode="stop")

    def url(self, database: str = "postgres") -> str:
        return str(self.server.get_uri(database))

    def new_database(self) -> str:
        """A fresh, empty database; its address."""
        name = "t_" + secrets.token_hex(6)
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]  # a name made above
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = psycopg.conninfo.conninfo_to_dict(url)["dbname"]
        with contextlib.suppress(psycopg.Error), psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")  # type: ignore[arg-type]

    def stop(self) -> None:
        """Stop the server (fast shutdown: every connection is cut)."""
        from pgserver._commands import pg_ctl

        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=self.server.pgdata, user=self.server.system_user)

    def start(self) -> None:
        """Start it again on the same data and socket."""
        with self.server._lock:
            self.server.ensure_postgres_running()


_SERVER: Postgres | None = None


def server() -> Postgres:
    """This test process's PostgreSQL server, started on first use."""
    global _SERVER
    if _SERVER is None:
        _SERVER = Postgres()
    return _SERVER


@contextlib.contextmanager
def database() -> Iterator[str]:
    """A fresh database for one test, dropped after it."""
    pg = server()
    url = pg.new_database()
    try:
        yield url
    finally:
        pg.drop_database(url)
