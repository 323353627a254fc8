"""Messages the UI's widgets and screens post upward (attributes down, messages up)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message


@dataclass
class ActionChosen(Message):
    """A player picked an action; the game screen submits it to its table."""

    action: Any


@dataclass
class ShowRules(Message):
    """Open the rules panel of `game_id`, on `topic` when given."""

    game_id: str | None
    topic: str | None = None
