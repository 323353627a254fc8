"""The reference sheet's Attaching, Outer Parts and Cutting Limbs sections: a monster's grid geometry.

A monster is a tree on a square grid. The torso's first half sits at (0, 0) facing north, the second at (0, 1)
facing south; they join along their wide edges. Every card has a base edge (toward the torso) and up to three
stitched edges: far (opposite the base), left and right (relative to the card's facing). A part attaches to an
open stitched edge of a card of the same monster when its base stitching has the same shape and the grid cell
beyond that edge is free.

A card is *outer* when nothing is attached beyond it or one of its stitched edges is open; the torso (both
halves together) is outer while any of its stitched edges is open.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from chimera_tui.games.codename.actions import Attach
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Placed, Player

DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""Grid steps for facings 0 north, 1 east, 2 south, 3 west (y grows downward, as on screen)."""

_SLOT_TURN = {"far": 0, "left": 3, "right": 1}
"""How far each slot's direction turns (clockwise quarter turns) from the card's facing."""

_C = load()


def torso_id(seat: int) -> str:
    """The id that names seat's whole torso in attacks and notation."""
    return _TORSO_IDS[seat]


_TORSO_IDS = tuple(f"torso:{seat}" for seat in range(8))
"""`torso_id` of every seat (a game seats at most 4), written once."""


class Socket(msgspec.Struct, frozen=True, array_like=True):
    """A stitched edge of a card on a monster."""

    card: str
    slot: str
    stitch: str
    x: int
    """The grid cell a part attached here would occupy."""
    y: int
    facing: int
    """The facing such a part would have."""


class Layout(msgspec.Struct, frozen=True):
    """A monster's geometry, derived from its torso and parts."""

    cells: dict[tuple[int, int], str]
    sockets: tuple[Socket, ...]
    filled: frozenset[tuple[str, str]]
    """(card, slot) pairs with a part attached."""
    children: dict[str, tuple[str, ...]]
    torso: frozenset[str]


def _tips(card: str) -> tuple[tuple[str, str], ...]:
    return _TIPS[card]


_TIPS = {**{t.id: t.tips for t in _C.torsos.values()}, **{p.id: p.tips for p in _C.parts.values()}}
"""Each card's `tips` (a part's wins over a torso half's of the same id), worked out once."""


def _sockets_of(card: str, x: int, y: int, facing: int) -> tuple[Socket, ...]:
    """The stitched edges of `card` placed on cell (x, y) facing `facing` (kept: cards recur on the same cells)."""
    key = (card, x, y, facing)
    known = _SOCKETS.get(key)
    if known is None:
        out = []
        for slot, stitch in _tips(card):
            d = (facing + _SLOT_TURN[slot]) % 4
            dx, dy = DIRS[d]
            out.append(Socket(card, slot, stitch, x + dx, y + dy, d))
        if len(_SOCKETS) >= 50_000:
            _SOCKETS.clear()
        known = _SOCKETS[key] = tuple(out)
    return known


_SOCKETS: dict[tuple[str, int, int, int], tuple[Socket, ...]] = {}
"""(card, x, y, facing) -> `_sockets_of`'s answer (Sockets are values, shared by every layout that has them);
bounded, cleared past 50,000 rows."""


@lru_cache(maxsize=4096)
def layout(torso: tuple[str, ...], monster: tuple[Placed, ...]) -> Layout:
    """The geometry of a monster with these torso halves and attached parts."""
    cells: dict[tuple[int, int], str] = {}
    sockets: list[Socket] = []
    children: dict[str, list[str]] = {}
    for i, half in enumerate(torso):
        x, y, f = (0, 0, 0) if i == 0 else (0, 1, 2)
        cells[(x, y)] = half
        sockets += _sockets_of(half, x, y, f)
    filled = set()
    for p in monster:
        cells[(p.x, p.y)] = p.card
        sockets += _sockets_of(p.card, p.x, p.y, p.facing)
        filled.add((p.parent, p.slot))
        children.setdefault(p.parent, []).append(p.card)
    return Layout(
        cells,
        tuple(sockets),
        frozenset(filled),
        {k: tuple(v) for k, v in children.items()},
        frozenset(torso),
    )


