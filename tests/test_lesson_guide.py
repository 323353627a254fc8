"""The guide of a lesson, without a screen (chimera_tui/learn; issue 32): choices made for the learner explained
as they are made, the moves that would put the learner out at once (and only those), the guide's picks and
suggestions, and words that fit its box."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from chimera_tui import games
from chimera_tui.engine.bots import bot_seed
from chimera_tui.engine.match import Match
from chimera_tui.engine.rng import Rng
from chimera_tui.launch import new_start
from chimera_tui.learn import LESSON_GAMES, Lesson, Progress, Tracker, lesson_for, progress
from chimera_tui.learn.guard import losing_moves
from chimera_tui.table.base import Seat


def _lesson(game: str) -> Lesson:
    lesson = lesson_for(game)
    assert lesson is not None
    return lesson


def _follow(game: str, stop: Callable[[Progress, Any], bool]) -> tuple[Match[Any, Any], Tracker, Progress]:
    """Play a lesson's seeded game, the learner taking the guide's suggestion, else its pick, else the first
    choice, the bot as the table plays it, until `stop(progress, state)` holds at one of the learner's
    decisions."""
    lesson = _lesson(game)
    seats = (Seat("Player 1"), Seat("Bot 2", lesson.opponent))
    match = new_start(game, lesson.players, seats, lesson.seed, dict(lesson.options)).match
    rules = match.rules
    bot = games.bots(game)[lesson.opponent](rules, bot_seed(lesson.seed, 1))
    tracker = Tracker(lesson)
    for _ in range(2000):
        at = tracker.update(match)
        assert not at.over, "the lesson ended first"
        state = match.state
        seat = rules.to_act(state)
        legal = list(rules.legal_actions(state))
        if seat != 0:
            match.submit(bot.choose(rules.view(state, seat), legal, seat))
            continue
        if stop(at, state):
            return match, tracker, at
        notations = [str(a) for a in legal]
        if at.suggestion is not None:
            match.submit(legal[notations.index(at.suggestion.action)])
        else:
            match.submit(legal[at.pick if at.pick is not None else 0])
    raise AssertionError("never stopped")


def _index(lesson: Lesson, title: str) -> int:
    return next(i for i, s in enumerate(lesson.steps) if s.title == title)


def test_a_feeding_made_for_the_learner_is_explained_as_it_is_made_until_they_act() -> None:
    """Station: the learner is short of food with no choice to make; the guide says what feeding did (ST-FEED)."""
    lesson = _lesson("station")
    short, fed = _index(lesson, "Short of food"), _index(lesson, "Feeding")
    match, tracker, at = _follow("station", lambda at, state: fed in at.made)
    assert set(at.made) == {fed, short} and {fed, short} <= at.done
    rules = match.rules
    mine = max(i for i, entry in enumerate(match.log) if entry.seat == 0)
    since = [rules.view(match.state_at(i), 0).events for i in range(mine + 1, len(match) + 1)]
    assert any(line.startswith("Player 1: ") and "— feeding:" in line for told in since for line in told)
    assert all(entry.seat == 1 for entry in match.log[mine + 1 :])  # on the bot's moves: no decision shown
    match.submit(rules.legal_actions(match.state)[0])
    after = tracker.update(match)
    assert fed not in after.made and short not in after.made  # said until the learner acted


def test_a_module_chosen_for_the_learner_is_explained_with_the_step_that_follows() -> None:
    """Station: the Reactor held one module the learner could pay for: the build was chosen for them, and the
    guide says so while it asks where the module goes."""
    lesson = _lesson("station")
    chosen, where = _index(lesson, "Choose a module to build"), _index(lesson, "Choose where it goes")
    _, _, at = _follow("station", lambda at, state: chosen in at.made)
    assert at.current == where and at.made == (chosen,)


def test_progress_worked_out_from_a_saved_log_is_the_progress_followed_as_it_went() -> None:
    """A lesson loaded again resumes with the same steps done and the same explanation showing."""
    match, tracker, at = _follow("station", lambda at, state: bool(at.made))
    again = Match.replay(match.rules, match.config, match.seed, match.notations)
    assert progress(_lesson("station"), again) == at == tracker.update(match)


def _at_the_action_with_two_health(game: str = "con") -> tuple[Match[Any, Any], Progress]:
    match, _, at = _follow(
        game, lambda at, state: state.step == "act" and not state.asks and state.damage[0] == 14
    )
    return match, at


def test_moves_that_put_the_learner_out_at_once_are_warned_of_and_never_picked() -> None:
    """Chimera Con: mutating into a part with less Health than the damage taken puts the chimera out at once
    (CN-STATS-06); the guide lists those moves with what the log would say, and picks none of them."""
    match, at = _at_the_action_with_two_health()
    rules = match.rules
    legal = rules.legal_actions(match.state)
    assert at.losing and all(str(legal[i]).startswith("mutate ") for i in at.losing)
    for i in at.losing:
        assert not rules.apply(match.state, legal[i]).alive[0]
        assert "is eliminated" in at.losing[i]
    assert at.pick is None or at.pick not in at.losing
    assert not at.losing.get(0)  # the plain attack, first and highlighted, is not among them


def test_a_move_that_loses_only_with_the_dice_the_game_will_roll_is_not_told() -> None:
    """The guide never tells what the seeded dice are about to say: with dice rigged so the learner's plain
    attack fails and the counterattack puts them out (nobody holding a cheat, so no window opens before the
    attack is settled), the attack is still not listed: other dice differ."""
    match, _ = _at_the_action_with_two_health()
    rules, state = match.rules, match.state
    attack = next(a for a in rules.legal_actions(state) if str(a) == "attack p2")
    might, speed = _stat(state, 0, 1), _stat(state, 1, 2)
    dice = Rng.rig(1, *[0] * might, *[5] * speed)
    rigged = msgspec.structs.replace(state, rng=dice, cheats=((), ()))
    assert not rules.apply(rigged, attack).alive[0]  # with those dice it does put them out
    lesson = _lesson("con")
    assert lesson.out is not None
    legal = list(rules.legal_actions(rigged))
    told = losing_moves(rules, rigged, legal, lesson.out, 0, lesson.out_words)
    assert legal.index(attack) not in told
    # The warnings come from the learner's view alone: the same with the real dice and hidden cards.
    assert told == losing_moves(rules, state, legal, lesson.out, 0, lesson.out_words)


def _stat(state: Any, seat: int, index: int) -> int:
    """A chimera's Health (0), Might (1), Speed (2) or Magic (3) total."""
    from chimera_tui.games.con.work import totals

    return totals(state.parts[seat], state.status[seat], state.petrified)[index]


