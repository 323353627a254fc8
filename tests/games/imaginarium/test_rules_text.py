"""Imaginarium's rules text (data/rules.md) agrees with the component data: one topic per rule area, machine
code, assistant and project, each stating the data's numbers and the card text generated from its ops; every
reading flag is listed under "About this edition"; and the text is our own words, not the rulebook's.

The game is not registered yet (its rules core comes later), so the file is read from the package directly.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from chimera_tui.games.imaginarium.card_texts import (
    amounts_text,
    describe_assistant,
    describe_machine,
    describe_project,
)
from chimera_tui.games.imaginarium.components import Amounts, Assistant, Machine, Project
from chimera_tui.games.imaginarium.content import content
from chimera_tui.rulebook.lookup import find
from chimera_tui.rulebook.text import parse_rules, words_of

TEXT = resources.files("chimera_tui.games.imaginarium").joinpath("data/rules.md").read_text(encoding="utf-8")
RULES = parse_rules(TEXT)
TOPICS = {t.id: t for t in RULES.topics}
C = content()
SOURCE_002 = Path("/work/shared/rules-sources/002_0243d8c7c7afd31c.txt")


def _row(topic: str, label: str) -> list[str]:
    """The cells of the table row starting with `label` in a topic."""
    for line in TOPICS[topic].body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == label:
            return cells[1:]
    raise AssertionError(f"{topic}: no row {label!r}")


def _short(amounts: Amounts) -> str:
    names = {"c": "C", "w": "W", "cu": "Cu", "cr": "Cr"}
    parts = [f"{getattr(amounts, k)} {v}" for k, v in names.items() if getattr(amounts, k)]
    return ", ".join(parts + ([f"{amounts.vp} VP"] if amounts.vp else []))


def test_the_text_parses_with_a_title_and_unique_topic_ids() -> None:
    assert RULES.title == "Imaginarium"
    assert len(TOPICS) == len(RULES.topics)


def test_every_rule_area_has_a_topic() -> None:
    for topic in (
        "overview", "components", "setup", "workshops", "round-structure", "belt", "planning", "turn",
        "using-machines", "pick-up", "dial", "repair", "dismantle", "reorganize", "combining", "transactions",
        "extraction", "recruit", "attack-and-defense", "tangled", "projects", "assistants",
        "checking-and-resetting", "end-of-game", "hidden-information", "chimera", "dream-fragments",
        "daydream", "dream-track", "nightmares", "team-play", "reminder", "about-this-edition",
    ):  # fmt: skip
        assert topic in TOPICS, topic


def test_every_link_points_at_a_topic() -> None:
    targets = set(re.findall(r"\]\(#([a-z0-9-]+)\)", TEXT))
    assert targets and targets <= set(TOPICS), targets - set(TOPICS)


@pytest.mark.parametrize("machine", C.machines, ids=lambda m: m.code)
def test_each_machine_code_topic_states_the_datas_numbers_and_text(machine: Machine) -> None:
    topic = TOPICS[f"machine-{machine.code.lower()}"]
    assert topic.title == f"{machine.name} ({machine.code})"
    head = topic.body.splitlines()[0]
    assert f"· {machine.code} · {machine.type} · level {machine.level} ·" in head
    assert f"· {machine.copies} cop" in head
    assert f"repair {amounts_text(machine.repair)} ·" in head
    if machine.no_combination:
        assert head.endswith("never combines*")
    else:
        assert head.endswith("combines with " + ", ".join(machine.combines_with) + "*")
    assert f"**Effect:** {describe_machine(machine)}" in topic.body
    assert machine.code in topic.aliases and machine.name in topic.aliases
    assert find(RULES.topics, machine.name) is topic and find(RULES.topics, machine.code) is topic


@pytest.mark.parametrize("assistant", C.assistants, ids=lambda a: a.id)
def test_each_assistant_topic_states_its_cost_and_text(assistant: Assistant) -> None:
    topic = TOPICS[f"assistant-{assistant.id}"]
    assert topic.title == assistant.name
    assert f"{assistant.number} · cost {assistant.cost} charcoalium" in topic.body
    assert f"**Effect:** {describe_assistant(assistant)}" in topic.body


@pytest.mark.parametrize("project", C.projects, ids=lambda p: p.id)
def test_each_project_topic_states_its_condition_and_vp(project: Project) -> None:
    topic = TOPICS[f"project-{project.id}"]
    assert topic.title == project.name
    assert f"**Condition:** {describe_project(project)}" in topic.body
    vp = f"{C.economy.project_first_vp} VP for the first, {C.economy.project_later_vp} VP for each later"
    assert vp in topic.body


def test_no_topic_without_a_card_behind_it() -> None:
    cards = {f"machine-{m.code.lower()}" for m in C.machines} | {f"assistant-{a.id}" for a in C.assistants}
    cards |= {f"project-{p.id}" for p in C.projects}
    per_card = {t for t in TOPICS if t.startswith(("machine-", "assistant-", "project-"))}
    assert per_card == cards


def test_about_this_edition_lists_every_reading_flag() -> None:
    body = TOPICS["about-this-edition"].body
    for reading in C.readings:
        assert f"`{reading.id}`" in body, reading.id
        assert reading.text in body
        assert all(checklist_id in body for checklist_id in reading.checklist)
    assert "reconstructed" in body and 'edition = "tabletop-tui"' in body


def test_about_this_edition_records_the_design_numbers_it_had_to_settle() -> None:
    body = TOPICS["about-this-edition"].body
    for point in ("56", "six_solo_seats", "starteur_shortfall", "Metamorphette", "full_house_all_slots"):
        assert point in body


def test_belt_tables_match_the_data() -> None:
    assert _row("belt", "Surcharge") == [str(s) for s in C.belt.surcharges]
    for x in C.belt.extractor:
        assert _row("belt", x.id)[0] == f"{x.gives} C"
    assert C.belt.places == 7 and "**7 places**" in TOPICS["belt"].body


def test_transactions_table_matches_the_rates() -> None:
    names = {"w": "wood", "cu": "copper", "cr": "crystal"}
    for rate in C.economy.rate:
        assert _row("transactions", names[rate.kind]) == [f"{rate.buy} C", f"{rate.sell} C"]
    assert f"up to **{C.economy.trade_limit} unit trades**" in TOPICS["transactions"].body


def test_workshop_table_matches_the_data() -> None:
    for w in C.workshops:
        label = f"{w.number} (Chimera)" if w.expansion else str(w.number)
        assert _row("workshops", label)[1] == _short(w.stock)


def test_projects_in_play_table_matches_the_data() -> None:
    cells = _row("setup", "Projects")
    in_play = {p.players: p.count for p in C.economy.projects_in_play}
    expected = [in_play[n] for n in (2, 3, 4, 5, 6)] + [
        C.economy.teams.projects_4,
        C.economy.teams.projects_6,
    ]
    assert cells == [str(n) for n in expected]


def test_track_reward_table_matches_the_data() -> None:
    spaces = _row("dream-track", "Space")
    rewards = _row("dream-track", "Reward")
    table = dict(zip(spaces, rewards, strict=True))
    assert table == {s.id: _short(s.reward) for s in C.dream.space if s.reward is not None}


def test_dismantle_numbers_in_machine_topics() -> None:
    """IM-CORE-R09 reading: the machine topics give the broken and repaired payouts from the data."""
    p6 = TOPICS["machine-p6"].body
    assert "broken, 3 of the 4 units" in p6 and "twice its repair cost (4 wood + 2 copper + 2 crystal)" in p6


def test_IM_REM_01_reminder_agrees_with_the_rule_topics() -> None:
    """IM-REM-01: the reminder repeats the daydream steps, the Dismantle and Reorganize extras and the track
    rewards."""
    body = TOPICS["reminder"].body
    for words in ("different colours", "top fragment", "as many", "keep 1", "nightmare", "1 charcoalium"):
        assert words in body
    assert "**1 charcoalium**" in TOPICS["dream-track"].body


def test_IM_TRACK_06_07_08_the_example_is_told() -> None:
    """IM-TRACK-06 to -08: the daydream example's 3, 2 and 4 spaces."""
    body = TOPICS["daydream"].body
    assert "1 + 1 + 1\n= 3 spaces" in body or "1 + 1 + 1 = 3 spaces" in body
    assert "1 + 1 = 2 spaces" in body and "4 spaces" in body