_KNOWN_ROWS = 4096
"""How many monsters (or hands) the identity caches below remember before they start again."""

_OPEN: dict[int, tuple[tuple[Placed, ...], tuple[str, ...], tuple[Socket, ...]]] = {}
"""id(monster) -> (monster, torso, its open sockets). A seat's `monster` tuple is kept as it is by every state
that does not change that monster (energy, turns, other seats), so looking it up by identity answers most
questions without hashing the parts (the `layout` cache's key)."""


def open_sockets(player: Player) -> list[Socket]:
    """Stitched edges with nothing attached whose cell beyond is free (where a part could go)."""
    monster, torso = player.monster, player.torso
    known = _OPEN.get(id(monster))
    if known is None or known[0] is not monster or known[1] is not torso:
        lay = layout(torso, monster)
        found = tuple(
            s for s in lay.sockets if (s.card, s.slot) not in lay.filled and (s.x, s.y) not in lay.cells
        )
        if len(_OPEN) >= _KNOWN_ROWS:
            _OPEN.clear()
        known = _OPEN[id(monster)] = (monster, torso, found)
    return list(known[2])


def attach_problem(player: Player, card: str, parent: str, slot: str) -> str | None:
    """Why `card` cannot be attached to `parent`'s `slot` edge on this monster, or None when it can."""
    part = _C.parts.get(card)
    if part is None or card not in player.cards:
        return f"{_name(card)} is not a monster part in your hand or inventory."
    lay = layout(player.torso, player.monster)
    for s in lay.sockets:
        if s.card == parent and s.slot == slot:
            if (parent, slot) in lay.filled:
                return f"Something is already attached to the {slot} edge of {_name(parent)}."
            if (s.x, s.y) in lay.cells:
                return (
                    f"The {slot} edge of {_name(parent)} faces a space already taken by "
                    f"{_name(lay.cells[(s.x, s.y)])}."
                )
            if s.stitch != part.base:
                return (
                    f"{part.name} has a {part.base} stitching; the {slot} edge of {_name(parent)} is a "
                    f"{s.stitch} stitching."
                )
            return None
    return f"{_name(parent)} has no stitched {slot} edge on your monster."


def _name(card: str) -> str:
    """A card's printed name for a sentence (never its id)."""
    part = _C.parts.get(card)
    if part is not None:
        return part.name
    torso = _C.torsos.get(card)
    return torso.name if torso is not None else "That card"


def attach(player: Player, card: str, parent: str, slot: str) -> Player:
    """`player` with `card` moved from hand/inventory onto its monster (assumes `attach_problem` is None)."""
    for s in layout(player.torso, player.monster).sockets:
        if s.card == parent and s.slot == slot:
            placed = Placed(card, parent, slot, s.x, s.y, s.facing)
            cards = list(player.cards)
            cards.remove(card)
            return msgspec.structs.replace(player, cards=tuple(cards), monster=(*player.monster, placed))
    raise ValueError(f"no socket {parent}.{slot}")


def is_outer(player: Player, card: str) -> bool:
    """Whether `card` (a part id, or ``torso:N`` / a torso half id for the torso) is an outer card."""
    if card.startswith("torso:") or card in player.torso:
        return torso_outer(player)
    return card in outer_parts(player)


@lru_cache(maxsize=4096)
def _outer(torso: tuple[str, ...], monster: tuple[Placed, ...]) -> tuple[tuple[str, ...], bool]:
    lay = layout(torso, monster)
    parts = tuple(
        p.card
        for p in monster
        if p.card not in lay.children or any((p.card, slot) not in lay.filled for slot, _ in _tips(p.card))
    )
    exposed = any((s.card, s.slot) not in lay.filled for s in lay.sockets if s.card in lay.torso)
    return parts, exposed


_OUTER: dict[int, tuple[tuple[Placed, ...], tuple[str, ...], tuple[tuple[str, ...], bool]]] = {}
"""id(monster) -> (monster, torso, `_outer`'s answer), looked up by identity like `_OPEN`."""


