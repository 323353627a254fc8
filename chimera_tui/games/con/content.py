"""Chimera Con's cards: the creature cards (``data/creatures.toml``) and the cheat cards (``data/cheats.toml``).

The rulebook prints no cards (its "How to Read a Card" section is empty), so all of them are this edition's
design (``edition = "tabletop-tui"``), explained under "About this edition" in ``data/rules.md``. Loading
decodes them with msgspec and checks them: known families, slots, sizes, stats, tags and keywords; every
species with a head, a body and a rear; unique codes; Leviathan a Dragon and Basilisk a Serpent (CN-GEN-03);
enough cards for 5 players.

`content()` is cached and flattens the cards into per-code tables (`Card`, `CheatCard`) for the hot paths.
"""

from __future__ import annotations

import functools
import tomllib
from typing import Literal

import msgspec

from chimera_tui import games

EDITION = "tabletop-tui"
PACKAGE = "chimera_tui.games.con"

FAMILIES: tuple[str, ...] = ("Dragon", "Serpent", "Beast", "Bird", "Insect")
SLOTS: tuple[str, ...] = ("head", "body", "rear")
"""Top to bottom (CN-SIZE-02); a chimera's parts are always kept in this order."""
SLOT_LETTER: dict[str, str] = {"head": "h", "body": "b", "rear": "r"}
SIZES: dict[str, int] = {"": 0, "Large": 1, "Very Large": 2}
"""Size keyword -> rank, smallest first (CN-SIZE-01)."""
STATS: tuple[str, ...] = ("health", "might", "speed", "magic")
TAGS: frozenset[str] = frozenset({"Airborne", "Armored"})
KEYWORDS: tuple[str, ...] = ("Poisonous", "Negative", "Elemental", "Petrify", "Aerial")
CHEAT_EFFECTS: dict[str, str] = {
    "add_dice": "roll {n} more {dice} for your side of the attack (you must be its attacker or defender)",
    "drop_highest": "take away the {n} highest {dice} of the other side of the attack (you must be its "
    "attacker or defender)",
    "shield": "when you are the defender, the attack deals {n} less damage (not against Elemental attacks)",
    "smoke": "when you are the defender, the attack misses whatever the dice say, and cannot be counterattacked",
    "heal": "heal {n} damage from your chimera (not while it is Negative)",
    "poison": "another chimera becomes Poisoned",
    "petrify": "Petrify one part of another chimera (you choose the part)",
    "ground": "an Airborne chimera lands at once",
    "market": "take {n} card from the Market Pile into your hand",
    "draw": "draw {n} creature cards",
    "swap": "swap one part of your chimera for a creature card of the same slot from your hand, without "
    "spending an action and with no family penalty",
}
"""Effect name -> what the cheat does, in words (``{n}`` is its amount)."""
WHEN: dict[str, str] = {
    "turn": "at the start of any turn",
    "roll": "once an attack's dice are rolled",
    "any": "at the start of any turn or once an attack's dice are rolled",
}
MIN_CREATURES = 5 * 6 + 15
"""5 players draw 6 each and the missing-part procedure and turns need more behind them."""
MIN_CHEATS = 5 * 3 + 5


class ActionDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An action printed on a creature card."""

    name: str
    kind: Literal["standard", "special"]
    effect: Literal["attack", "heal"]
    attack: str = ""
    """The attacker's stat (attacks)."""
    defend: str = ""
    """The defender's stat (attacks)."""
    stat: str = ""
    """The stat rolled against the requirement (heals); an attack's requirement is on `attack`."""
    requirement: int = 0
    amount: int = 0
    """Damage healed (heals)."""
    keywords: tuple[str, ...] = ()

    @property
    def rolled(self) -> str:
        """The stat rolled for this action (CN-ACTION-13: an attack's requirement is on its own stat)."""
        return self.attack if self.effect == "attack" else self.stat


class PartDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One slot's card of a species as written in the data."""

    health: int
    might: int
    speed: int
    magic: int
    size: str = ""
    tags: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    actions: tuple[ActionDef, ...] = ()


class SpeciesDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    code: str
    name: str
    family: str
    head: PartDef
    body: PartDef
    rear: PartDef


class CreatureFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    edition: str
    species: tuple[SpeciesDef, ...]


class CheatDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    code: str
    name: str
    legal: bool
    when: Literal["turn", "roll", "any"]
    effect: str
    amount: int
    copies: int


class CheatFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    edition: str
    cheat: tuple[CheatDef, ...]


class Card(msgspec.Struct, frozen=True):
    """One creature card, flattened: what the rules core reads."""

    code: str
    """Species code and slot letter, e.g. ``LEV-H``."""
    name: str
    """E.g. "Leviathan Head"."""
    species: str
    family: str
    slot: int
    """0 head, 1 body, 2 rear."""
    size: int
    """0 normal, 1 Large, 2 Very Large."""
    stats: tuple[int, int, int, int]
    tags: frozenset[str]
    excludes: frozenset[str]
    actions: tuple[ActionDef, ...]


class CheatCard(msgspec.Struct, frozen=True):
    """One physical cheat card (a kind and its copy number)."""

    code: str
    """E.g. ``LUCK2``."""
    kind: CheatDef


class Content(msgspec.Struct, frozen=True):
    species: tuple[SpeciesDef, ...]
    cards: dict[str, Card]
    """Creature cards by code, in data order."""
    cheat_kinds: tuple[CheatDef, ...]
    cheats: dict[str, CheatCard]
    """Physical cheat cards by code, in data order."""


class ContentError(ValueError):
    """The card data breaks a rule of the format (the message says which card and why)."""


