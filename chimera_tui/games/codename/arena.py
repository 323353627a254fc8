"""Phase Three, Arena: its rounds and turns: turn order, energy, the end of stalled fights, and passing the
turn on. The attacks and reactions are in attacks.py, the windows for attaching between attacks in
windows.py; a turn opens a window and never imports the attacks.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any

import msgspec

from chimera_tui.engine.rng import Rng
from chimera_tui.games.codename import told
from chimera_tui.games.codename.attaching import hairiness
from chimera_tui.games.codename.combat import torso_stats
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.scoring import standing
from chimera_tui.games.codename.state import OVER, TURN, WINDOW, Roll, State
from chimera_tui.games.codename.windows import window_queue

REFILL = 5
"""At the start of your turn you take energy up to this many."""
ROUND_LIMIT = 30
"""After this many arena rounds the standing decides (a safety limit: quiet fights end sooner)."""
QUIET_ROUNDS = 5
"""After this many arena rounds in a row with no card destroyed the standing decides (this edition's end
for stalled fights)."""

_C = load()


# -- turn order ------------------------------------------------------------------------------------------


def turn_order(state: State) -> tuple[tuple[int, ...], Rng, list[str]]:
    """This round's order: fewest parts first (ties: hairiest, then dice, rerolling ties), then clockwise.

    Returns:
        The order (living monsters only), the Rng after any tie-break rolls, and what happened in words.
    """
    players = state.players
    n = len(players)
    low = -1
    tied: list[int] = []
    for s in range(n):  # the living seats with the fewest parts, in one pass
        p = players[s]
        if p.alive:
            count = len(p.monster)  # part_count, without its call
            if count < low or low < 0:
                low = count
                tied = [s]
            elif count == low:
                tied.append(s)
    events = []
    if len(tied) > 1:
        hair = [hairiness(players[s]) for s in tied]
        most = max(hair)
        tied = [s for s, h in zip(tied, hair, strict=True) if h == most]
    rng = state.rng
    while len(tied) > 1:
        rolls = {}
        for s in tied:
            rolls[s], rng = rng.roll(6)
        events.append(
            "Tie for the first turn (fewest parts, same hairiness): "
            + ", ".join(f"{told.who(s)} rolls {r}" for s, r in rolls.items())
            + "; the highest goes first."
        )
        best = max(rolls.values())
        tied = [s for s in tied if rolls[s] == best]
    first = tied[0]
    order = tuple([s % n for s in range(first, first + n) if players[s % n].alive])
    return order, rng, events


def start_arena(state: State) -> State:
    """All monsters are revealed together and the first arena round begins."""
    state = told.tell(state, "All monsters are revealed.")
    for seat, p in enumerate(state.players):
        state = told.note(
            state,
            seat,
            "gain",
            f"a monster of {told.plural(len(p.monster), 'part')} on the torso, "
            f"{told.plural(len(p.cards), 'card')} kept in the inventory",
        )
    return _new_round(told.summary(state, "Building"))


def _new_round(state: State) -> State:
    """Close the arena round that ended (its summary) and begin the next, or end a stalled fight; the state is
    replaced once (roar and attack cleared, as `_begin_turn` clears them)."""
    events = state.events
    if state.arena_round:
        events = (*events, *told.summary_events(f"Arena round {state.arena_round}", state.ledger))
    stall = stalled(state)
    if stall:
        closed = msgspec.structs.replace(state, roar=0, attack=None, events=events, ledger=())
        return end_by_standing(closed, stall)
    tie_rolls = state.rng
    order, rng, ties = turn_order(state)
    roll = state.roll
    if rng != tie_rolls:
        roll = Roll("tie", -1, ties=_tie_dice(ties))
    players = state.players
    who = told.WHO
    counts = ", ".join([f"{who[s]} {len(players[s].monster)}" for s in order])
    return _begin_turn(
        state,
        0,
        order=order,
        arena_round=state.arena_round + 1,
        used=(),
        rng=rng,
        roll=roll,
        ledger=(),
        events=(
            *events,
            *ties,
            f"Arena round {state.arena_round + 1} begins; every part may be used again. "
            f"Turn order (fewest parts first: {counts}): {order_text(order)}.",
        ),
    )


def _tie_dice(events: list[str]) -> tuple[tuple[int, int], ...]:
    """(seat, die) of the last tie-break roll, read back from its event."""
    import re

    last = events[-1] if events else ""
    return tuple((int(m[1]) - 1, int(m[2])) for m in re.finditer(r"Player (\d+) rolls (\d+)", last))


def order_text(order: tuple[int, ...]) -> str:
    who = told.WHO
    return ", ".join([who[s] for s in order])


# -- stalls ------------------------------------------------------------------------------------------------


_BOUNDS: list[tuple[object, object, object, object, int, int]] = [(None, None, None, None, 0, 0)] * 8
"""Per seat number: the last (monster, inventory, torso, graveyard) whose bounds (`_bounds`) were worked
out, and those two; the graveyard is None when the seat had no Regrow part, so that the bounds did
not read it. They change only when the seat's cards do (or, with Regrow, the graveyard), so most arena rounds
find them here (the entry holds the tuples it was made for, so `is` cannot match a recycled object)."""


def _bounds(state: State, seat: int) -> tuple[int, int]:
    """(best total, lowest Defense) of seat: the highest total any attack or counter of its could ever
    reach, and the lowest Defense any card of its could ever show.

    Both read every card the seat has or may get: its monster's parts and torso, its inventory, and, while
    it has a Regrow part (on the monster or in the inventory), its own graveyard cards. The best total has
    all those cards join one attack with every die at 6, plus Pack Hunter and every Roar: a bound no real
    attack beats (energy is ignored, which only makes it higher). They are kept while what they read stays
    the same, and worked out from the per-card tables below in one pass over the cards.
    """
    p = state.players[seat]
    known = _BOUNDS[seat]
    if (
        known[0] is not p.monster
        or known[1] is not p.cards
        or known[2] is not p.torso
        or (known[3] is not None and known[3] is not state.graveyard)
    ):
        cards = [*(x.card for x in p.monster), *p.cards]
        regrows = not _REGROW.isdisjoint(cards)
        if regrows:
            cards += [g.card for g in state.graveyard if g.owner == seat and g.card in _BEST_OF]
        t = torso_stats(p.torso)
        best = sum(map(_BEST_OF.get, cards, repeat(0)))
        if t.attack_roll:
            best += max(0, t.attack_roll * 6 + t.attack_mod)
        lowest = min([t.defense, *map(_DEFENSE_OF.get, cards, repeat(t.defense))])
        known = _BOUNDS[seat] = (
            p.monster,
            p.cards,
            p.torso,
            state.graveyard if regrows else None,
            best,
            lowest,
        )
    return known[4], known[5]


_BEST_OF = {
    d.id: (
        max(0, d.attack_roll * 6 + d.attack_mod + (2 if d.ability == "pack" else 0)) if d.attack_roll else 0
    )
    + (3 if d.ability == "roar" else 0)
    for d in _C.parts.values()
}
"""What each part adds to the best total (`_bounds`)."""
_DEFENSE_OF = {d.id: d.defense for d in _C.parts.values()}
"""Each part's Defense, for the lowest Defense (`_bounds`)."""
_REGROW = frozenset(d.id for d in _C.parts.values() if d.ability == "regrow")
"""The parts with Regrow (their seat's graveyard cards may come back)."""


