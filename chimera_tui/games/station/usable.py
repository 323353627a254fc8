"""Which local modules (`Content.local_modules`) a placed worker can use, kept in tables filled as games go.

Whether a local module can be used reads only the seat's coins and food (capped at `Content.local_caps`) and
the worker's components, so listing placements answers all of them with one set from `USABLE`, keyed on the
three. A new row is put together from smaller tables: most local modules read only the coins and food
(`Content.purse_locals`, one row per capped purse) or only the components (`Content.worker_locals`, one row per
set of components), so only the few that read both (`Content.mixed_locals`) are checked for each new row.

The tables only grow by whole values (a frozenset per key, the same whichever thread makes it), so worker
threads running the rules may share them.
"""

from __future__ import annotations

from chimera_tui.games.station.checks import CHECKS
from chimera_tui.games.station.core import Working

USABLE: dict[tuple[tuple[str, ...], int, int], frozenset[str]] = {}
"""(worker's components, capped coins, capped food) -> the local modules a placed worker can use (a few hundred
rows at most: the caps keep the purses few)."""

_BY_PURSE: dict[tuple[int, int], frozenset[str]] = {}
"""(capped coins, capped food) -> the usable modules of `Content.purse_locals`."""

_BY_COMPS: dict[tuple[str, ...], frozenset[str]] = {}
"""Worker's components -> the usable modules of `Content.worker_locals`."""


def usable_locals(
    g: Working, seat: int, wi: int, comps: tuple[str, ...], coins: int, food: int
) -> frozenset[str]:
    """The local modules worker `wi` of `seat` (carrying `comps`) can use with its seat's coins and food capped
    at `coins` and `food`: `USABLE`'s row, made and kept when it is new."""
    key = (comps, coins, food)
    known = USABLE.get(key)
    if known is not None:
        return known
    c = g.c
    by_purse = _BY_PURSE.get((coins, food))
    if by_purse is None:
        by_purse = _BY_PURSE[coins, food] = frozenset(
            mid for mid in c.purse_locals if CHECKS[mid](g, seat, wi)
        )
    by_comps = _BY_COMPS.get(comps)
    if by_comps is None:
        by_comps = _BY_COMPS[comps] = frozenset(mid for mid in c.worker_locals if CHECKS[mid](g, seat, wi))
    made = USABLE[key] = by_purse.union(by_comps, [mid for mid in c.mixed_locals if CHECKS[mid](g, seat, wi)])
    return made
