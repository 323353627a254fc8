"""Module effects compiled once into plain functions: the task loop's fast engine for the common ops.

`effects.run_op` interprets an `Op` generically, and the task loop wraps each op in a `told` frame that notes
the seats before the op and words what changed after it. Most ops a game runs are simple (gains, payments,
a named component, the Command Hub's points and marker): what they change is known from the op itself, so
each is compiled here, once per module option, into a `Step` that makes its changes and words its own
sentence directly, exactly as the frame would have worded it (`told.py`'s phrases, the module's name as the
reason). An op that asks a question, moves workers or reads more of the game is left as None and runs
through `run_op` and a frame as before.

A step runs only where the task loop would run the op in a frame of its own: with no frame open (so
`Working.w` notes nothing), as the next thing on the stack. `run_effect` runs a whole option of compiled steps
at once instead of pushing one op task per step, since no question can come between them; the stack seen at
every decision is the same as before.
"""

from __future__ import annotations

from collections.abc import Callable

from chimera_tui.games.station.board import hub_adjacent_modules, station_modules
from chimera_tui.games.station.checks import feasible
from chimera_tui.games.station.components import ModuleDef, Op
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import COMPONENT_INDEX, Working
from chimera_tui.games.station.effects import REWARD_OPS, command, told_boiler
from chimera_tui.games.station.feasibility import fits, needs_of
from chimera_tui.games.station.state import ScoreEvent, Task
from chimera_tui.games.station.told import coins_words, food_words, points_words, pool_words

Step = Callable[[Working, int, int, bool], None]
"""A compiled op: (working copy, seat, worker index or -1, track the gain for the tentacle bonus)."""


def _said(*parts: str) -> str:
    """The parts of a seat's sentence that are not empty, joined as told.py joins them."""
    return ", ".join(x for x in parts if x)


def _gain(op: Op, why: str) -> Step:
    coins, food, points = op.coins, op.food, op.points
    text = _said(coins_words(coins), food_words(food), points_words(points))
    tracked = (max(coins, 0), max(food, 0)) if coins > 0 or food > 0 else None

    def step(g: Working, seat: int, wi: int, track: bool) -> None:
        p = g.w(seat)
        p.coins += coins
        p.food += food
        if track and tracked is not None:
            g.track(seat, *tracked)
        if points:
            p.score += points
            g.scoring = (*g.scoring, ScoreEvent(seat, points, "effect", g.round))
        if text:
            g.told.append(f"{g.names[seat]}: {text}{why}")

    return step


def _pay(op: Op, why: str) -> Step:
    coins, food = op.coins, op.food
    text = _said(coins_words(-coins), food_words(-food))

    def step(g: Working, seat: int, wi: int, track: bool) -> None:
        p = g.w(seat)
        p.coins -= coins
        p.food -= food
        if text:
            g.told.append(f"{g.names[seat]}: {text}{why}")

    return step


def _scaled(op: Op, why: str, count: Callable[[Working, int, int], int]) -> Step:
    """gain_round, gain_per, per_hub, per_color: the op's amounts times a count worked out when it runs."""
    coins, food, points = op.coins, op.food, op.points

    def step(g: Working, seat: int, wi: int, track: bool) -> None:
        k = count(g, seat, wi)
        g.gain(seat, coins * k, food * k, track)
        if points * k:
            g.score(seat, points * k, "effect")
        text = _said(coins_words(coins * k), food_words(food * k), points_words(points * k))
        if text:
            g.told.append(f"{g.names[seat]}: {text}{why}")

    return step


def _component(op: Op, why: str) -> Step:
    kind, n = op.kind, op.n
    i = COMPONENT_INDEX[kind]

    def step(g: Working, seat: int, wi: int, track: bool) -> None:
        have = g.supply[i]
        got = min(have, n)
        short = n - got
        if got:
            supply = list(g.supply)
            supply[i] -= got
            g.supply = tuple(supply)  # type: ignore[assignment]
            g.w(seat).add_pool(i, got)
        for _ in range(short):
            g.score(seat, 2, "supply")
        if track:
            for _ in range(n):
                g.track(seat, comp=kind)
        text = _said(pool_words(kind, got), points_words(2 * short))
        g.told.append(f"{g.names[seat]}: {text}{why}")

    return step


def _command(op: Op, why: str) -> Step:
    def step(g: Working, seat: int, wi: int, track: bool) -> None:
        scored = g.players[seat].score
        command(g, seat, wi)
        points = g.players[seat].score - scored
        if points:
            g.told.append(f"{g.names[seat]}: {points_words(points)}{why}")

    return step


def _marker(op: Op, why: str) -> Step:
    def step(g: Working, seat: int, wi: int, track: bool) -> None:
        if not g.marker_taken:
            g.marker_taken = True
            if g.start != seat:
                g.start = seat
                g.told.append(f"{g.names[seat]} takes the start player marker{why}")

    return step


def _per_round(g: Working, seat: int, wi: int) -> int:
    return g.round


