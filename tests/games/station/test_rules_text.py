"""The rules text agrees with the component data: one topic per module, perk, mat and starting card, with the
data's costs and values, and every designed reading recorded under "About this edition"."""

from __future__ import annotations

import re

import pytest

from chimera_tui.games.station.content import content
from chimera_tui.rulebook.text import topics_for

TOPICS = {t.id: t for t in topics_for("station")}


def test_every_rule_area_has_a_topic() -> None:
    for topic in (
        "overview", "setup", "starting-cards", "round-structure", "station-progress", "placement-phase",
        "splicing-lab-phase", "feeding-phase", "genetic-components", "displacing", "command-modules",
        "building", "build-bonuses", "reactor", "research-track", "perks", "worker-lounge", "splicing-lab",
        "end-of-game", "about-this-edition",
    ):  # fmt: skip
        assert topic in TOPICS, topic


@pytest.mark.parametrize("tile", content().tiles, ids=lambda t: t.id)
def test_each_tile_topic_states_the_datas_cost_and_value(tile) -> None:  # type: ignore[no-untyped-def]
    topic = TOPICS[f"module-{tile.id}"]
    assert topic.title == tile.name
    found = re.search(r"build cost (\d+) coins? · value (\d+)", topic.body)
    assert found, f"{tile.id}: no cost/value line"
    assert (int(found[1]), int(found[2])) == (tile.cost, tile.value)


def test_every_printed_module_perk_mat_and_card_has_a_topic() -> None:
    c = content()
    ids = [f"module-{m.id}" for m in c.defaults] + [f"perk-{p.id}" for p in c.perks]
    ids += [f"mat-{m.id}" for m in c.mats] + [f"card-{k.id}" for k in c.cards]
    missing = [i for i in ids if i not in TOPICS]
    assert not missing


def test_about_this_edition_cites_the_ambiguous_checklist_rows() -> None:
    body = TOPICS["about-this-edition"].body
    for rule_id in ("ST-SETUP-21", "ST-FLUSH-06", "ST-BONUS-14", "ST-SPLICE-22"):
        assert rule_id in body
