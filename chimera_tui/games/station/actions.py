"""Chimera Station's actions: a tagged union of small frozen Structs, each with a short notation.

- ``place w2 boiler``: place worker 2 (of the seat to act) on a space (a module id, ``lab`` or ``lounge``).
- ``choose food``: answer the pending prompt (an option label, a card, perk or tile id, a hex ``q,r``, a
  component ``+claw``/``-brain``, ``done`` or ``skip``).
- ``flush``: discard your starting card to flush the Reactor at the start of your Placement turn (then choose
  the tiles to remove); after the placement the same is offered as ``choose flush`` / ``choose pass``.
"""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import NotationError


class Place(msgspec.Struct, frozen=True, tag="place", array_like=True, gc=False):
    """Place worker `worker` (an index into the acting seat's workers) on `space`."""

    worker: int
    space: str

    def __str__(self) -> str:
        return f"place w{self.worker} {self.space}"


class Choose(msgspec.Struct, frozen=True, tag="choose", array_like=True, gc=False):
    """Answer the pending prompt with `value`."""

    value: str

    def __str__(self) -> str:
        return f"choose {self.value}"


class Flush(msgspec.Struct, frozen=True, tag="flush", array_like=True, gc=False):
    """Discard the starting card to flush the Reactor (once per game, at the start of one's turn)."""

    def __str__(self) -> str:
        return "flush"


Action = Place | Choose | Flush
"""Actions are ``gc=False`` like the state's Structs: they hold only strings and numbers."""


def parse_action(text: str) -> Action:
    """The action written as `text`.

    Raises:
        NotationError: when `text` is not Station notation.
    """
    words = text.split()
    if words == ["flush"]:
        return Flush()
    if len(words) == 2 and words[0] == "choose":
        return Choose(words[1])
    if len(words) == 3 and words[0] == "place" and words[1][:1] == "w" and words[1][1:].isdigit():
        return Place(int(words[1][1:]), words[2])
    raise NotationError(
        f"{text!r} is not a Chimera Station action (try 'place w0 refinery', 'choose food' or 'flush')."
    )
