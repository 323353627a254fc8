"""The Reactor: building drains it, the Boiler Room (and Tanning Salon) refills it with rewards, and each
player may flush it once with their starting card.

The 6 spaces are kept with the empty ones leftmost (tiles slide right after a build, ST-BUILD-07); space i's
printed reward is visible while it is empty; the Boiler Room gives all visible rewards (ST-REACTOR-07).
"""

from __future__ import annotations

from chimera_tui.games.station.core import Working, seat_snap
from chimera_tui.games.station.state import Task
from chimera_tui.games.station.told import begin, coins_words, end, food_words, points_words, tell, tell_seat


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


def visible_rewards(g: Working, seat: int, wi: int, src: str) -> None:
    """Gain the rewards printed on every empty Reactor space (ST-REACTOR-05..09, ST-BONUS-12)."""
    from chimera_tui.games.station.effects import run_op

    if "" not in g.reactor:
        return  # no reward is visible (and, opened first in its step, a frame would tell nothing)
    t = Task("op", seat, wi, "reactor", src=src)
    begin(g, "Reactor rewards")  # (a rule that refuses the action raises: the working copy is dropped)
    rewards = g.c.reactor
    for i in range(5, -1, -1):  # pushed tasks run in the printed order, left to right
        if not g.reactor[i]:
            for op in reversed(rewards[i].ops):
                run_op(g, t, op)
    end(g)


REWARD_OPS = frozenset({"gain", "component", "research"})
"""Reward ops that change nothing but the rewarded seat (or push a task): while the Reactor's rewards are only
these, the Boiler Room tells itself (`told_boiler`)."""


def told_boiler(g: Working, seat: int, wi: int, src: str, why: str) -> None:
    """`boiler` run with no told frame open, telling itself as its frames would (the visible rewards, then
    what the worker's components gave, with `why` the module's name as " — Name")."""
    from chimera_tui.games.station.effects import run_op

    g.push(Task("refill", seat))
    p = g.players[seat]
    if "" in g.reactor:
        snap, scored = seat_snap(p), len(g.scoring)
        t = Task("op", seat, wi, "reactor", src=src)
        rewards = g.c.reactor
        for i in range(5, -1, -1):  # pushed tasks run in the printed order, left to right
            if not g.reactor[i]:
                for op in reversed(rewards[i].ops):
                    run_op(g, t, op)
        tell_seat(g, seat, snap, scored, "Reactor rewards")
    comps = p.workers[wi].comps if wi >= 0 else ()
    if comps:
        track = src != "bonus"
        coins = food = points = 0
        for comp in comps:
            r = g.c.boiler[comp]
            g.gain(seat, r.coins, r.food, track)
            g.score(seat, r.points, "reactor")
            coins += r.coins
            food += r.food
            points += r.points
        said = ", ".join(x for x in (coins_words(coins), food_words(food), points_words(points)) if x)
        if said:
            g.told.append(f"{g.names[seat]}: {said}{why}")


def boiler(g: Working, seat: int, wi: int, src: str) -> None:
    """Boiler Room: rewards for the worker's components, the visible Reactor rewards, then the refill."""
    g.push(Task("refill", seat))
    visible_rewards(g, seat, wi, src)
    track = src != "bonus"
    for comp in g.comps(seat, wi):
        r = g.c.boiler[comp]
        g.gain(seat, r.coins, r.food, track)
        g.score(seat, r.points, "reactor")


def flush_choices(g: Working) -> list[str]:
    """Tiles still in the Reactor that a flush may remove (one at a time), then "done"."""
    known = _FLUSHABLE.get(g.reactor)
    if known is None:
        if len(_FLUSHABLE) >= 10_000:
            _FLUSHABLE.clear()
        known = _FLUSHABLE[g.reactor] = [*sorted({t for t in g.reactor if t}), "done"]
    return known


_FLUSHABLE: dict[tuple[str, ...], list[str]] = {}
"""Reactor contents -> `flush_choices` (a list never changed: the answers of a question)."""


def flush_remove(g: Working, tile: str) -> None:
    """Move `tile` from the Reactor to the discard pile."""
    i = g.reactor.index(tile)
    g.set_reactor(i, "")
    g.discard = (*g.discard, tile)
