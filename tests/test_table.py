"""The local table's hand-off decision: only when the next seat would see something the last one did not."""

from __future__ import annotations

import msgspec
import pytest

from chimera_tui.launch import make_seats, new_start
from chimera_tui.table.local import LocalTable
from tests.tinygame import RULES

pytestmark = pytest.mark.usefixtures("pebbles")  # the tiny test game (tests/conftest.py)


def _table(seats: str = "human,human") -> LocalTable:
    kinds = seats.split(",")
    start = new_start("pebbles", len(kinds), make_seats("pebbles", len(kinds), kinds, []), 7, {})
    return LocalTable("pebbles", start.match, start.seats)


def test_secret_cards_need_a_hand_off() -> None:
    """Pebbles deals each seat a secret bonus card: every seat's view differs from the others'."""
    table = _table()
    assert table.needs_hand_off(0, 1)
    assert table.needs_hand_off(1, 0)
    assert table.needs_hand_off(None, 0)  # opening the screen: the public view differs from seat 1's


def test_no_hand_off_to_oneself_or_to_nobody() -> None:
    table = _table()
    assert not table.needs_hand_off(0, 0)
    assert not table.needs_hand_off(0, None)


def test_equal_views_and_logs_need_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RULES, "view", lambda state, seat: state)
    table = _table()
    assert not table.needs_hand_off(0, 1)
    assert not table.needs_hand_off(None, 1)


def test_a_private_log_entry_needs_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same views, but the log tells one seat something it tells nobody else."""
    monkeypatch.setattr(RULES, "view", lambda state, seat: state)
    monkeypatch.setattr(
        RULES,
        "describe_for",
        lambda state, action, viewer: RULES.describe(state, action) if viewer == 0 else None,
        raising=False,
    )
    table = _table()
    assert not table.needs_hand_off(0, 1)  # an empty log is the same for everyone
    assert table.submit(table.legal_actions()[0]) is None
    assert table.needs_hand_off(0, 1)
    assert table.needs_hand_off(1, 0)


def test_a_finished_game_is_public() -> None:
    table = _table()
    state = msgspec.structs.replace(table.match.state, heap=0)
    table.match._states[-1] = state  # type: ignore[attr-defined]
    assert RULES.is_over(table.match.state)
    assert not table.needs_hand_off(0, 1)
