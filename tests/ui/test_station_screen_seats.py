"""Pilot tests of the Chimera Station screen: what a seat sees (issue 8 §3 and issue 9): the screen and its
previews depend only on the seat's view, players' names are plain text, and a seat's colour is its mat's."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from chimera_tui.launch import LaunchPlan
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.station.screen import StationScreen
from chimera_tui.ui.games.station.widgets import ChoiceDialog
from chimera_tui.ui.widgets.action_log import ActionLog
from tests.ui.settle import settled, until
from tests.ui.station_apps import _screen, _start_at_placement

# -- issue 8 §3 and issue 9: friction, secrecy and names -------------------------------------------------------


async def test_screen_and_previews_depend_only_on_the_view(tmp_path: Path) -> None:
    """Issue 9: change only hidden facts (module pile and perk deck order, random stream): the rendered screen
    and every preview of every choice stay the same."""
    from tests.games.station.test_secrecy import hidden_changed

    shown = []
    for k in (None, 0, 1):
        start = _start_at_placement()
        if k is not None:
            start.match._states[-1] = hidden_changed(start.match.state, k)
        app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path / str(k), bot_delay=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda a=app: any(isinstance(s, StationScreen) for s in a.screen_stack))
            screen = _screen(app)
            await settled(pilot, app.export_screenshot)
            # The log is compared as words (below); its panel is hidden from the picture, since how it wraps
            # and scrolls while the screen lays out depends on the machine's load.
            for log in screen.query(ActionLog):
                log.display = False
            picture = await settled(pilot, app.export_screenshot)
            screen._ask(list(screen._legal), "Every choice")
            await until(
                pilot, lambda a=app: isinstance(a.screen, ChoiceDialog) and bool(a.screen.query(OptionList))
            )
            await settled(pilot, app.export_screenshot)
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog)
            shown.append(
                (picture, dialog.choices, dialog.previews, screen.table.log(), screen.table.log_events())
            )
    assert shown[1] == shown[0] and shown[2] == shown[0]


async def test_hostile_names_are_plain_text(tmp_path: Path) -> None:
    """Issue 9: a player name is never markup: ``[/]`` must not crash, ``[bold]Bob`` shows its brackets."""
    start = _start_at_placement(names=["[/]", "[bold]Bob"])
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        screen = _screen(app)
        screen._ask(list(screen._legal), "Every choice")
        await pilot.pause(0.1)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")
        await pilot.press("3")
        await pilot.pause(0.1)
        text = app.export_screenshot()
        assert "[/]" in text and "[bold]Bob" in text


async def test_seat_colour_is_its_mat_colour(tmp_path: Path) -> None:
    """Issue 8 §3: the Verdant mat's player is green, the Crimson mat's red, whatever their seat."""
    from chimera_tui.ui.games.station.widgets import MatPanel

    start = _start_at_placement(players=4)
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    hues = {"crimson": "seat-0", "cobalt": "seat-1", "verdant": "seat-2", "amber": "seat-3"}
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        screen = _screen(app)
        for seat, player in enumerate(screen.state.players):
            panel = screen.query_one(f"#mat-{seat}", MatPanel)
            assert panel.has_class(hues[player.mat]), (seat, player.mat, panel.classes)
