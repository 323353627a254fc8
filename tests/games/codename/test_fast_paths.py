"""The rules core's fast paths (issue 10) give the same answers as working them out afresh.

A seat's monster and hand are tuples that every state keeps as they are until they change, so open sockets,
outer parts, attach options, attackers, targets and which monster holds a card are looked up by the identity
of those tuples. Each test compares the looked-up answer with the one worked out from a fresh copy of the
state (decoded again, so no tuple is shared with anything seen before) on seeded random positions.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from chimera_tui.engine import GameConfig
from chimera_tui.engine.bots import RandomBot
from chimera_tui.games.codename import RULES, abilities, arena, attaching, attacks, combat, targets, told
from chimera_tui.games.codename.actions import Action
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Grave, Phase, Player, State

ENC = msgspec.msgpack.Encoder(order="deterministic")
DEC = msgspec.msgpack.Decoder(State)


def _positions(seeds: range) -> Iterator[tuple[State, Action]]:
    """Every state of seeded random games (2-4 players, both dice rules), with the action taken from it."""
    for seed in seeds:
        options = {"sixes": "explode"} if seed % 3 == 0 else {}
        state = RULES.new_game(GameConfig(players=2 + seed % 3, options=options), seed)
        bot = RandomBot(RULES, seed)
        while not RULES.is_over(state):
            action = bot.choose(None, RULES.legal_actions(state), 0)
            yield state, action
            state = RULES.apply(state, action)


def _fresh(state: State) -> State:
    """An equal state sharing no object with `state` (nothing it holds was ever looked up before)."""
    copy = DEC.decode(ENC.encode(state))
    assert copy == state
    return copy


def _uncached(fn, *args):  # type: ignore[no-untyped-def]
    """`fn(*args)` with every identity cache emptied first, so the answer is worked out from scratch."""
    for cache in (attaching._OPEN, attaching._OUTER, attaching._OPTIONS, attaching._HAIR, combat._CARDS_ON):
        cache.clear()
    for cache in (targets.ATTACKERS, abilities._ABLE):
        cache.clear()
    arena._BOUNDS[:] = [(None, None, None, None, 0, 0)] * len(arena._BOUNDS)
    targets._READY[:] = [(None, None, (), None, 0, ())] * len(targets._READY)
    targets._AS_TARGET[:] = [(None, None, (), ())] * len(targets._AS_TARGET)
    told._SAID.clear()  # keyed by value, so never stale; emptied so that the words are worked out afresh
    attacks._ROLL_WORDS.clear()
    return fn(*args)


def test_geometry_looked_up_by_identity_matches_a_fresh_copy() -> None:
    """Open sockets, outer parts and attach options of every seat at every step equal those worked out on a
    fresh copy with empty caches."""
    checked = 0
    for state, _ in _positions(range(12)):
        fresh = _fresh(state)
        for p, q in zip(state.players, fresh.players, strict=True):
            assert attaching.open_sockets(p) == _uncached(attaching.open_sockets, q)
            assert attaching.outer_info(p) == _uncached(attaching.outer_info, q)
            assert attaching.attach_options(p) == _uncached(attaching.attach_options, q)
            assert attaching.can_attach(p) == bool(_uncached(attaching.attach_options, q))
            checked += 1
    assert checked > 3000


def test_arena_answers_looked_up_by_identity_match_a_fresh_copy() -> None:
    """Who holds a card, each seat's ready attackers and its targets, the legal actions and whether the fight
    has stalled, at every arena step, equal those worked out on a fresh copy with empty caches."""
    checked = 0
    for state, _ in _positions(range(12)):
        if state.phase not in (Phase.TURN, Phase.JOIN, Phase.REACT, Phase.WINDOW):
            continue
        fresh = _fresh(state)
        for seat in range(len(state.players)):
            assert targets.ready_attackers(state, seat) == _uncached(targets.ready_attackers, fresh, seat)
            assert targets.targets(state, seat) == _uncached(targets.targets, fresh, seat)
            for p in state.players:
                for placed in p.monster:
                    assert combat.owner_of(state, placed.card) == _uncached(
                        combat.owner_of, fresh, placed.card
                    )
        assert RULES.legal_actions(state) == _uncached(RULES.legal_actions, fresh)
        assert arena.stalled(state) == _uncached(arena.stalled, fresh)
        checked += 1
    assert checked > 1000


def _may_have(state: State, seat: int) -> list[str]:
    """The parts seat has on its monster or could ever attach, read plainly off the rule: its inventory, and
    its own graveyard cards while it has a Regrow part (on the monster or in the inventory)."""
    parts = load().parts
    p = state.players[seat]
    cards = [*(x.card for x in p.monster), *p.cards]
    if any(parts[c].ability == "regrow" for c in cards):
        cards += [g.card for g in state.graveyard if g.owner == seat and g.card in parts]
    return cards


def _best_total(state: State, seat: int) -> int:
    """The highest total seat could ever reach, plainly: every card it has or may get joins one attack with
    every die at 6, plus Pack Hunter and every Roar (the reference for `arena._bounds`)."""
    parts = load().parts
    total = 0
    for card in _may_have(state, seat):
        d = parts.get(card)
        if d is None:
            continue
        if d.attack_roll:
            total += max(0, d.attack_roll * 6 + d.attack_mod + (2 if d.ability == "pack" else 0))
        if d.ability == "roar":
            total += 3
    t = combat.torso_stats(state.players[seat].torso)
    if t.attack_roll:
        total += max(0, t.attack_roll * 6 + t.attack_mod)
    return total


def _lowest_defense(state: State, seat: int) -> int:
    """The lowest Defense any card of seat's could ever show, plainly (the reference for `arena._bounds`)."""
    parts = load().parts
    cards = _may_have(state, seat)
    return min(
        [
            combat.torso_stats(state.players[seat].torso).defense,
            *(parts[c].defense for c in cards if c in parts),
        ]
    )


