"""Imaginarium's component data, the board and the economy: the belt, the dial, prices and rates, workshops
and handymen, teams, resources, and the dream track with its colours and rewards. Tests of a published fact
name its rules-checklist ID."""

from __future__ import annotations

import itertools

from chimera_tui.games.imaginarium import vocabulary
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.vocabulary import EDITION

C = content()
M = C.machine


def _paths(start: str) -> list[list[str]]:
    """Every path of spaces from `start` to End."""
    space = C.space[start]
    if not space.next:
        return [[start]]
    return [[start, *rest] for n in space.next for rest in _paths(n)]


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


def test_IM_CORE_54_resource_order_follows_nicodemus() -> None:
    """IM-CORE-54: charcoalium 0, wood 1, copper 2, crystal 3."""
    assert vocabulary.RESOURCES == ("c", "w", "cu", "cr")
    assert [vocabulary.RESOURCE_VALUE[k] for k in ("w", "cu", "cr")] == [1, 2, 3]


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


def test_IM_CORE_23_N01_the_designs_setup_price_example() -> None:
    """IM-CORE-23, IM-CORE-N01 (design 4.2): levels 1,1,1,2,2,2,3 dealt lowest at the front cost
    7,6,5,5,4,3,3."""
    levels = [1, 1, 1, 2, 2, 2, 3]
    assert [s + lv for s, lv in zip(C.belt.surcharges, levels, strict=True)] == [7, 6, 5, 5, 4, 3, 3]


def test_extractor_x1_matches_the_extraction_action() -> None:
    """Design 4.1: X1 gives what Extraction gives (IM-CORE-40), so giving up a machine costs nothing."""
    assert C.belt.extractor[0].gives == C.economy.extraction
