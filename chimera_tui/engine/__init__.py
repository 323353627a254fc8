"""The game-agnostic rules kit: protocol, randomness, hex geometry, matches and bots.

Nothing here imports Textual, Rich or any game; nothing here touches files or the terminal.
"""

from __future__ import annotations

from chimera_tui.engine.errors import IllegalAction, NotationError
from chimera_tui.engine.rng import Rng
from chimera_tui.engine.ruleset import GameConfig, OptionSpec, Ruleset

__all__ = ["GameConfig", "IllegalAction", "NotationError", "OptionSpec", "Rng", "Ruleset"]
