"""SVG snapshots of the Imaginarium screen at 80×24, 120×40 and 160×50 (pytest-textual-snapshot): every phase of a
turn, the dialogs that open by themselves, the fork on the track, the Exhausteur's victim, team play and the
results.

Each starts from a sample position in ``saves/`` (written by ``saves/make_imaginarium_samples.py``, seat 0 a
person to decide); bots move without delay, and a loaded sample autosaves to a temporary folder so the
samples never change.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import msgspec
import pytest

from chimera_tui.launch import LaunchPlan, load_start
from chimera_tui.ui.app import ChimeraApp

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((120, 40), id="120x40"),
    pytest.param((160, 50), id="160x50"),
]
SAMPLES = Path(__file__).parents[2] / "saves"


def _sample(tmp_path: Path, stem: str) -> ChimeraApp:
    start = msgspec.structs.replace(load_start(SAMPLES / f"{stem}.chimera"), save_path=None)
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


def _until_screen(name: str):  # type: ignore[no-untyped-def]
    """A run_before that waits (up to 5 s) for the screen called `name`, then clears every toast (a loaded
    sample's notice names this machine's folders)."""

    async def wait(pilot) -> None:  # type: ignore[no-untyped-def]
        from textual.css.query import NoMatches
        from textual.widgets._toast import ToastRack

        for _ in range(250):
            if type(pilot.app.screen).__name__ == name:
                break
            await pilot.pause(0.02)
        await pilot.pause(0.3)
        pilot.app.clear_notifications()
        for screen in pilot.app.screen_stack:
            with contextlib.suppress(NoMatches):
                screen.get_child_by_type(ToastRack).show(pilot.app._notifications)
        await pilot.pause(0.1)

    return wait


class TestImaginariumTurn:
    @pytest.mark.parametrize("size", SIZES)
    def test_planning(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Phase A: the belt places the seat can afford lit, prices, fragments and figures."""
        app = _sample(tmp_path, "imaginarium-planning")
        assert snap_compare(app, run_before=_until_screen("ImaginariumScreen"), terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_machines(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """B1: the optional machine lit in the seat's workshop, its card in the detail line."""
        app = _sample(tmp_path, "imaginarium-machines")
        assert snap_compare(app, run_before=_until_screen("ImaginariumScreen"), terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_dial(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """B3: the dial's positions lit, last turn's barred."""
        app = _sample(tmp_path, "imaginarium-dial")
        assert snap_compare(app, run_before=_until_screen("ImaginariumScreen"), terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_actions(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """B3: the two actions the dial shows, and what each can be done on."""
        app = _sample(tmp_path, "imaginarium-actions")
        assert snap_compare(app, run_before=_until_screen("ImaginariumScreen"), terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_trading(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Transactions one unit at a time, with the trades left and the running total."""
        app = _sample(tmp_path, "imaginarium-trading")
        assert snap_compare(app, run_before=_until_screen("ChoiceDialog"), terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_daydream(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """A daydream: the next fragment, how far each moves the token, or stop."""
        app = _sample(tmp_path, "imaginarium-daydream")
        assert snap_compare(app, run_before=_until_screen("ChoiceDialog"), terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_fork(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """The token at a fork: the two branches lit on the dream track, the cursor on one."""
        app = _sample(tmp_path, "imaginarium-fork")
        assert snap_compare(app, run_before=_until_screen("ImaginariumScreen"), terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_exhausteur_victim(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Out of turn: the Exhausteur's victim chooses the fragment it hands over."""
        app = _sample(tmp_path, "imaginarium-exhausteur")
        assert snap_compare(app, run_before=_until_screen("ChoiceDialog"), terminal_size=size)


class TestImaginariumTeamsAndEnd:
    @pytest.mark.parametrize("size", SIZES)
    def test_team_view(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Team play at 4: the partner's workshop shows the shared team screen; the other team's is hidden."""
        app = _sample(tmp_path, "imaginarium-teams")
        assert snap_compare(app, run_before=_until_screen("ImaginariumScreen"), terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_results(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """The end: VP by cause with each end bonus, VP over the rounds, the dream track as it ended."""
        app = _sample(tmp_path, "imaginarium-over")
        assert snap_compare(app, run_before=_until_screen("ResultsScreen"), terminal_size=size)
