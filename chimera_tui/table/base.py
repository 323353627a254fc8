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


def hand_off_due(table: Any, shown: int | None) -> bool:
    """Whether a shared screen last handed to `shown`'s person (None: nobody yet) must be hidden before it
    shows the eyes of `table.seat`: more than one person plays at this terminal, the game hides anything,
    and that seat would see something `shown` may not, or the keyboard goes to another person while
    anything is hidden (`needs_hand_off`). `shown` changes only by a hand-off: a screen that followed the
    table to a seat without one still has the last person in front of it. The game screens ask this after
    every change, and `tests/hand_offs.py` counts hand-offs with it."""
    seat = table.seat
    return bool(
        seat is not None
        and seat != shown
        and len(table.human_seats()) > 1
        and getattr(table.rules, "hidden_information", True)
        and table.needs_hand_off(shown, seat)
    )
