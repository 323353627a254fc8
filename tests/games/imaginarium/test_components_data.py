"""Imaginarium's component data: it loads, its counts match the sources and the design, every reference
resolves, every effect uses the op vocabulary, and the numbers that are ours are marked so. Tests of a
published fact name its rules-checklist ID."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from msgspec.structs import replace

from chimera_tui.games.imaginarium import content as content_module
from chimera_tui.games.imaginarium import validation, vocabulary
from chimera_tui.games.imaginarium.components import ContentError, DataFileMissing, Machine, Op
from chimera_tui.games.imaginarium.content import DATA_FILES, content, load
from chimera_tui.games.imaginarium.validation import check_dream, check_machines
from chimera_tui.games.imaginarium.vocabulary import CONDITIONS, EDITION, OPS

C = content()
M = C.machine


def _core() -> list[Machine]:
    return [m for m in C.machines if not m.expansion]


# ------------------------------------------------------------------------------------------------ loading


def test_content_loads_and_is_cached() -> None:
    assert load() == content()
    assert content() is content()


def test_every_data_file_named_in_design_18_1_exists() -> None:
    data = Path(content_module.__file__).parent / "data"
    assert sorted(DATA_FILES) == sorted(p.name for p in data.glob("*.toml"))


def test_a_missing_data_file_says_the_installation_is_incomplete(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "data").mkdir()
    monkeypatch.setattr(content_module.resources, "files", lambda _package: tmp_path)
    with pytest.raises(DataFileMissing, match=r"data/machines\.toml is missing.*reinstall"):
        load()
    assert issubclass(DataFileMissing, FileNotFoundError)


def test_unknown_fields_are_refused() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.toml.decode(b'op = "gain"\nbogus = 1\n', type=Op)


# ------------------------------------------------------------------------------------------------ counts


def test_IM_CORE_10_11_61_core_machines_by_type() -> None:
    """IM-CORE-10, IM-CORE-11: 61 cards, 29 production, 12 transformation, 10 attack, 6 defense, 4 special."""
    core = _core()
    assert sum(m.copies for m in core) == 61
    by_type = {t: sum(m.copies for m in core if m.type == t) for t in {m.type for m in core}}
    assert by_type == {"production": 29, "transformation": 12, "attack": 10, "defense": 6, "special": 4}


def test_26_core_codes_as_the_design_numbers_them() -> None:
    """Design 9.1 / IM-MACHINE-20: P1-P9, T1-T5, A1-A6, D1-D3, S1-S3."""
    codes = sorted(m.code for m in _core())
    expected = sorted(f"{letter}{i}" for letter, top in (("A", 6), ("D", 3), ("P", 9), ("S", 3), ("T", 5))
                      for i in range(1, top + 1))  # fmt: skip
    assert codes == expected and len(codes) == 26


def test_IM_COMP_05_fourteen_chimera_machines() -> None:
    """IM-COMP-05: 5 Starteur (production), 2 Exhausteur (attack), 2 Reposette (defense), 5 Achievette
    (special)."""
    chimera = {m.name: (m.copies, m.type) for m in C.machines if m.expansion}
    assert chimera == {
        "Starteur": (5, "production"),
        "Exhausteur": (2, "attack"),
        "Reposette": (2, "defense"),
        "Achievette": (5, "special"),
    }


def test_IM_CORE_12_IM_COMP_07_assistants() -> None:
    """IM-CORE-12: 13 core assistants; IM-COMP-07: Chimera adds 7."""
    assert sum(not a.expansion for a in C.assistants) == 13
    assert sum(a.expansion for a in C.assistants) == 7


def test_IM_CORE_13_IM_COMP_08_projects() -> None:
    """IM-CORE-13: 14 core project tiles; IM-COMP-08: Chimera adds 4."""
    assert sum(not p.expansion for p in C.projects) == 14
    assert sum(p.expansion for p in C.projects) == 4


def test_IM_COMP_09_fragments_twelve_of_each_colour_and_eight_nightmares() -> None:
    """IM-COMP-09: 12 romance, glory, escape, festivities and 8 nightmares: 56 (not the stated 48)."""
    counts = {k: c.count for k, c in C.colour.items()}
    assert counts == {"romance": 12, "glory": 12, "escape": 12, "festivities": 12, "nightmare": 8}
    assert sum(counts.values()) == 56 and C.flags["fragments_56"] is True
    assert len({c.letter for c in C.colour.values()}) == 5  # each readable without colour


def test_levels_across_the_61_as_the_design_counts_them() -> None:
    """Design 17.1: 20 at level 1, 23 at level 2, 16 at level 3, 2 at level 4."""
    levels = {lv: sum(m.copies for m in _core() if m.level == lv) for lv in (1, 2, 3, 4)}
    assert levels == {1: 20, 2: 23, 3: 16, 4: 2}


def test_costs_and_levels_in_range() -> None:
    for m in C.machines:
        assert 1 <= m.level <= 4 and 1 <= m.copies <= 7
        assert m.repair.units == m.level + 1 and m.repair.c == 0
    assert all(2 <= a.cost <= 6 for a in C.assistants)


# ------------------------------------------------------------------------------------------- references


def test_ids_unique_and_every_reference_resolves() -> None:
    assert len({m.code for m in C.machines}) == len(C.machines) == 30
    assert len({a.id for a in C.assistants}) == 20 and len({p.id for p in C.projects}) == 18
    for m in C.machines:
        assert all(code in M for code in m.combines_with)
    for w in C.workshops:
        assert all(code in M for code in w.starting)
    for s in C.dream.space:
        assert all(n in C.space for n in s.next)


def test_every_op_is_in_the_vocabulary_with_a_docstring() -> None:
    used = {op.op for m in C.machines for op in m.ops} | {op.op for a in C.assistants for op in a.ops}
    assert used <= set(OPS)
    assert {c.op for p in C.projects for c in p.conditions} <= set(CONDITIONS)
    assert all(text.strip() for text in (*OPS.values(), *CONDITIONS.values()))
    assert set(vocabulary.OP_FIELDS) == set(OPS) | set(CONDITIONS)


def test_no_op_is_left_unused() -> None:
    """A small vocabulary: every op and condition describes at least one card."""
    used = {op.op for m in C.machines for op in m.ops} | {op.op for a in C.assistants for op in a.ops}
    assert used == set(OPS)
    assert {c.op for p in C.projects for c in p.conditions} == set(CONDITIONS)


def test_designed_content_is_marked_and_sourced_content_is_not() -> None:
    assert all(m.edition == EDITION for m in C.machines)  # every level and repair cost is ours
    assert all(w.edition == EDITION for w in C.workshops)
    assert all(a.edition == EDITION for a in C.assistants)  # costs are ours, even for 002's effects
    assert all(p.edition == EDITION for p in C.projects if not p.expansion)
    assert all(p.edition == "" for p in C.projects if p.expansion)  # 002 gives their conditions
    for marked in (C.belt.edition, C.economy.edition, C.dream.edition):
        assert marked == EDITION


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"code": "P2"}, "used twice"),
        ({"ops": (Op(op="explode"),)}, "unknown op"),
        ({"level": 5}, "outside 1-4"),
        ({"combines_with": ("P1", "Z9")}, "unknown code"),
        ({"combines_with": ("P1", "A5")}, "never combines"),
        ({"ops": (Op(op="produce", n=2),)}, "does not take n"),
    ],
)
def test_a_broken_machine_list_is_refused(change: dict[str, object], message: str) -> None:
    broken = tuple(replace(m, **change) if m.code == "P1" else m for m in C.machines)
    with pytest.raises(ContentError, match=message):
        check_machines(broken)


def test_a_fork_that_never_joins_is_refused() -> None:
    spaces = tuple(replace(s, next=("END",)) if s.id == "B3" else s for s in C.dream.space)
    with pytest.raises(ContentError, match="fork at T3 must join"):
        check_dream(replace(C.dream, space=spaces))


def test_economy_provenance_names_real_fields() -> None:
    bad = replace(C.economy, provenance={"nonsense": "002"})
    with pytest.raises(ContentError, match="unknown field"):
        validation.check_provenance("economy", bad.provenance, frozenset({"extraction"}))


def test_every_ours_number_is_in_data_with_its_mark() -> None:
    """Design 18.1: the tunable numbers (belt, economy, track, workshops) sit in files marked as ours."""
    assert C.belt.edition == C.economy.edition == C.dream.edition == EDITION
    readings = msgspec.toml.decode(
        (Path(content_module.__file__).parent / "data" / "rules_readings.toml").read_bytes()
    )
    assert readings["edition"] == EDITION
