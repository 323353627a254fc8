"""Imaginarium's bots: a greedy bot with one move of lookahead, and the three strategy bots of design 19.

Every bot sees only its view. To look ahead it first fills in what is hidden with a fixed guess (the unseen
machines, fragments and assistants sorted into the piles, other teams' screens empty), applies each legal
action, and keeps the one whose result is worth most to its team by `Weights`:

    worth = vp × 10 + stock value (C 1, W 1, Cu 2, Cr 3) + engine × Σ machine_value of repaired machines
            + 0.5 × Σ level of broken machines + 2.5 × assistants + dream × (fragments + track progress)
            + raid × attack machines repaired + defence for a working defense machine
            + projects × Σ over projects in play not yet completed of 4 × how much of the condition is met

A few decisions change nothing at once, so they are valued by what they open: a belt place by the machine's
worth less its price (an extractor by its charcoalium), a dial position (or a daydream) by the best decision
it allows next.
Ties go to ending a step (``end``, ``done``, ``stop``), then to the bot's own seeded Rng. The three strategy
bots are the greedy bot with other weights: "engine" (projects and machines), "dreamer" (fragments and the
dream track) and "raider" (attack machines and defenses).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import msgspec
from msgspec.structs import replace

from chimera_tui.engine.rng import Rng
from chimera_tui.engine.ruleset import Ruleset
from chimera_tui.games.imaginarium.content import Op
from chimera_tui.games.imaginarium.projects import dream_run
from chimera_tui.games.imaginarium.rules import RULES
from chimera_tui.games.imaginarium.state import HIDDEN, Seat, State, Team
from chimera_tui.games.imaginarium.work import tables

A = TypeVar("A")
VALUE = (1.0, 1.0, 2.0, 3.0)
"""What a unit of charcoalium, wood, copper and crystal is worth to the bots."""


class Weights(msgspec.Struct, frozen=True):
    engine: float = 1.5
    projects: float = 1.0
    dream: float = 0.6
    raid: float = 0.5
    defence: float = 1.0


STYLES: dict[str, Weights] = {
    "greedy": Weights(),
    "engine": Weights(engine=2.0, projects=1.6, dream=0.2, raid=0.0),
    "dreamer": Weights(engine=1.0, projects=0.6, dream=2.2, raid=0.0),
    "raider": Weights(engine=1.2, projects=0.8, dream=0.3, raid=4.0, defence=2.0),
}
"""The greedy bot's weights and the three strategy bots' (design 19)."""


def _distances() -> dict[str, int]:
    """Steps from Start to each dream-track space (the shortest way)."""
    t = tables()
    out = {t.c.dream.start: 0}
    frontier = [t.c.dream.start]
    while frontier:
        here = frontier.pop(0)
        for nxt in t.space_next[here]:
            if nxt not in out:
                out[nxt] = out[here] + 1
                frontier.append(nxt)
    return out


_DIST: dict[str, int] = {}


def determinize(view: State, seat: int) -> State:
    """`view` with a fixed guess for what is hidden: unseen cards sorted into the piles, other screens empty."""
    c = tables().c
    mine = view.seats[seat].team
    teams = tuple(
        tm
        if i == mine or tm.vp
        else Team((0, 0, 0, 0), (0,) * 6, (0, 0, 0, 0, 0), tm.broken, tm.dream, tm.token)
        for i, tm in enumerate(view.teams)
    )
    deck = view.deck
    if HIDDEN in deck:
        deck = tuple(sorted(c.core_deck))[: len(deck)]
    pile = view.pile
    if HIDDEN in pile:
        pile = tuple(sorted(("R", "G", "E", "F") * 12))[: len(pile)]
    helpers = view.helpers
    if HIDDEN in helpers:
        helpers = tuple(sorted(a.id for a in c.assistants if a.id not in view.meeting))[: len(helpers)]
    return replace(view, teams=teams, deck=deck, pile=pile, helpers=helpers)


def _partial(view: State, seat: int, cond: Op) -> float:
    """How much of one project condition `seat` meets, from 0 to 1."""
    t = tables()
    p = view.seats[seat]
    tm = view.teams[p.team]
    op = cond.op
    if op == "machines":
        have = sum(1 for sl in p.slots for code in sl if t.type[code] in cond.kinds)
        return min(1.0, have / cond.n)
    if op == "stock":
        need = (cond.c, cond.w, cond.cu, cond.cr)
        parts = [min(1.0, tm.stock[k] / need[k]) for k in range(4) if need[k]]
        return sum(parts) / len(parts)
    if op == "slots_filled":
        return sum(1 for sl in p.slots if sl) / len(p.slots)
    if op == "pairs":
        return min(1.0, sum(1 for sl in p.slots if len(sl) >= 2) / cond.n)
    if op == "assistants":
        return min(1.0, len(p.assistants) / cond.n)
    if op == "level_sum":
        return min(1.0, sum(t.level[code] for sl in p.slots for code in sl) / cond.n)
    if op == "production_kinds":
        made = {k for sl in p.slots for code in sl for k, v in enumerate(t.produce.get(code, ())) if v}
        return min(1.0, len(made) / cond.n)
    if op == "broken":
        return min(1.0, len(tm.broken) / cond.n)
    if op == "dream_run":
        return min(1.0, dream_run(tm.dream) / cond.n)
    if op == "types_in_slots":
        kinds = {t.type[code] for sl in p.slots for code in sl}
        return sum(1 for k in cond.kinds if k in kinds) / len(cond.kinds)
    return 0.0


def worth(view: State, seat: int, wt: Weights) -> float:
    """The heuristic value of `view` for `seat`'s team (see the module docstring)."""
    t = tables()
    if not _DIST:
        _DIST.update(_distances())
    p: Seat = view.seats[seat]
    tm = view.teams[p.team]
    value = 10.0 * sum(tm.vp) + sum(v * k for v, k in zip(VALUE, tm.stock, strict=True))
    for s in view.seats:
        if s.team != p.team:
            continue
        for sl in s.slots:
            for code in sl:
                value += wt.engine * machine_value(code)
                kind = t.type[code]
                if kind == "attack":
                    value += wt.raid
                elif kind == "defense":
                    value += wt.defence
        value += 2.5 * len(s.assistants)
    value += 0.5 * sum(t.level[code] for code in tm.broken)
    value += wt.dream * (sum(tm.frags[:4]) + 0.5 * tm.frags[4] + 1.5 * _DIST.get(tm.token, 0))
    for pid in view.projects:
        if pid not in p.projects:
            conds = t.c.project[pid].conditions
            value += wt.projects * 4.0 * min(_partial(view, seat, cond) for cond in conds) ** 2
    return value


