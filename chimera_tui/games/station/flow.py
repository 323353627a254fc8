"""The game's flow: setup (A–O), the rounds with their station progress, turn order, the Splicing Lab
phase's order, the Feeding phase, and the task loop that runs everything that needs no decision.
"""

from __future__ import annotations

from collections.abc import Callable

from chimera_tui.engine.rng import Rng
from chimera_tui.games.station import building, feeding, research
from chimera_tui.games.station.components import Content
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import LAB_SLOTS, Working
from chimera_tui.games.station.effects import run_op
from chimera_tui.games.station.plans import PLANS, run_effect
from chimera_tui.games.station.prompts import CHOICES, EMPTY, UNFRAMED, flush_after_matters
from chimera_tui.games.station.reactor import refill
from chimera_tui.games.station.scoring import final_scoring
from chimera_tui.games.station.state import (
    DRAFT,
    FEEDING,
    LAB,
    OVER,
    PLACEMENT,
    Player,
    ScoreEvent,
    State,
    Task,
    Worker,
)
from chimera_tui.games.station.told import begin, end, round_summary, tell
from chimera_tui.games.station.whereabouts import POOL_OF

POOL_SIZE = {2: 4, 3: 3, 4: 2}
"""Starting worker pool per player count (ST-SETUP-21); 2 more per player are set aside."""


SetupParts = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[Worker, ...], tuple[str, ...],
                   tuple[ScoreEvent, ...]]  # fmt: skip
_SETUP_PARTS: dict[int, tuple[Content, SetupParts]] = {}
"""Number of players -> the content last seen and what every setup for that many players starts from: the
mat, tile and perk ids in printed order (before their shuffles), a seat's workers, the starting cards to draft
and the starting points (values only, so any thread may share them)."""


def _setup_parts(c: Content, n: int) -> SetupParts:
    known = _SETUP_PARTS.get(n)
    if known is not None and known[0] is c:
        return known[1]
    parts = (
        tuple(m.id for m in c.mats),
        tuple(t.id for t in c.tiles),
        tuple(p.id for p in c.perks),
        tuple(Worker((), "pool") for _ in range(POOL_SIZE[n])) + (Worker((), "aside"),) * 2,
        tuple(card.id for card in c.cards if card.players <= n),
        tuple(ScoreEvent(s, 10, "start", 0) for s in range(n)),
    )
    _SETUP_PARTS[n] = (c, parts)
    return parts


def setup(names: tuple[str, ...], sides: tuple[str, ...], seed: int) -> State:
    """Setup steps A–N; the draft (N–O) follows as decisions."""
    n = len(names)
    mat_ids, tile_ids, perk_ids, workers, draft, scoring = _setup_parts(content(), n)
    rng = Rng(seed)
    mats, rng = rng.shuffle(mat_ids)
    start, rng = rng.below(n)
    tiles, rng = rng.shuffle(tile_ids)
    perks, rng = rng.shuffle(perk_ids)
    players = tuple(
        [
            Player(mats[i], sides[i], coins=0, food=0, pool=(0, 0, 0, 0), workers=workers, score=10)
            for i in range(n)
        ]
    )
    tasks = [Task("begin_round", start), Task("setup_gains", start)]
    for k in range(n, 0, -1):  # the draft: right of the start player first, counter-clockwise (on the stack)
        tasks.append(Task("draft", (start - k) % n))
    state = State(
        names=names, phase=DRAFT, round=0, start=start, turn=start, marker_taken=False, countdown=2,
        round_markers=4, players=players, supply=(7, 7, 7, 7), reactor=tiles[:6], pile=tiles[6:], discard=(),
        built=(), perk_display=perks[:3], perk_deck=perks[3:], draft=draft, tasks=tuple(tasks), scoring=scoring,
        rng=rng, lead=start,
    )  # fmt: skip
    g = Working(state)
    advance(g)
    return g.freeze()


def _setup_gains(g: Working, t: Task) -> None:
    """Step O: each player's card resources; research symbols in turn order (ST-SETUP-27..29)."""
    g.draft = ()
    for seat in reversed(g.order()):
        card = g.c.card_by_id[g.players[seat].card]
        g.gain(seat, card.coins, card.food, track=False)
        for k in card.components:
            g.gain_component(seat, k, track=False)
        if card.research:
            g.push(Task("research", seat, src="bonus"))


