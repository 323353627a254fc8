"""Module effects: carrying out a module's option op by op (the small op vocabulary of the data files),
and the Boiler Room, whose refill gives the Reactor's visible rewards, themselves ops.

A module lists options; an option is a sequence of ops. Placing a worker carries out one possible option
(feasibility.py says which can be). Ops that need a decision push a choice task (see prompts.py); the others
change the game at once. The Reactor's own mechanics (sliding, refilling, flushing) are reactor.py's, which
runs no op, so the imports run one way: effects -> reactor.
"""

from __future__ import annotations

from chimera_tui.games.station.board import hub_adjacent_modules, station_modules
from chimera_tui.games.station.components import COMPONENTS, Op
from chimera_tui.games.station.core import COMPONENT_INDEX, LAB_SLOTS, Working, seat_snap
from chimera_tui.games.station.feasibility import feasible_options
from chimera_tui.games.station.reactor import refill
from chimera_tui.games.station.state import PLACEMENT, Task
from chimera_tui.games.station.told import begin, coins_words, end, food_words, points_words, tell_seat


def start_effect(g: Working, seat: int, wi: int, mid: str, src: str = "") -> None:
    """Carry out module `mid` for `seat`: one option (asked if several are possible), op by op."""
    g.tasks.append(Task("effect", seat, wi, mid, src=src))


def run_effect(g: Working, t: Task) -> None:
    """Choose the option to carry out (ask when several are possible) and push its ops."""
    m = g.c.modules[t.place]
    opts = feasible_options(g, t.seat, t.worker, m)
    if len(opts) == 1:
        push_option(g, t, opts[0])
    elif opts:
        g.push(Task("option", t.seat, t.worker, t.place, src=t.src))


def push_option(g: Working, t: Task, index: int) -> None:
    """Push the ops of option `index` of the task's module, to run in order."""
    n = len(g.c.modules[t.place].options[index].ops)
    seat, wi, place, src = t.seat, t.worker, t.place, t.src
    if n == 1:
        g.tasks.append(Task("op", seat, wi, place, index, 0, src))
    else:
        g.tasks.extend([Task("op", seat, wi, place, index, i, src) for i in range(n - 1, -1, -1)])


def run_op(g: Working, t: Task, op: Op) -> None:
    """Carry out one op for task `t` (the op's place, option and index are in `t`)."""
    seat, wi, track = t.seat, t.worker, t.src != "bonus"
    cause = t.place if t.place in ("reactor", "research") else "effect"
    k = op.op
    if k == "gain":
        g.gain(seat, op.coins, op.food, track)
        g.score(seat, op.points, cause)
    elif k == "gain_round":
        g.gain(seat, op.coins * g.round, op.food * g.round, track)
        g.score(seat, op.points * g.round, cause)
    elif k == "gain_per":
        c = g.comps(seat, wi).count(op.per)
        g.gain(seat, op.coins * c, op.food * c, track)
        g.score(seat, op.points * c, "effect")
    elif k == "per_hub":
        c = hub_adjacent_modules(g)
        g.gain(seat, op.coins * c, op.food * c, track)
        g.score(seat, op.points * c, "effect")
    elif k == "per_color":
        c = sum(1 for mid in station_modules(g) if g.c.modules[mid].color == op.kind)
        g.gain(seat, op.coins * c, op.food * c, track)
    elif k == "pay":
        p = g.w(seat)
        p.coins -= op.coins
        p.food -= op.food
    elif k == "component":
        if op.kind == "any":
            g.push(*(Task("component", seat, wi, src=t.src) for _ in range(op.n)))
        else:
            for _ in range(op.n):
                g.gain_component(seat, op.kind, track)
    elif k == "research":
        g.push(*(Task("research", seat, wi, src=t.src) for _ in range(op.n)))
    elif k == "build":
        g.push(Task("build_tile", seat, wi, op.kind, n=op.coins, src=t.src))
    elif k == "command":
        command(g, seat, wi)
    elif k == "marker":
        if not g.marker_taken:
            g.marker_taken = True
            g.start = seat
    elif k == "refill":
        boiler(g, seat, wi, t.src)
    elif k == "recall":
        g.push(Task("recall", seat, wi, src=t.src, n=0 if t.src == "bonus" else 1))
    elif k in ("detach", "discard", "graft"):
        g.push(Task(k, seat, wi, op.kind, src=t.src))
    elif k == "attach":
        g.push(Task("attach", seat, wi, src=t.src))
    elif k == "perk":
        g.push(Task("perk", seat, wi, src=t.src))
    elif k == "copy":
        g.push(Task("copy", seat, wi, t.place, src=t.src))
    elif k == "beg":
        g.push(*(Task("beg", (seat + d) % g.n, -1, str(seat)) for d in range(1, g.n)))
    elif k == "send":
        g.push(*(Task("send", seat, wi, t.place) for _ in range(op.n)))
    elif k == "swap":
        g.push(Task("swap", seat, wi, t.place))
    elif k == "place":
        g.push(Task("place", seat, wi))
    elif k == "again":
        if wi >= 0 and g.phase is PLACEMENT:  # once: a Dispatch worker placed again does not repeat
            g.again = (*g.again, (seat, wi))
    elif k == "wipe":
        g.discard = (*g.discard, *(x for x in g.reactor if x))
        g.reactor = ("",) * 6
        refill(g)
    elif k == "worker":
        for i, w in enumerate(g.players[seat].workers):
            if w.where == "aside":
                g.move(seat, i, "pool")
                break
    else:  # pragma: no cover - content validation rejects unknown ops
        raise ValueError(f"unknown op {k!r}")


def command(g: Working, seat: int, wi: int) -> None:
    """Score the values of modules occupied by opponents (and by yourself with a double brain, ST-BRAIN-07)."""
    own = wi >= 0 and g.comps(seat, wi).count("brain") >= 2
    total = 0
    for mid, (s, _) in g.occupancy().items():
        if mid in LAB_SLOTS:
            continue
        if s != seat or own:
            total += g.c.modules[mid].value
    g.score(seat, total, "command")


def component_choices(g: Working) -> list[str]:
    """Types a "component of your choice" may be (ST-SPLICE-14: only types in stock)."""
    return [k for k in COMPONENTS if g.supply[COMPONENT_INDEX[k]] > 0]


# ---------------------------------------------------------------------------------------------- the Boiler Room


def visible_rewards(g: Working, seat: int, wi: int, src: str) -> None:
    """Gain the rewards printed on every empty Reactor space (ST-REACTOR-05..09, ST-BONUS-12)."""
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
