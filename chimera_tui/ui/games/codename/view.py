"""Pure functions from a Codename: Chimera view (one seat's `State`) to the widgets' plain view data.

Nothing here keeps state or touches Textual: the screen calls these with the table's view and binds the
results to its widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from chimera_tui.games.codename.actions import (
    Done,
    EndTurn,
    Go,
    Pass,
    Skip,
    Wait,
)
from chimera_tui.games.codename.attaching import layout, open_sockets, outer_info, torso_id
from chimera_tui.games.codename.content import PartDef, TorsoDef, load
from chimera_tui.games.codename.state import Phase, Player, State
from chimera_tui.ui.seats import escape_markup
from chimera_tui.ui.widgets.card_grid import JOINED, OPEN, TILE_W, GridCell

_C = load()

PHASE_TOPIC = {
    Phase.TORSO: "torso-choice",
    Phase.DEAL: "drafting",
    Phase.AUCTION: "auction",
    Phase.PICK: "auction",
    Phase.BUILD: "building",
    Phase.TURN: "attacking",
    Phase.JOIN: "attacking",
    Phase.REACT: "abilities",
    Phase.WINDOW: "attaching",
    Phase.OVER: "winning",
}
"""The rules topic for each phase (the `?` key when the cursor is on nothing more specific)."""

PHASE_NAME = {
    Phase.TORSO: "Torso choice",
    Phase.DEAL: "Drafting",
    Phase.AUCTION: "Auction",
    Phase.PICK: "Auction won",
    Phase.BUILD: "Building",
    Phase.TURN: "Arena",
    Phase.JOIN: "Arena: attack",
    Phase.REACT: "Arena: reactions",
    Phase.WINDOW: "Arena: attach?",
    Phase.OVER: "Game over",
}

FINISH = {
    Phase.DEAL: (Skip(), "Take none"),
    Phase.AUCTION: (Pass(), "Pass"),
    Phase.BUILD: (Done(), "Done building"),
    Phase.TURN: (EndTurn(), "End turn"),
    Phase.JOIN: (Go(), "Roll"),
    Phase.REACT: (Pass(), "No more reactions"),
    Phase.WINDOW: (Wait(), "Wait until the next turn"),
}
"""The action that closes each phase's decision (the "n" key), and its label."""

ARENA = frozenset({Phase.TURN, Phase.JOIN, Phase.REACT, Phase.WINDOW, Phase.OVER})
DRAFT = frozenset({Phase.DEAL, Phase.AUCTION, Phase.PICK})
SLOTS = ("far", "left", "right")


# -- names and stats ---------------------------------------------------------------------------------------


def escape(text: str) -> str:
    """Player-given `text` as plain text inside Textual markup: ``[/]``, ``[bold]Bob`` and a name cut to
    ``[@click=app.qui…`` stay as typed (every "[" is escaped: Rich's escape left an unclosed one, a tag to
    Textual), and a trailing backslash cannot escape the next tag. Cut a name first, escape it after."""
    body = text.rstrip("\\")
    tail = text[len(body) :]
    return escape_markup(body) + (tail + "\u200b" if tail else "")


def card_name(card: str) -> str:
    """A card's printed name ("" for a hidden card)."""
    if card in _C.parts:
        return _C.parts[card].name
    if card in _C.torsos:
        return _C.torsos[card].name
    return card


def short_name(card: str, width: int = 10) -> str:
    """A name that fits `width` characters: "Crab Pincer" → "CrabPincer", "Squid Tentacle" → "S.Tentacle"."""
    name = card_name(card)
    if len(name) <= width:
        return name
    words = name.replace("'s", "").split()
    if len("".join(words)) <= width:
        return "".join(words)
    last = words[-1]
    room = width - len(last) - 1
    if len(words) > 1 and room >= 1:
        return words[0][:room] + "." + last
    return name[: width - 1] + "…"


def _stat_line(roll: int, mod: int, defense: int, cost: int, width: int = TILE_W) -> str:
    """Attack, Defense and cost in at most `width` characters: "2d+1 D5 2e", "2d D5 2e", "-- D6 1e" (the
    cost left out only where a mark takes a tile's first column)."""
    attack = (f"{roll}d{mod:+d}" if mod else f"{roll}d") if roll else "--"
    text = f"{attack} D{defense}"
    return f"{text} {cost}e" if len(text) + len(f" {cost}e") <= width else text


@dataclass(frozen=True)
class TorsoValues:
    """A joined torso's values (larger Attack Roll, summed mods, Defenses, costs, hairiness)."""

    roll: int
    mod: int
    defense: int
    cost: int
    hairiness: int


@cache
def torso_values(halves: tuple[str, ...]) -> TorsoValues:
    defs = [_C.torsos[h] for h in halves]
    return TorsoValues(
        max((d.attack_roll for d in defs), default=0),
        sum(d.attack_mod for d in defs),
        sum(d.defense for d in defs),
        sum(d.cost for d in defs),
        sum(d.hairiness for d in defs),
    )


def stitch_text(card: PartDef | TorsoDef) -> str:
    found = [f"{slot} {getattr(card, slot)}" for slot in SLOTS if getattr(card, slot)]
    return ", ".join(found) or "none"


def owner_of(state: State, card: str) -> int:
    """The seat whose monster (torso or part) holds `card`, or -1."""
    for seat, p in enumerate(state.players):
        if card in p.torso or any(pl.card == card for pl in p.monster):
            return seat
    return -1


