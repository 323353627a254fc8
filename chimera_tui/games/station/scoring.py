"""End-of-game scoring (000 End of the Game; ST-END-*) and the perks' end-game scorings."""

from __future__ import annotations

from chimera_tui.games.station.board import hub_adjacent_modules
from chimera_tui.games.station.components import COMPONENTS
from chimera_tui.games.station.core import Working
from chimera_tui.games.station.state import State


def owned_components(pool: tuple[int, ...] | list[int], workers: list[list] | tuple) -> int:  # type: ignore[type-arg]
    """Components a player owns: in their pool and attached to their workers."""
    return sum(pool) + sum(len(w[0]) for w in workers)


def perk_points(g: Working, seat: int, perk: str) -> int:
    """What one perk scores at the end for `seat`."""
    end = g.c.perk_by_id[perk].end
    p = g.players[seat]
    k, pts = end.kind, end.points
    workers = [w.comps for w in p.workers if w.where != "aside"]
    if k == "flat":
        return pts
    if k == "most_food":  # ties share it; nobody has "the most" of nothing
        return pts if 0 < p.food == max(q.food for q in g.players) else 0
    if k == "most_coins":
        return pts if 0 < p.coins == max(q.coins for q in g.players) else 0
    if k == "per_build":
        return pts * p.builds
    if k == "per_hub_module":
        return pts * hub_adjacent_modules(g)
    if k == "per_rich_worker":
        return pts * sum(1 for c in workers if len(c) >= 2)
    if k == "per_triple_worker":
        return pts * sum(1 for c in workers if len(c) >= 3)
    if k == "per_3_coins":
        return pts * (p.coins // 3)
    if k == "per_2_food":
        return pts * (p.food // 2)
    if k == "per_type":
        kinds = {x for c in workers for x in c} | {COMPONENTS[i] for i, v in enumerate(p.pool) if v}
        return pts * len(kinds)
    if k == "per_tier":
        return pts * p.tier
    if k == "per_worker":
        return pts * len(workers)
    raise ValueError(f"unknown end scoring {k!r}")


def final_scoring(g: Working) -> None:
    """Coins (3 = 1 point), food (2 = 1 point), components (2 each), then every perk (ST-END-02..05)."""
    for seat in g.order():
        p = g.players[seat]
        g.score(seat, p.coins // 3, "coins")
        g.score(seat, p.food // 2, "food")
        g.score(seat, 2 * owned_components(p.pool, [[w.comps] for w in p.workers]), "components")
        for perk in p.perks:
            g.score(seat, perk_points(g, seat, perk), "perk")


def winners(state: State) -> tuple[int, ...]:
    """Highest score; ties go to the most components; still tied, a shared win (ST-END-06..08)."""
    key = [(p.score, owned_components(p.pool, [[w.comps] for w in p.workers])) for p in state.players]
    best = max(key)
    return tuple(i for i, k in enumerate(key) if k == best)


def breakdown(state: State, seat: int) -> dict[str, int]:
    """`seat`'s points by cause ("start", "module", "command", ...), in the order they were first scored."""
    out: dict[str, int] = {}
    for e in state.scoring:
        if e.seat == seat:
            out[e.cause] = out.get(e.cause, 0) + e.points
    return out


def score_by_round(state: State) -> tuple[tuple[int, ...], ...]:
    """Each seat's score at the end of setup (index 0) and of every round played so far (for a chart)."""
    n = len(state.players)
    rounds = max((e.round for e in state.scoring), default=0)
    totals = [[0] * n for _ in range(rounds + 1)]
    for e in state.scoring:
        for r in range(e.round, rounds + 1):
            totals[r][e.seat] += e.points
    return tuple(tuple(row) for row in totals)
