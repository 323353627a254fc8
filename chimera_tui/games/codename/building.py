"""Phase Two, Building: each player in turn (behind a hand-off screen) attaches parts for free, then is done.

What is left in hand becomes the face-down inventory. When the last player is done, the monsters are revealed
together and the Arena begins.
"""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.games.codename.actions import Attach, Done
from chimera_tui.games.codename.arena import start_arena
from chimera_tui.games.codename.attaching import attach, attach_problem, known_attach_options
from chimera_tui.games.codename.state import State, with_player


def legal(state: State) -> list[Attach | Done]:
    return [*known_attach_options(state.players[state.builder]), DONE]


DONE = Done()
"""The one `Done` every listing offers (an action is a frozen value)."""


def do_attach(state: State, seat: int, action: Attach) -> State:
    """Attach a held card (no energy is paid here; the arena charges separately).

    Raises:
        IllegalAction: with the Attaching rule that forbids it.
    """
    player = state.players[seat]
    problem = attach_problem(player, action.card, action.parent, action.slot)
    if problem is not None:
        raise IllegalAction(problem, action)
    return with_player(state, seat, attach(player, action.card, action.parent, action.slot))


def build(state: State, action: Attach | Done) -> State:
    """One building decision of the current builder.

    Raises:
        IllegalAction: when the attachment breaks the Attaching rules.
    """
    if isinstance(action, Attach):
        return do_attach(state, state.builder, action)
    nxt = state.builder + 1
    if nxt < len(state.players):
        return msgspec.structs.replace(state, builder=nxt)
    return start_arena(state)
