"""SVG snapshots of the Chimera Station screen at 80×24, 120×40 and 160×50 (pytest-textual-snapshot).

Games start from fixed seeds or from the sample positions in ``saves/`` (written by
``saves/make_station_samples.py``); bots move without delay, and a loaded sample autosaves to a temporary
folder so the samples never change.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import msgspec
import pytest

from chimera_tui.launch import LaunchPlan, load_start, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((120, 40), id="120x40"),
    pytest.param((160, 50), id="160x50"),
]
SAMPLES = Path(__file__).parents[2] / "saves"


async def _to_first_placement(pilot) -> None:  # type: ignore[no-untyped-def]
    """Take the first choice of every dialog (and of the perk row) until seat 1's first worker placement."""
    from chimera_tui.games.station import Phase
    from chimera_tui.ui.games.station.screen import StationScreen
    from chimera_tui.ui.games.station.widgets import ChoiceDialog

    app = pilot.app
    screen = next(s for s in app.screen_stack if isinstance(s, StationScreen))
    table = screen.table
    for _ in range(400):
        state = table.match.state
        mine = table.to_act() == 0
        if mine and state.phase is Phase.PLACEMENT and not state.tasks and app.screen is screen:
            break
        if isinstance(app.screen, ChoiceDialog) or (mine and app.screen is screen):
            await pilot.press("enter")
        else:
            await pilot.pause(0.02)
    # Under a loaded CI machine the log's scroll to its end and the last refresh can lag behind: wait for
    # every animation and two idle pauses so the picture is the settled one (CI saw one mismatch here).
    await pilot.wait_for_scheduled_animations()
    await pilot.pause(0.2)
    # The log's scrollbar was now and then drawn from an older height than the log holds (seen only when
    # other tests ran first in the same process): move the log away from its end and back, so its scrollbar
    # is drawn again from what it holds now.
    from chimera_tui.ui.widgets.action_log import ActionLog

    for log in screen.query(ActionLog):
        log.scroll_home(animate=False, immediate=True, force=True)
        await pilot.pause()
        log.scroll_end(animate=False, immediate=True, force=True)
    await pilot.wait_for_scheduled_animations()
    await pilot.pause(0.1)


def _until_screen(name: str):  # type: ignore[no-untyped-def]
    """A run_before that waits (up to 5 s) until the screen on top is the one called `name`."""

    async def wait(pilot) -> None:  # type: ignore[no-untyped-def]
        for _ in range(250):
            if type(pilot.app.screen).__name__ == name:
                break
            await pilot.pause(0.02)
        await pilot.pause(0.1)

    return wait


async def _clear_toasts(pilot) -> None:  # type: ignore[no-untyped-def]
    """Clear every toast, also on the screens under a dialog (a loaded sample's notice names this machine's
    folders, so it does not belong in a snapshot)."""
    from textual.css.query import NoMatches
    from textual.widgets._toast import ToastRack

    await pilot.pause(0.3)
    pilot.app.clear_notifications()
    for screen in pilot.app.screen_stack:
        with contextlib.suppress(NoMatches):
            screen.get_child_by_type(ToastRack).show(pilot.app._notifications)
    await pilot.pause(0.05)


async def _quiet(pilot) -> None:  # type: ignore[no-untyped-def]
    await _clear_toasts(pilot)


def _quietly(wait):  # type: ignore[no-untyped-def]
    async def run(pilot) -> None:  # type: ignore[no-untyped-def]
        await wait(pilot)
        await _clear_toasts(pilot)

    return run


def _new(tmp_path: Path, players: int, seed: int) -> ChimeraApp:
    kinds = ["human"] + ["bot"] * (players - 1)
    start = new_start("station", players, make_seats("station", players, kinds, []), seed, {})
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


def _sample(tmp_path: Path, stem: str) -> ChimeraApp:
    start = msgspec.structs.replace(load_start(SAMPLES / f"{stem}.chimera"), save_path=None)
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


class TestStationTurns:
    @pytest.mark.parametrize("size", SIZES)
    def test_first_turn_two_players(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """2 players: after the draft and the first perk, the first placement turn with the lit spaces."""
        assert snap_compare(_new(tmp_path, 2, 3), run_before=_to_first_placement, terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_first_turn_four_players(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """4 players: the first placement turn of the person in seat 1."""
        assert snap_compare(_new(tmp_path, 4, 8), run_before=_to_first_placement, terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_build_cursor(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Building: the legal build spaces lit, the cursor on one, its bonus in the detail line."""
        assert snap_compare(_sample(tmp_path, "station-build"), run_before=_quiet, terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_splicing_lab_dialog(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """The Splicing Lab asks which component to attach or detach, with a preview."""
        assert snap_compare(
            _sample(tmp_path, "station-splice"),
            run_before=_quietly(_until_screen("ChoiceDialog")),
            terminal_size=size,
        )

    @pytest.mark.parametrize("size", SIZES)
    def test_feeding_shortfall(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Feeding without enough food: choose the component each missing food costs."""
        assert snap_compare(
            _sample(tmp_path, "station-feeding"),
            run_before=_quietly(_until_screen("ChoiceDialog")),
            terminal_size=size,
        )

    @pytest.mark.parametrize("size", SIZES)
    def test_command_hub_round_three(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Round 3: Command Hub slot B is open; the cursor on it shows what it does."""
        keys = ["1", "l", "wait:100"]
        assert snap_compare(
            _sample(tmp_path, "station-hub-round3"), run_before=_quiet, press=keys, terminal_size=size
        )

    def test_medium_layout_120x40(self, snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """120×40 (issue 8 §3): board with the log under it, and Reactor, Lab, perks and mats beside it, all at
        once; module names whole on two lines."""
        keys = ["l", "wait:100"]
        assert snap_compare(
            _sample(tmp_path, "station-hub-round3"), run_before=_quiet, press=keys, terminal_size=(120, 40)
        )


class TestStationEnd:
    @pytest.mark.parametrize("size", SIZES)
    def test_final_breakdown(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """The end: the winner, points by cause per player, and the score over the rounds."""
        assert snap_compare(
            _sample(tmp_path, "station-over"),
            run_before=_quietly(_until_screen("ResultsScreen")),
            terminal_size=size,
        )