def _check_part(where: str, part: PartDef) -> None:
    if part.size not in SIZES:
        raise ContentError(f"{where}: unknown size {part.size!r}")
    if min(part.health, part.might, part.speed, part.magic) < 0:
        raise ContentError(f"{where}: a stat is negative")
    if not set(part.tags) <= TAGS:
        raise ContentError(f"{where}: unknown tag in {part.tags}")
    if not set(part.excludes) <= set(FAMILIES):
        raise ContentError(f"{where}: unknown family in excludes {part.excludes}")
    for a in part.actions:
        if not set(a.keywords) <= set(KEYWORDS):
            raise ContentError(f"{where} {a.name}: unknown keyword in {a.keywords}")
        if a.effect == "attack" and (a.attack not in STATS[1:] or a.defend not in STATS[1:]):
            raise ContentError(
                f"{where} {a.name}: an attack needs attack and defend stats (might/speed/magic)"
            )
        if a.effect == "heal" and (a.stat not in STATS[1:] or a.amount < 1 or a.keywords):
            raise ContentError(f"{where} {a.name}: a heal needs a stat, an amount and no keywords")
        if a.requirement < 0:
            raise ContentError(f"{where} {a.name}: negative requirement")


def build(creatures: CreatureFile, cheats: CheatFile) -> Content:
    """The checked, flattened content from the decoded files.

    Raises:
        ContentError: when the data breaks a rule of the format.
    """
    for f, name in ((creatures, "creatures.toml"), (cheats, "cheats.toml")):
        if f.edition != EDITION:
            raise ContentError(f"{name}: edition must be {EDITION!r}")
    cards: dict[str, Card] = {}
    for sp in creatures.species:
        if sp.family not in FAMILIES:
            raise ContentError(f"{sp.code}: unknown family {sp.family!r}")
        for slot_index, slot in enumerate(SLOTS):
            part: PartDef = getattr(sp, slot)
            code = f"{sp.code}-{SLOT_LETTER[slot].upper()}"
            _check_part(code, part)
            if code in cards:
                raise ContentError(f"{code}: duplicate card code")
            cards[code] = Card(
                code,
                f"{sp.name} {slot.capitalize()}",
                sp.name,
                sp.family,
                slot_index,
                SIZES[part.size],
                (part.health, part.might, part.speed, part.magic),
                frozenset(part.tags),
                frozenset(part.excludes),
                part.actions,
            )
    families = {sp.name: sp.family for sp in creatures.species}
    if families.get("Leviathan") != "Dragon" or families.get("Basilisk") != "Serpent":
        raise ContentError("Leviathan must be a Dragon and Basilisk a Serpent (CN-GEN-03)")
    chs: dict[str, CheatCard] = {}
    for kind in cheats.cheat:
        if kind.effect not in CHEAT_EFFECTS:
            raise ContentError(f"{kind.code}: unknown cheat effect {kind.effect!r}")
        if kind.copies < 1:
            raise ContentError(f"{kind.code}: needs at least one copy")
        for k in range(1, kind.copies + 1):
            code = f"{kind.code}{k}"
            if code in chs or code in cards:
                raise ContentError(f"{code}: duplicate card code")
            chs[code] = CheatCard(code, kind)
    if len(cards) < MIN_CREATURES or len(chs) < MIN_CHEATS:
        raise ContentError(f"too few cards for 5 players ({len(cards)} creature, {len(chs)} cheat)")
    return Content(creatures.species, cards, cheats.cheat, chs)


def decode(creatures: bytes, cheats: bytes) -> Content:
    """Decode and check the two data files' bytes."""
    try:
        cf = msgspec.convert(tomllib.loads(creatures.decode()), CreatureFile)
        xf = msgspec.convert(tomllib.loads(cheats.decode()), CheatFile)
    except (msgspec.ValidationError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(str(exc)) from None
    return build(cf, xf)


@functools.cache
def content() -> Content:
    """The shipped cards (read and checked once per process)."""
    return decode(games.read_data(PACKAGE, "creatures.toml"), games.read_data(PACKAGE, "cheats.toml"))


def cheat_text(kind: CheatDef) -> str:
    """What a cheat card does, in words."""
    n = kind.amount
    return CHEAT_EFFECTS[kind.effect].format(n=n, dice="die" if n == 1 else "dice")


def action_text(a: ActionDef) -> str:
    """An action as printed on its card, e.g. "Special · Magic vs Speed · needs 8 · Elemental"."""
    bits = [a.kind.capitalize()]
    if a.effect == "attack":
        bits.append(f"{a.attack.capitalize()} vs {a.defend.capitalize()}")
    else:
        bits.append(f"roll {a.stat.capitalize()}, heal {a.amount}")
    if a.requirement:
        bits.append(f"needs {a.requirement}")
    bits.extend(a.keywords)
    return " · ".join(bits)


def card_line(card: Card) -> str:
    """A creature card's facts in one line, as its rules topic and the screen show them."""
    size = ("", "Large", "Very Large")[card.size]
    bits = [card.family, SLOTS[card.slot], *([size] if size else [])]
    bits += [f"{name.capitalize()} {value}" for name, value in zip(STATS, card.stats, strict=True)]
    if card.tags:
        bits.append(", ".join(sorted(card.tags)))
    if card.excludes:
        bits.append("will not join " + ", ".join(sorted(card.excludes)))
    return " · ".join(bits)


def cheat_line(kind: CheatDef) -> str:
    """A cheat kind's facts in one line."""
    return f"{'Legal' if kind.legal else 'Illegal'} · {WHEN[kind.when]} · {kind.copies} copies"
