"""The Reactor: building drains it, a refill (the Boiler Room's, the Tanning Salon's) fills it from the draw
pile, and each player may flush it once with their starting card.

The 6 spaces are kept with the empty ones leftmost (tiles slide right after a build, ST-BUILD-07); space i's
printed reward is visible while it is empty; the Boiler Room gives all visible rewards (ST-REACTOR-07). Those
rewards are ops, carried out by effects.py (which holds the Boiler Room); nothing here runs an op, so
effects.py imports this module and never the reverse.
"""

from __future__ import annotations

from chimera_tui.games.station.core import Working
from chimera_tui.games.station.told import tell


def slide(g: Working) -> None:
    """Slide the remaining tiles right so the empty spaces are the leftmost ones."""
    if "" not in g.reactor:
        return  # full: nothing slides (and the Reactor stays the same tuple, which tables are keyed on)
    tiles = tuple(t for t in g.reactor if t)
    g.reactor = ("",) * (6 - len(tiles)) + tiles


def draw_tile(g: Working) -> str:
    """The top tile of the draw pile, reshuffling the discard pile when it runs out ("" if both are empty)."""
    if not g.pile and g.discard:
        shuffled, g.rng = g.rng.shuffle(sorted(g.discard))
        g.pile, g.discard = shuffled, ()
    if not g.pile:
        return ""
    tile, g.pile = g.pile[0], g.pile[1:]
    return tile


def refill(g: Working) -> None:
    """Fill every empty Reactor space from the draw pile (ST-REACTOR-10..12), and tell what came in."""
    if "" not in g.reactor:
        return  # full: nothing to draw or tell
    drawn = []  # what came in: a refill only fills empty spaces (sliding reorders them)
    slide(g)
    spaces = list(g.reactor)
    for i in range(6):
        if not spaces[i]:
            tile = draw_tile(g)  # (reads and changes only the piles and the random stream)
            spaces[i] = tile
            if tile:
                drawn.append(tile)
    g.reactor = tuple(spaces)
    slide(g)
    came = sorted(drawn)
    if came:
        tell(g, "The Reactor refills: " + ", ".join(g.c.modules[x].name for x in came) + ".")
    elif "" in g.reactor:
        tell(g, "The Reactor cannot be refilled: both module piles are used up.")


def flush_choices(g: Working) -> list[str]:
    """Tiles still in the Reactor that a flush may remove (one at a time), then "done"."""
    known = _FLUSHABLE.get(g.reactor)
    if known is None:
        if len(_FLUSHABLE) >= 10_000:
            _FLUSHABLE.clear()
        known = _FLUSHABLE[g.reactor] = [*sorted(set(filter(None, g.reactor))), "done"]
    return known


_FLUSHABLE: dict[tuple[str, ...], list[str]] = {}
"""Reactor contents -> `flush_choices` (a list never changed: the answers of a question)."""


def flush_remove(g: Working, tile: str) -> None:
    """Move `tile` from the Reactor to the discard pile."""
    i = g.reactor.index(tile)
    g.set_reactor(i, "")
    g.discard = (*g.discard, tile)
