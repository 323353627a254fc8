"""Issue 8 §4: the booklet's dice by default, exploding sixes as an option, the end of stalled fights, and
CC-ARENA-21's attaching windows on other players' turns and between attacks."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from chimera_tui.engine import GameConfig, IllegalAction, Rng
from chimera_tui.engine.match import Match
from chimera_tui.games.codename import BOTS, RULES
from chimera_tui.games.codename.actions import Wait
from chimera_tui.games.codename.arena import QUIET_ROUNDS, ROUND_LIMIT, end_turn, stalled
from chimera_tui.games.codename.odds import chance
from chimera_tui.games.codename.rules import SIXES
from chimera_tui.games.codename.state import Phase
from chimera_tui.saves.errors import SaveError
from chimera_tui.saves.format import read_save
from chimera_tui.saves.replaying import restore
from tests.games.codename.helpers import arena, legal_texts, monster, play

HERE = Path(__file__).parent


def dice(*faces: int) -> Rng:
    return Rng.rig(0, *(f - 1 for f in faces))


def tentacle(energy: int = 5, inventory: tuple[str, ...] = ()):
    """Seat 0: an Octopus Tentacle (1 die, +0, Reach) on Pelvis over Brawler's Chest."""
    return monster(("pelvis", "brawler-chest"), [("octopus-tentacle-1", "pelvis", "far")], inventory, energy)


def crab(energy: int = 0, inventory: tuple[str, ...] = ()):
    """Seat 1: a Crab Arm (Defense 7) on Ribcage over Plated Belly."""
    return monster(("ribcage", "plated-belly"), [("crab-arm-1", "ribcage", "left")], inventory, energy)


# -- the booklet's dice and the option ------------------------------------------------------------------


def test_CC_ATTACK_08_a_six_against_defense_7_misses_in_the_booklet():
    s = play(arena(tentacle(), crab(), rng=dice(6, 6)), "attack octopus-tentacle-1 crab-arm-1", "go")
    assert s.roll.total == 6 and not s.roll.hit and s.players[1].monster  # the crab arm stands
    assert s.rng.rigged == (5,)  # exactly one die was rolled


def test_exploding_sixes_is_a_setup_option_off_by_default():
    assert SIXES in RULES.options and SIXES.default == "booklet" and "explode" in SIXES.choices
    assert not RULES.new_game(GameConfig(players=2), 1).explode
    assert RULES.new_game(GameConfig(players=2, options={"sixes": "explode"}), 1).explode
    with pytest.raises(IllegalAction, match="Sixes"):
        RULES.new_game(GameConfig(players=2, options={"sixes": "sometimes"}), 1)
    s = play(
        arena(tentacle(), crab(), rng=dice(6, 1), explode=True), "attack octopus-tentacle-1 crab-arm-1", "go"
    )
    assert s.roll.parts[0].dice == ((6, 1),) and s.roll.hit


@pytest.mark.parametrize(
    ("dice_count", "mod", "need", "explode", "expected"),
    [
        (1, 0, 7, False, 0.0),
        (1, 0, 6, False, 1 / 6),
        (2, 0, 7, False, 21 / 36),
        (1, 0, 8, True, 5 / 36),  # a 6, then 2 or more
        (1, 0, 1, False, 1.0),
        (0, 3, 4, False, 0.0),
    ],
)
def test_chance_is_exact(dice_count, mod, need, explode, expected):
    assert chance(dice_count, mod, need, explode) == pytest.approx(expected, abs=1e-9)


# -- stalls ------------------------------------------------------------------------------------------------


def test_stall_two_bare_torsos_that_cannot_hurt_each_other_end_at_once():
    a = monster(("pelvis", "brawler-chest"), energy=5)  # 1d+1 against Defense 16: at most 7
    b = monster(("ribcage", "plated-belly"), energy=5)  # 1d against Defense 15: at most 6
    s = arena(a, b)
    assert "no monster can ever destroy" in stalled(s)
    s = end_turn(msgspec.structs.replace(s, turn=1))  # the round ends: the next one does not begin
    assert s.phase is Phase.OVER and s.arena_round == 1
    assert RULES.winner(s) == (1,)  # 2 cards each; Defense 16 beats 15
    assert any("The fight has stalled" in e and "Player 2 wins on the standing" in e for e in s.events)


def test_stall_not_declared_while_an_attack_could_succeed():
    s = arena(tentacle(), crab())
    assert stalled(s) == ""
    # with exploding sixes any Defense can be reached: only the round limit ends a fight
    bare = arena(monster(("pelvis", "brawler-chest")), monster(("ribcage", "plated-belly")), explode=True)
    assert stalled(bare) == ""


def test_stall_round_limit_then_the_standing_decides_with_shared_win():
    s = arena(tentacle(), crab(), explode=True)
    s = msgspec.structs.replace(s, arena_round=ROUND_LIMIT, turn=1)
    s = end_turn(s)
    assert s.phase is Phase.OVER
    # 3 cards each; Defense 7+4+8 = 19 (tentacle 4 + pelvis 8 + brawler 7) against 8+8+7 = 23
    assert RULES.winner(s) == (1,)
    same = arena(monster(("pelvis", "ribcage")), monster(("ribcage", "pelvis")), explode=True)
    same = end_turn(msgspec.structs.replace(same, arena_round=ROUND_LIMIT, turn=1))
    assert RULES.winner(same) == (0, 1) and any("share the win" in e for e in same.events)


