"""Choosing torso halves: first picks from the youngest player to the right, second picks back again."""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.games.codename import told
from chimera_tui.games.codename.actions import PickTorso
from chimera_tui.games.codename.drafting import start_drafting
from chimera_tui.games.codename.state import State, with_player


def pick_order(first: int, players: int) -> tuple[int, ...]:
    """Seats in torso-pick order: `first`, then to the right (counter-clockwise), then the same seats reversed."""
    out = tuple((first - i) % players for i in range(players))
    return out + out[::-1]


def picker(state: State) -> int:
    """The seat picking the next torso half."""
    return state.torso_order[sum(len(p.torso) for p in state.players)]


def legal(state: State) -> list[PickTorso]:
    return [PickTorso(c) for c in state.torso_pool]


def pick(state: State, action: PickTorso) -> State:
    """Take a face-up torso half; after the last pick the rest go to the box and drafting begins.

    Raises:
        IllegalAction: when the half is not face up.
    """
    if action.card not in state.torso_pool:
        raise IllegalAction(
            f"{told.name(action.card)} is not one of the torso halves still to be chosen.", action
        )
    seat = picker(state)
    if not any(p.torso for p in state.players):
        state = told.tell(
            state,
            f"{told.who(state.first)} is the youngest and chooses first; {told.who(state.dealer)} is the "
            "shortest and will deal first.",
        )
    player = state.players[seat]
    player = msgspec.structs.replace(player, torso=(*player.torso, action.card))
    pool = tuple(c for c in state.torso_pool if c != action.card)
    state = msgspec.structs.replace(with_player(state, seat, player), torso_pool=pool)
    if sum(len(p.torso) for p in state.players) < len(state.torso_order):
        return state
    chosen = "; ".join(f"{told.who(s)} {told.names(p.torso)}" for s, p in enumerate(state.players))
    state = told.tell(state, f"Every torso is chosen: {chosen}.")
    if pool:
        state = told.tell(state, f"The halves nobody chose go to the box: {told.names(pool)}.")
    return start_drafting(msgspec.structs.replace(state, torso_pool=(), box=(*state.box, *pool)))
