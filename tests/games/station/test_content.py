"""The component data: loads, unique ids, counts as in the rulebook, references exist."""

from __future__ import annotations

from chimera_tui.games.station.components import BONUS_KINDS, COMPONENTS
from chimera_tui.games.station.content import content, load


def test_content_loads_and_counts():
    c = load()
    assert len(c.tiles) == 40 and len(c.perks) == 22 and len(c.cards) == 6 and len(c.mats) == 4
    assert len(c.reactor) == 6 and len(c.defaults) == 11
    assert sorted(card.players for card in c.cards) == [2, 2, 3, 4, 4, 4]


def test_ids_unique_and_referenced():
    c = content()
    ids = [m.id for m in (*c.defaults, *c.tiles)] + [p.id for p in c.perks]
    assert len(ids) == len(set(ids))
    for s in c.spaces:
        if s.kind == "module":
            assert s.module in c.modules
    assert all(k in COMPONENTS for card in c.cards for k in card.components)


def test_ten_bonus_kinds_and_named_modules():
    c = content()
    assert {c.space_at[h].bonus.kind for h in c.build_hexes} == set(BONUS_KINDS)
    for name in ("autosurgeon", "biofuel-refinery", "hunting-park", "mercenary-outpost", "science-fair",
                 "tanning-salon", "underground-lab"):  # fmt: skip
        assert c.modules[name].affects_worker
    assert c.modules["dispatch-station"].no_displace
    assert not c.modules["boiler"].affects_worker and not c.modules["claw-shop"].affects_worker


def test_designed_content_is_marked():
    c = content()
    assert all(t.edition == "tabletop-tui" for t in c.tiles)
    assert all(m.edition == "tabletop-tui" for m in c.mats)
    assert all(card.edition == "tabletop-tui" for card in c.cards)


def test_content_is_cached():
    assert content() is content()
