"""Codename: Chimera's rules, components, objective and phases (the rulebook's Overview and Setup): one test
per statement of rules-checklist/codename.md (CC-SETUP), named after its ID (hand-built states, rigged
dice)."""

from __future__ import annotations

import pytest

from chimera_tui.engine import GameConfig, IllegalAction
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.attaching import is_outer
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Phase
from tests.games.codename.helpers import (
    after_torsos,
    arena,
    attacker,
    bare,
    defender,
    dice,
    legal_texts,
    monster,
    new,
    play,
)

C = load()


def test_CC_SETUP_01_components():
    state = new(4)
    assert len(state.deck) == 64 and len(state.torso_pool) == 8
    assert set(state.deck) == set(C.part_ids)
    state = after_torsos(state)
    assert sum(p.energy for p in state.players) == 60


@pytest.mark.parametrize("players", [2, 3, 4])
def test_CC_SETUP_02_two_to_four_players(players):
    state = after_torsos(new(players))
    assert all(len(p.torso) == 2 for p in state.players)
    assert len(state.box) == 8 - 2 * players  # unpicked torso halves stay in the box
    for bad in (1, 5):
        with pytest.raises(IllegalAction):
            RULES.new_game(GameConfig(players=bad), 0)


def test_CC_SETUP_03_last_monster_standing_wins():
    s = arena(attacker(), bare(energy=0), rng=dice(6, 6, 6, 1, 1), explode=True)
    s = play(s, "attack bear-arm-1 torso:1", "go")
    assert s.phase is Phase.OVER and RULES.winner(s) == (0,)


def test_CC_SETUP_04_phases_in_order():
    from tests.conformance import play_random

    match = play_random(RULES, GameConfig(players=3), 3)
    rank = {
        Phase.TORSO: 0,
        Phase.DEAL: 1,
        Phase.AUCTION: 1,
        Phase.PICK: 1,
        Phase.BUILD: 2,
        Phase.TURN: 3,
        Phase.JOIN: 3,
        Phase.REACT: 3,
        Phase.OVER: 4,
    }
    seq = [rank[match.state_at(i).phase] for i in range(len(match) + 1)]
    assert seq == sorted(seq) and seq[0] == 0 and seq[-1] == 4


def test_CC_SETUP_05_reference_sheet_topics():
    from importlib import resources

    text = resources.files("chimera_tui.games.codename").joinpath("data", "rules.md").read_text()
    for topic in ("attaching", "outer-parts", "cutting-limbs", "abilities", "graveyard"):
        assert f"{{#{topic}}}" in text


def test_CC_SETUP_06_card_text_beats_general_rule():
    # The general rule allows only outer targets; Reach (card text) allows an inner one.
    d = defender(extra=[("wolf-claw-2", "crab-arm-1", "far")])
    assert not is_outer(d, "crab-arm-1")
    a = monster(
        ("pelvis", "brawler-chest"),
        [("octopus-tentacle-1", "pelvis", "far"), ("mantis-arm-1", "pelvis", "left")],
    )
    texts = legal_texts(arena(a, d))
    assert "attack octopus-tentacle-1 crab-arm-1" in texts and "attack mantis-arm-1 crab-arm-1" not in texts


def test_CC_SETUP_07_part_stats():
    for p in C.parts.values():
        assert p.attack_roll >= 0 and p.defense >= 1 and p.cost >= 0
    assert any(p.ability for p in C.parts.values())
