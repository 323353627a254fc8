"""Imaginarium's component data, the cards and tiles: the published facts (content-notes.md, rulebook 002) of
the machines, assistants and projects, and how the deck is made up. Tests of a published fact name its
rules-checklist ID."""

from __future__ import annotations

from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.vocabulary import EDITION

C = content()
M = C.machine


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


# --------------------------------------------------------------------------- further published component facts


def test_IM_CORE_55_machine_type_colours() -> None:
    """IM-CORE-55: blue production, purple transformation, red attack, yellow special (defense is ours)."""
    assert C.type_colour == {
        "production": "blue", "transformation": "purple", "attack": "red", "special": "yellow", "defense": "green"
    }  # fmt: skip


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
