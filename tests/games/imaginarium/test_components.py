"""Imaginarium's component data: it loads, its counts match the sources and the design, every reference
resolves, every effect uses the op vocabulary, and the published facts (content-notes.md, rulebook 002) hold.
Tests of a published fact name its rules-checklist ID."""

from __future__ import annotations

import itertools
import re
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


def _paths(start: str) -> list[list[str]]:
    """Every path of spaces from `start` to End."""
    space = C.space[start]
    if not space.next:
        return [[start]]
    return [[start, *rest] for n in space.next for rest in _paths(n)]


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


# ---------------------------------------------------------------------------------- machines (facts, 002)


def test_IM_CORE_52_named_machines_have_their_published_types() -> None:
    """IM-CORE-52 (and IM-MACHINE-22, -23): attack, defense and special names from 002."""
    types = {m.name: m.type for m in C.machines}
    for name in ("Swaglifteur", "Conifurglar", "Coppobanditeur", "Cryswindler", "Exhausteur", "Tanglette"):
        assert types[name] == "attack"
    for name in ("Locketeur", "Padlocette", "Reposette", "Patenteur"):
        assert types[name] == "defense"
    assert types["Recyclateur"] == "special" and types["Achievette"] == "special"
    assert types["Starteur"] == "production"


def test_IM_CORE_53_other_published_names_are_used_once() -> None:
    """IM-CORE-53 / IM-CORE-N09: Productivette, Menuisette, Tourbinette, Rotativette are cards; the French
    doubles (Verrouillette, Cadenassoir, Larcinette, Recyclatrice) are not counted twice."""
    names = [m.name for m in C.machines]
    for name in ("Productivette", "Menuisette", "Tourbinette", "Rotativette"):
        assert names.count(name) == 1
    for double in ("Verrouillette", "Cadenassoir", "Larcinette", "Recyclatrice"):
        assert double not in names


def test_IM_MACHINE_20_codes_are_type_letter_and_number() -> None:
    """IM-MACHINE-20: P0, A7, D4, S4; the letter names the type."""
    letters = {"production": "P", "transformation": "T", "attack": "A", "defense": "D", "special": "S"}
    for m in C.machines:
        assert m.code[0] == letters[m.type] and m.code[1:].isdigit()
    assert {M["P0"].name, M["A7"].name, M["D4"].name, M["S4"].name} == {
        "Starteur", "Exhausteur", "Reposette", "Achievette"
    }  # fmt: skip


def test_IM_MACHINE_01_02_starteur() -> None:
    """IM-MACHINE-01: the Starteur makes 1 charcoalium and 1 wood; IM-MACHINE-02: it never combines."""
    s = M["P0"]
    assert [(op.op, op.c, op.w, op.cu, op.cr) for op in s.ops] == [("produce", 1, 1, 0, 0)]
    assert s.no_combination and not s.combines_with and s.starting_only


def test_IM_MACHINE_04_to_08_exhausteur() -> None:
    """IM-MACHINE-04 to -08: an attack stealing a fragment from each opposing team; never combines."""
    e = M["A7"]
    assert [(op.op, op.target) for op in e.ops] == [("steal_fragment", "team")]
    assert e.no_combination


def test_IM_MACHINE_10_11_12_reposette() -> None:
    """IM-MACHINE-10, -11: guards fragments and the dream against nightmares; IM-MACHINE-12: combines with
    every defense machine although D1-D3 do not list D4."""
    r = M["D4"]
    assert r.ops[0].op == "protect" and set(r.ops[0].threats) == {"fragment", "nightmare"}
    assert set(r.combines_with) == {"D1", "D2", "D3", "D4"}
    assert all("D4" not in M[code].combines_with for code in ("D1", "D2", "D3"))


def test_IM_MACHINE_13_to_17_achievette() -> None:
    """IM-MACHINE-13, -15: 1 fragment per turn in the machine step; -16: a pair places up to 3 of different
    colours; -17: combines only with another Achievette."""
    a = M["S4"]
    assert a.use == "optional" and a.uses == 1 and [(op.op, op.n) for op in a.ops] == [("dream", 1)]
    assert a.pair_gain is not None and (a.pair_gain.gain, a.pair_gain.partner, a.pair_gain.n) == (
        "more_fragments", "same", 3
    )  # fmt: skip
    assert a.combines_with == ("S4",)


