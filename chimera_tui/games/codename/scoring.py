"""Standings and the winner: the last monster standing wins; if every monster falls, nobody does."""

from __future__ import annotations

from chimera_tui.games.codename.state import Phase, State


def scores(state: State) -> tuple[int, ...]:
    """Each seat's standing: the cards on its monster (torso halves and parts), 0 once it has fallen.

    Before the Arena nothing is built yet, so every standing counts the torso halves picked so far.
    """
    return tuple(len(p.torso) + len(p.monster) if p.alive else 0 for p in state.players)


def winner(state: State) -> tuple[int, ...]:
    """The seat of the last monster standing; () before the end, and () if all monsters fell together."""
    if state.phase is not Phase.OVER:
        return ()
    return tuple(s for s, p in enumerate(state.players) if p.alive)
