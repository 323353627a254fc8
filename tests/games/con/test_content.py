"""Chimera Con's cards: decoded and checked from the data files; the checks refuse bad data."""

from __future__ import annotations

import pytest

from chimera_tui.games import read_data
from chimera_tui.games.con.content import FAMILIES, KEYWORDS, ContentError, content, decode

C = content()
PKG = "chimera_tui.games.con"


def test_CN_GEN_03_families_species_and_the_two_named_facts() -> None:
    """CN-GEN-03: five families of four species, a head, body and rear each; Leviathan a Dragon, Basilisk a
    Serpent."""
    assert {sp.family for sp in C.species} == set(FAMILIES)
    assert len(C.cards) == 60 and len(C.species) == 20
    family = {sp.name: sp.family for sp in C.species}
    assert family["Leviathan"] == "Dragon" and family["Basilisk"] == "Serpent"


def test_enough_cards_for_five_players_and_every_keyword_on_some_card() -> None:
    assert len(C.cards) >= 5 * 6 + 15 and len(C.cheats) >= 5 * 3 + 5
    used = {k for card in C.cards.values() for a in card.actions for k in a.keywords}
    assert used == set(KEYWORDS)
    assert any("Airborne" in c.tags for c in C.cards.values())
    assert {c.size for c in C.cards.values()} == {0, 1, 2}
    assert {a.kind for c in C.cards.values() for a in c.actions} == {"standard", "special"}


def _files() -> tuple[bytes, bytes]:
    return read_data(PKG, "creatures.toml"), read_data(PKG, "cheats.toml")


def test_the_data_is_edition_marked() -> None:
    creatures, cheats = _files()
    assert b'edition = "tabletop-tui"' in creatures and b'edition = "tabletop-tui"' in cheats


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (b'family = "Dragon"', b'family = "Kraken"', "unknown family"),
        (b'name = "Leviathan"', b'name = "Sea Horse"', "Leviathan must be a Dragon"),
        (b'keywords = ["Elemental"]', b'keywords = ["Sticky"]', "unknown keyword"),
        (b'size = "Large"', b'size = "Huge"', "unknown size"),
        (b"health = 4, might = 2", b"health = -4, might = 2", "negative"),
    ],
)
def test_bad_creature_data_is_refused(old: bytes, new: bytes, words: str) -> None:
    creatures, cheats = _files()
    assert old in creatures
    with pytest.raises(ContentError, match=words):
        decode(creatures.replace(old, new, 1), cheats)


def test_bad_cheat_data_is_refused() -> None:
    creatures, cheats = _files()
    with pytest.raises(ContentError, match="unknown cheat effect"):
        decode(creatures, cheats.replace(b'effect = "smoke"', b'effect = "vanish"'))
    with pytest.raises(ContentError):
        decode(creatures, cheats.replace(b'when = "roll"', b'when = "never"', 1))