def test_IM_MACHINE_21_recyclateur_is_special_and_never_combines() -> None:
    """IM-MACHINE-21 (IM-PROJECT-02): the Recyclateur is special and cannot be combined."""
    r = M["S1"]
    assert r.type == "special" and r.no_combination
    assert all("S1" not in m.combines_with for m in C.machines)


def test_IM_CORE_N06_no_combination_cards_are_listed_by_nobody() -> None:
    """IM-CORE-N06 (Exhausteur "No"), design 6.3: a no-combination card never shares a slot."""
    never = {m.code for m in C.machines if m.no_combination}
    assert never == {"P0", "A5", "A7", "S1"}
    assert not any(set(m.combines_with) & never for m in C.machines)


def test_IM_TEAM_28_29_attack_targets() -> None:
    """IM-TEAM-28: Swaglifteur, Conifurglar, Coppobanditeur, Cryswindler and Exhausteur hit each opposing
    team; IM-TEAM-29: the Tanglette hits each opposing player."""
    for code in ("A1", "A2", "A3", "A4", "A7"):
        assert M[code].ops[0].target == "team"
    assert M["A5"].ops[0].op == "tangle" and M["A5"].ops[0].target == "player"


def test_IM_TEAM_30_to_33_defenses() -> None:
    """IM-TEAM-31 to -33: the Patenteur guards charcoalium, resources and the Tanglette, not fragments;
    IM-TEAM-30: the Locketeur and Padlocette guard shared stock."""
    threats = {code: set(M[code].ops[0].threats) for code in ("D1", "D2", "D3", "D4")}
    assert threats["D3"] == {"c", "resource", "tangle"}
    assert "fragment" not in threats["D3"]
    assert threats["D1"] | threats["D2"] == {"c", "resource"}


def test_IM_CORE_42_to_46_machine_types_do_what_reviews_say() -> None:
    """IM-CORE-42 production gains (charcoalium too), -43 transformation converts, -44 attack steals,
    -45 defense protects, -46 special may generate VP."""
    for m in C.machines:
        first = m.ops[0].op
        if m.type == "production":
            assert first == "produce"
        elif m.type == "transformation":
            assert first in {"pay", "pay_any"} and m.ops[-1].op in {"gain", "gain_any"}
        elif m.type == "attack":
            assert first in {"steal", "steal_fragment", "tangle"}
        elif m.type == "defense":
            assert first == "protect"
    assert any(op.c for m in C.machines if m.type == "production" for op in m.ops)
    assert any(op.vp for m in C.machines if m.type == "special" for op in m.ops)


def test_IM_CORE_47_N01_N03_levels_prices_and_gauges() -> None:
    """IM-CORE-47, IM-CORE-N01: every machine has a level, which is its own price; IM-CORE-N03: each lists
    the codes it combines with (or none)."""
    for m in C.machines:
        assert m.price == m.level
        assert m.combines_with or m.no_combination


def test_IM_ASSIST_09_broken_payout_falls_one_unit_short() -> None:
    """IM-ASSIST-09, IM-CORE-R09 (design 8.2): a broken machine gives its level in units, which is one unit
    short of its repair cost, so the Salvage Beaver is worth exactly one unit more."""
    assert C.economy.dismantle_broken == "level" and C.economy.dismantle_repaired_multiplier == 2
    assert all(m.repair.units - m.level == 1 for m in C.machines)


# ------------------------------------------------------------------------------------ assistants (002)


def _ops(assistant_id: str) -> list[tuple[str, str, int, int, int]]:
    return [(op.op, op.target, op.c, op.vp, op.n) for op in C.assistant[assistant_id].ops]


def test_IM_ASSIST_01_to_09_chimera_assistants() -> None:
    """IM-ASSIST-01 belt fragment, -04 several fragments after a nightmare, -05 dismantle special machines,
    -06 one more fragment, -07 +3 charcoalium, -08 +1 VP, -09 the whole repair cost (broken machines)."""
    assert _ops("sleepwalker") == [("belt_fragment", "", 0, 0, 0)]
    assert C.assistant["sleepwalker"].uses == 1
    assert _ops("insomniac") == [("ignore_nightmare_limit", "", 0, 0, 0)]
    assert _ops("magpie") == [("dismantle_special", "", 0, 0, 0)]
    assert _ops("dream-collector") == [("dismantle_fragment", "any", 0, 0, 1)]
    assert _ops("coal-mole") == [("dismantle_gain", "broken", 3, 0, 0)]
    assert _ops("medal-polisher") == [("dismantle_gain", "broken", 0, 1, 0)]
    assert _ops("salvage-beaver") == [("dismantle_full_cost", "broken", 0, 0, 0)]
    assert all(C.assistant[a].provenance["effect"] == "002" for a in (
        "sleepwalker", "insomniac", "magpie", "dream-collector", "coal-mole", "medal-polisher", "salvage-beaver"
    ))  # fmt: skip


