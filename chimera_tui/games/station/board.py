"""What stands where on the station board: its modules, the free build spaces, what tiles cost, and the
workers that may be recalled or moved.

Queries only: nothing here changes the working copy, except `free_build_hexes`' cache of its answer.
"""

from __future__ import annotations

from collections.abc import Iterator

from chimera_tui.engine.hexgrid import Hex
from chimera_tui.games.station.core import LAB_SLOTS, Working
from chimera_tui.games.station.whereabouts import OFF_BOARD


def station_modules(g: Working) -> list[str]:
    """Every module on the board: printed ones (slot B once unlocked) and built tiles."""
    out = list(g.c.printed_open if g.countdown == 0 else g.c.printed_locked)
    out.extend(b.tile for b in g.built)
    return out


_OPEN_FOR: list[tuple[object, bool, tuple[str, ...], tuple[str, ...]]] = [(None, False, (), ())]
"""The last `built` tuple and slot-B lock seen, with `open_spaces`' answer for them (they change only when a
module is built or in round 3, so most states share it; the tuple is held here, so `is` cannot match a
recycled object)."""


def open_spaces(g: Working) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`station_modules` as a tuple, and those of them that are not local modules (`Content.local_modules`):
    the ones whose use must be checked one by one."""
    built, unlocked, spaces, checked = _OPEN_FOR[0]
    if built is not g.built or unlocked != (g.countdown == 0):
        spaces = tuple(station_modules(g))
        local = g.c.local_modules
        checked = tuple(space for space in spaces if space not in local)
        _OPEN_FOR[0] = (g.built, g.countdown == 0, spaces, checked)
    return spaces, checked


def module_at(g: Working) -> dict[object, str]:
    """Hex -> module id for every printed module and built tile."""
    at: dict[object, str] = {h: mid for mid, h in g.c.hex_of.items()}
    for b in g.built:
        at[b.hex] = b.tile
    return at


def hub_adjacent_modules(g: Working) -> int:
    """Built modules next to Command Hub A or B (the girder is not a module)."""
    hubs = set(g.c.hub_hexes)
    nb = g.c.neighbours
    return sum(1 for b in g.built if not hubs.isdisjoint(nb[b.hex]))


def displaceable(g: Working, where: str) -> bool:
    """Whether a worker on `where` may ever be displaced (ST-CLAW-08): not off the board, not on a place
    `held_fast` names."""
    return where not in OFF_BOARD and where not in held_fast(g)


_FREE_FOR: list[tuple[object, tuple[Hex, ...]]] = [(None, ())]
"""The last `built` tuple seen and its free build spaces: they change only when a module is built, so most
states share the answer (the tuple is held here, so `is` cannot match a recycled object)."""

Grid = tuple[object, dict[Hex, int], int, tuple[tuple[Hex, int, int], ...], dict[int, tuple[Hex, ...]]]
_GRID: list[Grid] = [(None, {}, 0, (), {})]
"""For the content last seen: a bit for each board hex, the two Command Hubs' bits, each build space with its
bit and its neighbours' bits, and a table of built hexes (their bits) -> the free build spaces, filled as
games go: hashing hexes is slow, and the same few layouts recur from game to game."""


def _grid(g: Working) -> Grid:
    c = g.c
    grid = _GRID[0]
    if grid[0] is not c:
        bits: dict[Hex, int] = {}
        for h in c.neighbours:
            bits[h] = 1 << len(bits)
        nb = c.neighbours
        rows = tuple((h, bits[h], sum(bits[x] for x in nb[h])) for h in c.build_hexes)
        grid = _GRID[0] = (c, bits, bits[c.hub_hexes[0]] | bits[c.hub_hexes[1]], rows, {})
    return grid


def free_build_hexes(g: Working) -> tuple[Hex, ...]:
    """Empty build spaces next to Command Hub A or B (locked or not) or to a built module (ST-BUILD-05/06)."""
    hexes = g.free_hexes
    if hexes is None:
        built, known = _FREE_FOR[0]
        if built is g.built:
            hexes = known
        else:
            _, bits, hubs, rows, free = _grid(g)
            taken = 0
            for b in g.built:
                taken |= bits[b.hex]
            hexes = free.get(taken)  # type: ignore[assignment]
            if hexes is None:
                if len(free) >= 10_000:
                    free.clear()
                anchors = hubs | taken
                hexes = free[taken] = tuple(
                    h for h, bit, around in rows if not taken & bit and around & anchors
                )
            _FREE_FOR[0] = (g.built, hexes)
        g.free_hexes = hexes
    return hexes


def build_cost(g: Working, seat: int, tile: str, discount: int) -> int:
    """What building `tile` costs `seat` (with a module's discount and the Broker power)."""
    cost = g.c.modules[tile].cost - discount - (1 if g.has_power(seat, "broker") else 0)
    return max(cost, 0)


def affordable_tiles(g: Working, seat: int, discount: int, coins: int | None = None) -> list[str]:
    """Reactor tiles `seat` can pay for with `coins` (default: its coins)."""
    have = g.players[seat].coins if coins is None else coins
    return [t for t in g.reactor if t and build_cost(g, seat, t, discount) <= have]


def can_afford_a_tile(g: Working, seat: int, discount: int, coins: int) -> bool:
    """Whether `affordable_tiles(g, seat, discount, coins)` is not empty (yes or no, without the list)."""
    cheapest = cheapest_tile(g)
    if cheapest is None:
        return False
    less = discount + (1 if g.has_power(seat, "broker") else 0)
    return max(cheapest - less, 0) <= coins


_CHEAPEST: dict[tuple[str, ...], int | None] = {}
"""Reactor contents -> the lowest building cost among its tiles (None when it is empty). Bounded: cleared
when it grows past `_CHEAPEST_ROWS`."""
_CHEAPEST_ROWS = 50_000


def cheapest_tile(g: Working) -> int | None:
    """The lowest printed cost of a tile in the Reactor, or None when it is empty."""
    key = tuple(g.reactor)
    cheapest = _CHEAPEST.get(key, -1)
    if cheapest == -1:
        if len(_CHEAPEST) >= _CHEAPEST_ROWS:
            _CHEAPEST.clear()
        cost = g.c.tile_cost
        cheapest = _CHEAPEST[key] = min(map(cost.__getitem__, filter(None, key)), default=None)
    return cheapest


def _recallable_workers(g: Working, seat: int, exclude: int) -> Iterator[int]:
    """Own placed workers that may be taken back (ST-BONUS-11): not in the Lab, not on a no-recall module."""
    modules = g.c.modules
    for wi, w in enumerate(g.players[seat].workers):
        where = w.where
        if wi == exclude or where in ("aside", "pool") or where in LAB_SLOTS:
            continue
        if where == "lounge" or not modules[where].no_recall:
            yield wi


def can_recall(g: Working, seat: int, exclude: int) -> bool:
    """Whether `recallable(g, seat, exclude)` is not empty (yes or no, stopping at the first)."""
    return next(_recallable_workers(g, seat, exclude), None) is not None


def recallable(g: Working, seat: int, exclude: int) -> list[int]:
    """Own placed workers that may be taken back (ST-BONUS-11): not in the Lab, not on a no-recall module."""
    return list(_recallable_workers(g, seat, exclude))


_HELD_FAST: list[tuple[object, frozenset[str]]] = [(None, frozenset())]
"""For the content last seen: the places a worker stands on but is never displaced from (the Lab's slots and
the modules that forbid it), the occupied places `displaceable` refuses."""


def held_fast(g: Working) -> frozenset[str]:
    """The Lab's slots and every module whose workers cannot be displaced (ST-CLAW-08)."""
    c = g.c
    known = _HELD_FAST[0]
    if known[0] is not c:
        known = _HELD_FAST[0] = (
            c,
            frozenset(LAB_SLOTS).union(m.id for m in c.modules.values() if m.no_displace),
        )
    return known[1]


def board_workers(g: Working, exclude_place: str = "") -> list[tuple[int, int, str]]:
    """(seat, worker, module) of every worker on a displaceable board module."""
    fast = held_fast(g)  # (`displaceable` for an occupied place: never the Lounge, the pool or set aside)
    return [(s, w, m) for m, (s, w) in g.occupancy().items() if m != exclude_place and m not in fast]
