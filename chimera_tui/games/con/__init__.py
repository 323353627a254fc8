"""Chimera Con (issue 14). Exports `RULES`, `BOTS`, `State` and `Move`; `prompt(state)` for the UI."""

from __future__ import annotations

from chimera_tui.games.con.actions import Action, Move
from chimera_tui.games.con.bots import BOTS, GreedyBot
from chimera_tui.games.con.rules import RULES, ConRules
from chimera_tui.games.con.state import State
from chimera_tui.games.con.wording import prompt

__all__ = ["BOTS", "RULES", "Action", "ConRules", "GreedyBot", "Move", "State", "prompt"]
