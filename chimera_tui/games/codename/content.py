"""Codename: Chimera's components: the 64 monster-part cards, the 8 torso halves and the ability vocabulary.

The rulebook prints none of them; they are this edition's design (``edition = "tabletop-tui"``) and live in
``data/parts.toml`` and ``data/torsos.toml``. Loading validates them: unique ids, exactly 64 parts and 8 torso
halves, known stitchings and abilities.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Literal

import msgspec

from chimera_tui import games

STITCHINGS = ("neck", "limb", "tail", "joint")
"""The four stitching shapes; two edges join only when their shapes are the same."""

Timing = Literal["passive", "own-turn", "reaction"]

PART_COUNT = 64
TORSO_COUNT = 8
EDITION = "tabletop-tui"


class AbilityDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One ability of the vocabulary (its effect is implemented in abilities.py)."""

    id: str
    name: str
    timing: Timing
    """passive: always on; own-turn: used on your turn; reaction: used when your monster is attacked."""
    text: str


class PartDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One printed monster-part card."""

    id: str
    name: str
    kind: str
    base: str
    """The stitching on the edge that joins toward the torso."""
    far: str
    """Stitching on the edge opposite the base ("" for none)."""
    left: str
    right: str
    attack_roll: int
    """Dice rolled when it attacks; 0 means it cannot attack."""
    attack_mod: int
    defense: int
    cost: int
    """Energy paid each time the part is used (attack or ability)."""
    hairiness: int
    ability: str
    edition: str

    @property
    def tips(self) -> tuple[tuple[str, str], ...]:
        """(slot, stitching) for each edge where further parts can attach."""
        return tuple(
            (slot, s) for slot, s in (("far", self.far), ("left", self.left), ("right", self.right)) if s
        )


class TorsoDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One printed torso half. Its fourth (wide) edge is the join to the other half."""

    id: str
    name: str
    far: str
    left: str
    right: str
    attack_roll: int
    attack_mod: int
    defense: int
    cost: int
    hairiness: int
    edition: str

    @property
    def tips(self) -> tuple[tuple[str, str], ...]:
        return tuple(
            (slot, s) for slot, s in (("far", self.far), ("left", self.left), ("right", self.right)) if s
        )


class PartsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ability: tuple[AbilityDef, ...]
    part: tuple[PartDef, ...]


class TorsosFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    torso: tuple[TorsoDef, ...]


class Content(msgspec.Struct, frozen=True):
    """All components, by id."""

    parts: Mapping[str, PartDef]
    torsos: Mapping[str, TorsoDef]
    abilities: Mapping[str, AbilityDef]
    part_ids: tuple[str, ...]
    """In the order of the data file (the unshuffled deck)."""
    torso_ids: tuple[str, ...]


class ContentError(ValueError):
    """The data files break a rule of the component set."""


def _read(name: str) -> bytes:
    return games.read_data(__package__, name)  # a missing file: games.InstallationIncomplete


def validate(parts: PartsFile, torsos: TorsosFile) -> Content:
    """Check the component rules and index the data.

    Raises:
        ContentError: naming the first problem found.
    """
    abilities = {a.id: a for a in parts.ability}
    if len(abilities) != len(parts.ability):
        raise ContentError("ability ids are not unique")
    part_map = {p.id: p for p in parts.part}
    torso_map = {t.id: t for t in torsos.torso}
    if len(part_map) != len(parts.part) or len(torso_map) != len(torsos.torso):
        raise ContentError("card ids are not unique")
    if set(part_map) & set(torso_map):
        raise ContentError("a part and a torso half share an id")
    if len(part_map) != PART_COUNT:
        raise ContentError(f"there must be {PART_COUNT} monster parts, not {len(part_map)}")
    if len(torso_map) != TORSO_COUNT:
        raise ContentError(f"there must be {TORSO_COUNT} torso halves, not {len(torso_map)}")
    for p in parts.part:
        if p.base not in STITCHINGS:
            raise ContentError(f"{p.id}: unknown base stitching {p.base!r}")
        for slot, s in (("far", p.far), ("left", p.left), ("right", p.right)):
            if s and s not in STITCHINGS:
                raise ContentError(f"{p.id}: unknown {slot} stitching {s!r}")
        if p.ability and p.ability not in abilities:
            raise ContentError(f"{p.id}: unknown ability {p.ability!r}")
        if p.attack_roll < 0 or p.defense < 1 or p.cost < 0 or p.hairiness < 0:
            raise ContentError(f"{p.id}: a stat is out of range")
        if p.edition != EDITION or p.id.startswith("torso"):
            raise ContentError(f"{p.id}: bad edition or reserved id")
    for t in torsos.torso:
        if not t.tips:
            raise ContentError(f"{t.id}: a torso half needs at least one stitching")
        for s in (t.far, t.left, t.right):
            if s and s not in STITCHINGS:
                raise ContentError(f"{t.id}: unknown stitching {s!r}")
        if t.attack_roll < 1 or t.edition != EDITION:
            raise ContentError(f"{t.id}: every torso half rolls at least one die and is of this edition")
    return Content(
        parts=part_map,
        torsos=torso_map,
        abilities=abilities,
        part_ids=tuple(p.id for p in parts.part),
        torso_ids=tuple(t.id for t in torsos.torso),
    )


@cache
def load() -> Content:
    """The validated component set (decoded once)."""
    parts = msgspec.toml.decode(_read("parts.toml"), type=PartsFile)
    torsos = msgspec.toml.decode(_read("torsos.toml"), type=TorsosFile)
    return validate(parts, torsos)
