"""Errors the rules raise, each carrying a sentence a player can read."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now.

    Attributes:
        reason: One sentence for a person, e.g. "Boiler Room is occupied by Red's worker with 2 components;
            a single-claw worker cannot displace it".
        action: The refused action, when there was one.
    """

    def __init__(self, reason: str, action: object | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class NotationError(IllegalAction):
    """A piece of action notation that does not name any action of the game."""