def test_stall_five_quiet_rounds_then_the_standing_decides():
    """A fight where a card may still be destroyed ends after five arena rounds in a row with none destroyed
    (counted from the last destruction), not before."""
    s = arena(tentacle(), crab())
    assert stalled(s) == "" and QUIET_ROUNDS == 5
    going = end_turn(msgspec.structs.replace(s, arena_round=4, turn=1))
    assert going.phase is not Phase.OVER and going.arena_round == 5
    quiet = end_turn(msgspec.structs.replace(s, arena_round=5, turn=1))
    assert quiet.phase is Phase.OVER and RULES.winner(quiet) == (1,)  # 3 cards each; Defense 19 against 23
    assert any("no card has been destroyed in the last 5 arena rounds" in e for e in quiet.events)
    recent = msgspec.structs.replace(s, arena_round=9, destroyed_in=5, turn=1)
    assert end_turn(recent).phase is not Phase.OVER
    assert end_turn(msgspec.structs.replace(recent, arena_round=10)).phase is Phase.OVER


def test_a_destroyed_card_marks_the_round():
    s = play(
        arena(tentacle(), crab(), rng=dice(6, 6), explode=True), "attack octopus-tentacle-1 crab-arm-1", "go"
    )
    s0 = arena(tentacle(), crab())
    assert s0.destroyed_in == 0 and not s.players[1].monster and s.destroyed_in == s.arena_round >= 1


def test_stall_bot_games_always_end():
    for seed in range(6):
        match = Match(RULES, GameConfig(players=2), seed)
        bots = {s: BOTS["greedy"](RULES, s) for s in range(2)}
        while not RULES.is_over(match.state):
            seat = RULES.to_act(match.state)
            match.submit(
                bots[seat].choose(RULES.view(match.state, seat), RULES.legal_actions(match.state), seat)
            )
        assert match.state.arena_round <= ROUND_LIMIT


# -- CC-ARENA-21: windows --------------------------------------------------------------------------------


def bystander(energy: int = 4):
    """Seat 2: a bare torso with a Lizard Arm in the inventory."""
    return monster(("pelvis", "ribcage"), (), ("lizard-arm-1",), energy)


def test_CC_ARENA_21_window_at_the_start_of_another_players_turn():
    s = arena(tentacle(), crab(), bystander(energy=2))
    s = end_turn(msgspec.structs.replace(s, turn=-1))  # seat 0's turn begins
    assert s.phase is Phase.WINDOW and RULES.to_act(s) == 2
    texts = legal_texts(s)
    assert (
        texts[-1] == "wait" and all(t.startswith("attach lizard-arm-1 ") for t in texts[:-1]) and texts[:-1]
    )
    action = RULES.parse(s, texts[0])
    assert RULES.describe(s, action).startswith("Player 3: attaches Lizard Arm to the ")
    s = RULES.apply(s, action)
    assert s.players[2].energy == 0 and s.phase is Phase.TURN and RULES.to_act(s) == 0


def test_CC_ARENA_21_window_between_attacks_and_wait_for_the_rest_of_the_turn():
    s = arena(tentacle(energy=5), crab(), bystander(), rng=dice(1, 1))
    s = play(
        s, "attack octopus-tentacle-1 crab-arm-1", "go"
    )  # no reaction can be paid: the dice roll at once
    assert s.phase is Phase.WINDOW and RULES.to_act(s) == 2  # between attacks: seat 2 may attach
    s = RULES.apply(s, Wait())
    assert s.phase is Phase.TURN and RULES.to_act(s) == 0 and s.waived == (2,)
    s = play(s, "attack torso:0 crab-arm-1")
    assert s.phase is Phase.TURN  # seat 2 waits for the rest of this turn: no more windows
    s = play(s, "end")  # the next turn begins: seat 2 is asked again
    assert s.phase is Phase.WINDOW and RULES.to_act(s) == 2 and s.waived == ()


def test_CC_ARENA_21_no_window_without_energy():
    s = arena(tentacle(), crab(), bystander(energy=1), rng=dice(1))
    s = play(s, "attack octopus-tentacle-1 crab-arm-1", "go")
    assert s.phase is Phase.TURN  # 1 energy: attaching costs 2


def test_CC_ARENA_21_waiting_also_ends_attach_only_reaction_prompts():
    s = arena(tentacle(), crab(energy=4, inventory=("wolf-head-1",)), rng=dice(1, 1))
    s = play(s, "attack octopus-tentacle-1 crab-arm-1", "go")
    assert s.phase is Phase.REACT and any(t.startswith("attach") for t in legal_texts(s))
    s = play(s, "pass")
    assert s.phase is Phase.WINDOW and RULES.to_act(s) == 1
    s = RULES.apply(s, Wait())
    s = play(s, "attack torso:0 crab-arm-1")
    assert s.phase is Phase.REACT and "attach" not in " ".join(legal_texts(s))  # Shell is still offered


def test_CC_ARENA_21_bots_use_the_windows():
    bot = BOTS["greedy"](RULES, 3)
    s = arena(tentacle(), crab(), bystander(), rng=dice(1))
    s = play(s, "attack octopus-tentacle-1 crab-arm-1", "go")
    assert RULES.to_act(s) == 2
    assert str(bot.choose(RULES.view(s, 2), RULES.legal_actions(s), 2)).startswith("attach lizard-arm-1")


# -- rules version ---------------------------------------------------------------------------------------------


def test_rules_version_bumped_and_old_saves_refused_in_one_sentence():
    assert RULES.rules_version == 3
    path = HERE / "data" / "rules-v1-arena.chimera"
    save = read_save(path)
    assert save.rules_version == 1
    with pytest.raises(SaveError, match=r"older rules of Codename: Chimera .* no longer replays"):
        restore(save, path)