def _some_can_destroy(state: State, alive: list[int]) -> bool:
    """Whether some living monster's best total reaches the lowest Defense of another (the first such pair
    found ends the search, so most rounds look at two seats)."""
    for a in alive:
        best = _bounds(state, a)[0]
        for b in alive:
            if b != a and best >= _bounds(state, b)[1]:
                return True
    return False


def stalled(state: State) -> str:
    """Why the fight can no longer be decided by combat ("" while it can).

    Three ends, none touching the booklet's combat: when no monster could ever destroy a card of another,
    even rolling every die at 6 with every card it owns (possible only with the booklet's dice; exploding
    sixes can always reach any Defense); after `QUIET_ROUNDS` arena rounds in a row with no card destroyed;
    and, as a safety limit, after `ROUND_LIMIT` arena rounds.
    """
    if not state.explode:
        alive = [s for s, p in enumerate(state.players) if p.alive]
        if alive and not _some_can_destroy(state, alive):
            return "no monster can ever destroy a card of another, even rolling every die at 6"
    if state.arena_round - state.destroyed_in >= QUIET_ROUNDS:
        return f"no card has been destroyed in the last {QUIET_ROUNDS} arena rounds"
    if state.arena_round >= ROUND_LIMIT:
        return f"{ROUND_LIMIT} arena rounds have been fought"
    return ""


