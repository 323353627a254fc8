"""The Ruleset surface: identity, options, bots, refusals with reasons, notation (rule-by-rule tests live in
test_setup, test_placement, test_splice, test_feeding, test_progress, test_components, test_command,
test_building, test_reactor, test_research and test_end, each named after its checklist IDs)."""

from __future__ import annotations

import pytest

from chimera_tui.engine import IllegalAction, NotationError, Ruleset
from chimera_tui.engine.bots import bot_factories
from chimera_tui.games import station
from chimera_tui.games.station import BOTS, RULES, Choose, Place

from .helpers import act, legal, new, placement_state, reason


def test_exports_and_identity():
    assert isinstance(RULES, Ruleset)
    assert (RULES.id, RULES.title, RULES.min_players, RULES.max_players) == (
        "station",
        "Chimera Station",
        2,
        4,
    )
    side = RULES.options[0]
    assert (side.key, side.label, side.choices, side.default, side.per_seat) == (
        "side",
        "Mat side",
        ("A", "B"),
        "A",
        True,
    )
    assert RULES.state_type is station.State
    bot = BOTS["greedy"](RULES, 1)
    assert bot.name == "greedy"
    assert list(bot_factories(RULES, BOTS))[:2] == ["greedy", "random"]


def test_bad_side_option_is_refused():
    from chimera_tui.engine import GameConfig

    with pytest.raises(IllegalAction, match="side must be A or B"):
        RULES.new_game(GameConfig(players=2, options={"side": "C"}), 0)


def test_refusals_name_the_reason():
    s = new(2)
    assert "answer the current prompt first" in reason(s, "place w0 refinery")
    s = placement_state(2)
    assert "nothing is being asked now" in reason(s, "choose food")
    assert "not one you may place now" in reason(s, "place w5 refinery")
    assert "there is no space called 'nowhere'" in reason(s, "place w0 nowhere")
    s = act(s, "place w0 lounge")
    assert "'gold' is not a possible answer" in reason(s, "choose gold")


def test_refused_action_changes_nothing():
    s = placement_state(2)
    before = s
    with pytest.raises(IllegalAction):
        RULES.apply(s, Place(0, "hub-b"))
    assert s == before


def test_notation_errors():
    s = placement_state(2)
    for text in ("", "place 0 refinery", "choose", "pass", "place w0"):
        with pytest.raises(NotationError):
            RULES.parse(s, text)
    assert RULES.parse(s, "choose 1,-2") == Choose("1,-2")


def test_legal_actions_are_deterministic_and_all_apply():
    s = placement_state(3)
    first = legal(s)
    assert first == legal(s)
    for a in RULES.legal_actions(s):
        RULES.apply(s, a)


def test_game_over_refuses_actions():
    from msgspec.structs import replace

    from chimera_tui.games.station.state import Phase

    s = replace(placement_state(2), phase=Phase.OVER)
    assert RULES.to_act(s) is None and RULES.legal_actions(s) == [] and RULES.round_label(s) == "Game over"
    with pytest.raises(IllegalAction, match="game is over"):
        RULES.apply(s, Place(0, "refinery"))
