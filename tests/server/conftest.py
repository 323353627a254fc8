"""Fixtures of the server tests: a fresh PostgreSQL database on a real server (see `postgres`), a mail server
and a server taking web hooks (see `notify_helpers`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from tests.server.notify_helpers import HookServer, Mailbox
from tests.server.postgres import Postgres, database, server


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The address of a fresh database on this test process's PostgreSQL server."""
    with database() as url:
        yield url


@pytest.fixture
def pg_server() -> Postgres:
    return server()


@pytest.fixture
def mailbox() -> Iterator[Mailbox]:
    """A real mail server (aiosmtpd) started for one test."""
    box = Mailbox()
    box.start()
    yield box
    box.stop()


@pytest.fixture
async def hook_server() -> AsyncIterator[HookServer]:
    """An HTTP server taking web hooks, started for one test."""
    server = HookServer()
    await server.start()
    yield server
    await server.stop()
