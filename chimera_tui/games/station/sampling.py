"""The search bot's hook for Chimera Station: a full state consistent with one seat's view.

A Station view hides only the order of the face-down module pile and perk deck, and the random stream
(`StationRules.view`). `determinize` deals the tiles and perks nobody has seen yet into those piles in a
random order and gives the state a fresh random stream, both drawn from `rng`, so every playout of the
search bot (`engine/search.py`) plays on one possible truth.
"""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.engine.rng import Rng
from chimera_tui.games.station.content import content
from chimera_tui.games.station.state import State


def determinize(view: State, seat: int, rng: Rng) -> State:
    """`view` with the hidden piles dealt from the unseen tiles and perks, shuffled by `rng`."""
    c = content()
    seen = set(view.reactor) | set(view.discard) | {b.tile for b in view.built}
    tiles, rng = rng.shuffle(sorted(t.id for t in c.tiles if t.id not in seen))
    owned = set(view.perk_display) | {x for p in view.players for x in p.perks}
    perks, rng = rng.shuffle(sorted(p.id for p in c.perks if p.id not in owned))
    word, rng = rng.next_u64()
    return replace(view, pile=tiles[: len(view.pile)], perk_deck=perks[: len(view.perk_deck)], rng=Rng(word))