@pytest.mark.skipif(not SOURCE_002.exists(), reason="the rulebook text is not in this checkout")
def test_the_text_is_in_our_own_words() -> None:
    """No run of 9 words of the Chimera rulebook appears in our text (names and numbers carry over, sentences
    do not)."""
    theirs = words_of(SOURCE_002.read_text(encoding="utf-8"))
    ours = " " + " ".join(words_of(TEXT)) + " "
    copied = {
        " ".join(theirs[i : i + 9])
        for i in range(len(theirs) - 8)
        if " " + " ".join(theirs[i : i + 9]) + " " in ours
    }
    assert not copied, sorted(copied)[:5]


def test_rule_topics_state_the_economy_numbers() -> None:
    """The hand-written rule topics quote economy.toml's numbers."""
    e = C.economy
    assert f"Take **{e.extraction} charcoalium**" in TOPICS["extraction"].body
    assert f"at most **{e.assistant_limit} assistants**" in TOPICS["workshops"].body
    assert f"**{e.slots} slots**" in TOPICS["workshops"].body
    assert f"**{e.vp_target} VP** or more (a team **{e.team_vp_target}**)" in TOPICS["end-of-game"].body
    assert f"scores **{e.bonus_most} VP**" in TOPICS["end-of-game"].body
    assert f"score **{e.bonus_tied} VP** each" in TOPICS["end-of-game"].body
    assert f"scores **{e.project_first_vp} VP**" in TOPICS["projects"].body
    assert f"scores **{e.project_later_vp} VP**" in TOPICS["projects"].body
    assert f"lay **{e.face_up_assistants}** face up" in TOPICS["setup"].body
    assert f"**{C.belt.places} machines**" in TOPICS["setup"].body
    assert "**1 charcoalium**" in TOPICS["dream-track"].body and e.track_later_c == 1
    assert (
        "**defender gains 1 charcoalium**" in TOPICS["attack-and-defense"].body and e.blocked_attack_pays == 1
    )
    falls = {tuple(f.players): f.places for f in C.belt.fall_off}
    assert falls[(2, 3)] == (6, 7) and "places 6 and 7 both leave" in TOPICS["checking-and-resetting"].body


