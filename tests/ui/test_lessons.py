"""Learn to play (issues 24 and 32): each guided game played to its end by keys at 80×24 by a learner who
follows the guide, every step of it taught; a lesson left and resumed; the menu's road in."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import ModalScreen

from chimera_tui import games
from chimera_tui.launch import LaunchPlan
from chimera_tui.launch.lesson import learn_start
from chimera_tui.learn import lesson_for, progress
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.lesson import LessonControls
from tests.ui.lesson_learner import guide_text, learn, lesson_screen
from tests.ui.settle import until


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game", ["station", "imaginarium", "codename", "con"])
async def test_every_step_of_a_lesson_is_taught_to_a_learner_who_follows_the_guide(
    tmp_path: Path, game: str
) -> None:
    """Issue 32: each lesson's seeded game brings up every one of its steps for a learner pressing the keys
    the guide suggests at 80x24, and the guide says each (as it is asked, or as it is made for them)."""
    lesson = lesson_for(game)
    assert lesson is not None
    app = ChimeraApp(plan=LaunchPlan(start=learn_start(game, tmp_path)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, (LessonControls, ModalScreen)))
        shown = await learn(app, pilot, game)
        screen = lesson_screen(app)
        assert screen.at is not None and screen.at.over
        assert lesson.farewell.split(".")[0] in guide_text(screen)
        told = " | ".join(shown)
        untaught = []
        for step in lesson.steps:
            asked = f"Now: {step.title}" in told and _flat(step.says) in told
            made = f"Just now · {step.title} — " in told and _flat(step.made_says) in told
            if not (asked or made):
                untaught.append(step.title)
        assert not untaught, untaught
        assert screen.at.done == frozenset(range(len(lesson.steps)))
        if game == "con":  # its seed brings up substitutions that would put the learner out: it warns
            assert "Careful: " in told and "would put you out at once" in told
        assert (tmp_path / f"lesson-{game}.chimera").exists()  # saved as it went


async def test_a_lesson_left_and_resumed_goes_on_where_it_was(tmp_path: Path) -> None:
    lesson = lesson_for("station")
    assert lesson is not None
    app = ChimeraApp(plan=LaunchPlan(start=learn_start("station", tmp_path)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, (LessonControls, ModalScreen)))
        for _ in range(60):
            await pilot.pause()
            table = app._table
            assert table is not None
            if len(progress(lesson, table.match).done) >= 3:
                break
            if isinstance(app.screen, ModalScreen):
                await pilot.press("enter")
            elif table.to_act() == 0:
                await pilot.press("c")
        played = app._table.match.notations if app._table else ()
        done = progress(lesson, app._table.match).done if app._table else frozenset()
        assert len(done) >= 3
        while isinstance(app.screen, ModalScreen):
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("escape")  # to the menu
        await pilot.pause()
        await pilot.press("t")  # Learn to play
        await pilot.pause()
        await pilot.press("enter")  # Chimera Station, the first listed
        await until(pilot, lambda: isinstance(app.screen, (LessonControls, ModalScreen)))
        table = app._table
        assert table is not None and table.match.notations == played
        assert progress(lesson, table.match).done == done


def test_chimera_learn_opens_the_lesson_and_a_game_without_one_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from chimera_tui.commands.cli import build_parser, main
    from chimera_tui.commands.opening import plan_launch

    monkeypatch.setenv("CHIMERA_SAVES", str(tmp_path))
    plan = plan_launch(build_parser().parse_args(["learn", "con"]))
    assert plan.start is not None and plan.start.lesson and plan.start.game_id == "con"
    assert plan.start.save_path == tmp_path / "lesson-con.chimera"
    assert main(["learn", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no lesson for 'chess'" in err


def test_a_finished_lesson_is_kept_and_the_next_one_has_its_own_file(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from chimera_tui.saves import save_match

    lesson = lesson_for("con")
    assert lesson is not None
    start = learn_start("con", tmp_path)
    match, rules = start.match, start.match.rules
    bots = [games.bots("con")["greedy"](rules, i) for i in range(2)]
    while not rules.is_over(match.state):
        seat = rules.to_act(match.state)
        match.submit(bots[seat].choose(rules.view(match.state, seat), rules.legal_actions(match.state), seat))
    save_match(
        match, tmp_path / "lesson-con.chimera", now=datetime(2026, 1, 1, tzinfo=UTC), seats=start.seats
    )
    if start.lock is not None:
        start.lock.release()
    again = learn_start("con", tmp_path)
    assert again.save_path == tmp_path / "lesson-con-2.chimera" and len(again.match) == 0
    assert (tmp_path / "lesson-con.chimera").exists()
