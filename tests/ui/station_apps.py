"""The Chimera Station screen tests' shared pieces: the screen in an app's stack, and a human-vs-bots start
played on until seat 0 places a worker in round 2."""

from __future__ import annotations

from chimera_tui.launch import make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.station.screen import StationScreen


def _screen(app: ChimeraApp) -> StationScreen:
    return next(s for s in app.screen_stack if isinstance(s, StationScreen))


def _start_at_placement(names: list[str] | None = None, seed: int = 3, players: int = 2):
    """A new human-vs-bots start, played by the seats' first choices until seat 0 places a worker in round 2."""
    kinds = ["human"] + ["bot"] * (players - 1)
    start = new_start("station", players, make_seats("station", players, kinds, names or []), seed, {})
    match = start.match
    rules = match.rules
    while not (match.state.round == 2 and not match.state.tasks and rules.to_act(match.state) == 0):
        legal = rules.legal_actions(match.state)
        match.submit(legal[len(legal) // 2])
    return start
