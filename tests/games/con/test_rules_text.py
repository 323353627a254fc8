"""Chimera Con's rules text (data/rules.md): a topic per rule area, per creature card and per cheat, stating
the data's facts; every content-gap and ambiguous checklist reading under "About this edition"; our own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chimera_tui.games.con.content import (
    Card,
    CheatDef,
    action_text,
    card_line,
    cheat_line,
    cheat_text,
    content,
)
from chimera_tui.rulebook.lookup import find
from chimera_tui.rulebook.text import rules_for, words_of

RULES = rules_for("con")
TOPICS = {t.id: t for t in RULES.topics}
C = content()
SOURCE = Path("/work/shared/rules-sources/003_70ddf3b0bde297c9.txt")
CHECKLIST = Path("/work/shared/rules-checklist/chimera-con.md")


def test_every_rule_area_has_a_topic() -> None:
    for topic in (
        "overview", "components", "reading-a-card", "families", "round-start", "building", "missing-part",
        "size-and-support", "merchant", "turn", "draw", "substitute", "actions", "mutate", "standard-actions",
        "special-actions", "stats", "damage", "attacking", "counterattack", "poisonous", "negative", "elemental",
        "petrify", "aerial", "airborne", "armored", "discard", "market-phase", "getting-greedy", "cheating",
        "cheat-windows", "round-end", "end-of-game", "hidden-information", "notation", "about-this-edition",
    ):  # fmt: skip
        assert topic in TOPICS, topic


def test_every_link_points_at_a_topic() -> None:
    text = "\n".join(t.body for t in RULES.topics)
    targets = set(re.findall(r"\]\(#([a-z0-9-]+)\)", text))
    assert targets and targets <= set(TOPICS), targets - set(TOPICS)


@pytest.mark.parametrize("card", list(C.cards.values()), ids=lambda c: c.code)
def test_each_card_topic_states_the_data(card: Card) -> None:
    topic = TOPICS[f"card-{card.code.lower()}"]
    assert topic.title == f"{card.name} ({card.code})"
    assert card_line(card) in topic.body
    for a in card.actions:
        assert f"**{a.name}**: {action_text(a)}" in topic.body
    assert find(RULES.topics, card.code) is topic


@pytest.mark.parametrize("kind", C.cheat_kinds, ids=lambda k: k.code)
def test_each_cheat_topic_states_the_data(kind: CheatDef) -> None:
    topic = TOPICS[f"cheat-{kind.code.lower()}"]
    assert cheat_line(kind) in topic.body
    assert cheat_text(kind)[1:] in topic.body


def test_no_card_topic_without_a_card() -> None:
    per_card = {
        t for t in TOPICS if t.startswith(("card-", "cheat-")) and t not in ("cheat-windows", "cheat-cards")
    }
    assert per_card == {f"card-{c.lower()}" for c in C.cards} | {
        f"cheat-{k.code.lower()}" for k in C.cheat_kinds
    }


@pytest.mark.skipif(not CHECKLIST.exists(), reason="the checklist is not in this checkout")
def test_about_this_edition_records_every_reading() -> None:
    body = TOPICS["about-this-edition"].body
    ids = re.findall(r"^\d+\. (CN-[A-Z]+-\d+) \|.*\| *(?:ambiguous|content-gap)", CHECKLIST.read_text(), re.M)
    assert len(ids) == 58
    assert [i for i in ids if i not in body] == []
    assert "reconstructed" in body and 'edition = "tabletop-tui"' in body


@pytest.mark.skipif(not SOURCE.exists(), reason="the rulebook text is not in this checkout")
def test_the_text_is_in_our_own_words() -> None:
    """No run of 9 words of the rulebook appears in our text."""
    theirs = words_of(SOURCE.read_text(encoding="utf-8"))
    text = "\n".join(t.body for t in RULES.topics)
    ours = " " + " ".join(words_of(text)) + " "
    copied = {
        " ".join(theirs[i : i + 9])
        for i in range(len(theirs) - 8)
        if " " + " ".join(theirs[i : i + 9]) + " " in ours
    }
    assert not copied, sorted(copied)[:5]
