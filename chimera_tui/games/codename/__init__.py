"""Codename: Chimera (rules source 004): draft monster parts at auction, build a monster, fight in the arena."""

from __future__ import annotations

from chimera_tui.engine.decoding import build_types
from chimera_tui.games.codename.actions import Action
from chimera_tui.games.codename.bots import BOTS, GreedyBot
from chimera_tui.games.codename.rules import CodenameRules
from chimera_tui.games.codename.sampling import determinize, playout_action, prior_action
from chimera_tui.games.codename.state import State

RULES = CodenameRules()
"""The ruleset the registry serves under the id ``codename``."""
RULES.determinize = determinize  # type: ignore[attr-defined]  # the search bot's hooks (engine/search.py)
RULES.playout_action = playout_action  # type: ignore[attr-defined]
RULES.prior_action = prior_action  # type: ignore[attr-defined]
RULES.search_method = "halving"  # type: ignore[attr-defined]  # paired playouts (engine/halving.py)

build_types(__name__)  # every type of the game, before any thread can decode one (engine/decoding.py)

__all__ = ["BOTS", "RULES", "Action", "GreedyBot", "State"]
