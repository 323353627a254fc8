"""The rules core's fast paths (issue 10) give the same answers as the slow ones they stand in for.

Listing placements answers yes/no from tables and shares worker-independent answers across a seat's workers;
`apply` skips re-checking an action taken from the list `legal_actions` just gave for that same state; `view`
reuses its last answer; seats are thawed only when they change. Each test compares the fast answer with the
slow one (the worded reasons, a fresh copy of the state) on seeded random positions.
"""

from __future__ import annotations

import msgspec
import pytest

from chimera_tui.engine import GameConfig, IllegalAction, Rng
from chimera_tui.games.station import RULES, Place, State
from chimera_tui.games.station.board import board_workers, can_recall, displaceable, recallable
from chimera_tui.games.station.checks import CHECKS
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import OCC_FOR, Working, occupancy_of
from chimera_tui.games.station.decisions import pending_placement
from chimera_tui.games.station.feasibility import option_ok, option_problem
from chimera_tui.games.station.placement import legal_spaces, space_problem
from chimera_tui.games.station.usable import usable_locals

ENC = msgspec.msgpack.Encoder(order="deterministic")
DEC = msgspec.msgpack.Decoder(State)


def _positions(seeds: range):
    """Every state of seeded random games (2-4 players, both sides), with the action taken from it."""
    for seed in seeds:
        state = RULES.new_game(GameConfig(players=2 + seed % 3, options={"side": "AB"[seed % 2]}), seed)
        rng = Rng(seed + 7)
        while not RULES.is_over(state):
            action, rng = rng.choice(RULES.legal_actions(state))
            yield state, action
            state = RULES.apply(state, action)


def test_placements_shared_across_a_seats_workers_match_the_refusal_reasons():
    """With one memo for all of a seat's workers (as `legal_actions` lists them), every worker still gets
    exactly the spaces `space_problem` accepts."""
    everything = ["lab", "lounge", *content().modules]
    checked = 0
    for state, _ in _positions(range(30)):
        g = Working(state)
        placing = pending_placement(g)
        if placing is None:
            continue
        seat, workers, _ = placing
        memo: dict[str, bool] = {}
        for wi in workers:
            slow = {s for s in everything if space_problem(g, seat, wi, s) is None}
            assert set(legal_spaces(g, seat, wi, memo)) == slow
            checked += 1
    assert checked > 1000


def test_apply_after_listing_equals_apply_on_a_fresh_copy():
    """The listed-action shortcut gives byte-identical states to a full check on an unlisted copy."""
    for state, action in _positions(range(8)):
        copy = DEC.decode(ENC.encode(state))
        assert copy is not state
        RULES.legal_actions(state)
        fast = RULES.apply(state, action)
        slow = RULES.apply(copy, action)
        assert ENC.encode(fast) == ENC.encode(slow)


def test_questions_answered_by_the_task_loop_list_as_a_fresh_copy_does():
    """`apply` that stops at a question keeps the answers it worked out; they equal a fresh listing."""
    kept = 0
    state = RULES.new_game(GameConfig(players=4, options={"side": "B"}), 11)
    rng = Rng(11)
    while not RULES.is_over(state):
        copy = DEC.decode(ENC.encode(state))
        listed = RULES.legal_actions(state)
        assert listed == RULES.legal_actions(copy)
        kept += not isinstance(listed[0], Place)
        action, rng = rng.choice(listed)
        state = RULES.apply(state, action)
    assert kept > 20


def test_an_unlisted_action_is_still_refused_with_its_reason_right_after_listing():
    state = RULES.new_game(GameConfig(players=2), 3)
    while not isinstance(RULES.legal_actions(state)[0], Place):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    listed = RULES.legal_actions(state)
    offered = {a.space for a in listed if isinstance(a, Place)}
    space = next(m for m in content().modules if m not in offered)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, Place(listed[0].worker, space))
    assert refused.value.reason.endswith(".") and len(refused.value.reason) > 20


def test_the_view_is_kept_for_the_same_state_and_redacts_each_new_one():
    first = RULES.new_game(GameConfig(players=3), 5)
    second = RULES.apply(first, RULES.legal_actions(first)[0])
    seen = RULES.view(first, 0)
    assert RULES.view(first, 1) is seen and RULES.view(first, None) is seen
    assert set(seen.pile) == {"?"} and seen.pile != first.pile
    other = RULES.view(second, 0)
    assert other is not seen and set(other.perk_deck) == {"?"} and len(other.pile) == len(second.pile)


