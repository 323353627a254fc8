"""Imaginarium's component data, the readings (data/rules_readings.toml): one named flag per reading, each
naming checklist IDs that exist, and a lookup that fails loudly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chimera_tui.games.imaginarium.components import ContentError
from chimera_tui.games.imaginarium.content import content

C = content()


def test_every_reading_is_a_named_flag_with_its_checklist_ids() -> None:
    """Design 18.1 and 21: one flag per reading; the four the design names are there."""
    for flag in (
        "achievette_moves",
        "nightmare_limit_until_covered",
        "daydream_min_one",
        "exhausteur_reveal_public",
    ):
        assert C.flags[flag] is True
    for r in C.readings:
        assert r.checklist and all(c.startswith("IM-") for c in r.checklist) and r.text.endswith(".")
    assert len(C.flags) == len(C.readings)


def test_design_21_rulings_each_have_a_flag() -> None:
    """Design 21, points 1-14."""
    for flag in (
        "bonus_zero_nobody", "fifth_bonus_machines", "blocked_attack_pays", "belt_lowest_level_front",
        "two_transformations_each_extra", "affordable_at_planning", "tanglette_owner_chooses_slot",
        "dream_collector_top_of_pile", "recyclateur_broken_special", "full_house_all_slots",
        "workshop_6_only_at_six", "starting_machines_only_in_play", "assistants_work_at_once",
        "nightmare_target_rule",
    ):  # fmt: skip
        assert flag in C.flags


CHECKLIST = Path("/work/shared/rules-checklist/imaginarium.md")


@pytest.mark.skipif(not CHECKLIST.exists(), reason="the rules checklist is not in this checkout")
def test_every_checklist_id_a_reading_names_exists() -> None:
    known = set(re.findall(r"\b(IM-[A-Z]+-[A-Z]?\d+)\b", CHECKLIST.read_text(encoding="utf-8")))
    named = {cid for r in C.readings for cid in r.checklist}
    assert named <= known, sorted(named - known)


def test_reading_lookup_fails_loudly_on_a_misspelt_flag() -> None:
    assert C.reading("daydream_min_one") is True
    with pytest.raises(ContentError, match="no reading called 'daydream_min_two'"):
        C.reading("daydream_min_two")