def test_stall_bounds_kept_per_seat_match_those_worked_out_afresh() -> None:
    """The bounds a stall is judged by (the best total a seat could ever roll, the lowest Defense it could ever
    show), kept per seat from one state to the next as games go, equal those worked out for each state."""
    checked = 0
    for state, _ in _positions(range(12)):
        if state.phase is Phase.OVER or not state.arena_round:
            continue
        for seat, p in enumerate(state.players):
            if p.alive:
                best, lowest = _best_total(state, seat), _lowest_defense(state, seat)
                assert arena._bounds(state, seat) == (best, lowest)
                checked += 1
    assert checked > 3000


def test_hairiness_kept_per_monster_matches_the_cards_as_games_go() -> None:
    """Each seat's hairiness (the turn order's first tie-break), kept by the identity of its monster as games
    go, equals the sum over its torso halves and parts at every step."""
    content = load()
    checked = 0
    for state, _ in _positions(range(12)):
        for p in state.players:
            total = sum(content.torsos[t].hairiness for t in p.torso)
            total += sum(content.parts[x.card].hairiness for x in p.monster)
            assert attaching.hairiness(p) == total
            checked += 1
    assert checked > 3000


def test_apply_on_a_fresh_copy_gives_the_same_state() -> None:
    """`apply` with warm caches and on a fresh copy with empty ones gives byte-identical states."""
    for state, action in _positions(range(6)):
        fast = RULES.apply(state, action)
        slow = _uncached(RULES.apply, _fresh(state), action)
        assert ENC.encode(fast) == ENC.encode(slow)


def test_stall_bounds_follow_the_graveyard_of_a_seat_that_can_regrow() -> None:
    """With a Regrow part in hand, a card of the seat's that reaches the graveyard (its monster and hand
    unchanged) raises the best total it could ever roll: the kept bounds see it; without Regrow they do not
    depend on the graveyard."""
    state = RULES.new_game(GameConfig(players=2), 1)
    regrow = Player(energy=5, torso=state.torso_pool[:2], cards=("hydra-head-1",))
    plain = Player(energy=5, torso=state.torso_pool[2:4], cards=("extra-heart-1",))
    state = msgspec.structs.replace(state, phase=Phase.TURN, players=(regrow, plain), arena_round=1)
    before = [arena._bounds(state, seat) for seat in (0, 1)]
    lion = (Grave("lion-head-1", 0), Grave("bear-arm-1", 1))
    after = msgspec.structs.replace(state, graveyard=lion)
    assert arena._bounds(after, 0) == (_best_total(after, 0), _lowest_defense(after, 0))
    assert arena._bounds(after, 0)[0] > before[0][0]  # the lion head may come back
    assert arena._bounds(after, 1) == before[1]  # no Regrow: the graveyard is not read


def test_round_summaries_looked_up_by_their_entries_match_those_worded_afresh() -> None:
    """Each seat's summary words, kept by its ledger entries as games go, equal those worded with an empty
    table, for the ledger of every arena step (many share entries in another order or count)."""
    checked = 0
    for state, _ in _positions(range(12)):
        if state.ledger and state.arena_round:
            kept = told.summary_events("Arena round 1", state.ledger)
            assert kept == _uncached(told.summary_events, "Arena round 1", state.ledger)
            checked += 1
    assert checked > 1000
