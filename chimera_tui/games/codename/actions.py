"""Codename: Chimera's actions: one small decision each, with a short notation that round-trips.

Notation (ids are content ids; a torso is ``torso:N`` with N the 0-based seat):

| action | notation |
|---|---|
| pick a torso half | ``torso ribcage`` |
| dealer takes a face-up card | ``take wolf-claw-1`` |
| dealer does not take one | ``skip`` |
| bid / pass (auction, and "no more reactions") | ``bid 3`` / ``pass`` |
| auction winner picks | ``pick wolf-claw-1`` |
| attach a part | ``attach wolf-claw-1 ape-arm-2.far`` |
| finish building | ``done`` |
| declare an attack / add a part / roll | ``attack bear-arm-1 goat-leg-2`` / ``join wolf-claw-1`` / ``go`` |
| use an ability (with its choice, if any) | ``use crab-pincer-1 bear-arm-1`` |
| end the turn | ``end`` |
| attach nothing more until the next turn (another player's turn) | ``wait`` |
"""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import NotationError


class PickTorso(msgspec.Struct, frozen=True, tag="torso", array_like=True, gc=False):
    card: str

    def __str__(self) -> str:
        return f"torso {self.card}"


class Take(msgspec.Struct, frozen=True, tag="take", array_like=True, gc=False):
    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


class Skip(msgspec.Struct, frozen=True, tag="skip", array_like=True, gc=False):
    def __str__(self) -> str:
        return "skip"


class Bid(msgspec.Struct, frozen=True, tag="bid", array_like=True, gc=False):
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


class Pass(msgspec.Struct, frozen=True, tag="pass", array_like=True, gc=False):
    def __str__(self) -> str:
        return "pass"


class Pick(msgspec.Struct, frozen=True, tag="pick", array_like=True, gc=False):
    card: str

    def __str__(self) -> str:
        return f"pick {self.card}"


class Attach(msgspec.Struct, frozen=True, tag="attach", array_like=True, gc=False):
    card: str
    parent: str
    slot: str

    def __str__(self) -> str:
        return f"attach {self.card} {self.parent}.{self.slot}"


class Done(msgspec.Struct, frozen=True, tag="done", array_like=True, gc=False):
    def __str__(self) -> str:
        return "done"


class AttackWith(msgspec.Struct, frozen=True, tag="attack", array_like=True, gc=False):
    part: str
    target: str

    def __str__(self) -> str:
        return f"attack {self.part} {self.target}"


class Join(msgspec.Struct, frozen=True, tag="join", array_like=True, gc=False):
    part: str

    def __str__(self) -> str:
        return f"join {self.part}"


class Go(msgspec.Struct, frozen=True, tag="go", array_like=True, gc=False):
    def __str__(self) -> str:
        return "go"


class Use(msgspec.Struct, frozen=True, tag="use", array_like=True, gc=False):
    part: str
    choice: str = ""
    """The ability's choice: an attacking part (Counter, Web) or a graveyard card (Regrow)."""

    def __str__(self) -> str:
        return f"use {self.part} {self.choice}" if self.choice else f"use {self.part}"


class Wait(msgspec.Struct, frozen=True, tag="wait", array_like=True, gc=False):
    """Attach nothing more from the inventory until the next turn begins (another player's turn)."""

    def __str__(self) -> str:
        return "wait"


class EndTurn(msgspec.Struct, frozen=True, tag="end", array_like=True, gc=False):
    def __str__(self) -> str:
        return "end"


Action = (
    PickTorso
    | Take
    | Skip
    | Bid
    | Pass
    | Pick
    | Attach
    | Done
    | AttackWith
    | Join
    | Go
    | Use
    | Wait
    | EndTurn
)

_NO_ARGS = {"skip": Skip(), "pass": Pass(), "done": Done(), "go": Go(), "end": EndTurn(), "wait": Wait()}
_ONE_CARD = {"torso": PickTorso, "take": Take, "pick": Pick, "join": Join}


def parse(text: str) -> Action:
    """The action written as `text`.

    Raises:
        NotationError: when `text` is not Codename: Chimera notation.
    """
    words = text.split()
    if words:
        verb, args = words[0], words[1:]
        if verb in _NO_ARGS and not args:
            return _NO_ARGS[verb]
        if verb in _ONE_CARD and len(args) == 1:
            return _ONE_CARD[verb](args[0])  # type: ignore[abstract]
        if verb == "bid" and len(args) == 1 and args[0].isdigit():
            return Bid(int(args[0]))
        if verb == "attach" and len(args) == 2 and args[1].count(".") == 1:
            parent, slot = args[1].split(".")
            return Attach(args[0], parent, slot)
        if verb == "attack" and len(args) == 2:
            return AttackWith(args[0], args[1])
        if verb == "use" and len(args) in (1, 2):
            return Use(*args)
    raise NotationError(
        f"{text!r} is not a Codename: Chimera action (for example 'bid 2', 'attack bear-arm-1 torso:2', 'end')."
    )
