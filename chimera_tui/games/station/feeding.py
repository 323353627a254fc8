"""The Feeding phase (000 Feeding Phase; ST-FEED-*, ST-LEAF-*)."""

from __future__ import annotations

from chimera_tui.games.station.core import CI, G
from chimera_tui.games.station.state import Task


def feed_seat(g: G, t: Task) -> None:
    """Take workers back, let double leaves grow 2 food, pay 1 food per non-leaf worker, note the shortfall."""
    seat = t.seat
    p = g.w(seat)
    for wi, w in enumerate(p.workers):
        if w.where != "aside":
            g.move(seat, wi, "pool")
    pool = [w.comps for w in p.workers if w.where == "pool"]
    p.food += 2 * sum(1 for c in pool if c.count("leaf") >= 2)
    owed = sum(1 for c in pool if c.count("leaf") == 0)
    if g.has_power(seat, "grower"):
        owed = max(owed - 1, 0)
    paid = min(owed, p.food)
    p.food -= paid
    g.push(*(Task("feed_lose", seat) for _ in range(owed - paid)))


def lose_choices(g: G, t: Task) -> list[str]:
    """One attached component to give back per food short (ST-FEED-04): "w<i>:<type>"."""
    seen: set[tuple[tuple[str, ...], str]] = set()
    out = []
    for wi, w in enumerate(g.players[t.seat].workers):
        comps = w.comps
        for k in sorted(set(comps)):
            if (comps, k) not in seen:
                seen.add((comps, k))
                out.append(f"w{wi}:{k}")
    return out


def lose(g: G, t: Task, value: str) -> None:
    """Return the chosen attached component to the supply."""
    w, kind = value[1:].split(":")
    wi = int(w)
    comps = list(g.comps(t.seat, wi))
    comps.remove(kind)
    g.set_comps(t.seat, wi, tuple(comps))
    g.add_supply(CI[kind], 1)


def starve(g: G, t: Task) -> None:
    """No attached component left: 2 points instead (ST-FEED-06)."""
    g.score(t.seat, -2, "feeding")