def test_the_chimera_highlighted_to_lay_is_the_strongest_by_its_stats() -> None:
    """Chimera Con: the first chimera listed may be the weakest; the guide highlights the one whose four stats
    add up to the most."""
    from chimera_tui.games.con.work import totals

    lesson = _lesson("con")
    match = new_start("con", 2, (Seat("A"), Seat("B", "greedy")), lesson.seed, dict(lesson.options)).match
    at = Tracker(lesson).update(match)
    legal = [str(a) for a in match.rules.legal_actions(match.state)]

    def total(action: str) -> int:
        parts = tuple("" if c == "-" else c for c in action.split()[1:4])
        return sum(totals((parts[0], parts[1], parts[2]), 0, frozenset()))

    assert at.suggestion is not None and at.pick == legal.index(at.suggestion.action)
    assert total(at.suggestion.action) == max(map(total, legal)) > total(legal[0])


def test_codename_suggests_keeping_energy_for_the_others_turn_while_it_is_to_learn() -> None:
    """Codename: while reacting and attaching on the other's turn are still to learn, the guide suggests
    ending the turn (n) with at least 2 energy left, what attaching from the inventory costs (CC-ARENA-21)."""
    _, _, at = _follow(
        "codename", lambda at, state: at.suggestion is not None and at.suggestion.action == "end"
    )
    assert at.suggestion is not None and at.suggestion.key == "n"
    assert "keeping" in at.suggestion.why


def test_imaginarium_says_when_a_turn_began_with_nothing_to_use() -> None:
    """Imaginarium: a machine step with nothing optional to use that goes by by itself is explained as the
    turn begins at the dial."""
    lesson = _lesson("imaginarium")
    step = lesson.steps[_index(lesson, "Your machines work")]
    assert step.made is not None
    match, _, _ = _follow("imaginarium", lambda at, state: state.phase == "dial")
    rules = match.rules
    at_dial = rules.view(match.state, 0)
    planning = msgspec.structs.replace(at_dial, phase="plan")
    in_b1 = msgspec.structs.replace(at_dial, phase="b1")
    assert step.made(planning, at_dial)  # straight from planning to the learner's dial
    assert not step.made(in_b1, at_dial)  # the learner ended the machine step themselves


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_every_text_of_the_guide_fits_three_lines_at_80_columns(game: str) -> None:
    """The guide's box is above the footer at 80x24: each step's words fit three lines of 78 columns."""
    lesson = _lesson(game)
    for step in lesson.steps:
        for words in (step.says, step.made_says):
            assert len(textwrap.wrap(words, 78)) <= 3, (step.title, words)
    for words in (lesson.welcome, lesson.farewell):
        assert len(textwrap.wrap(words, 78)) <= 3, words
