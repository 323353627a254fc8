"""Action notation round-trips and describes; views hide what they should; undo barriers."""

from __future__ import annotations

import pytest

from chimera_tui.engine import GameConfig, NotationError
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import (
    Attach,
    AttackWith,
    Bid,
    Done,
    EndTurn,
    Go,
    Join,
    Pass,
    Pick,
    PickTorso,
    Skip,
    Take,
    Use,
)
from chimera_tui.games.codename.state import Phase
from tests.games.codename.helpers import new

EXAMPLES = [
    PickTorso("ribcage"),
    Take("eagle-talon-1"),
    Skip(),
    Bid(3),
    Pass(),
    Pick("eagle-talon-2"),
    Attach("wolf-claw-1", "ape-arm-2", "far"),
    Done(),
    AttackWith("torso:0", "torso:2"),
    Join("wolf-claw-1"),
    Go(),
    Use("crab-pincer-1", "bear-arm-1"),
    Use("extra-heart-1"),
    EndTurn(),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_round_trip_and_describe(action):
    state = new()
    assert RULES.parse(state, str(action)) == action
    assert RULES.describe(state, action).startswith("Player 1: ")


@pytest.mark.parametrize("text", ["", "bid", "bid x", "attach a b", "fly away", "use"])
def test_bad_notation(text):
    with pytest.raises(NotationError):
        RULES.parse(new(), text)


def test_metadata_and_labels():
    assert (RULES.id, RULES.title, RULES.min_players, RULES.max_players) == (
        "codename",
        "Codename: Chimera",
        2,
        4,
    )
    assert RULES.round_label(new()) == "Torso choice"
    from chimera_tui.games.codename import BOTS, Action, State  # noqa: F401

    assert BOTS["greedy"](RULES, 1).name == "greedy"


def test_undo_barriers():
    state = new()
    after = RULES.apply(state, PickTorso(state.torso_pool[0]))
    assert not RULES.is_irreversible(state, PickTorso(state.torso_pool[0]), after)
    while after.phase is Phase.TORSO:
        before, action = after, PickTorso(after.torso_pool[0])
        after = RULES.apply(before, action)
    assert RULES.is_irreversible(before, action, after)  # the first deal turns up cards


def test_spectator_view_hides_every_hand():
    from tests.conformance import play_random

    match = play_random(RULES, GameConfig(players=3), 4)
    mid = match.state_at(len(match) // 3)
    view = RULES.view(mid, None)
    assert all(set(p.cards) <= {""} for p in view.players)
    assert view.rng != mid.rng or mid.rng.seed == 0


def test_view_depends_only_on_what_the_seat_may_know():
    import msgspec

    from chimera_tui.engine import Rng
    from tests.conformance import encode
    from tests.games.codename.helpers import drafting, play

    state = play(
        drafting(deck=("bear-arm-1", "eagle-talon-1", "eagle-talon-2", "stinger-1", "stinger-2")),
        "take eagle-talon-1",
    )
    other = msgspec.structs.replace(
        state,
        deck=tuple(reversed(state.deck)),
        rng=Rng(12345),
        players=(msgspec.structs.replace(state.players[0], cards=("stinger-1",)), *state.players[1:]),
    )
    assert encode(RULES.view(state, 1)) == encode(RULES.view(other, 1))
    assert encode(RULES.view(state, 0)) != encode(RULES.view(other, 0))


def test_satisfies_the_ruleset_protocol():
    from chimera_tui.engine import Ruleset

    assert isinstance(RULES, Ruleset)
    assert RULES.state_type.__name__ == "State"


def test_refused_actions_raise_illegal_action_only():
    """Any notation, legal or not, either applies (exactly when legal) or raises IllegalAction."""
    from chimera_tui.engine import IllegalAction
    from tests.conformance import play_random

    odd = [
        "attack torso:9 torso:0",
        "attack torso:x wolf-head-1",
        "attack torso:0 torso:1",
        "use torso:0",
        "join torso:7",
        "attach wolf-head-1 torso:0.far",
        "attach ghost ribcage.far",
        "pick ghost",
        "take ghost",
        "torso ghost",
        "bid 99",
        "use ghost ghost",
        "go",
        "pass",
        "end",
        "done",
        "skip",
    ]
    for n in (2, 4):
        match = play_random(RULES, GameConfig(players=n), 7)
        for step in range(0, len(match), max(1, len(match) // 40)):
            state = match.state_at(step)
            legal = {str(a) for a in RULES.legal_actions(state)}
            texts = odd + [str(a) for a in RULES.legal_actions(match.state_at(max(0, step - 3)))]
            for text in texts:
                try:
                    RULES.apply(state, RULES.parse(state, text))
                except IllegalAction:
                    assert text not in legal, text
                else:
                    assert text in legal, text
