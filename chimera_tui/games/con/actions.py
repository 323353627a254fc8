"""Chimera Con's one action type: `Move`, a short line of notation naming a decision.

The first word says what kind of decision it is: ``build LEV-H WYV-B -``, ``draw c``, ``draw x``, ``stop``,
``sub BAS-B``, ``keep``, ``attack p2``, ``use WYV-H.0 p3``, ``use BAS-H.0 p2 b``, ``mutate COB-R``, ``fly``,
``land``, ``rest``, ``discard LUCK2``, ``end``, ``cheat DART1 p2``, ``pass``, ``pass turn``, ``take OWL-H``,
``greedy``, ``content``. Seats are ``p1`` to ``p5``; slots ``h``, ``b``, ``r``.
"""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import NotationError

VERBS: frozenset[str] = frozenset(
    {
        "build", "draw", "stop", "sub", "keep", "attack", "use", "mutate", "fly", "land", "rest", "discard",
        "end", "cheat", "pass", "take", "greedy", "content",
    }
)  # fmt: skip


class Move(msgspec.Struct, frozen=True, tag="move", array_like=True):
    """One decision, written in notation."""

    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def verb(self) -> str:
        return self.text.split(" ", 1)[0]


Action = Move


def parse_action(text: str) -> Move:
    """The action written as `text`.

    Raises:
        NotationError: when `text` is not Chimera Con notation.
    """
    words = text.split()
    if not words or words[0] not in VERBS:
        raise NotationError(f"{text!r} is not a Chimera Con action (try 'draw c', 'attack p2' or 'pass').")
    return Move(" ".join(words))