def test_IM_CORE_N08_great_ape_frees_the_dial() -> None:
    """IM-CORE-N08: a great ape lets its owner choose actions freely."""
    assert _ops("great-ape") == [("free_dial", "", 0, 0, 0)]
    assert C.assistant["great-ape"].provenance["effect"] == "published"


# -------------------------------------------------------------------------------------- projects (002)


def test_IM_PROJECT_01_03_04_05_chimera_project_conditions() -> None:
    """IM-PROJECT-01: 2 special machines; -03: 5 wood, 5 copper, 5 crystal; -04: 3 of a colour in a row;
    -05: production, transformation, attack and defense in four different slots."""
    conds = {p.number: p.conditions for p in C.projects if p.expansion}
    assert [(c.op, c.kinds, c.n) for c in conds["CP1"]] == [("machines", ("special",), 2)]
    assert [(c.op, c.w, c.cu, c.cr) for c in conds["CP2"]] == [("stock", 5, 5, 5)]
    assert [(c.op, c.n) for c in conds["CP3"]] == [("dream_run", 3)]
    assert [(c.op, c.kinds) for c in conds["CP4"]] == [
        ("types_in_slots", ("production", "transformation", "attack", "defense"))
    ]
    assert C.flags["project_nothing_spent"] is True and C.flags["cp4_four_slots"] is True


def test_IM_CORE_48_49_IM_TEAM_25_project_vp() -> None:
    """IM-CORE-48: 4 VP for the first; IM-CORE-49, IM-TEAM-25: one point less for later players."""
    assert (C.economy.project_first_vp, C.economy.project_later_vp) == (4, 3)


def test_IM_CORE_17_projects_in_play_depend_on_player_count() -> None:
    """IM-CORE-17: the number of projects depends on the player count (design 10.1, as tuned by bot play:
    "About this edition")."""
    in_play = {p.players: p.count for p in C.economy.projects_in_play}
    assert in_play == {2: 7, 3: 7, 4: 8, 5: 9, 6: 9}
    assert (C.economy.teams.projects_4, C.economy.teams.projects_6) == (5, 6)


# ------------------------------------------------------------------------------------- board and economy


def test_IM_CORE_18_N02_IM_CORE_24_belt_places_and_surcharges() -> None:
    """IM-CORE-18: 7 places; IM-CORE-N02: every place costs differently and extractors are free;
    IM-CORE-24, -N15: the front costs more and each step back is 1 cheaper."""
    s = C.belt.surcharges
    assert C.belt.places == 7 and len(set(s)) == 7
    assert all(a - b == 1 for a, b in itertools.pairwise(s))
    assert [(x.id, x.gives, x.capacity) for x in C.belt.extractor] == [("X1", 3, 1), ("X2", 2, "any")]


def test_IM_CORE_19_first_round_attack_redeal() -> None:
    """IM-CORE-19: attack machines dealt for the first round go back."""
    assert C.belt.first_round_redeal == ("attack",)


def test_IM_CORE_34_35_N05_the_dial_ring() -> None:
    """IM-CORE-34: 6 actions, 2 adjacent at a time; IM-CORE-N05: the ring starts Repair, Transactions,
    Dismantle; IM-CORE-31: two actions per turn."""
    actions = C.economy.dial.actions
    assert len(actions) == 6 and actions[:3] == ("repair", "transactions", "dismantle")
    assert C.economy.action_count == 2


def test_IM_CORE_40_IM_CORE_15_16_economy_facts() -> None:
    """IM-CORE-40: Extraction gives 3; IM-CORE-15 / N07: 4 slots, 2 repaired starting machines;
    IM-CORE-16: 3 assistants face up."""
    e = C.economy
    assert (e.extraction, e.slots, e.starting_machines, e.face_up_assistants) == (3, 4, 2, 3)
    assert all(len(w.starting) == 2 for w in C.workshops)


