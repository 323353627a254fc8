"""The Reactor: building drains it, the Boiler Room (and Tanning Salon) refills it with rewards, and each
player may flush it once with their starting card.

The 6 spaces are kept with the empty ones leftmost (tiles slide right after a build, ST-BUILD-07); space i's
printed reward is visible while it is empty; the Boiler Room gives all visible rewards (ST-REACTOR-07).
"""

from __future__ import annotations

from chimera_tui.games.station.core import G
from chimera_tui.games.station.state import Task
from chimera_tui.games.station.told import begin, end, tell


def slide(g: G) -> None:
    """Slide the remaining tiles right so the empty spaces are the leftmost ones."""
    tiles = tuple(t for t in g.reactor if t)
    g.reactor = ("",) * (6 - len(tiles)) + tiles


def draw_tile(g: G) -> str:
    """The top tile of the draw pile, reshuffling the discard pile when it runs out ("" if both are empty)."""
    if not g.pile and g.discard:
        shuffled, g.rng = g.rng.shuffle(sorted(g.discard))
        g.pile, g.discard = shuffled, ()
    if not g.pile:
        return ""
    tile, g.pile = g.pile[0], g.pile[1:]
    return tile


def refill(g: G) -> None:
    """Fill every empty Reactor space from the draw pile (ST-REACTOR-10..12), and tell what came in."""
    drawn = []  # what came in: a refill only fills empty spaces (sliding reorders them)
    slide(g)
    for i in range(6):
        if not g.reactor[i]:
            tile = draw_tile(g)
            g.set_reactor(i, tile)
            if tile:
                drawn.append(tile)
    slide(g)
    came = sorted(drawn)
    if came:
        tell(g, "The Reactor refills: " + ", ".join(g.c.modules[x].name for x in came) + ".")
    elif "" in g.reactor:
        tell(g, "The Reactor cannot be refilled: both module piles are used up.")


def visible_rewards(g: G, seat: int, wi: int, src: str) -> None:
    """Gain the rewards printed on every empty Reactor space (ST-REACTOR-05..09, ST-BONUS-12)."""
    from chimera_tui.games.station.effects import run_op

    t = Task("op", seat, wi, "reactor", src=src)
    begin(g, "Reactor rewards")  # (a rule that refuses the action raises, and the whole G is dropped)
    rewards = g.c.reactor
    for i in range(5, -1, -1):  # pushed tasks run in the printed order, left to right
        if not g.reactor[i]:
            for op in reversed(rewards[i].ops):
                run_op(g, t, op)
    end(g)


def boiler(g: G, seat: int, wi: int, src: str) -> None:
    """Boiler Room: rewards for the worker's components, the visible Reactor rewards, then the refill."""
    g.push(Task("refill", seat))
    visible_rewards(g, seat, wi, src)
    track = src != "bonus"
    for comp in g.comps(seat, wi):
        r = g.c.boiler[comp]
        g.gain(seat, r.coins, r.food, track)
        g.score(seat, r.points, "reactor")


def flush_choices(g: G) -> list[str]:
    """Tiles still in the Reactor that a flush may remove (one at a time), then "done"."""
    return [*sorted({t for t in g.reactor if t}), "done"]


def flush_remove(g: G, tile: str) -> None:
    """Move `tile` from the Reactor to the discard pile."""
    i = g.reactor.index(tile)
    g.set_reactor(i, "")
    g.discard = (*g.discard, tile)