def _begin_round(g: Working, t: Task) -> None:
    """Station progress for the new round (ST-PROGRESS-04..16), then the Placement phase."""
    g.round += 1
    g.lead = g.start  # ST-COMMAND-10: a marker taken last round changes the order only now
    if g.round > 1:
        g.round_markers -= 1
    if g.round in (2, 3):
        g.countdown -= 1
    if g.round in (3, 5):
        research.deal_perks(g, 3)
        g.push(*(Task("research", s, src="bonus") for s in g.order()))
    g.phase = PLACEMENT
    g.turn = g.start
    g.marker_taken = False
    _tell_progress(g)


def _tell_progress(g: Working) -> None:
    """Station progress in words (ST-PROGRESS-*)."""
    bits = [f"{g.name(g.start)} leads"]
    if g.round > 1:
        bits.append(f"a round marker comes off ({g.round_markers} left)")
    if g.round == 2:
        bits.append("a countdown token leaves Command Hub slot B")
    if g.round == 3:
        bits.append("the last countdown token leaves: Command Hub slot B is open")
    if g.round in (3, 5):
        bits.append("new perks join the display and everyone advances one research tier, in turn order")
    mult = 3 if g.round >= 5 else 2 if g.round >= 3 else 1
    bits.append(f"modules built now score ×{mult}")
    tell(g, f"Round {g.round} begins: " + "; ".join(bits) + ".")


def _next_turn(g: Working, t: Task) -> None:
    pass_turn(g)


def pass_turn(g: Working) -> None:
    """Clockwise to the next player with a worker in their pool (ST-PLACE-13); none left: the Lab phase."""
    if g.phase is not PLACEMENT:
        return
    n, turn, players = g.n, g.turn, g.players
    for k in range(1, n + 1):
        seat = (turn + k) % n
        known = POOL_OF[seat]  # g.has_pool_worker(seat), its usual answer inline
        if known[1] if known[0] is players[seat].workers else g.has_pool_worker(seat):
            g.turn = seat
            return
    g.phase = LAB


def lab_placer(g: Working) -> tuple[int, list[int]] | None:
    """Who places next in the Splicing Lab phase, and which workers (ST-SPLICE-05..10)."""
    n, lead = g.n, g.lead
    for k in range(n):
        seat = (lead + k) % n
        if g.has_pool_worker(seat):
            return seat, g.pool_workers(seat)
    occ = g.occupancy()
    for slot in LAB_SLOTS:
        if slot in occ:
            seat, wi = occ[slot]
            return seat, [wi]
    return None


def placer(g: Working) -> tuple[int, list[int]] | None:
    """The seat placing a worker now (with the workers it may place), when no task is pending."""
    if g.phase is PLACEMENT:
        return g.turn, g.pool_workers(g.turn)
    if g.phase is LAB:
        return lab_placer(g)
    return None


def _action_end(g: Working, t: Task) -> None:
    """Tentacle bonuses at the end of an action (ST-TENTACLE-01..09).

    With no bonus, the rest of a Placement turn's end is run here at once, as the task loop would run it: the
    flush offer when it asks nothing (`prompts.flush_after_matters`), then the next turn."""
    comps = g.players[t.seat].workers[t.worker].comps  # (an action's end always has its worker)
    tent = comps.count("tentacle")
    if not tent:
        tasks = g.tasks
        if tasks and tasks[-1].kind == "flush_offer" and not flush_after_matters(g, tasks[-1]):
            tasks.pop()
        if tasks and tasks[-1].kind == "next_turn":
            tasks.pop()
            pass_turn(g)
        return
    begin(g, t)
    g.gain(t.seat, int(t.coins > 0), int(t.food > 0), track=False)
    if tent >= 2 and t.comps:
        kinds = sorted(set(t.comps))
        if len(kinds) == 1:
            g.gain_component(t.seat, kinds[0], track=False)
        else:
            g.push(Task("tentacle", t.seat, t.worker, comps=tuple(kinds)))
    end(g)


