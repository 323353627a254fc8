"""Chimera Station: the rules core (issue 3). Exports `RULES`, `BOTS`, `State` and `Action`.

Also exported for the UI: `prompt(state)` (the pending decision in words), `breakdown(state, seat)` (points
by cause) and `score_by_round(state)` (scores after setup and each round, for a chart).
"""

from __future__ import annotations

from chimera_tui.engine.decoding import build_types
from chimera_tui.games.station.actions import Action, Choose, Flush, Place
from chimera_tui.games.station.bots import BOTS, GreedyBot
from chimera_tui.games.station.rules import RULES, StationRules, prompt
from chimera_tui.games.station.sampling import determinize
from chimera_tui.games.station.scoring import breakdown, score_by_round
from chimera_tui.games.station.state import Phase, State

RULES.determinize = determinize  # type: ignore[attr-defined]  # the search bot's hook (engine/search.py)

build_types(__name__)  # every type of the game, before any thread can decode one (engine/decoding.py)

__all__ = [
    "BOTS",
    "RULES",
    "Action",
    "Choose",
    "Flush",
    "GreedyBot",
    "Phase",
    "Place",
    "State",
    "StationRules",
    "breakdown",
    "prompt",
    "score_by_round",
]
