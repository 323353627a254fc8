"""The table protocol and the seat description."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import msgspec

from chimera_tui.engine.ruleset import GameConfig, Ruleset

TableListener = Callable[[], None]
"""Called after the match changed (an action, an undo, a bot move)."""


class Seat(msgspec.Struct, frozen=True):
    """Who sits in a seat: a person, or a bot by name."""

    name: str
    bot: str | None = None
    """The bot's name ("random", "greedy"), or None for a person."""

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


class Table(Protocol):
    """One seat's handle on a match: what that seat sees, what it may do, and news of changes."""

    game_id: str
    rules: Ruleset[Any, Any]
    config: GameConfig
    seats: tuple[Seat, ...]

    @property
    def seat(self) -> int | None:
        """The seat whose eyes this table looks through now (None: spectator)."""
        ...

    def view(self) -> Any:
        """The current state as `seat` may see it."""
        ...

    def to_act(self) -> int | None:
        """The seat whose decision is pending (None when the game is over)."""
        ...

    def legal_actions(self) -> Sequence[Any]:
        """The actions `seat` may take now (empty when it is not this seat's turn)."""
        ...

    def submit(self, action: Any) -> str | None:
        """Apply `action` for `seat`; returns None, or the rules' reason when refused."""
        ...

    def submit_text(self, text: str) -> str | None:
        """Like `submit`, from notation."""
        ...

    def undo(self) -> str | None:
        """Take back this seat's last action; returns None, or why not."""
        ...

    def undo_refusal(self) -> str | None: ...

    def describe(self, action: Any) -> str:
        """`action` in words, as the log would say it."""
        ...

    def log(self) -> tuple[str, ...]:
        """What happened, in words, oldest first."""
        ...

    def needs_hand_off(self, from_seat: int | None, to_seat: int | None) -> bool:
        """Whether `to_seat` would see something `from_seat` may not (so a shared screen must be handed
        off between them); `from_seat` None: a screen that showed nothing yet."""
        ...

    def subscribe(self, listener: TableListener) -> None: ...