UNTOLD_OPS = frozenset(
    {"research", "build", "recall", "detach", "discard", "graft", "attach", "perk", "copy", "beg", "send", "swap",
     "place", "again", "wipe"}
)  # fmt: skip
"""Ops that only push the tasks that carry them out (or change the Dispatch list, or wipe and refill the Reactor,
which tells itself): they change nothing a told frame words, so they run without one."""


def _op(g: Working, t: Task) -> None:
    """One op of a module's option: compiled ones tell themselves (plans.py), those in `UNTOLD_OPS` (and a
    component of one's choice, which pushes its question) need no words, the others run in a told frame."""
    compiled = PLANS[t.place][t.n][t.i]
    if compiled is not None:
        compiled(g, t.seat, t.worker, t.src != "bonus")
        return
    op = g.c.modules[t.place].options[t.n].ops[t.i]
    if op.op in UNTOLD_OPS or (op.op == "component" and op.kind == "any"):
        run_op(g, t, op)
        return
    begin(g, t)
    run_op(g, t, op)
    end(g)


def _refill(g: Working, t: Task) -> None:
    refill(g)


def _end_round(g: Working, t: Task) -> None:
    if g.round >= 5:
        begin(g, "final scoring")
        final_scoring(g)
        end(g)
        round_summary(g)
        g.phase = OVER
    else:
        round_summary(g)
        g.push(Task("begin_round", g.start))


AUTO: dict[str, Callable[[Working, Task], None]] = {
    "effect": run_effect,
    "op": _op,
    "action_end": _action_end,
    "research": research.advance,
    "refill": _refill,
    "bonus": building.run_bonus,
    "activate_new": building.activate_new,
    "next_turn": _next_turn,
    "setup_gains": _setup_gains,
    "begin_round": _begin_round,
    "feed": feeding.feed_seat,
    "end_round": _end_round,
}
"""Task kinds that need no decision."""

QUIET = frozenset(
    {"next_turn", "begin_round", "end_round", "refill", "effect", "action_end", "feed", "op", "research"}
)
"""Auto steps that tell themselves (the tentacle bonus only when there is one, an op unless compiled), or change
nothing a player owns."""


def _framed(step: Callable[[Working, Task], None]) -> Callable[[Working, Task], None]:
    """`step` run in a told frame of its own (opened with no frame open, as the task loop runs them)."""

    def run(g: Working, t: Task) -> None:
        g.frames.append((g.start, len(g.scoring), t))  # told.begin with no frame open
        g.before = {}
        step(g, t)
        end(g)

    return run


STEPS = {kind: step if kind in QUIET else _framed(step) for kind, step in AUTO.items()}
"""`AUTO`, each step as the task loop runs it: in a told frame unless it tells itself (`QUIET`)."""


def advance(g: Working) -> None:
    """Run tasks until a decision is needed (or the game is over). Called with no `told` frame open."""
    tasks = g.tasks
    steps = STEPS
    while True:
        if tasks:
            t = tasks[-1]
            kind = t.kind
            step = steps.get(kind)
            if step is not None:
                tasks.pop()
                step(g, t)
                continue
            if kind == "place":
                if not g.has_pool_worker(t.seat):
                    tasks.pop()
                    continue
                return
            choices, resolve = CHOICES[kind]
            opts = choices(g, t)
            if len(opts) > 1:
                g.asked = opts
                return
            tasks.pop()
            if opts:
                if kind in UNFRAMED:
                    resolve(g, t, opts[0])
                else:
                    begin(g, t)
                    resolve(g, t, opts[0])
                    end(g)
            elif (empty := EMPTY.get(kind)) is not None:  # no possible answer: what EMPTY says happens
                empty(g, t)
            continue
        if g.phase is LAB:
            if lab_placer(g) is not None:
                return
            if g.again:
                (seat, wi), g.again = g.again[0], g.again[1:]
                g.move(seat, wi, "pool")
                continue
            g.phase = FEEDING
            g.push(*(Task("feed", s) for s in g.order()), Task("end_round", g.start))
            continue
        return