def outer_info(player: Player) -> tuple[tuple[str, ...], bool]:
    """(the outer parts, whether the torso is outer) of a monster."""
    monster, torso = player.monster, player.torso
    known = _OUTER.get(id(monster))
    if known is None or known[0] is not monster or known[1] is not torso:
        if len(_OUTER) >= _KNOWN_ROWS:
            _OUTER.clear()
        known = _OUTER[id(monster)] = (monster, torso, _outer(torso, monster))
    return known[2]


def outer_parts(player: Player) -> tuple[str, ...]:
    """The monster's outer parts, in attach order (the torso is reported by `torso_outer`)."""
    return outer_info(player)[0]


def torso_outer(player: Player) -> bool:
    """Whether the torso has an open stitched edge."""
    return outer_info(player)[1]


def beyond(player: Player, card: str) -> list[str]:
    """`card` and every part attached beyond it (what falls off when it is destroyed), outermost last."""
    children = layout(player.torso, player.monster).children
    out, stack = [], [card]
    while stack:
        c = stack.pop()
        out.append(c)
        stack.extend(children.get(c, ()))
    return out


def cut(player: Player, card: str) -> tuple[Player, list[str]]:
    """Remove part `card` and everything beyond it; returns the player and the removed cards."""
    gone = beyond(player, card)
    drop = set(gone)
    keep = tuple(p for p in player.monster if p.card not in drop)
    return msgspec.structs.replace(player, monster=keep), gone


def part_count(player: Player) -> int:
    """Monster parts attached (torso excluded), for arena turn order."""
    return len(player.monster)


def hairiness(player: Player) -> int:
    """Total hairiness of the attached cards, torso halves included."""
    monster, torso = player.monster, player.torso
    known = _HAIR.get(id(monster))
    if known is None or known[0] is not monster or known[1] is not torso:
        total = sum(_C.torsos[t].hairiness for t in torso) + sum(_C.parts[p.card].hairiness for p in monster)
        if len(_HAIR) >= _KNOWN_ROWS:
            _HAIR.clear()
        known = _HAIR[id(monster)] = (monster, torso, total)
    return known[2]


_HAIR: dict[int, tuple[tuple[Placed, ...], tuple[str, ...], int]] = {}
"""id(monster) -> (monster, torso, `hairiness`), looked up by identity like `_OPEN` (turn order asks it of the
tied seats every arena round)."""


_OPTIONS: dict[int, tuple[tuple[str, ...], tuple[Placed, ...], tuple[str, ...], tuple[Attach, ...]]] = {}
"""id(cards) -> (cards, monster, torso, `attach_options`' answer: for those very three only), looked up by identity like
`_OPEN`."""


def attach_options(player: Player) -> list[Attach]:
    """Every way to attach a held card to the monster now."""
    return list(known_attach_options(player))


def can_attach(player: Player) -> bool:
    """Whether `attach_options` is not empty."""
    return bool(known_attach_options(player))


def known_attach_options(player: Player) -> tuple[Attach, ...]:
    """`attach_options` as the kept tuple itself (for a caller that copies it into its own list anyway)."""
    cards, monster, torso = player.cards, player.monster, player.torso
    known = _OPTIONS.get(id(cards))
    if known is None or known[0] is not cards or known[1] is not monster or known[2] is not torso:
        if len(_OPTIONS) >= _KNOWN_ROWS:
            _OPTIONS.clear()
        known = _OPTIONS[id(cards)] = (cards, monster, torso, tuple(_attach_options(player)))
    return known[3]


def _attach_options(player: Player) -> list[Attach]:
    sockets = open_sockets(player)
    if not sockets:
        return []
    by_stitch: dict[str, list[Socket]] = {}
    for s in sockets:
        known = by_stitch.get(s.stitch)
        if known is None:
            by_stitch[s.stitch] = [s]
        else:
            known.append(s)
    out: list[Attach] = []
    for card in dict.fromkeys(player.cards):  # each held card once, in hand order
        fits = by_stitch.get(_BASE[card])
        if fits is not None:
            out += [Attach(card, s.card, s.slot) for s in fits]
    return out


_BASE = {p.id: p.base for p in _C.parts.values()}
"""Each part's base stitching, looked up once."""
