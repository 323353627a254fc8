"""Standings and the winner: the last monster standing wins; if every monster falls, nobody does."""

from __future__ import annotations

from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Phase, State

_C = load()


def scores(state: State) -> tuple[int, ...]:
    """Each seat's standing: the cards on its monster (torso halves and parts), 0 once it has fallen.

    Before the Arena nothing is built yet, so every standing counts the torso halves picked so far.
    """
    return tuple(len(p.torso) + len(p.monster) if p.alive else 0 for p in state.players)


def standing(state: State, seat: int) -> tuple[int, int]:
    """What decides a stalled fight: (cards on the monster, their total Defense); (0, 0) once fallen."""
    p = state.players[seat]
    if not p.alive:
        return (0, 0)
    defense = sum(_C.torsos[t].defense for t in p.torso) + sum(_C.parts[x.card].defense for x in p.monster)
    return (len(p.torso) + len(p.monster), defense)


def winner(state: State) -> tuple[int, ...]:
    """The seat of the last monster standing; () before the end, and () if all monsters fell together.

    When a stalled fight ended with several monsters standing, the standing decides: the most cards on the
    monster, then the most Defense on them; seats still equal share the win.
    """
    if state.phase is not Phase.OVER:
        return ()
    alive = [s for s, p in enumerate(state.players) if p.alive]
    if len(alive) <= 1:
        return tuple(alive)
    best = max(standing(state, s) for s in alive)
    return tuple(s for s in alive if standing(state, s) == best)
