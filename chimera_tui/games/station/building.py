"""Building a module (000 Building a Module A–E) and the ten build bonuses (000 Build Bonus)."""

from __future__ import annotations

from chimera_tui.engine.hexgrid import parse_hex
from chimera_tui.games.station.board import (
    affordable_tiles,
    build_cost,
    free_build_hexes,
    module_at,
    station_modules,
)
from chimera_tui.games.station.core import Working
from chimera_tui.games.station.effects import start_effect, visible_rewards
from chimera_tui.games.station.feasibility import module_problem
from chimera_tui.games.station.reactor import slide
from chimera_tui.games.station.state import Built, Task


def tile_choices(g: Working, t: Task) -> list[str]:
    """Step A: Reactor tiles the builder can pay for (none if no build space is free)."""
    if not free_build_hexes(g):
        return []
    return sorted(set(affordable_tiles(g, t.seat, t.n)))


def hex_choices(g: Working, t: Task) -> list[str]:
    """Step C: empty build spaces next to the Command Hub or a built module."""
    return [str(h) for h in sorted(free_build_hexes(g))]


def choose_tile(g: Working, t: Task, tile: str) -> None:
    """Step A chosen: ask where to build `tile`."""
    g.push(Task("build_hex", t.seat, t.worker, tile, n=t.n, i=int(t.place == "activate"), src=t.src))


def build(g: Working, t: Task, hex_text: str) -> None:
    """Steps A (pay), B (score value × round multiplier), C (place), D (slide), E (build bonus)."""
    seat, tile, h = t.seat, t.place, parse_hex(hex_text)
    p = g.w(seat)
    p.coins -= build_cost(g, seat, tile, t.n)
    g.score(seat, g.c.modules[tile].value * g.multiplier, "module")
    g.built = (*g.built, Built(h, tile, seat, g.round))
    g.free_hexes = None
    p.builds += 1
    g.set_reactor(g.reactor.index(tile), "")
    slide(g)
    if t.i:  # Foundry: activate the new module after its bonus
        g.push(Task("activate_new", seat, -1, tile, src="bonus"))
    g.push(Task("bonus", seat, t.worker, hex_text))


def run_bonus(g: Working, t: Task) -> None:
    """Gain the build bonus printed on the space `t.place` (never a tentacle bonus, ST-TENTACLE-04/10)."""
    h = parse_hex(t.place)
    b = g.c.space_at[h].bonus
    assert b is not None
    seat, r = t.seat, g.round
    k = b.kind
    if k == "fixed":
        g.gain(seat, b.coins, b.food, track=False)
        g.score(seat, b.points, "bonus")
    elif k == "coins_round":
        g.gain(seat, r, 0, track=False)
    elif k == "food_round":
        g.gain(seat, 0, r, track=False)
    elif k == "points_round":
        g.score(seat, r, "bonus")
    elif k == "component_any":
        g.push(Task("component", seat, -1, src="bonus"))
    elif k == "component":
        g.gain_component(seat, b.component, track=False)
    elif k == "research":
        g.push(Task("research", seat, -1, src="bonus"))
    elif k == "recall":
        g.push(Task("recall", seat, -1, src="bonus"))
    elif k == "reactor":
        visible_rewards(g, seat, -1, "bonus")
    elif k == "activate":
        g.push(Task("activate", seat, -1, t.place, src="bonus"))


def activate_choices(g: Working, t: Task) -> list[str]:
    """Modules next to the new module that a workerless activation may use (ST-BONUS-13..18), and "skip"."""
    h = parse_hex(t.place)
    at = module_at(g)
    open_ids = set(station_modules(g))
    out = []
    for nb in h.neighbours():
        mid = at.get(nb)
        if mid is None or mid not in open_ids:
            continue
        m = g.c.modules[mid]
        if not m.affects_worker and module_problem(g, t.seat, -1, m) is None:
            out.append(mid)
    return [*sorted(out), "skip"]


def activate(g: Working, t: Task, mid: str) -> None:
    """Activate the chosen neighbouring module without a worker (nothing for skip)."""
    if mid != "skip":
        start_effect(g, t.seat, -1, mid, src="bonus")


def activate_new(g: Working, t: Task) -> None:
    """Foundry: the module just built works for its builder, without a worker."""
    m = g.c.modules[t.place]
    if not m.affects_worker and module_problem(g, t.seat, -1, m) is None:
        start_effect(g, t.seat, -1, t.place, src="bonus")
