"""SVG snapshots of Chimera Con's screen at 80×24, 120×40 and 160×50: building in private, a turn with the turn-start
cheat window open, the Market Phase (a 3-seat hot-seat game with a fixed seed, driven by Enter, the
highlighted choice; hand-off screens are passed), and, from matches the greedy bots played up to the moment,
an attack with its dice waiting on a cheat window, a round's end and the game's end with its results."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from chimera_tui.games.con import BOTS, RULES, State
from chimera_tui.launch import GameStart, LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.con.results import ResultsScreen
from chimera_tui.ui.games.con.screen import ConScreen
from tests.ui.settle import until

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((120, 40), id="120x40"),
    pytest.param((160, 50), id="160x50"),
]


def _app(tmp_path: Path) -> ChimeraApp:
    seats = make_seats("con", 3, ["human", "human", "human"], [])
    return ChimeraApp(plan=LaunchPlan(start=new_start("con", 3, seats, 5, {})), saves=tmp_path)


def _driver(reached: Callable[[State], bool]) -> Callable[[Pilot[Any]], Any]:
    async def drive(pilot: Pilot[Any]) -> None:
        app = pilot.app
        for _ in range(2000):
            table = app._table  # type: ignore[attr-defined]
            if isinstance(app.screen, ConScreen) and table is not None and reached(table.match.state):
                break
            await pilot.press("enter")
            await pilot.pause()
        await until(pilot, lambda: isinstance(app.screen, ConScreen))
        await pilot.pause(0.3)

    return drive


def _building(s: State) -> bool:
    return s.phase == "build" and s.built.count(True) == 1


def _cheat_window(s: State) -> bool:
    return s.phase == "turn" and bool(s.asks) and s.asks[-1].kind == "cheat"


def _market(s: State) -> bool:
    return s.phase == "market"


def advanced(reached: Callable[[State], bool], seed: int) -> GameStart:
    """A 4-seat match (Player 1 a person, greedy bots in the other seats) played by greedy bots until
    `reached` holds with Player 1 to act, or the game is over."""
    seats = make_seats("con", 4, ["human", "greedy", "greedy", "greedy"], [])
    start = new_start("con", 4, seats, seed, {})
    match = start.match
    bots = [BOTS["greedy"](RULES, seed + i) for i in range(4)]
    while not (reached(match.state) and RULES.to_act(match.state) in (0, None)):
        state = match.state
        seat = RULES.to_act(state)
        if seat is None:
            raise AssertionError(f"seed {seed}: the bots never reach the position")
        match.submit(bots[seat].choose(RULES.view(state, seat), RULES.legal_actions(state), seat))
    return start


def _app_at(tmp_path: Path, reached: Callable[[State], bool], seed: int) -> ChimeraApp:
    return ChimeraApp(plan=LaunchPlan(start=advanced(reached, seed)), saves=tmp_path)


async def _settle(pilot: Pilot[Any]) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, ConScreen))
    await pilot.pause(0.3)


async def _results(pilot: Pilot[Any]) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen))
    await pilot.pause(0.3)


def _attack(s: State) -> bool:
    return s.attack is not None and bool(s.asks) and s.asks[-1].kind == "cheat"


def _round_end(s: State) -> bool:
    return s.round == 2


def _over(s: State) -> bool:
    return s.phase == "over"


@pytest.mark.parametrize("size", SIZES)
def test_building(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Player 2 builds: Player 1's chimera is laid face down, Player 2 sees only their own hand."""
    assert snap_compare(_app(tmp_path), run_before=_driver(_building), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_turn_with_a_cheat_window(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The first turn's cheat window: who may cheat now, playing no cheat first, every chimera."""
    assert snap_compare(_app(tmp_path), run_before=_driver(_cheat_window), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_market_phase(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The Market Phase: the pile face up, the highest Magic choosing first."""
    assert snap_compare(_app(tmp_path), run_before=_driver(_market), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_attack_with_its_dice(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """An attack's dice are rolled and Player 1 may cheat before they count: both sides' dice and totals."""
    assert snap_compare(_app_at(tmp_path, _attack, 2), run_before=_settle, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_round_end(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Round 1 is over: the log tells the last blow, the elimination and the survivor's point with its
    chimera; Player 1 builds again."""
    assert snap_compare(_app_at(tmp_path, _round_end, 2), run_before=_settle, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare, size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The results: who won by how much, what each player did, which chimera won each round."""
    assert snap_compare(_app_at(tmp_path, _over, 2), run_before=_results, terminal_size=size)