def test_untouched_seats_are_the_states_own_objects():
    """Copy on write: an action keeps the Player objects of the seats it does not change."""
    same = kept = changed = 0
    for state, action in _positions(range(4)):
        after = RULES.apply(state, action)
        for before_p, after_p in zip(state.players, after.players, strict=True):
            if before_p == after_p:
                same += 1
                kept += before_p is after_p
            else:
                changed += 1
    assert kept > 0.9 * same and same > 500 and changed > 100


def test_yes_or_no_option_checks_match_the_worded_ones():
    """`option_ok` (listing, the task loop) says yes exactly where `option_problem` finds no reason, for every
    option of every module, every seat and every worker (and a workerless activation)."""
    checked = refused = 0
    for state, _ in _positions(range(12)):
        g = Working(state)
        for seat, p in enumerate(g.players):
            for wi in (-1, *range(len(p.workers))):
                for m in content().modules.values():
                    for opt in m.options:
                        ok = option_ok(g, seat, wi, m, opt)
                        assert ok == (option_problem(g, seat, wi, m, opt) is None), (
                            m.id,
                            opt.label,
                            seat,
                            wi,
                        )
                        checked += 1
                        refused += not ok
    assert checked > 100_000 and refused > 10_000


def test_the_occupancy_kept_move_by_move_is_the_one_worked_out_from_the_seats():
    """`apply` keeps where workers stand up to date as they move and leaves it for the next listing; it always
    equals the occupancy worked out afresh from the new state's workers."""
    kept = 0
    for state, action in _positions(range(20)):
        after = RULES.apply(state, action)
        g = Working(after)
        kept += OCC_FOR[0][0] is after.players
        assert g.occupancy() == occupancy_of(after.players)
    assert kept > 1000


def test_a_working_copy_is_never_handed_to_another_thread():
    """The working copy `apply` keeps for its state (and the last listing) belong to the thread that made
    them: the search bot's worker thread playing from the same state gets its own, and both threads' states
    equal a fresh copy's."""
    import threading

    from chimera_tui.games.station import rules

    state = RULES.new_game(GameConfig(players=3), 4)
    for _ in range(12):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    kept = rules._KEPT
    assert kept is not None and kept[0] is state
    action = RULES.legal_actions(state)[-1]
    seen: dict[str, object] = {}

    def worker() -> None:
        seen["read"] = rules._reader(state)
        seen["after"] = RULES.apply(state, action)

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen["read"] is not kept[1], "another thread was handed this thread's working copy"
    assert kept[1].s is state and not kept[1].told and not kept[1].moved, (
        "another thread changed this thread's working copy (freeze left it a fresh copy of the state)"
    )
    mine = RULES.apply(state, action)
    fresh = RULES.apply(DEC.decode(ENC.encode(state)), action)
    assert ENC.encode(mine) == ENC.encode(seen["after"]) == ENC.encode(fresh)


def test_a_usable_row_put_together_from_the_smaller_tables_is_every_local_module_the_worker_can_use():
    """`usable.usable_locals` builds a row from a table per purse, a table per set of components and the few
    modules that read both: the groups split the local modules, and every row equals checking each of them."""
    c = content()
    groups = (c.purse_locals, c.worker_locals, c.mixed_locals)
    assert frozenset().union(*groups) == c.local_modules
    assert sum(map(len, groups)) == len(c.local_modules)
    most_coins, most_food = c.local_caps
    checked = 0
    for state, _ in _positions(range(10)):
        g = Working(state)
        for seat, p in enumerate(g.players):
            coins, food = min(p.coins, most_coins), min(p.food, most_food)
            for wi, w in enumerate(p.workers):
                every = frozenset(mid for mid in c.local_modules if CHECKS[mid](g, seat, wi))
                assert usable_locals(g, seat, wi, w.comps, coins, food) == every
                checked += 1
    assert checked > 5000


def test_recall_and_board_worker_shortcuts_match_the_full_answers():
    """`can_recall` is whether `recallable` lists any worker, and `board_workers` (through `held_fast`) lists
    exactly the occupied places `displaceable` allows."""
    checked = 0
    for state, _ in _positions(range(6)):
        g = Working(state)
        slow = [(s, w, m) for m, (s, w) in g.occupancy().items() if displaceable(g, m)]
        assert board_workers(g) == slow
        for seat, p in enumerate(g.players):
            for wi in (-1, *range(len(p.workers))):
                assert can_recall(g, seat, wi) == bool(recallable(g, seat, wi))
                checked += 1
    assert checked > 5000
