"""Chimera Con (issue 14). Exports `RULES`, `BOTS`, `State` and `Move`; `prompt(state)` for the UI."""

from __future__ import annotations

from chimera_tui.engine.decoding import build_types
from chimera_tui.games.con.actions import Action, Move
from chimera_tui.games.con.bots import BOTS, GreedyBot
from chimera_tui.games.con.rules import RULES, ConRules
from chimera_tui.games.con.sampling import determinize, playout_action, playout_value, prior_action
from chimera_tui.games.con.state import State
from chimera_tui.games.con.wording import prompt

RULES.determinize = determinize  # type: ignore[attr-defined]  # the search bot's hooks (engine/search.py)
RULES.playout_action = playout_action  # type: ignore[attr-defined]
RULES.prior_action = prior_action  # type: ignore[attr-defined]
RULES.search_method = "halving"  # type: ignore[attr-defined]  # paired playouts (engine/halving.py)
RULES.playout_value = playout_value  # type: ignore[attr-defined]

build_types(__name__)  # every type of the game, before any thread can decode one (engine/decoding.py)

__all__ = ["BOTS", "RULES", "Action", "ConRules", "GreedyBot", "Move", "State", "prompt"]
