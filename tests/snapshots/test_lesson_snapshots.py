"""SVG snapshots of the lessons (Learn to play, issues 24 and 32) at 80×24 and 120×40: the game's screen with
the guide's box above the footer, the keyboard on the area the step names. One step of each game, a choice
made for the learner explained as it is made (Station), a move the guide suggests (Codename) and a warning
of the moves that would put the learner out at once (Chimera Con).

The learner gets there as in tests/ui/test_lessons.py: following the guide by keys (tests/ui/lesson_learner).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from chimera_tui.launch import LaunchPlan
from chimera_tui.launch.lesson import learn_start
from chimera_tui.learn import lesson_for
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.lesson import LessonControls
from tests.ui.lesson_learner import guide_text, learn

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]

STEPS = {
    "station": "Place a worker",
    "imaginarium": "Reserve a machine",
    "codename": "Choose torso halves",
    "con": "Lay your chimera",
}
"""The step each game's snapshot shows."""


def _step_shown(game: str) -> Callable[[LessonControls], bool]:
    lesson = lesson_for(game)
    assert lesson is not None
    wanted = next(i for i, s in enumerate(lesson.steps) if s.title == STEPS[game])
    return lambda screen: screen.at is not None and screen.at.current == wanted


def _guide_says(words: str) -> Callable[[LessonControls], bool]:
    return lambda screen: words in guide_text(screen)


def _until(game: str, shown: Callable[[LessonControls], bool]):  # type: ignore[no-untyped-def]
    """A run_before: the learner follows the guide until `shown` holds at one of its decisions."""

    async def run(pilot) -> None:  # type: ignore[no-untyped-def]
        app = pilot.app
        for _ in range(100):  # the first screen (or dialog) of the lesson
            if any(isinstance(s, LessonControls) for s in app.screen_stack):
                break
            await pilot.pause(0.02)
        await learn(app, pilot, game, until=shown)
        await pilot.pause(0.3)
        app.clear_notifications()
        await pilot.pause(0.1)

    return run


def _app(game: str, folder: Path) -> ChimeraApp:
    return ChimeraApp(plan=LaunchPlan(start=learn_start(game, folder)), saves=folder, bot_delay=0.0)


class TestLessons:
    @pytest.mark.parametrize("size", SIZES)
    @pytest.mark.parametrize("game", sorted(STEPS))
    def test_a_step(self, snap_compare, game: str, size: tuple[int, int], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """A guided step: what the decision is, where, and its rules topic (Station's with a suggestion)."""
        run = _until(game, _step_shown(game))
        assert snap_compare(_app(game, tmp_path), run_before=run, terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_a_choice_made_for_the_learner(self, snap_compare, size: tuple[int, int], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Station: the one module the learner could pay for was chosen for them; the guide says so, above
        the step that comes next (where it goes)."""
        run = _until("station", _guide_says("Just now · Choose a module to build"))
        assert snap_compare(_app("station", tmp_path), run_before=run, terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_a_suggested_move(self, snap_compare, size: tuple[int, int], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Codename: the guide suggests ending the turn with energy kept for the other's turn (n)."""
        run = _until("codename", _guide_says("Try: ending your turn now (n)"))
        assert snap_compare(_app("codename", tmp_path), run_before=run, terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_a_warning(self, snap_compare, size: tuple[int, int], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Chimera Con: substitutions that would put the learner out at once are named, and the highlighted
        choice is not one of them."""
        run = _until("con", _guide_says("Careful: "))
        assert snap_compare(_app("con", tmp_path), run_before=run, terminal_size=size)
