"""Imaginarium with its Chimera expansion (issue 11). Exports `RULES`, `BOTS`, `State` and `Move`.

Also exported for the UI: `prompt(state)` (the pending decision in words).
"""

from __future__ import annotations

from chimera_tui.engine.decoding import build_types
from chimera_tui.games.imaginarium.actions import Action, Move
from chimera_tui.games.imaginarium.bots import BOTS, GreedyBot
from chimera_tui.games.imaginarium.rules import RULES, ImaginariumRules
from chimera_tui.games.imaginarium.sampling import (
    determinize,
    playout_action,
    playout_value,
    prior_action,
)
from chimera_tui.games.imaginarium.state import State
from chimera_tui.games.imaginarium.wording import prompt

RULES.determinize = determinize  # type: ignore[attr-defined]  # the search bot's hooks (engine/search.py)
RULES.playout_action = playout_action  # type: ignore[attr-defined]
RULES.prior_action = prior_action  # type: ignore[attr-defined]
RULES.playout_value = playout_value  # type: ignore[attr-defined]  # playouts stop at the end of their round
RULES.search_method = "halving"  # type: ignore[attr-defined]  # paired playouts (engine/halving.py)

build_types(__name__)  # every type of the game, before any thread can decode one (engine/decoding.py)

__all__ = ["BOTS", "RULES", "Action", "GreedyBot", "ImaginariumRules", "Move", "State", "prompt"]