def test_IM_CORE_39_transactions_cannot_loop() -> None:
    """IM-CORE-39: buy and sell for charcoalium; design 8.4: selling pays 1 less than buying, even with the
    Haggler's discount no loop gains."""
    discount = C.assistant["haggler"].ops[0].c
    for rate in C.economy.rate:
        assert rate.sell < rate.buy and rate.sell <= rate.buy - discount


def test_IM_CORE_50_IM_END_02_IM_TEAM_26_vp_targets() -> None:
    """IM-CORE-50, IM-END-02: 20 VP; IM-TEAM-26: 25 in team play."""
    assert (C.economy.vp_target, C.economy.team_vp_target) == (20, 25)


def test_IM_CORE_51_R10_end_bonus_categories() -> None:
    """IM-CORE-51, IM-CORE-R10: the most of each resource (charcoalium too) plus a fifth category."""
    assert C.economy.bonus_categories == ("c", "w", "cu", "cr", "machines")
    assert (C.economy.bonus_most, C.economy.bonus_tied) == (2, 1)


def test_IM_COMP_03_IM_CORE_06_six_workshops() -> None:
    """IM-CORE-06: 5 workshops in the core game; IM-COMP-03: a 6th with Chimera."""
    assert sorted(w.number for w in C.workshops if not w.expansion) == [1, 2, 3, 4, 5]
    assert [w.number for w in C.workshops if w.expansion] == [6]


def test_IM_CORE_R05_workshop_number_is_first_round_order() -> None:
    """IM-CORE-R05: a workshop shows its first-round order."""
    assert all(w.order == w.number for w in C.workshops)


def test_IM_TEAM_07_08_team_pairings_are_balanced() -> None:
    """IM-TEAM-07: workshops 1+4 and 2+3; IM-TEAM-08: 1+6, 2+5, 3+4. Design 17.3: each pair holds the same
    starting value and the same summed order."""
    t = C.economy.teams
    assert t.pairings_4 == ((1, 4), (2, 3)) and t.pairings_6 == ((1, 6), (2, 5), (3, 4))
    for pairs in (t.pairings_4, t.pairings_6):
        values = {sum(C.workshop[n].stock.value for n in pair) for pair in pairs}
        orders = {sum(C.workshop[n].order for n in pair) for pair in pairs}
        assert len(values) == 1 and len(orders) == 1
    assert [C.workshop[n].stock.value for n in range(1, 7)] == [7, 7, 8, 8, 9, 9]


def test_IM_SETUP_02_03_IM_TEAM_14_starteurs() -> None:
    """IM-SETUP-02, -03: one Starteur per player, at most 5; IM-TEAM-14: one per team."""
    assert M["P0"].copies == 5 and C.economy.teams.starteurs_per_team == 1
    assert C.flags["starteur_shortfall"] == "workshop_6_gets_none"


def test_IM_TEAM_01_IM_GEN_01_player_counts() -> None:
    """IM-TEAM-01: teams of two at 4 or 6; IM-GEN-01: 2-5 without teams (6 solo is our reading)."""
    assert C.economy.teams.players == (4, 6)
    assert C.economy.modes.core_players == (2, 3, 4, 5)
    assert C.economy.modes.chimera_players == (2, 3, 4, 5, 6) and C.flags["six_solo_seats"] is True


def test_starting_machines_exist_in_the_deck() -> None:
    """Design 17.3: 6 workshops need 6 Menuisettes and 6 Tourbinettes."""
    assert all(w.starting == ("P1", "P3") for w in C.workshops)
    assert M["P1"].copies >= 6 and M["P3"].copies >= 6


# --------------------------------------------------------------------------------------------- the track


def test_IM_TRACK_13_15_30_spaces_two_forks_and_end() -> None:
    """IM-TRACK-13: several paths; IM-TRACK-15: an End space; design 15.3 as tuned by bot play: 30 spaces,
    2 forks, 18-23 steps from Start."""
    assert len(C.dream.space) == 30
    forks = [s.id for s in C.dream.space if len(s.next) == 2]
    assert forks == ["T3", "T7"]
    paths = _paths(C.dream.start)
    assert len(paths) == 4 and sorted(len(p) - 1 for p in paths) == [18, 20, 21, 23]
    assert all(p[-1] == C.dream.end for p in paths)


