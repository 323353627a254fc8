"""The rules panel text: topics, anchors, one topic per ability, and every reading recorded."""

from __future__ import annotations

import re
from importlib import resources

from chimera_tui.games.codename.content import load

TEXT = resources.files("chimera_tui.games.codename").joinpath("data", "rules.md").read_text()
TOPIC = re.compile(r"^## (.+) \{#([a-z0-9-]+)\}$", re.MULTILINE)
AMBIGUOUS = [
    "SETUP-02",
    "SETUP-06",
    "TORSO-03",
    "TORSO-07",
    "DRAFT-02",
    "DRAFT-12",
    "DRAFT-13",
    "DRAFT-14",
    "DRAFT-15",
    "DRAFT-17",
    "DRAFT-18",
    "AUCTION-08",
    "AUCTION-09",
    "AUCTION-15",
    "BUILD-02",
    "BUILD-14",
    "BUILD-15",
    "ARENA-04",
    "ARENA-07",
    "ARENA-23",
    "ARENA-24",
    "ATTACK-15",
    "ATTACK-17",
    "END-02",
    "END-04",
    "END-05",
]
CONTENT_GAPS = [
    "SETUP-05",
    "SETUP-07",
    "TORSO-08",
    "TORSO-10",
    "BUILD-05",
    "ARENA-14",
    "ARENA-19",
    "ARENA-22",
    "ARENA-26",
    "ARENA-27",
    "ATTACK-03",
    "ATTACK-16",
]


def test_title_and_topics():
    assert TEXT.startswith("# Codename: Chimera\n")
    ids = [m.group(2) for m in TOPIC.finditer(TEXT)]
    assert len(ids) == len(set(ids)) == TEXT.count("\n## ")
    required = [
        "overview",
        "setup",
        "torso-choice",
        "drafting",
        "auction",
        "building",
        "arena",
        "turn-order",
        "energy",
        "attacking",
        "attaching",
        "outer-parts",
        "cutting-limbs",
        "abilities",
        "graveyard",
        "winning",
        "about-this-edition",
    ]
    assert set(required) <= set(ids)
    assert {f"ability-{a}" for a in load().abilities} <= set(ids)


def test_links_point_to_topics():
    ids = {m.group(2) for m in TOPIC.finditer(TEXT)}
    assert set(re.findall(r"\]\(#([a-z0-9-]+)\)", TEXT)) <= ids


def test_every_reading_and_design_is_recorded():
    about = TEXT[TEXT.index("{#about-this-edition}") :]
    for item in (*AMBIGUOUS, *CONTENT_GAPS):
        assert f"CC-{item}" in about, item


def test_card_tables_match_the_data():
    c = load()
    for p in c.parts.values():
        tips = " / ".join(x or "-" for x in (p.far, p.left, p.right))
        row = f"| {p.name} | {sum(q.name == p.name for q in c.parts.values())} | {p.base} | {tips} | "
        row += f"{p.attack_roll} | {p.attack_mod:+d} | {p.defense} | {p.cost} | {p.hairiness} |"
        assert row in TEXT, p.name
    for t in c.torsos.values():
        tips = " / ".join(x or "-" for x in (t.far, t.left, t.right))
        assert f"| {t.name} | {tips} | {t.attack_roll} | {t.attack_mod:+d} | {t.defense} | {t.cost} |" in TEXT


def test_every_card_name_is_a_topic():
    """Issue 8 §3: `chimera rules codename "Bull Head"` and `?` on a card open that card's own topic."""
    from chimera_tui.rulebook.text import slugify

    ids = {m.group(2): m.group(1) for m in TOPIC.finditer(TEXT)}
    c = load()
    for card in (*c.parts.values(), *c.torsos.values()):
        assert ids.get(slugify(card.name)) == card.name, card.name


def test_dice_option_and_stalls_are_recorded():
    about = TEXT[TEXT.index("{#about-this-edition}") :]
    assert "sixes=explode" in TEXT and "exploding-sixes" in about
    assert "Stalled fights" in about and "five arena rounds in a row" in about and "CC-ARENA-21" in about
