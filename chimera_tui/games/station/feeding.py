"""The Feeding phase (000 Feeding Phase; ST-FEED-*, ST-LEAF-*)."""

from __future__ import annotations

from chimera_tui.games.station.core import COMPONENT_INDEX, Working
from chimera_tui.games.station.state import Task, Worker
from chimera_tui.games.station.told import WHY_WORDS, food_words, points_words, worker_change

FED = " — " + WHY_WORDS["feed"]
"""The reason told for what feeding a seat changed."""


def feed_seat(g: Working, t: Task) -> None:
    """Take workers back, let double leaves grow 2 food, pay 1 food per non-leaf worker, note the shortfall.

    It tells itself, run with no told frame open: all it can change that is told is the seat's food (workers
    come back from modules, the Lab or the Lounge, which says nothing)."""
    seat = t.seat
    p = g.w(seat)
    food = p.food
    grown = owed = 0
    for comps in g.gather(seat):
        if "leaf" not in comps:
            owed += 1
        elif comps.count("leaf") >= 2:
            grown += 2
    p.food += grown
    if owed and g.has_power(seat, "grower"):
        owed -= 1
    paid = min(owed, p.food)
    p.food -= paid
    if p.food != food:
        g.told.append(f"{g.names[seat]}: {food_words(p.food - food)}{FED}")
    if owed > paid:
        g.push(*(Task("feed_lose", seat) for _ in range(owed - paid)))


def lose_choices(g: Working, t: Task) -> list[str]:
    """One attached component to give back per food short (ST-FEED-04): "w<i>:<type>"."""
    workers = g.players[t.seat].workers
    known = _LOSABLE.get(workers)
    if known is None:
        if len(_LOSABLE) >= 10_000:
            _LOSABLE.clear()
        seen: set[tuple[tuple[str, ...], str]] = set()
        known = []
        for wi, w in enumerate(workers):
            comps = w.comps
            for k in sorted(set(comps)):
                if (comps, k) not in seen:
                    seen.add((comps, k))
                    known.append(f"w{wi}:{k}")
        _LOSABLE[workers] = known
    return known


_LOSABLE: dict[tuple[Worker, ...], list[str]] = {}
"""A seat's workers -> `lose_choices` (a list never changed: the answers of a question)."""


LOST = " — " + WHY_WORDS["feed_lose"]


def lose(g: Working, t: Task, value: str) -> None:
    """Return the chosen attached component to the supply; it tells itself (`prompts.SELF_TOLD`)."""
    w, kind = value[1:].split(":")
    wi = int(w)
    comps = list(g.comps(t.seat, wi))
    comps.remove(kind)
    g.set_comps(t.seat, wi, tuple(comps))
    g.add_supply(COMPONENT_INDEX[kind], 1)
    now = g.players[t.seat].workers[wi].comps
    g.told.append(f"{g.names[t.seat]}: {worker_change(wi, kind, '', now)}{LOST}")


STARVED = " — feeding: a food short and no component left"


def starve(g: Working, t: Task) -> None:
    """No attached component left: 2 points instead (ST-FEED-06); it tells itself."""
    g.score(t.seat, -2, "feeding")
    g.told.append(f"{g.names[t.seat]}: {points_words(-2)}{STARVED}")
