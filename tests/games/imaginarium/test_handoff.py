"""Hot-seat hand-offs at a local table (`table/local.py`): the Exhausteur's victims decide out of turn, so the
table passes to each of them, hiding the screen first; partners in team play share one screen and pass it
without a hand-off."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from chimera_tui.games.imaginarium import RULES, State
from chimera_tui.launch import make_seats, new_start
from chimera_tui.table.local import LocalTable

from .helpers import new, turn, with_seat, with_team


def _table(
    state: State, monkeypatch: pytest.MonkeyPatch, options: dict[str, str] | None = None
) -> LocalTable:
    """A table of people only whose match starts from `state`."""
    monkeypatch.setattr(RULES, "new_game", lambda config, seed: state)
    players = len(state.seats)
    start = new_start("imaginarium", players, make_seats("imaginarium", players, [], []), 1, options or {})
    return LocalTable("imaginarium", start.match, start.seats)


def _before_the_raid() -> State:
    """3 players: seat 2 ends its turn, then seat 0, whose Exhausteur works, starts B1. Seats 1 and 2 hold
    fragments behind their screens."""
    s = new(3, 1)
    s = with_seat(s, 0, slots=(("A7",), (), (), ()))
    s = with_team(s, 1, frags=(1, 1, 0, 0, 0))
    s = with_team(s, 2, frags=(0, 0, 2, 0, 0))
    s = turn(s, 2)
    return replace(s, order=(2, 0, 1))


def test_the_exhausteurs_victims_decide_out_of_turn_after_a_hand_off_IM_MACHINE_05_07(monkeypatch):
    """IM-MACHINE-05, -07: each opposing player holding a fragment chooses one to hand over. The choice is
    asked of that seat through `to_act` while it is seat 0's turn, so the hot-seat table follows it to the
    victim, and the screen must be hidden first (`needs_hand_off`); then back to seat 0 to keep one."""
    table = _table(_before_the_raid(), monkeypatch)
    assert table.seat == 2 and table.legal_actions()
    assert table.submit(RULES.parse(table.match.state, "end")) is None
    state = table.match.state
    assert state.order[state.cursor] == 0 and state.asks[-1].kind == "hand"
    assert table.to_act() == 1 and table.seat == 1
    assert table.needs_hand_off(2, 1)
    assert [str(a) for a in table.legal_actions()] == ["hand R", "hand G"]
    # The victim's view shows its own screen, not the raider's or the other victim's.
    view = table.view()
    assert view.teams[1].frags == (1, 1, 0, 0, 0) and view.teams[0].frags == (-1,) * 5
    assert table.submit(RULES.parse(state, "hand G")) is None
    assert table.to_act() == 2 and table.seat == 2 and table.needs_hand_off(1, 2)
    assert [str(a) for a in table.legal_actions()] == ["hand E"]
    assert table.submit(RULES.parse(table.match.state, "hand E")) is None
    # Seat 0 keeps one of the two handed over (face up), after a hand-off back to it.
    assert table.to_act() == 0 and table.seat == 0 and table.needs_hand_off(2, 0)
    assert [str(a) for a in table.legal_actions()] == ["keep G", "keep E"]


def test_IM_TEAM_02_partners_sit_together_behind_one_screen(monkeypatch):
    """IM-TEAM-02: partners sit together. At a hot-seat table they share one screen, so the table passes
    from one partner to the other without a hand-off, and to an opponent only after one."""
    s = new(4, 1, teams="on")
    table = _table(s, monkeypatch, {"teams": "on"})
    for seat in range(4):
        partner = next(i for i, p in enumerate(s.seats) if p.team == s.seats[seat].team and i != seat)
        assert not table.needs_hand_off(seat, partner)
        assert all(
            table.needs_hand_off(seat, other)
            for other, p in enumerate(s.seats)
            if p.team != s.seats[seat].team
        )
