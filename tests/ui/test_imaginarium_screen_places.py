"""Pilot tests of the Imaginarium screen (issue 12): the places under the cursor: the reasons of dimmed places
and the rules topic under the cursor, trading one unit at a time, the fork chosen on the track and undone,
that a cursor move repaints only the two places it touches, and the narrow panes at 80×24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from chimera_tui.ui.dialogs.rules import RulesScreen
from chimera_tui.ui.games.imaginarium.screen import ImaginariumScreen
from chimera_tui.ui.games.imaginarium.widgets import BoardArea, ChoiceDialog, TrackArea
from tests.ui.imaginarium_apps import _app, _sample, _screen
from tests.ui.settle import until


async def test_a_dimmed_place_says_why_and_question_mark_opens_its_topic(tmp_path: Path) -> None:
    """In planning, Enter on a project (nothing to do there) says why in one message, and ? opens the
    project's own rules topic."""
    app = _app(_sample("imaginarium-planning"), tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ImaginariumScreen))
        screen = _screen(app)
        office = screen.query_one("#office", BoardArea)
        office.focus()
        project = next(s.key for s in office.canvas.spots if s.key.startswith("proj:"))
        office.cursor = project
        for _ in range(2):
            await pilot.press("enter")
        await pilot.pause(0.1)
        assert app.screen is screen
        notes = [n.message for n in app._notifications]
        assert notes == [
            "Projects are completed by themselves at the end of a turn when you meet their condition."
        ]
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        panel = app.screen.query_one("RulesPanel")
        assert panel.topic_id == f"project-{project.split(':')[1]}"  # type: ignore[attr-defined]


async def test_trading_one_unit_at_a_time_with_a_running_total(tmp_path: Path) -> None:
    app = _app(_sample("imaginarium-trading"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert "Trades left" in dialog.context and "so far" in dialog.context
        assert dialog.choices[-1] == "Done trading"
        buy = next(i for i, c in enumerate(dialog.choices) if c.startswith("Buy"))
        for _ in range(buy):
            await pilot.press("down")
        left = _screen(app).state.trades
        await pilot.press("enter")
        await until(
            pilot, lambda: isinstance(app.screen, ChoiceDialog) and _screen(app).state.trades == left - 1
        )
        context = app.screen.context  # type: ignore[attr-defined]
        assert f"Trades left {left - 1}" in context and "+1" in context


async def test_the_fork_is_chosen_on_the_track_and_undone(tmp_path: Path) -> None:
    start = _sample("imaginarium-fork")
    app = _app(start, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ImaginariumScreen))
        screen = _screen(app)
        await pilot.pause(0.2)
        track = screen.query_one(TrackArea)
        assert screen.focused is track and track.cursor in screen._places
        lit = sorted(k for k in screen._places if k.startswith("space:"))
        assert len(lit) == 2
        before = len(start.match)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("enter")
        await until(pilot, lambda: len(start.match) == before + 1)
        assert start.match.notations[before].startswith("fork ")
        await pilot.pause(
            0.2
        )  # the daydream goes on: its dialog opens by itself; u there takes the fork back
        await pilot.press("u")
        await until(pilot, lambda: len(start.match) == before)


async def test_a_cursor_move_repaints_only_the_two_places(tmp_path: Path) -> None:
    """Refresh only what changed: moving along the belt marks dirty the two places' rectangles, no more."""
    app = _app(_sample("imaginarium-4p-round4"), tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ImaginariumScreen))
        await pilot.pause(0.3)
        belt = _screen(app).query_one("#belt", BoardArea)
        belt.focus()
        await pilot.pause(0.1)
        regions: list[Any] = []
        original = belt.refresh

        def spy(*args: Any, **kwargs: Any) -> Any:
            regions.extend(args)
            return original(*args, **kwargs)

        belt.refresh = spy  # type: ignore[method-assign]
        here = belt.current
        await pilot.press("right")
        there = belt.current
        assert here is not None and there is not None and here.key != there.key
        area = sum(r.width * r.height for r in regions)
        assert regions and area == here.width * here.height + there.width * there.height


async def test_narrow_panes_by_v_and_tab(tmp_path: Path) -> None:
    """At 80×24 one pane shows at a time: v cycles them, Tab visits every area and shows its pane."""
    app = _app(_sample("imaginarium-actions"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ImaginariumScreen))
        screen = _screen(app)
        shown = []
        for _ in range(4):
            await pilot.press("v")
            shown.append(screen._pane)
        assert sorted(shown) == ["dream", "log", "table", "workshops"]
        visited = []
        for _ in range(6):
            await pilot.press("tab")
            visited.append(screen.focused.id if screen.focused else None)
        assert set(visited) == {"belt", "office", "workshops", "track", "dreams", "im-log"}
