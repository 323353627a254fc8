"""Research tracks (side A from the rules summary, side B per mat) and perks (acquisition, display)."""

from __future__ import annotations

from chimera_tui.games.station.components import Reward
from chimera_tui.games.station.core import Working, seat_snap
from chimera_tui.games.station.effects import run_op
from chimera_tui.games.station.state import Task
from chimera_tui.games.station.told import begin, end, tell_seat


def track(g: Working, seat: int) -> tuple[Reward, ...]:
    """The research track `seat` uses (its mat's side)."""
    p = g.players[seat]
    return g.c.track_a if p.side == "A" else g.c.mat_by_id[p.mat].track_b


SELF_TOLD_OPS = frozenset({"perk", "worker", "component", "gain", "research"})
"""Reward ops that change nothing but the researching seat (or push a task): with only these, an advance
tells itself (`told.tell_seat`) instead of running in a told frame."""


def advance(g: Working, t: Task) -> None:
    """Move one tier up and gain its reward at once; past tier 8, gain tier 8's reward again (ST-RESEARCH).

    Run with no told frame open: it tells itself when its reward changes only the seat (`SELF_TOLD_OPS`),
    else it opens a frame as the task loop would."""
    seat = t.seat
    p = g.w(seat)
    reward = track(g, seat)[min(p.tier + 1, 8) - 2]
    alone = all(op.op in SELF_TOLD_OPS for op in reward.ops)
    if alone:
        snap, scored = seat_snap(p), len(g.scoring)
    else:
        begin(g, t)
    if p.tier < 8:
        p.tier += 1
    op_task = Task("op", seat, t.worker, "research", src=t.src)
    for op in reversed(reward.ops):
        run_op(g, op_task, op)
    if alone:
        tell_seat(g, seat, snap, scored, "research")
    else:
        end(g)


def refill_display(g: Working, to: int = 3) -> None:
    """Deal perks from the deck until the display shows `to` cards (ST-PERK-02); an empty deck deals none."""
    while len(g.perk_display) < to and g.perk_deck:
        g.perk_display = (*g.perk_display, g.perk_deck[0])
        g.perk_deck = g.perk_deck[1:]


def deal_perks(g: Working, k: int) -> None:
    """Station progress: 3 new perks face up in addition to the display (ST-PROGRESS-08, -14)."""
    refill_display(g, len(g.perk_display) + k)


def acquire(g: Working, seat: int, perk: str) -> None:
    """Take `perk` from the display, top the display up to 3, and score its round points (ST-PERK-01..06)."""
    display = list(g.perk_display)
    display.remove(perk)
    g.perk_display = tuple(display)
    p = g.w(seat)
    p.perks = (*p.perks, perk)
    refill_display(g)
    if g.c.perk_by_id[perk].round_points:
        g.score(seat, g.round, "perk")
    if g.has_power(seat, "scholar"):
        g.score(seat, 2, "perk")
