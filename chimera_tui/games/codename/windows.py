"""Attaching in the Arena: from the inventory for energy, on your own turn, as the attacked player's reaction,
and in the windows between attacks when the other players are asked in turn (CC-ARENA-21).
"""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.games.codename import told
from chimera_tui.games.codename.actions import Attach, Wait
from chimera_tui.games.codename.attaching import attach, attach_problem, can_attach, known_attach_options
from chimera_tui.games.codename.state import OVER, TURN, WINDOW, Player, State, with_player

ATTACH_COST = 2
"""Energy to attach a part from the inventory during the Arena."""


def can_attach_now(state: State, seat: int) -> bool:
    """Whether seat could attach a part from its inventory now (alive, 2 energy, a card with a free edge)."""
    p = state.players[seat]
    return p.alive and p.energy >= ATTACH_COST and bool(p.cards) and can_attach(p)


def open_window(state: State) -> State:
    """A moment between attacks: every other seat that could attach is asked in turn (clockwise from the
    player whose turn it is), except those that passed for the rest of this turn; then the turn goes on."""
    if state.phase is OVER:
        return state
    queue = window_queue(state.players, state.order[state.turn], state.waived)
    return msgspec.structs.replace(state, phase=WINDOW if queue else TURN, window=queue)


def window_queue(players: tuple[Player, ...], me: int, waived: tuple[int, ...]) -> tuple[int, ...]:
    """The seats a window asks, in turn from the one after `me` (whose turn it is): those that could attach
    now (`can_attach_now`) and have not passed for the rest of this turn (`waived`)."""
    n = len(players)
    queue = []
    for s in range(me + 1, me + n):
        s %= n
        p = players[s]
        if (
            p.alive and p.energy >= ATTACH_COST and p.cards and s not in waived and can_attach(p)
        ):  # can_attach_now
            queue.append(s)
    return tuple(queue)


def window_legal(state: State) -> list[Attach | Wait]:
    return [*known_attach_options(state.players[state.window[0]]), WAIT]


WAIT = Wait()
"""The one `Wait` every window offers (an action is a frozen value)."""


def window_act(state: State, action: Attach | Wait) -> State:
    """The asked seat attaches (and may attach again) or waits until the next turn.

    Raises:
        IllegalAction: when the part cannot be attached there or the seat lacks the energy.
    """
    seat = state.window[0]
    if isinstance(action, Attach):
        state = attach_in_arena(state, seat, action)
        if can_attach_now(state, seat):
            return state
    else:
        state = msgspec.structs.replace(state, waived=(*state.waived, seat))
    rest = state.window[1:]
    return msgspec.structs.replace(state, window=rest, phase=WINDOW if rest else TURN)


def attach_in_arena(state: State, seat: int, action: Attach) -> State:
    """Attach a part from the inventory for 2 energy.

    Raises:
        IllegalAction: without the energy, or when the Attaching rules forbid it.
    """
    p = state.players[seat]
    if p.energy < ATTACH_COST:
        raise IllegalAction(
            f"Attaching from the inventory costs {ATTACH_COST} energy; you hold {p.energy}.", action
        )
    problem = attach_problem(p, action.card, action.parent, action.slot)
    if problem is not None:
        raise IllegalAction(problem, action)
    p = attach(p, action.card, action.parent, action.slot)
    p = msgspec.structs.replace(p, energy=p.energy - ATTACH_COST)
    state = told.note(with_player(state, seat, p), seat, "gain", f"{told.name(action.card)} attached")
    return told.note(state, seat, f"spend:{ATTACH_COST}", "attaching")