def test_dream_topics_state_the_fragment_counts() -> None:
    """IM-COMP-09: the counts as the data has them."""
    body = TOPICS["dream-fragments"].body
    colours = {c.count for c in C.dream.colour}
    assert (
        colours == {12} and f"There are {sum(c.count for c in C.colour.values())} fragments: 12 each" in body
    )
    assert f"and {C.dream.nightmare.count} **nightmares**" in body


def _flavour_paragraphs(text: str) -> list[str]:
    """The Chimera rulebook's memo from the Management and its numbered notices."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "Memo from the Management" in line)
    memo = next(line for line in lines[start + 1 :] if line.strip())
    return [memo, *(line for line in lines if "Notice n°" in line)]


@pytest.mark.skipif(not SOURCE_002.exists(), reason="the rulebook text is not in this checkout")
def test_IM_GEN_04_the_memo_and_notices_are_flavour_and_not_retold() -> None:
    """IM-GEN-04: the memo and the "Notice n° 1-9" paragraphs add no rule. "About this edition" says so, and
    no run of 5 of their words (nor their characters' names) appears anywhere in our text."""
    flavour = _flavour_paragraphs(SOURCE_002.read_text(encoding="utf-8"))
    assert len(flavour) == 10
    about = TOPICS["about-this-edition"].body
    assert "memo from the Management" in about and "nine numbered notices are flavour" in about
    ours = " " + " ".join(words_of(TEXT)) + " "
    for paragraph in flavour:
        theirs = [w for w in words_of(paragraph) if w not in ("n", "°")]
        runs = {" ".join(theirs[i : i + 5]) for i in range(len(theirs) - 4)}
        assert not [r for r in runs if f" {r} " in ours], paragraph
    assert "Throgmorton" not in TEXT and "Human Resources" not in TEXT


def test_IM_SETUP_08_the_dream_track_lies_left_of_the_bric_a_brac() -> None:
    """IM-SETUP-08: a layout hint only; the setup topic tells it."""
    assert "dream track to the left of the Bric-a-brac" in TOPICS["setup"].body


def test_fragments_are_told_with_the_right_article() -> None:
    """The log says 'an escape fragment' and 'a romance fragment'."""
    from chimera_tui.games.imaginarium.wording import a_fragment

    assert a_fragment("E") == "an escape fragment"
    assert [a_fragment(c) for c in "RGFN"] == [
        "a romance fragment",
        "a glory fragment",
        "a festivities fragment",
        "a nightmare fragment",
    ]
