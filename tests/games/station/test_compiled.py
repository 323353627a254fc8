"""Station's compiled engine (issue 10) does and tells exactly what the generic one does.

The task loop's common ops are compiled into functions that word their own events (plans.py), the common
answers and steps tell themselves instead of running in a told frame, whether a module can be used is compiled
into closures (checks.py) or answered from worked-out needs (`feasibility.needs_of`), and a Placement turn on
a settled module runs whole at once (`decisions.quick_turn`). Each test sets the compiled answer beside the
generic one (`effects.run_op` in a told frame, `feasibility.option_ok`, a frame's own wording) on the
positions of seeded random games; the whole-game equality with a fresh, unlisted copy is in test_fast_paths.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import msgspec
from msgspec.structs import replace

from chimera_tui.engine import GameConfig, Rng
from chimera_tui.games.station import RULES, State
from chimera_tui.games.station.checks import CHECKS, feasible
from chimera_tui.games.station.components import Op
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import Working, seat_snap
from chimera_tui.games.station.effects import run_op
from chimera_tui.games.station.feasibility import feasible_options, needs_of, option_ok
from chimera_tui.games.station.flow import STEPS, UNTOLD_OPS
from chimera_tui.games.station.plans import PLANS, WHOLE
from chimera_tui.games.station.prompts import CHOICES, EMPTY, QUIET_ANSWERS, SELF_TOLD
from chimera_tui.games.station.state import Player, Task
from chimera_tui.games.station.told import begin, end, tell_seat, why_of

ENC = msgspec.msgpack.Encoder(order="deterministic")


def _states(seeds: range):
    """Every state of seeded random games (2-4 players, sides A, B and mixed)."""
    for seed in seeds:
        players = 2 + seed % 3
        side = ("A", "B", ",".join("AB"[s % 2] for s in range(players)))[seed % 3]
        state = RULES.new_game(GameConfig(players=players, options={"side": side}), seed)
        rng = Rng(seed + 11)
        while not RULES.is_over(state):
            yield state
            action, rng = rng.choice(RULES.legal_actions(state))
            state = RULES.apply(state, action)


def test_compiled_checks_and_needs_answer_as_option_ok():
    """Every module, every seat, every worker and a workerless activation: the compiled conditions
    (`checks.feasible`, `checks.CHECKS`) and the needs (`feasibility.feasible_options`) give `option_ok`'s
    answers."""
    modules = content().modules
    checked = refused = 0
    for state in _states(range(9)):
        g = Working(state)
        for seat, p in enumerate(g.players):
            for wi in (-1, *range(len(p.workers))):
                for mid, m in modules.items():
                    slow = [i for i, o in enumerate(m.options) if option_ok(g, seat, wi, m, o)]
                    assert feasible(g, seat, wi, mid) == slow, (mid, seat, wi)
                    assert feasible_options(g, seat, wi, m) == slow, (mid, seat, wi)
                    assert CHECKS[mid](g, seat, wi) == bool(slow), (mid, seat, wi)
                    checked += 1
                    refused += not slow
    assert checked > 50_000 and refused > 10_000


def test_needs_cover_the_printed_modules_and_the_quick_ones():
    """The modules a quick turn may run whole all have needs, and the printed gain modules are among them."""
    modules = content().modules
    for mid in modules:
        if WHOLE[mid] is not None:
            assert needs_of(modules[mid]) is not None
    assert all(WHOLE[mid] is not None for mid in ("hub-a", "hub-b", "refinery", "hydroponics", "claw-shop"))
    assert all(WHOLE[mid] is None for mid in ("boiler", "constructor", "laboratory"))


def _op_cases(
    wanted: Callable[[str, int, int, Op], bool], workers: Callable[[Player], Iterable[int]]
) -> Iterator[tuple[State, str, int, int, Op, int, int]]:
    """(state, module, option index, op index, op, seat, worker index) for every `wanted` op of every module,
    every seat and each of the seat's `workers`, on every third state of six seeded random games."""
    modules = content().modules
    for n, state in enumerate(_states(range(6))):
        if n % 3:
            continue
        for mid, m in modules.items():
            for index, option in enumerate(m.options):
                for i, op in enumerate(option.ops):
                    if not wanted(mid, index, i, op):
                        continue
                    for seat, p in enumerate(state.players):
                        for wi in workers(p):
                            yield state, mid, index, i, op, seat, wi


def test_compiled_ops_change_and_tell_what_run_op_in_a_frame_does():
    """Each compiled op, run with no frame open, leaves the same state and events (byte for byte) as the
    generic `run_op` run in a told frame of its own, as the task loop used to run every op."""
    compared = told = 0
    cases = _op_cases(
        lambda mid, index, i, op: PLANS[mid][index][i] is not None,
        lambda p: (-1, 0, len(p.workers) - 1),
    )
    for state, mid, index, i, op, seat, wi in cases:
        step = PLANS[mid][index][i]
        assert step is not None
        for src in ("", "bonus"):
            fast = Working(state)
            step(fast, seat, wi, src != "bonus")
            slow = Working(state)
            t = Task("op", seat, wi, mid, index, i, src)
            begin(slow, t)
            run_op(slow, t, op)
            end(slow)
            after = slow.freeze()
            assert ENC.encode(fast.freeze()) == ENC.encode(after), (mid, op.op)
            compared += 1
            told += bool(after.events)
    assert compared > 20_000 and told > 10_000


