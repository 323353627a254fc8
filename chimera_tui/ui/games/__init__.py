"""Game screens: each game's own screen under ui/games/<id>/, and the generic screen for the rest."""

from __future__ import annotations

import importlib
import importlib.util

from chimera_tui.ui.games.base import GameScreen


def screen_class(game_id: str) -> type[GameScreen]:
    """The screen that plays `game_id`: its own (``ui/games/<id>/screen.py``) or the generic one."""
    name = f"chimera_tui.ui.games.{game_id}.screen"
    try:
        found = importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        found = False
    if found:
        cls: type[GameScreen] = importlib.import_module(name).SCREEN
        return cls
    from chimera_tui.ui.games.generic import GenericGameScreen

    return GenericGameScreen