def end_by_standing(state: State, why: str) -> State:
    """End a stalled fight: the standing decides (most cards on the monster, then most Defense on them)."""
    alive = [s for s, p in enumerate(state.players) if p.alive]
    rows = ", ".join(
        f"{told.who(s)} {told.plural(standing(state, s)[0], 'card')} with Defense {standing(state, s)[1]}"
        for s in alive
    )
    best = max(standing(state, s) for s in alive)
    winners = [s for s in alive if standing(state, s) == best]
    result = (
        f"{told.who(winners[0])} wins on the standing."
        if len(winners) == 1
        else "They share the win: " + ", ".join(told.who(s) for s in winners) + "."
    )
    return told.tell(
        msgspec.structs.replace(state, phase=OVER, attack=None, window=(), waived=()),
        f"The fight has stalled ({why}): the standing decides — the most cards on the monster, "
        f"then the most Defense on them. {rows}. {result}",
    )


def current(state: State) -> int:
    """The seat whose arena turn it is."""
    return state.order[state.turn]


def _begin_turn(state: State, turn: int, **also: Any) -> State:
    """Turn number `turn` of the round begins (in the round order `also` gives, or the state's): the energy
    refill, then the window before the first attack (`open_window`, worked out here so that the state is
    replaced once). `also` holds the other fields a new round replaces, its events and ledger included."""
    order = also.get("order", state.order)
    seat = order[turn]
    players = state.players
    p = players[seat]
    events = also.pop("events", state.events)
    ledger = also.pop("ledger", state.ledger)
    energy = p.energy
    if energy < REFILL:
        players = (*players[:seat], msgspec.structs.replace(p, energy=REFILL), *players[seat + 1 :])
        said, entry = _REFILLS[seat][energy]
        ledger = (*ledger, entry)
    else:
        said = (
            _HOLDS[seat][energy]
            if energy < 20
            else f"{told.WHO[seat]}'s turn: holds {energy} energy, so takes none."
        )
    queue = window_queue(players, seat, ())
    return msgspec.structs.replace(
        state,
        phase=WINDOW if queue else TURN,
        window=queue,
        turn=turn,
        roar=0,
        attack=None,
        waived=(),
        players=players,
        events=(*events, said),
        ledger=ledger,
        **also,
    )


_REFILLS = tuple(
    tuple(
        (
            f"{told.WHO[seat]}'s turn: takes {REFILL - energy} energy from the box (now {REFILL}).",
            told.noted((), seat, "gain", f"{REFILL - energy} energy (the refill to {REFILL})")[0],
        )
        for energy in range(REFILL)
    )
    for seat in range(8)
)
"""Per seat and energy held below `REFILL`: the event of its turn's refill and its ledger entry, written once."""

_HOLDS = tuple(
    tuple(f"{told.WHO[seat]}'s turn: holds {energy} energy, so takes none." for energy in range(20))
    for seat in range(8)
)
"""Per seat and energy held (under 20): the event of a turn that takes no energy, written once."""


def end_turn(state: State) -> State:
    """The growl: the next living monster in this round's order takes its turn, or a new round begins."""
    t = state.turn + 1
    while t < len(state.order) and not state.players[state.order[t]].alive:
        t += 1
    if t >= len(state.order):
        return _new_round(state)
    return _begin_turn(state, t)
