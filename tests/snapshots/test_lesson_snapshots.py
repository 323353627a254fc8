"""SVG snapshots of one step of each game's lesson at 80×24 (Learn to play, issue 24): the game's screen with
the guide's box above the footer, the keyboard on the area the step names."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import ModalScreen

from chimera_tui.launch import LaunchPlan
from chimera_tui.launch.lesson import learn_start
from chimera_tui.learn import lesson_for
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.lesson import LessonControls

STEPS = {
    "station": "Take a perk",
    "imaginarium": "Reserve a machine",
    "codename": "Choose torso halves",
    "con": "Lay your chimera",
}
"""The step each game's snapshot shows."""


def _until_step(game: str):  # type: ignore[no-untyped-def]
    """A run_before: Enter through dialogs (Station's starting card) until the guide shows `STEPS[game]`."""
    lesson = lesson_for(game)
    assert lesson is not None
    wanted = next(i for i, s in enumerate(lesson.steps) if s.title == STEPS[game])

    async def run(pilot) -> None:  # type: ignore[no-untyped-def]
        app = pilot.app
        for _ in range(300):
            await pilot.pause(0.02)
            screen = app.screen
            if isinstance(screen, ModalScreen):
                await pilot.press("enter")
                continue
            if isinstance(screen, LessonControls) and screen.at is not None and screen.at.current == wanted:
                break
        await pilot.pause(0.3)
        app.clear_notifications()
        await pilot.pause(0.1)

    return run


class TestLessons:
    @pytest.mark.parametrize("game", sorted(STEPS))
    def test_a_step(self, snap_compare, game: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """A guided step at 80×24: what the decision is, where, and its rules topic."""
        app = ChimeraApp(plan=LaunchPlan(start=learn_start(game, tmp_path)), saves=tmp_path, bot_delay=0.0)
        assert snap_compare(app, run_before=_until_step(game), terminal_size=(80, 24))