def test_untold_ops_run_without_a_frame_as_in_one():
    """An op in `flow.UNTOLD_OPS` (or a component of one's choice) run with no frame leaves the same state and
    events as in a told frame of its own: it changes nothing a frame words."""
    compared = 0
    cases = _op_cases(
        lambda mid, index, i, op: op.op in UNTOLD_OPS or (op.op == "component" and op.kind == "any"),
        lambda p: (-1, len(p.workers) - 1),
    )
    for state, mid, index, i, op, seat, wi in cases:
        t = Task("op", seat, wi, mid, index, i)
        bare = Working(state)
        run_op(bare, t, op)
        framed = Working(state)
        begin(framed, t)
        run_op(framed, t, op)
        end(framed)
        assert ENC.encode(bare.freeze()) == ENC.encode(framed.freeze()), (mid, op.op)
        compared += 1
    assert compared > 2_000


def _only_seat_changed(before: State, g: Working, seat: int) -> bool:
    """Whether `g` changed no seat but `seat` (as told sees seats) and not the start player."""
    return g.start == before.start and all(
        seat_snap(g.players[s]) == seat_snap(p) for s, p in enumerate(before.players) if s != seat
    )


def test_answers_that_tell_themselves_tell_what_a_frame_would():
    """An answer in `SELF_TOLD` changes only its seat and tells one sentence, the one a told frame would have
    made of that change; an answer in `QUIET_ANSWERS` changes nothing a frame would tell."""
    seen: dict[str, int] = {}
    for state in _states(range(24)):
        if not state.tasks or state.tasks[-1].kind not in SELF_TOLD | QUIET_ANSWERS:
            continue
        top = state.tasks[-1]
        choices, resolve = CHOICES[top.kind]
        for value in choices(Working(state), top):
            g = Working(state)
            t = g.tasks.pop()
            snap, scored = seat_snap(g.players[t.seat]), len(g.scoring)
            resolve(g, t, value)
            assert _only_seat_changed(state, g, t.seat), (t.kind, value)
            said = g.told
            g.told = []
            if t.kind in QUIET_ANSWERS:
                assert seat_snap(g.players[t.seat]) == snap or t.kind == "draft", (t.kind, value)
                assert all(x.startswith("The Reactor") for x in said), (t.kind, value)  # only a refill tells
            else:
                tell_seat(g, t.seat, snap, scored, why_of(g, t))
                assert said == g.told, (t.kind, value)
            seen[t.kind] = seen.get(t.kind, 0) + 1
    assert {"lounge", "splice", "perk", "flush", "draft", "feed_lose"} <= set(seen)


def test_steps_that_tell_themselves_tell_what_a_frame_would():
    """Feeding a seat, starving, an empty component choice and a research advance (steps the task loop runs by
    itself, here put on top of the tasks of game positions) change only their seat and tell what a told frame
    would have made of that change."""
    seen: dict[str, int] = {}
    for n, state in enumerate(_states(range(12))):
        if n % 4:
            continue
        for seat in range(len(state.players)):
            for t in (Task("feed", seat), Task("research", seat, src="bonus"), Task("research", seat, 0)):
                seen[t.kind] = seen.get(t.kind, 0) + _tells_as_a_frame(state, t, STEPS[t.kind], "")
            for t in (Task("feed_lose", seat), Task("component", seat), Task("component", seat, src="bonus")):
                if not CHOICES[t.kind][0](Working(replace(state, tasks=(*state.tasks, t))), t):
                    seen[t.kind] = seen.get(t.kind, 0) + _tells_as_a_frame(
                        state, t, EMPTY[t.kind], _EMPTY_WHY[t.kind]
                    )
    assert seen["feed"] > 100 and seen["research"] > 100 and seen["feed_lose"] > 10


_EMPTY_WHY = {"feed_lose": "feeding: a food short and no component left", "component": ""}


def _tells_as_a_frame(state: State, t: Task, run: Callable[[Working, Task], None], why: str) -> int:
    """1 when `run` (a step that tells itself) changed only `t`'s seat and told what a frame would; 0 when it
    changed more (a research reward that is not self-told, which runs in its own frame)."""
    g = Working(replace(state, tasks=(*state.tasks, t)))
    g.tasks.pop()
    snap, scored = seat_snap(g.players[t.seat]), len(g.scoring)
    run(g, t)
    if not _only_seat_changed(state, g, t.seat):
        return 0
    said = g.told
    g.told = []
    tell_seat(g, t.seat, snap, scored, why or why_of(g, t))
    assert said == g.told, (t, said, g.told)
    return 1
