"""The big card of a Codename: Chimera view: the card under the cursor drawn whole (name, stats, stitches,
owner, what it does), and the auction pool's faces. Pure: plain view data for the card widgets.
"""

from __future__ import annotations

from collections.abc import Sequence

from chimera_tui.games.codename.attaching import open_sockets, outer_info, torso_id
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import State
from chimera_tui.ui.games.codename.view import (
    ARENA,
    SLOTS,
    card_name,
    escape,
    owner_of,
    place_of,
    stitch_text,
    torso_values,
)
from chimera_tui.ui.widgets.card import CardFace

_C = load()


def card_face(state: State, key: str | None, me: int | None, names: Sequence[str]) -> CardFace:
    """The larger view of the card under the cursor: its stats, stitchings and ability."""
    if key is None:
        return CardFace("", "Nothing here", ("Move the cursor onto a card.",))
    if (pos := place_of(key)) is not None:
        lines = ["A free place on your monster."]
        if me is not None:
            p = state.players[me]
            for s in open_sockets(p):
                if (s.x, s.y) == pos:
                    lines.append(f"{s.slot} edge of {card_name(s.card)}: {s.stitch}")
        lines.append("Enter: attach a card here.")
        return CardFace(key, "Free place", tuple(lines), mark="+")
    if key.startswith("grave:"):
        g = state.graveyard[int(key[6:])]
        face = card_face(state, g.card, me, names)
        return CardFace(
            key,
            face.title,
            (f"In the graveyard, from {escape(names[g.owner])}'s monster.", *face.lines),
            "grave",
            muted=True,
        )
    if key.startswith("hidden:") or key.startswith("hand:hidden") or not key:
        return CardFace(key, "Face down", ("A card you cannot see.",), face_down=True)
    card = key.split(":", 1)[1] if key.startswith("hand:") or key.startswith("pool:") else key
    seat = owner_of(state, card)
    if card in _C.torsos:
        t = _C.torsos[card]
        lines = [
            f"Torso half · cost {t.cost}",
            f"{_attack(t.attack_roll, t.attack_mod)} · Defense {t.defense}",
            f"Edges: {stitch_text(t)}",
            f"[$text-muted]Hairiness {t.hairiness}[/]",
        ]
        mark = ""
        if seat >= 0:
            p = state.players[seat]
            tv = torso_values(p.torso)
            lines.append(
                f"[b]Whole torso[/b]: {_attack(tv.roll, tv.mod)} · Def {tv.defense} · cost {tv.cost}"
            )
            exposed = outer_info(p)[1]
            mark = f"{names[seat]}'s · {'outer' if exposed else 'covered'}"
            if state.phase in ARENA and torso_id(seat) in state.used:
                mark += " · used"
            return CardFace(key, t.name, tuple(lines), mark, outer=exposed)
        return CardFace(key, t.name, tuple(lines), "on the table")
    d = _C.parts.get(card)
    if d is None:
        return CardFace(key, card_name(card), ())
    lines = [
        f"{d.kind.capitalize()} · cost {d.cost}",
        f"{_attack(d.attack_roll, d.attack_mod)} · Defense {d.defense}",
        f"{d.base} → {stitch_text(d)}",
    ]
    if d.ability:
        a = _C.abilities[d.ability]
        lines.append(f"[b]{a.name}[/b] ({a.timing}): {a.text}")
    lines.append(f"[$text-muted]Hairiness {d.hairiness}[/]")
    mark = ""
    outer = False
    if seat >= 0:
        outer = card in outer_info(state.players[seat])[0]
        mark = f"{names[seat]}'s · {'outer' if outer else 'inner'}"
        if state.phase in ARENA and card in state.used:
            mark += " · used"
    elif me is not None and card in state.players[me].cards:
        mark = "in your hand" if state.phase not in ARENA else "in your inventory"
    elif card in state.row:
        mark = "face up"
    return CardFace(key, d.name, tuple(lines), mark, outer=outer)


def _attack(roll: int, mod: int) -> str:
    """The Attack Roll and Mod as dice: "2d+1", "1d", or "No attack"."""
    if not roll:
        return "No attack"
    return f"{roll}d{mod:+d}" if mod else f"{roll}d"


def pool_faces(state: State, me: int | None) -> tuple[CardFace, ...]:
    """The face-up drafting row as big cards (short lines: three fit side by side in 80 columns)."""
    faces = []
    for card in state.row:
        d = _C.parts[card]
        attack = _attack(d.attack_roll, d.attack_mod) if d.attack_roll else "--"
        lines = [
            f"{attack} · Def {d.defense}",
            f"energy {d.cost}",
            f"{d.base} → {'/'.join(getattr(d, s) for s in SLOTS if getattr(d, s)) or 'none'}",
        ]
        if d.ability:
            lines.append(f"[b]{_C.abilities[d.ability].name}[/b]")
        faces.append(CardFace(card, d.name, tuple(lines), d.kind))
    return tuple(faces)
