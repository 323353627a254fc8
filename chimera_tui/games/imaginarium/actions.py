"""Imaginarium's one action type: `Move`, a short line of notation naming a decision.

The first word says what kind of decision it is; the rest are its arguments (places, slots, kinds,
fragment letters, ids). Examples: ``place 3``, ``x1``, ``use 2.0 cu``, ``end``, ``dial 0-1``,
``repair 0 2``, ``dismantle s1.0``, ``buy cr``, ``move 1.0 3``, ``daydream 4``, ``dream R``, ``fork A1``,
``nightmare 1``, ``hand G``, ``keep E``, ``tangle 2``, ``pick cu``, ``leave w``, ``done``.
"""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import NotationError

VERBS: frozenset[str] = frozenset(
    {
        "place", "x1", "x2", "sleep", "use", "smelt", "end", "dial", "repair", "dismantle", "buy", "sell",
        "extract", "recruit", "move", "wake", "daydream", "dream", "stop", "fork", "nightmare", "hand", "keep",
        "tangle", "pick", "leave", "bonus", "take", "done",
    }
)  # fmt: skip
"""Every first word of the notation."""


class Move(msgspec.Struct, frozen=True, tag="move", array_like=True):
    """One decision, written in notation (see the module docstring)."""

    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def verb(self) -> str:
        """The first word: what kind of decision this is."""
        return self.text.split(" ", 1)[0]

    @property
    def args(self) -> list[str]:
        """The words after the first."""
        return self.text.split()[1:]


Action = Move


def parse_action(text: str) -> Move:
    """The action written as `text` (words separated by single spaces).

    Raises:
        NotationError: when `text` is not Imaginarium notation.
    """
    words = text.split()
    if not words or words[0] not in VERBS:
        raise NotationError(f"{text!r} is not an Imaginarium action (try 'place 3', 'end' or 'buy w').")
    return Move(" ".join(words))
