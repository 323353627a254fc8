"""Shared fixtures: determinism for UI tests, and the tiny test game on demand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chimera_tui import games
from tests.tinygame import RULES


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blinking cursors make screenshots differ from run to run (harlequin's fix)."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


@pytest.fixture
def pebbles() -> Iterator[None]:
    """The tiny test game, registered for one test."""
    already = RULES.id in games.game_ids()
    games.register(RULES)
    yield
    if not already:
        games.unregister(RULES.id)