_ENDS = ("end", "done", "stop")
HORIZON = 4.0
"""Turns of output a repaired production machine is worth to the bots."""


def machine_value(code: str) -> float:
    """What a repaired machine is worth: a production machine its output over `HORIZON` turns, plus 1;
    any other machine 2 × (level + 1)."""
    t = tables()
    made = t.produce.get(code)
    if made is not None:
        return HORIZON * sum(v * k for v, k in zip(VALUE, made, strict=True)) + 1.0
    return 2.0 * (t.level[code] + 1)


class GreedyBot:
    """One move of lookahead on `worth`, seeing only its view."""

    name = "greedy"
    style = "greedy"

    def __init__(self, rules: Ruleset[Any, Any], seed: int) -> None:
        self.rules = rules
        self.weights = STYLES[self.style]
        self._rng = Rng(seed)

    def _value(self, state: State, seat: int, text: str, depth: int) -> float:
        t = tables()
        verb = text.split(" ", 1)[0]
        if verb == "place":
            i = int(text.split()[1]) - 1
            code = state.belt[i]
            price = t.surcharges[i] + t.level[code]
            gain = 0.6 * self.weights.engine * machine_value(code) + 1.0
            gain += {"attack": self.weights.raid, "defense": self.weights.defence}.get(t.type[code], 0.0)
            if state.belt_frags[i]:
                gain += self.weights.dream
            return gain - price * 0.8
        if verb in ("x1", "x2"):
            return (t.x1_gives if verb == "x1" else t.x2_gives) * 0.9
        try:
            after = RULES.apply(state, RULES.parse(state, text))
        except Exception:  # a guess about the hidden piles can make a step impossible
            return worth(state, seat, self.weights)
        if verb in ("dial", "daydream") and depth == 0:
            nexts = [str(o) for o in RULES.legal_actions(after) if str(o) != "end"]
            return max(
                (self._value(after, seat, o, 1) for o in nexts), default=worth(after, seat, self.weights)
            )
        value = worth(after, seat, self.weights)
        return value + (0.01 if verb in _ENDS else 0.0)

    def choose(self, view: Any, legal: Sequence[A], seat: int) -> A:
        if len(legal) == 1:
            return legal[0]
        state = determinize(view, seat)
        best: list[A] = []
        top = float("-inf")
        for action in legal:
            v = self._value(state, seat, str(action), 0)
            if v > top + 1e-9:
                top, best = v, [action]
            elif abs(v - top) <= 1e-9:
                best.append(action)
        pick, self._rng = self._rng.choice(best)
        return pick


class EngineBot(GreedyBot):
    """Projects and engine: values repaired machines and project progress most."""

    name = "engine"
    style = "engine"


class DreamerBot(GreedyBot):
    """The dreamer: values fragments and progress on the dream track most."""

    name = "dreamer"
    style = "dreamer"


class RaiderBot(GreedyBot):
    """The raider: values attack machines (and defenses) most."""

    name = "raider"
    style = "raider"


BOTS = {"greedy": GreedyBot, "engine": EngineBot, "dreamer": DreamerBot, "raider": RaiderBot}
"""The game's own bots, strongest first (the generic random bot is added by the registry)."""