def attack_id(state: State, card: str) -> str:
    """The id attacks use for `card`: ``torso:N`` for a torso half, the card itself otherwise."""
    if card in _C.torsos:
        seat = owner_of(state, card)
        if seat >= 0:
            return torso_id(seat)
    return card


# -- the monster grids -------------------------------------------------------------------------------------


def monster_cells(
    state: State,
    seat: int,
    *,
    places: bool = False,
    targets: frozenset[str] = frozenset(),
    selected: frozenset[str] = frozenset(),
) -> tuple[GridCell, ...]:
    """Seat's monster as grid cells: torso halves, parts, seams; with `places`, the free places too.

    Args:
        state: A seat's view.
        seat: Whose monster.
        places: Also list the free places where a held card could be attached (only for your own monster).
        targets: Attack ids (part ids, ``torso:N``) and free places to mark as targets.
        selected: Attack ids of the parts chosen to attack.
    """
    p = state.players[seat]
    if not p.torso:
        return ()
    lay = layout(p.torso, p.monster)
    outer_parts, exposed = outer_info(p)
    edges: dict[str, list[str]] = {card: ["", "", "", ""] for card in lay.cells.values()}
    for s in lay.sockets:
        edges[s.card][s.facing] = JOINED if (s.card, s.slot) in lay.filled else OPEN
    for placed in p.monster:
        edges[placed.card][(placed.facing + 2) % 4] = JOINED
    if len(p.torso) == 2:
        edges[p.torso[0]][2] = JOINED
        edges[p.torso[1]][0] = JOINED
    tid = torso_id(seat)
    arena = state.phase in ARENA
    tv = torso_values(p.torso)
    cells = []
    for (x, y), card in lay.cells.items():
        is_torso = card in lay.torso
        aid = tid if is_torso else card
        outer = exposed if is_torso else card in outer_parts
        used = arena and aid in state.used
        target = aid in targets
        chosen = aid in selected
        mark = "◎" if target else "●" if chosen else "◇" if outer else ""
        width = TILE_W - len(mark)
        if is_torso:
            defense = tv.defense
            if card == p.torso[0] and len(p.torso) == 2:
                detail = "TORSO"
            else:
                detail = _stat_line(tv.roll, tv.mod, tv.defense, tv.cost, width)
        else:
            d = _C.parts[card]
            defense = d.defense
            detail = _stat_line(d.attack_roll, d.attack_mod, d.defense, d.cost, width)
        if used:
            detail = f"used D{defense}" if detail != "TORSO" else "used"
        cells.append(
            GridCell(
                x,
                y,
                card,
                short_name(card),
                detail,
                mark,
                (edges[card][0], edges[card][1], edges[card][2], edges[card][3]),
                "torso" if is_torso else "card",
                outer=outer,
                target=target,
                selected=chosen,
                muted=used,
            )
        )
    if places:
        free: dict[tuple[int, int], list[str]] = {}
        for s in open_sockets(p):
            shapes = free.setdefault((s.x, s.y), [])
            if s.stitch not in shapes:
                shapes.append(s.stitch)
        for (x, y), shapes in free.items():
            key = place_key(x, y)
            hit = key in targets
            cells.append(
                GridCell(x, y, key, "+" + "/".join(shapes), "", "◎" if hit else "+", kind="empty", target=hit)
            )
    return tuple(cells)


def place_key(x: int, y: int) -> str:
    return f"place:{x},{y}"


def place_of(key: str) -> tuple[int, int] | None:
    if not key.startswith("place:"):
        return None
    x, y = key[6:].split(",")
    return int(x), int(y)


def socket_cell(player: Player, parent: str, slot: str) -> tuple[int, int] | None:
    """The grid cell a part attached to `parent`'s `slot` edge would take."""
    for s in layout(player.torso, player.monster).sockets:
        if s.card == parent and s.slot == slot:
            return (s.x, s.y)
    return None


def row_cells(
    cards: Sequence[str], columns: int, *, key_prefix: str = "", muted: frozenset[str] = frozenset()
) -> tuple[GridCell, ...]:
    """Cards as tiles in rows of `columns` (a hand, the torso halves on the table, the graveyard)."""
    columns = max(1, columns)
    out = []
    for i, card in enumerate(cards):
        x, y = i % columns, i // columns
        if not card:
            out.append(GridCell(x, y, f"{key_prefix}hidden:{i}", "face down", "", "▒", muted=True))
            continue
        if card in _C.parts:
            d = _C.parts[card]
            detail = _stat_line(d.attack_roll, d.attack_mod, d.defense, d.cost)
        else:
            t = _C.torsos[card]
            detail = _stat_line(t.attack_roll, t.attack_mod, t.defense, t.cost)
        out.append(
            GridCell(x, y, key_prefix + card, short_name(card), detail, kind="card", muted=card in muted)
        )
    return tuple(out)


def grave_cells(state: State, columns: int, names: Sequence[str]) -> tuple[GridCell, ...]:
    """The graveyard, oldest first, each tile saying whose monster it came from."""
    cells = []
    for i, g in enumerate(state.graveyard):
        x, y = i % max(1, columns), i // max(1, columns)
        cells.append(
            GridCell(x, y, f"grave:{i}", short_name(g.card), _owner_tag(names[g.owner]), "†", muted=True)
        )
    return tuple(cells)


def _owner_tag(name: str) -> str:
    """Whose monster a graveyard card came from, in 9 characters ("Bot 2 (greedy)" → "Bot 2")."""
    short = name.split(" (")[0]
    return short if len(short) <= 9 else short[:8] + "…"
