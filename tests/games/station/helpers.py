"""Shared helpers for the Chimera Station tests: invariants and hand-built positions."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from chimera_tui.engine import GameConfig
from chimera_tui.games.station import RULES
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import LAB_SLOTS
from chimera_tui.games.station.state import Phase, Player, State, Worker


def check_invariants(state: State) -> None:
    """Components conserved, workers in one place each, Reactor ≤ 6, scores = events, tiles conserved."""
    n = len(state.players)
    comps = sum(state.supply) + sum(sum(p.pool) + sum(len(w.comps) for w in p.workers) for p in state.players)
    assert comps == 28, f"{comps} components instead of 28"
    assert all(v >= 0 for v in state.supply)
    places: Counter[str] = Counter()
    for p in state.players:
        assert len(p.workers) == 6 - (n - 2)
        assert all(v >= 0 for v in p.pool) and p.coins >= 0 and p.food >= 0
        for w in p.workers:
            places[w.where] += 1
            assert list(w.comps) == sorted(w.comps)
    for where, k in places.items():
        if where not in ("pool", "aside", "lounge"):
            assert k == 1, f"{k} workers on {where}"
    assert len(state.reactor) == 6 and sum(1 for t in state.reactor if t) <= 6
    tiles = (
        [t for t in state.reactor if t]
        + list(state.pile)
        + list(state.discard)
        + [b.tile for b in state.built]
    )
    if "?" not in state.pile:
        assert sorted(tiles) == sorted(t.id for t in content().tiles)
    for seat, p in enumerate(state.players):
        assert p.score == sum(e.points for e in state.scoring if e.seat == seat)
    assert 0 <= state.round <= 5
    lab = [w for w in places if w.startswith("lab-")]
    assert all(w in LAB_SLOTS for w in lab)
    if state.phase is Phase.PLACEMENT:  # slots fill in order A, B, C (ST-SPLICE-21)
        assert sorted(lab) == list(LAB_SLOTS[: len(lab)])


def new(players: int = 2, seed: int = 0, side: str = "A") -> State:
    return RULES.new_game(GameConfig(players=players, options={"side": side}), seed)


def play_until(state: State, stop, seed: int = 0, limit: int = 5000) -> State:
    """Random play until `stop(state)` is true."""
    from chimera_tui.engine import Rng

    rng = Rng(seed)
    for _ in range(limit):
        if stop(state):
            return state
        a, rng = rng.choice(list(RULES.legal_actions(state)))
        state = RULES.apply(state, a)
    raise AssertionError("stop condition never reached")


def placement_state(
    players: int = 2,
    *,
    workers: dict[int, list[tuple[tuple[str, ...], str]]] | None = None,
    coins: int = 10,
    food: int = 10,
    round: int = 1,
    side: str = "A",
    turn: int = 0,
    start: int = 0,
    countdown: int | None = None,
    perks: dict[int, tuple[str, ...]] | None = None,
    pools: dict[int, tuple[int, int, int, int]] | None = None,
) -> State:
    """A hand-built Placement-phase position: `workers[seat]` = [(components, where), ...]."""
    s = new(players, 0, side)
    ps = []
    supply = [7, 7, 7, 7]
    for seat, p in enumerate(s.players):
        ws = (workers or {}).get(seat)
        if ws is None:
            wl = p.workers
        else:
            wl = tuple(Worker(tuple(sorted(c)), w) for c, w in ws)
            wl += tuple(Worker((), "aside") for _ in range(6 - (players - 2) - len(wl)))
        pool = (pools or {}).get(seat, (0, 0, 0, 0))
        for w in wl:
            for c in w.comps:
                supply[("brain", "claw", "leaf", "tentacle").index(c)] -= 1
        for i, v in enumerate(pool):
            supply[i] -= v
        ps.append(
            Player(
                p.mat, side, coins, food, pool, wl, perks=(perks or {}).get(seat, ()), card=p.card, score=10
            )
        )
    if countdown is None:
        countdown = 2 if round == 1 else 1 if round == 2 else 0
    return replace(
        s, players=tuple(ps), supply=tuple(supply), phase=Phase.PLACEMENT, round=round, turn=turn, start=start,
        lead=start,
        tasks=(), countdown=countdown, perk_display=s.perk_display, draft=(),
    )  # fmt: skip


def act(state: State, *texts: str) -> State:
    """Apply actions given in notation, checking each is among the legal actions."""
    for text in texts:
        legal = [str(a) for a in RULES.legal_actions(state)]
        assert text in legal, f"{text!r} is not legal; legal: {legal}"
        state = RULES.apply(state, RULES.parse(state, text))
        check_invariants(state)
    return state


def legal(state: State) -> list[str]:
    return [str(a) for a in RULES.legal_actions(state)]


def reason(state: State, text: str) -> str:
    """The IllegalAction reason for `text` (fails if it is legal)."""
    from chimera_tui.engine import IllegalAction

    try:
        RULES.apply(state, RULES.parse(state, text))
    except IllegalAction as exc:
        return exc.reason[0].lower() + exc.reason[1:]
    raise AssertionError(f"{text!r} was accepted")


def cfg(players: int, side: str = "A") -> GameConfig:
    return GameConfig(players=players, options={"side": side})


def with_built(state: State, tile: str, hex_text: str = "0,-1", builder: int = 0) -> State:
    """`state` with `tile` (taken out of the Reactor or the pile) built on `hex_text`."""
    from chimera_tui.engine.hexgrid import parse_hex
    from chimera_tui.games.station.state import Built

    reactor = tuple("" if t == tile else t for t in state.reactor)
    reactor = tuple(sorted(reactor, key=bool))  # empties leftmost
    pile = tuple(t for t in state.pile if t != tile)
    return replace(
        state, reactor=reactor, pile=pile, built=(*state.built, Built(parse_hex(hex_text), tile, builder, 1))
    )


def with_players(state: State, **changes_by_seat: dict) -> State:
    """`state` with fields of some players replaced: with_players(s, p0={"coins": 3})."""
    players = list(state.players)
    for key, changes in changes_by_seat.items():
        seat = int(key[1:])
        players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def drain(state: State, kind: str, keep: int = 0) -> State:
    """Move `kind` components from the supply into the last player's pool until `keep` are left."""
    i = ("brain", "claw", "leaf", "tentacle").index(kind)
    moved = state.supply[i] - keep
    supply = list(state.supply)
    supply[i] = keep
    last = state.players[-1]
    pool = list(last.pool)
    pool[i] += moved
    players = (*state.players[:-1], replace(last, pool=tuple(pool)))
    return replace(state, supply=tuple(supply), players=players)
