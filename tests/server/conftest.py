"""Fixtures of the server tests: a fresh PostgreSQL database on a real server (see `postgres`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.postgres import Postgres, database, server


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The address of a fresh database on this test process's PostgreSQL server."""
    with database() as url:
        yield url


@pytest.fixture
def pg_server() -> Postgres:
    return server()
