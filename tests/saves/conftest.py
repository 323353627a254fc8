"""Fixtures for the save tests: the tiny test game is registered while each test module runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chimera_tui import games
from tests.tinygame import RULES


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "cli: runs `python -m chimera_tui` in a subprocess")


@pytest.fixture(autouse=True, scope="module")
def pebbles() -> Iterator[None]:
    """Register Pebbles (module scope, so hypothesis tests may rely on it) and remove it afterwards, unless
    something else had registered it already."""
    already = RULES.id in games.game_ids()
    games.register(RULES)
    yield
    if not already:
        games.unregister(RULES.id)