def test_every_fork_joins_again() -> None:
    assert {C.space["A5"].next, C.space["B3"].next} == {("T4",)}
    assert {C.space["C6"].next, C.space["D3"].next} == {("T8",)}


def test_track_rewards_as_designed() -> None:
    """Design 17.8: 22 reward spaces; 11 VP on the richest path, 5 on the leanest; End holds 2 VP."""
    rewarded = [s for s in C.dream.space if s.reward is not None]
    assert len(rewarded) == 22
    vp = sorted(sum(C.space[s].reward.vp for s in p if C.space[s].reward) for p in _paths("S"))  # type: ignore[union-attr]
    assert vp == [5, 8, 8, 11]
    end = C.space["END"].reward
    assert end is not None and end.vp == 2


def test_IM_TRACK_10_later_tokens_take_one_charcoalium() -> None:
    """IM-TRACK-10: later tokens get 1 charcoalium whatever the space held."""
    assert C.economy.track_later_c == 1
    assert C.economy.provenance["extraction"] == "published"


# ------------------------------------------------------------------------------------------- readings


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


# --------------------------------------------------------------------------- further published component facts


def test_IM_CORE_07_R04_IM_COMP_04_handymen_and_colours() -> None:
    """IM-CORE-07: the five handymen's names; IM-CORE-R04: their colours, and green for Chimera's 6th
    (IM-COMP-04, IM-CORE-N13)."""
    figures = [(h.name, h.colour) for h in C.handymen]
    assert figures[:5] == [
        ("Felideus Bubastis", "blue"),
        ("Agrippine Pernille", "yellow"),
        ("Zadock Zebulon", "pink"),
        ("Nicodemus Gideon", "black"),
        ("Philomena Zylphia", "white"),
    ]
    sixth = C.handymen[5]
    assert sixth.colour == "green" and sixth.expansion and sixth.edition == EDITION  # the name is ours


def test_IM_CORE_55_machine_type_colours() -> None:
    """IM-CORE-55: blue production, purple transformation, red attack, yellow special (defense is ours)."""
    assert C.type_colour == {
        "production": "blue", "transformation": "purple", "attack": "red", "special": "yellow", "defense": "green"
    }  # fmt: skip


def test_IM_CORE_54_resource_order_follows_nicodemus() -> None:
    """IM-CORE-54: charcoalium 0, wood 1, copper 2, crystal 3."""
    assert vocabulary.RESOURCES == ("c", "w", "cu", "cr")
    assert [vocabulary.RESOURCE_VALUE[k] for k in ("w", "cu", "cr")] == [1, 2, 3]


def test_IM_CORE_09_R03_six_project_tokens_not_a_limit() -> None:
    """IM-CORE-09, IM-CORE-R03: 6 project tokens per colour; IM-SETUP-10: the dream marker is separate and
    the tokens are no limit."""
    assert C.economy.project_tokens == 6 and C.economy.provenance["project_tokens"] == "published"
    assert C.flags["dream_marker_separate"] is True


def test_IM_SETUP_04_IM_COMP_06_one_shuffled_deck() -> None:
    """IM-SETUP-04: the 9 other Chimera machines (2 Exhausteur, 2 Reposette, 5 Achievette) join the core
    deck, whose 61 cards share their back (IM-COMP-06); IM-SETUP-03: the Starteurs never do."""
    assert len(C.core_deck) == 61
    assert sorted(C.chimera_deck) == ["A7", "A7", "D4", "D4"] + ["S4"] * 5
    assert "P0" not in C.core_deck + C.chimera_deck


def test_IM_SETUP_07_expansion_cards_carry_a_mark() -> None:
    """IM-SETUP-07: expansion cards and tiles are marked, so the screen can show it."""
    assert sum(m.copies for m in C.machines if m.expansion) == 14
    assert [a.number for a in C.assistants if a.expansion] == [f"C{i}" for i in range(1, 8)]
    assert [p.number for p in C.projects if p.expansion] == ["CP1", "CP2", "CP3", "CP4"]


