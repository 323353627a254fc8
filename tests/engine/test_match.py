"""The match: log, undo policy, redo, replay to any step, and the bots."""

from __future__ import annotations

import pytest

from chimera_tui.engine import GameConfig, IllegalAction, Rng
from chimera_tui.engine.bots import RandomBot, bot_factories, bot_seed
from chimera_tui.engine.match import Match, play_out
from tests.tinygame import RULES, Roll, State, Take


def new(seed: int = 3, players: int = 2) -> Match[State, Take | Roll]:
    return Match(RULES, GameConfig(players=players), seed)


def test_submit_records_seat_notation_and_words() -> None:
    m = new()
    m.submit(Take(2))
    assert m.log[0].seat == 0
    assert m.notations == ("take 2",)
    assert m.texts == ("Player 1 takes 2",)
    assert m.state.heap == 7


def test_illegal_action_leaves_match_unchanged_and_gives_a_reason() -> None:
    m = new()
    with pytest.raises(IllegalAction) as info:
        m.submit(Take(3))
    assert "1 or 2" in info.value.reason
    assert len(m) == 0 and m.state.heap == 9


def test_wrong_seat_count_is_refused_in_words() -> None:
    with pytest.raises(IllegalAction, match="2 to 3 players"):
        new(players=5)


def test_undo_own_reversible_action() -> None:
    m = new()
    m.submit(Take(1))
    assert m.undo_refusal(0) is None
    m.undo(0)
    assert len(m) == 0 and m.state == m.state_at(0)


def test_undo_refused_across_a_random_outcome() -> None:
    m = new()
    m.submit(Roll())
    assert m.log[-1].irreversible
    with pytest.raises(IllegalAction, match="random"):
        m.undo(0)


def test_undo_refused_for_another_seats_action() -> None:
    m = new()
    m.submit(Take(1))
    with pytest.raises(IllegalAction, match="Only the player"):
        m.undo(1)


def test_rewind_drops_later_actions_whoever_took_them() -> None:
    """A table host rewinds a match its store did not take the last actions of (no undo policy applies)."""
    m = new()
    m.submit(Take(1))
    m.submit(Roll())  # another seat, and a random outcome: undo would refuse both
    assert m.texts_for(0) and m.texts
    m.rewind(1)
    assert m.notations == ("take 1",) and m.state == m.state_at(1) and not m.can_redo()
    assert len(m.texts) == 1 and len(m.texts_for(0)) == 1  # the log in words follows
    m.submit(Take(2))
    assert m.notations == ("take 1", "take 2")
    m.rewind(0)
    assert len(m) == 0 and m.state == Match(RULES, GameConfig(players=2), 3).state
    with pytest.raises(IndexError):
        m.rewind(1)


def test_undo_with_empty_log() -> None:
    assert new().undo_refusal(0) == "There is nothing to undo."


def test_redo_reapplies_until_a_new_action() -> None:
    m = new()
    m.submit(Take(1))
    m.undo(0)
    assert m.can_redo()
    m.redo()
    assert m.notations == ("take 1",)
    m.undo(0)
    m.submit(Take(2))
    assert not m.can_redo()
    with pytest.raises(IllegalAction):
        m.redo()


def test_replay_to_any_step_reproduces_that_step() -> None:
    m = new(seed=11)
    play_out(RULES, m, {0: RandomBot(RULES, 1), 1: RandomBot(RULES, 2)}, 100)
    assert RULES.is_over(m.state)
    for step in range(len(m) + 1):
        again = Match.replay(RULES, m.config, m.seed, m.notations, upto=step)
        assert again.state == m.state_at(step)


def test_replay_names_the_step_the_rules_reject() -> None:
    with pytest.raises(IllegalAction, match=r"step 2 \('take 7'\)"):
        Match.replay(RULES, GameConfig(players=2), 1, ["take 1", "take 7"])


def test_no_action_after_the_end() -> None:
    m = new()
    while not RULES.is_over(m.state):
        m.submit(Take(min(2, m.state.heap)))
    with pytest.raises(IllegalAction, match="over"):
        m.submit(Take(1))


def test_rigged_rng_fixes_a_die_roll_in_a_state() -> None:
    m = new()
    import msgspec

    rigged = msgspec.structs.replace(m.state, rng=Rng.rig(0, 5))
    after = RULES.apply(rigged, Roll())
    assert after.last_roll == 6 and after.heap == 7


def test_bots_are_reproducible_and_listed() -> None:
    assert "random" in bot_factories(RULES)
    assert bot_seed(1, 0) != bot_seed(1, 1)
    picks = [RandomBot(RULES, 9).choose(None, list(range(10)), 0) for _ in range(3)]
    assert len(set(picks)) == 1


def test_play_out_needs_a_bot_for_every_seat_to_act() -> None:
    with pytest.raises(RuntimeError, match="seat 1"):
        play_out(RULES, new(), {0: RandomBot(RULES, 1)}, 10)