def _per_worker(per: str) -> Callable[[Working, int, int], int]:
    def count(g: Working, seat: int, wi: int) -> int:
        return g.comps(seat, wi).count(per)

    return count


def _per_hub(g: Working, seat: int, wi: int) -> int:
    return hub_adjacent_modules(g)


def _per_color(color: str) -> Callable[[Working, int, int], int]:
    def count(g: Working, seat: int, wi: int) -> int:
        modules = g.c.modules
        return sum(1 for mid in station_modules(g) if modules[mid].color == color)

    return count


def _boiler(op: Op, why: str) -> Step | None:
    """The Boiler Room's refill (and its kin's), when the Reactor's rewards change only the rewarded seat."""
    if any(o.op not in REWARD_OPS for r in content().reactor for o in r.ops):
        return None

    def step(g: Working, seat: int, wi: int, track: bool) -> None:
        told_boiler(g, seat, wi, "" if track else "bonus", why)

    return step


def compile_op(op: Op, why: str) -> Step | None:
    """`op` of a module (named in `why`, " — Name") as a Step, or None when it runs through `run_op`."""
    k = op.op
    if k == "gain":
        return _gain(op, why)
    if k == "pay":
        return _pay(op, why)
    if k == "gain_round":
        return _scaled(op, why, _per_round)
    if k == "gain_per":
        return _scaled(op, why, _per_worker(op.per))
    if k == "per_hub":
        return _scaled(op, why, _per_hub)
    if k == "per_color":
        return _scaled(op, why, _per_color(op.kind))
    if k == "component" and op.kind != "any" and op.n > 0:
        return _component(op, why)
    if k == "command":
        return _command(op, why)
    if k == "marker":
        return _marker(op, why)
    if k == "refill":
        return _boiler(op, why)
    return None


Plan = tuple[tuple[Step | None, ...], ...]
"""A module's options, each as its ops' Steps (None where an op runs through `run_op`)."""


def compile_module(m: ModuleDef) -> Plan:
    """Every option of `m` compiled (see `compile_op`)."""
    why = f" — {m.name}" if m.name else ""
    return tuple(tuple(compile_op(op, why) for op in opt.ops) for opt in m.options)


class _Plans(dict[str, Plan]):
    """Module id -> its Plan, compiled the first time it is asked for."""

    def __missing__(self, mid: str) -> Plan:
        made = self[mid] = compile_module(content().modules[mid])
        return made


PLANS = _Plans()


SETTLED = frozenset(
    {"gain", "pay", "gain_round", "gain_per", "per_hub", "per_color", "component", "command", "marker"}
)
"""Compiled ops that push no task and change no Reactor tile: a module made of only these settles everything
it does at once (the Boiler Room's refill, compiled too, pushes the refill and may push rewards' tasks)."""


class _Whole(dict[str, tuple[tuple[Step, ...], ...] | None]):
    """Module id -> each option's Steps, when every op of every option is compiled and `SETTLED` and the
    options' use is answered by `feasibility.needs_of` (else None): such a module, placed on, runs start to
    end at once."""

    def __missing__(self, mid: str) -> tuple[tuple[Step, ...], ...] | None:
        plan = PLANS[mid]
        made = None
        m = content().modules[mid]
        settled = all(op.op in SETTLED for o in m.options for op in o.ops)
        if settled and needs_of(m) is not None:
            steps = [tuple(s for s in option if s is not None) for option in plan]
            if all(len(s) == len(option) for s, option in zip(steps, plan, strict=True)):
                made = tuple(steps)
        self[mid] = made
        return made


WHOLE = _Whole()


def only_option(g: Working, seat: int, wi: int, mid: str) -> int | None:
    """The index of the one option of `mid` that can be carried out, or None when none or several can (the
    same answers as `feasibility.feasible_options`; `mid`'s options must all have needs, see `WHOLE`)."""
    p = g.players[seat]
    found = None
    for i, need in enumerate(needs_of(g.c.modules[mid])):  # type: ignore[arg-type]
        if fits(p, wi, need):
            if found is not None:
                return None
            found = i
    return found


def run_effect(g: Working, t: Task) -> None:
    """`effects.run_effect` with the chosen option's leading compiled ops run at once (see the module doc):
    the ops after the first one that is not compiled are pushed as op tasks, as `push_option` would."""
    seat, wi, place = t.seat, t.worker, t.place
    opts = feasible(g, seat, wi, place)
    if len(opts) != 1:
        if opts:
            g.push(Task("option", seat, wi, place, src=t.src))
        return
    index = opts[0]
    steps = PLANS[place][index]
    track = t.src != "bonus"
    done = 0
    for step in steps:
        if step is None:
            break
        step(g, seat, wi, track)
        done += 1
    n = len(steps)
    if done < n:
        src = t.src
        g.tasks.extend([Task("op", seat, wi, place, index, i, src) for i in range(n - 1, done - 1, -1)])