def test_IM_MACHINE_03_19_IM_DISMANTLE_06_every_machine_has_a_level_and_repair_cost() -> None:
    """IM-DISMANTLE-06: every machine has a level; IM-MACHINE-03, -19: the Chimera machines' levels and
    repair costs (not in 002) are given here, as ours."""
    for code in ("P0", "A7", "D4", "S4"):
        m = M[code]
        assert m.level >= 1 and m.repair.units == m.level + 1
        assert "level" not in m.provenance and "repair" not in m.provenance  # ours
        assert m.edition == EDITION


def test_IM_COMP_11_each_colour_has_a_letter_and_display_colour() -> None:
    """IM-COMP-11: four dream colours; design 15.1: a letter each, and nightmares N."""
    assert {c.id: (c.letter, c.display) for c in C.dream.colour} == {
        "romance": ("R", "red"), "glory": ("G", "yellow"), "escape": ("E", "cyan"), "festivities": ("F", "magenta")
    }  # fmt: skip
    assert C.dream.nightmare.letter == "N"


def test_IM_TRACK_09_IM_SETUP_09_reward_spaces_hold_resources_charcoalium_or_vp() -> None:
    """IM-SETUP-09, IM-TRACK-09: rewards of resources, charcoalium or VP lie on the track's spaces."""
    kinds = {
        k for s in C.dream.space if s.reward for k in ("c", "w", "cu", "cr", "vp") if getattr(s.reward, k)
    }
    assert kinds == {"c", "w", "cu", "cr", "vp"}
    assert C.space["S"].reward is None


def test_IM_CORE_N04_N11_first_place_is_dearest() -> None:
    """IM-CORE-N04: phase B starts at the most expensive place; IM-CORE-25: the front acts first."""
    assert C.belt.surcharges[0] == max(C.belt.surcharges)
    assert C.belt.initiative_spaces == 6


def test_IM_TEAM_07_08_26_team_numbers_are_sourced() -> None:
    """IM-TEAM-26 and the 002 team table are sourced; team play's other numbers are ours."""
    assert C.economy.teams.provenance == {
        "players": "002", "starteurs_per_team": "002", "pairings_4": "002", "pairings_6": "002"
    }  # fmt: skip
    assert C.economy.provenance["team_vp_target"] == "002"


def test_economy_provenance_names_real_fields() -> None:
    bad = replace(C.economy, provenance={"nonsense": "002"})
    with pytest.raises(ContentError, match="unknown field"):
        validation.check_provenance("economy", bad.provenance, frozenset({"extraction"}))


CHECKLIST = Path("/work/shared/rules-checklist/imaginarium.md")


@pytest.mark.skipif(not CHECKLIST.exists(), reason="the rules checklist is not in this checkout")
def test_every_checklist_id_a_reading_names_exists() -> None:
    known = set(re.findall(r"\b(IM-[A-Z]+-[A-Z]?\d+)\b", CHECKLIST.read_text(encoding="utf-8")))
    named = {cid for r in C.readings for cid in r.checklist}
    assert named <= known, sorted(named - known)


def test_IM_CORE_23_N01_the_designs_setup_price_example() -> None:
    """IM-CORE-23, IM-CORE-N01 (design 4.2): levels 1,1,1,2,2,2,3 dealt lowest at the front cost
    7,6,5,5,4,3,3."""
    levels = [1, 1, 1, 2, 2, 2, 3]
    assert [s + lv for s, lv in zip(C.belt.surcharges, levels, strict=True)] == [7, 6, 5, 5, 4, 3, 3]


def test_extractor_x1_matches_the_extraction_action() -> None:
    """Design 4.1: X1 gives what Extraction gives (IM-CORE-40), so giving up a machine costs nothing."""
    assert C.belt.extractor[0].gives == C.economy.extraction


def test_every_ours_number_is_in_data_with_its_mark() -> None:
    """Design 18.1: the tunable numbers (belt, economy, track, workshops) sit in files marked as ours."""
    assert C.belt.edition == C.economy.edition == C.dream.edition == EDITION
    readings = msgspec.toml.decode(
        (Path(content_module.__file__).parent / "data" / "rules_readings.toml").read_bytes()
    )
    assert readings["edition"] == EDITION


def test_reading_lookup_fails_loudly_on_a_misspelt_flag() -> None:
    assert C.reading("daydream_min_one") is True
    with pytest.raises(ContentError, match="no reading called 'daydream_min_two'"):
        C.reading("daydream_min_two")
