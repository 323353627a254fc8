"""Learn to play (issue 24): each guided game played to its end by keys at 80×24, the guide saying each step
as it comes; a lesson left and resumed; the menu's road in."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import ModalScreen
from textual.widgets import OptionList

from chimera_tui import games
from chimera_tui.launch import LaunchPlan
from chimera_tui.launch.lesson import learn_start
from chimera_tui.learn import lesson_for, progress
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.games.lesson import GuideBox, LessonControls
from tests.ui.settle import until


def _guide(app: ChimeraApp) -> str:
    return str(app.screen.query_one(GuideBox).render())


async def _play(app: ChimeraApp, pilot: object, game: str, limit: int = 1500) -> list[str]:
    """Play the learner's seat by keys (the first choice each time) until the lesson is over; return the
    step titles the guide showed, in order."""
    lesson = lesson_for(game)
    assert lesson is not None
    seen: list[str] = []
    bot = games.bots(game)["greedy"](games.get(game), 99)
    for _ in range(limit):
        await pilot.pause()  # type: ignore[attr-defined]
        table = app._table
        assert table is not None
        lesson_screen = next(s for s in reversed(app.screen_stack) if isinstance(s, LessonControls))
        at = lesson_screen.at
        if at is not None and at.current is not None:
            title = lesson.steps[at.current].title
            assert f"Now: {title}" in str(lesson_screen.query_one(GuideBox).render())
            if not seen or seen[-1] != title:
                seen.append(title)
        screen = app.screen
        if isinstance(screen, ModalScreen):  # the hand-off, a choice dialog: Enter takes the first
            await pilot.press("enter")  # type: ignore[attr-defined]
            continue
        assert screen is lesson_screen and isinstance(screen, GameScreen)
        if at is None:
            continue
        if at.over:
            break
        if table.to_act() != 0:
            await pilot.pause(0.02)  # type: ignore[attr-defined]
            continue
        if game == "con":  # the choice the greedy bot would make, moved to with the arrows
            state = table.match.state
            legal = list(table.rules.legal_actions(state))
            choice = bot.choose(table.rules.view(state, 0), legal, 0)
            options = screen.query_one("#generic-actions", OptionList)
            options.focus()
            keys = ["home", *["down"] * legal.index(choice), "enter"]
            await pilot.press(*keys)  # type: ignore[attr-defined]
        else:
            await pilot.press("c")  # type: ignore[attr-defined]
    return seen


@pytest.mark.parametrize("game", ["station", "imaginarium", "codename", "con"])
async def test_a_lesson_played_to_its_end_by_keys(tmp_path: Path, game: str) -> None:
    lesson = lesson_for(game)
    assert lesson is not None
    app = ChimeraApp(plan=LaunchPlan(start=learn_start(game, tmp_path)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, (LessonControls, ModalScreen)))
        seen = await _play(app, pilot, game)
        screen = app.screen
        assert isinstance(screen, LessonControls) and screen.at is not None and screen.at.over
        assert lesson.farewell.split(".")[0] in _guide(app)
        assert len(seen) >= 5, seen
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
