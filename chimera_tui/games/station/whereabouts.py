"""Where workers stand, kept between working copies (`core.Working`): which module or Lab slot each worker
holds, and which of a seat's workers are in its pool, remembered for the last seats seen so that listing the
next decision need not work them out again. `Working.move` and `Working.gather` keep both up to date.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from chimera_tui.games.station.state import Worker

OFF_BOARD = frozenset({"aside", "pool", "lounge"})
"""Where a worker occupies no module or Lab slot."""


class Seat(Protocol):
    """A seat, frozen (`Player`) or thawed (`core.WorkingSeat`): its workers."""

    @property
    def workers(self) -> tuple[Worker, ...]: ...


OCC_FOR: list[tuple[object, dict[str, tuple[int, int]]]] = [(None, {})]
"""The last players tuple whose occupancy is known, and that occupancy (never changed in place: a working copy
that moves a worker copies it first). `apply` leaves here the occupancy of the state it returns, kept up to
date move by move, so listing that state's placements need not work it out again."""


def occupancy_of(players: Iterable[Seat]) -> dict[str, tuple[int, int]]:
    """Module or Lab slot id -> (seat, worker index) of the worker there, worked out from the seats."""
    occ = {}
    for seat, p in enumerate(players):
        for wi, w in enumerate(p.workers):
            if w.where not in OFF_BOARD:
                occ[w.where] = (seat, wi)
    return occ


POOL_OF: list[tuple[object, list[int]]] = [(None, [])] * 8
"""Per seat number: the last workers tuple whose pool workers were worked out, and their indices. A seat's
workers change only when one of them moves, so whose turn is next and each listing mostly find them here (the
entry holds the tuple it was made for, so `is` cannot match a recycled object; the list is never changed).
`move`, `gather` and `set_comps` leave here the answer for the seat's new workers when they knew the old one."""
