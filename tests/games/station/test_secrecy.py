"""Secrecy (issue 9): what a seat reads depends only on its view. Over many random positions, only hidden
facts are changed (the module pile and perk deck reshuffled, the random stream replaced) and nothing the
seat is shown — its view, the previews of its choices, the words of its choices and hints, the log lines —
may change. Station has no action private to one seat, so its log is public (no `describe_for`)."""

from __future__ import annotations

import os

from msgspec.structs import replace

from chimera_tui.engine import GameConfig, Rng
from chimera_tui.games.station import RULES, State
from chimera_tui.ui.games.station import view as V
from chimera_tui.ui.games.station import words as W
from chimera_tui.ui.games.station.mats import mat_view
from chimera_tui.ui.games.station.preview import preview_seen

POSITIONS = int(os.environ.get("CHIMERA_SECRECY_POSITIONS", "240"))
"""Random positions checked (a smaller number through the environment for quick local runs)."""


def hidden_changed(state: State, k: int) -> State:
    """`state` with only hidden facts changed: both face-down piles in another order, another random stream."""
    pile = state.pile[k % max(len(state.pile), 1) :] + state.pile[: k % max(len(state.pile), 1)]
    deck = tuple(reversed(state.perk_deck))
    return replace(
        state, pile=tuple(reversed(pile)), perk_deck=deck, rng=Rng(state.rng.seed + 7919 * (k + 1))
    )


def _positions():
    count = 0
    seed = 0
    while count < POSITIONS:
        players = 2 + seed % 3
        s = RULES.new_game(GameConfig(players=players, options={"side": "A" if seed % 2 else "B"}), seed)
        rng = Rng(seed + 100)
        step = 0
        while not RULES.is_over(s) and count < POSITIONS:
            a, rng = rng.choice(list(RULES.legal_actions(s)))
            s = RULES.apply(s, a)
            step += 1
            if step % 11 == 0 and not RULES.is_over(s):
                count += 1
                yield s
        seed += 1


def _seen_by(state: State, seat: int) -> dict[str, object]:
    """Everything the screen derives for `seat` in `state`, computed the way the screen computes it."""
    seen = RULES.view(state, seat)
    actions = list(RULES.legal_actions(state))
    return {
        "view": seen,
        "choices": [W.choice_words(seen, a) for a in actions],
        "previews": [preview_seen(seen, a, seat) for a in actions],
        "log": [RULES.describe(state, a) for a in actions],
        "prompt": W.prompt_words(seen),
        "context": W.dialog_context(seen),
        "track": W.round_track(seen),
        "mats": [mat_view(seen, s, seat, False) for s in range(len(seen.players))],
        "reactor": V.reactor_places(seen, frozenset(), True),
        "details": [V.place_details(seen, f"reactor:{i}") for i in range(6)],
    }


def test_a_seat_sees_nothing_that_depends_on_hidden_facts():
    checked = 0
    for state in _positions():
        seat = RULES.to_act(state)
        assert seat is not None
        for k in range(2):
            other = hidden_changed(state, k)
            assert other != state or len(state.pile) < 2
            assert _seen_by(other, seat) == _seen_by(state, seat)
        checked += 1
    assert checked == POSITIONS


def test_foundry_preview_does_not_name_the_hidden_draw():
    """Issue 9: "Place worker on Foundry" said "Next, you: Choose where to build Trading Post"."""
    from tests.games.station.helpers import placement_state

    s = placement_state(2, perks={0: ("foundry",)}, coins=30)
    seen = RULES.view(s, 0)
    lines = preview_seen(seen, RULES.parse(s, "place w0 foundry"), 0)
    told = "\n".join(lines)
    assert "will be drawn" in told
    hidden = {t for t in s.pile}
    from chimera_tui.games.station.content import content

    names = {content().modules[t].name for t in hidden} - {content().modules[t].name for t in s.reactor if t}
    assert not any(name in told for name in names), told
    assert lines == preview_seen(RULES.view(hidden_changed(s, 1), 0), RULES.parse(s, "place w0 foundry"), 0)


def test_the_preview_still_tells_what_is_certain():
    """A Boiler Room refill is hidden, but its Reactor and component rewards are certain and shown."""
    from tests.games.station.helpers import placement_state
    from tests.games.station.test_reactor import _drained

    s = _drained(placement_state(2, workers={0: [(("brain", "claw"), "pool")]}), 4)
    lines = preview_seen(RULES.view(s, 0), RULES.parse(s, "place w0 boiler"), 0)
    told = "\n".join(lines)
    assert "coins 10 → 13" in told and "will be drawn" in told
