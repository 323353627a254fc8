"""Hidden information (design 14): every field a seat must not see is redacted in its view, at every step of
random games in every mode; the log tells others only what a watcher at the table would see."""

from __future__ import annotations

import pytest

from chimera_tui.engine import GameConfig, Rng
from chimera_tui.games.imaginarium import RULES
from chimera_tui.games.imaginarium.state import HIDDEN, State

from .helpers import MODES, new, play, turn, with_team


def check_view(state: State, seat: int | None) -> None:
    """`state`'s view for `seat` hides other teams' screens, the piles' order and others' drawn fragments."""
    v = RULES.view(state, seat)
    mine = state.seats[seat].team if seat is not None else -1
    for i, (tm, real) in enumerate(zip(v.teams, state.teams, strict=True)):
        if i == mine:
            assert tm == real
        else:
            assert tm.stock == (-1,) * 4 and tm.vp == () and tm.frags == (-1,) * 5
            assert (tm.broken, tm.dream, tm.token) == (real.broken, real.dream, real.token)
    assert set(v.deck) <= {HIDDEN} and set(v.pile) <= {HIDDEN} and set(v.helpers) <= {HIDDEN}
    assert v.rng == Rng(0)
    for a, real in zip(v.asks, state.asks, strict=True):
        if a.kind in ("keep", "xkeep", "hand") and state.seats[a.seat].team != mine:
            assert set(a.opts) <= {HIDDEN}
        else:
            assert a == real
    assert v.belt == state.belt and v.belt_frags == state.belt_frags and v.seats == state.seats


@pytest.mark.parametrize("mode", list(MODES))
def test_views_hide_every_secret_at_every_step(mode):
    players, options = MODES[mode]
    for seed in range(25):
        state = RULES.new_game(GameConfig(players=players, options=options), seed)
        rng = Rng(seed)
        while not RULES.is_over(state):
            for seat in (*range(players), None):
                check_view(state, seat)
            action, rng = rng.choice(RULES.legal_actions(state))
            state = RULES.apply(state, action)


def test_a_kept_fragment_is_secret_in_the_log_but_hand_overs_are_public():
    s = with_team(new(2, 1), 0, frags=(0, 0, 0, 0, 0))
    from msgspec.structs import replace

    from .helpers import with_seat

    s = with_seat(s, 0, slots=(("P6",), (), (), ()))
    s = replace(s, pile=("R", "G", "E", *s.pile[3:]))
    s = play(turn(s, 0, acts=(2, 3)), "dismantle 0.0")
    keep = RULES.parse(s, "keep E")
    assert "escape" in (RULES.describe_for(s, keep, 0) or "")
    for viewer in (1, None):
        line = RULES.describe_for(s, keep, viewer) or ""
        assert "escape" not in line and "keeps one of the fragments drawn" in line
