"""Setup, the belt and its fragments, pick-up, Dismantle and its Chimera extras, assistants, team play."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.imaginarium import RULES
from chimera_tui.games.imaginarium.belt import reset_belt
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.flow import pick_up
from chimera_tui.games.imaginarium.machine_step import start_turn
from chimera_tui.games.imaginarium.state import CAUSES

from .helpers import legal, new, play, run, turn, with_seat, with_team


def _fr(r: int = 0, g: int = 0, e: int = 0, f: int = 0, n: int = 0) -> tuple[int, int, int, int, int]:
    return (r, g, e, f, n)


def test_chimera_components_IM_COMP_01_IM_SETUP_05_11_IM_MACHINE_24():
    """IM-COMP-01: a dream-track board; IM-SETUP-05: the 7 new assistants join the assistant deck;
    IM-SETUP-11: every fragment is shuffled into one face-down pile (part of it dealt onto the belt);
    IM-MACHINE-24: five machine types."""
    c = content()
    assert len(c.dream.space) == 30
    s = new(3, 2)
    assert len(s.meeting) + len(s.helpers) == 20
    assert len(new(3, 2, chimera="off").helpers) + 3 == 13
    assert len(s.pile) + sum(1 for f in s.belt_frags if f) == 56
    assert {m.type for m in c.machines} == {"production", "transformation", "attack", "defense", "special"}


def test_sixth_screen_hides_its_stock_and_vp_IM_COMP_02():
    """IM-COMP-02: the 6th player has a screen hiding resources, charcoalium and VP."""
    s = new(6, 2)
    for seat in range(5):
        v = RULES.view(s, seat)
        assert v.teams[5].stock == (-1,) * 4 and v.teams[5].vp == ()
    assert RULES.view(s, 5).teams[5].stock == s.teams[5].stock


def test_belt_fragments_face_up_and_picked_up_behind_the_screen_IM_SETUP_13_IM_FRAG_01_02():
    """IM-SETUP-13: belt fragments are face up (every view shows them); IM-FRAG-01/-02: the B2 pick-up takes
    the machine's fragment behind the screen."""
    s = new(2, 4)
    assert all(f for f in s.belt_frags) and RULES.view(s, None).belt_frags == s.belt_frags
    s = replace(s, reserved=(0, -1, -1, -1, -1, -1, -1), order=(0,), cursor=0, phase="b1")
    s = with_team(s, 0, stock=(20, 0, 0, 0), frags=_fr())
    frag, code = s.belt_frags[0], s.belt[0]
    after = run(s, pick_up, 0)
    assert after.belt[0] == "" and after.belt_frags[0] == ""
    assert code in after.teams[0].broken and sum(after.teams[0].frags) == 1
    assert after.teams[0].frags["RGEFN".index(frag)] == 1


def test_extractor_gives_no_fragment_IM_FRAG_04():
    """IM-FRAG-04: a figure at an extractor takes charcoalium and no fragment."""
    s = replace(new(2, 4), x1=0, order=(0,), cursor=0, phase="b1")
    s = with_team(s, 0, frags=_fr())
    after = run(s, pick_up, 0)
    assert after.teams[0].frags == _fr() and after.teams[0].stock[0] == s.teams[0].stock[0] + 3


def test_sleepwalker_takes_a_bare_unreserved_fragment_IM_FRAG_05_IM_ASSIST_02_03():
    """IM-ASSIST-03: the Sleepwalker takes the fragment of a belt machine with no figure at its place;
    IM-FRAG-05 / IM-ASSIST-02: that machine then gives no fragment and gets none at reset."""
    s = new(2, 4)
    s = replace(s, reserved=(1, -1, -1, -1, -1, -1, -1), order=(0, 1), cursor=0, phase="b1")
    s = with_seat(s, 0, assistants=("sleepwalker",))
    s = with_team(s, 0, frags=_fr())
    s = run(s, start_turn)
    assert legal(s) == [f"sleep {i}" for i in range(2, 8)]
    s = play(s, "sleep 2")
    assert s.belt_frags[1] == "" and sum(s.teams[0].frags) == 1
    kept = s.belt[1]
    s = replace(s, belt=("", *s.belt[1:]), belt_frags=("", *s.belt_frags[1:]))
    after = run(s, reset_belt)
    i = after.belt.index(kept) if kept in after.belt[1:] else None
    assert i is not None and after.belt_frags[i] == ""


def test_only_new_machines_get_fragments_and_the_pile_reshuffles_IM_END_06_07():
    """IM-END-06: machines that stayed get no new fragment at reset; IM-END-07: an empty pile is refilled by
    shuffling the discarded fragments."""
    s = new(4, 4)
    belt = list(s.belt)
    frags = list(s.belt_frags)
    belt[0], frags[0] = "", ""  # taken
    frags[3] = ""  # its fragment was taken, the machine stayed
    s = replace(s, belt=tuple(belt), belt_frags=tuple(frags), pile=(), frag_discard=("G", "G"))
    after = run(s, reset_belt)
    stayed = [i for i in range(7) if after.belt[i] and i > 0]
    assert sum(1 for f in after.belt_frags if f) == sum(1 for f in frags if f) - 1 + 2  # fell off 1, dealt 2
    assert after.belt_frags[4] == ""  # the bare machine slid from place 4 to place 5, still bare
    # The fallen machine's fragment was discarded first, so the reshuffled pile holds it and the two G.
    assert after.frag_discard == () and sorted((*after.belt_frags[:2], *after.pile)) == sorted(
        ("G", "G", frags[6])
    )
    assert stayed


def _dismantle_state(players: int = 2, **options: str):
    s = new(players, 4, **options)
    return with_team(s, 0, frags=_fr(), broken=("P5",), stock=(0, 0, 0, 0))


def test_dismantle_broken_gives_a_secret_top_fragment_IM_DISMANTLE_03_IM_COMP_10():
    """IM-DISMANTLE-03: dismantling a broken machine also gives the top fragment, unseen by others;
    IM-COMP-10: a face-down draw is secret (other seats read only that a machine was dismantled)."""
    s = _dismantle_state()
    top = s.pile[0]
    s = turn(s, 0, acts=(2, 3))
    line = RULES.describe_for(s, RULES.parse(s, "dismantle P5"), 1)
    after = play(s, "dismantle P5", "leave w")
    assert after.teams[0].frags["RGEFN".index(top)] == 1
    assert after.teams[0].stock == (0, 1, 1, 0)  # level 2: 2 of its 2 W + 1 Cu, one wood left behind
    assert line is not None and top not in line.split()
    assert RULES.view(after, 1).teams[0].frags == (-1,) * 5


def test_dismantle_repaired_draws_its_level_and_keeps_one_IM_DISMANTLE_04_05():
    """IM-DISMANTLE-04: a repaired machine draws as many fragments as its level; IM-DISMANTLE-05: one is
    kept secretly, the others discarded."""
    s = _dismantle_state()
    s = with_seat(s, 0, slots=(("P1",), ("P6",), (), ()))
    s = replace(s, pile=("R", "G", "E", *s.pile[3:]))
    s = play(turn(s, 0, acts=(2, 3)), "dismantle 1.0")
    assert legal(s) == ["keep R", "keep G", "keep E"]
    assert RULES.describe_for(s, RULES.parse(s, "keep G"), 1) is not None
    assert "glory" not in (RULES.describe_for(s, RULES.parse(s, "keep G"), 1) or "")
    s = play(s, "keep G")
    assert s.teams[0].frags == _fr(g=1) and s.frag_discard[-2:] == ("R", "E")
    assert s.teams[0].stock == (0, 4, 2, 2)  # twice 2 W + 1 Cu + 1 Cr


def test_special_machines_need_the_magpie_IM_ASSIST_05_IM_DISMANTLE_09():
    """IM-ASSIST-05: the Magpie lets its owner dismantle special machines, which is otherwise impossible."""
    s = with_team(new(2, 4), 0, broken=("S2",))
    s = with_seat(s, 0, slots=(("S4",), (), (), ()))
    assert not any(x.startswith("dismantle") for x in legal(turn(s, 0, acts=(2, 3))))
    s = with_seat(s, 0, assistants=("magpie",))
    assert {"dismantle S2", "dismantle 0.0"} <= set(legal(turn(s, 0, acts=(2, 3))))


def test_coal_mole_and_medal_polisher_IM_ASSIST_07_08():
    """IM-ASSIST-07: dismantling a broken machine also gives 3 charcoalium; IM-ASSIST-08: also 1 VP."""
    s = with_seat(_dismantle_state(), 0, assistants=("coal-mole", "medal-polisher"))
    s = play(turn(s, 0, acts=(2, 3)), "dismantle P5", "leave cu")
    assert s.teams[0].stock == (3, 2, 0, 0) and s.teams[0].vp[CAUSES.index("dismantle")] == 1


def test_partners_share_screen_broken_machines_and_dream_IM_TEAM_03_04_05_12_13_15_19():
    """IM-TEAM-03/-12: one screen per team (one stock, VP and fragments, seen by both partners);
    IM-TEAM-04/-15: shared broken machines; IM-TEAM-05/-19: one dream and one token per team;
    IM-TEAM-13: the active player spends from the shared stock; IM-TEAM-18: one dream token per team, on
    Start."""
    s = new(4, 4, teams="on")
    assert len(s.teams) == 2 and [tm.token for tm in s.teams] == ["S", "S"]
    mates = [i for i, p in enumerate(s.seats) if p.team == 0]
    assert len(mates) == 2 and RULES.view(s, mates[1]).teams[0] == s.teams[0]
    s = with_team(s, 0, frags=_fr(r=1, g=1), stock=(9, 0, 0, 0))
    s = play(turn(s, mates[0]), "daydream repair", "dream R", "stop")
    s = play(turn(s, mates[1], acts=(1, 2)), "daydream dismantle", "dream G", "stop", "buy w", "done")
    # T1 gave 1 wood and T2 2 charcoalium to the shared screen; the wood bought cost 2 of them.
    assert s.teams[0].dream == "RG" and s.teams[0].token == "T2" and s.teams[0].stock[:2] == (9, 2)


def test_a_partner_repairs_or_dismantles_a_shared_broken_machine_IM_TEAM_16_IM_DISMANTLE_10_IM_TEAM_34():
    """IM-TEAM-16: a machine one partner bought may be repaired by the other, into their own workshop;
    IM-DISMANTLE-10: either partner may dismantle a shared broken machine; IM-TEAM-34: workshops, dials and
    assistants stay each player's own."""
    s = new(4, 4, teams="on")
    mates = [i for i, p in enumerate(s.seats) if p.team == 0]
    s = with_team(s, 0, broken=("P0", "P5"), stock=(5, 5, 5, 5))
    s = play(turn(s, mates[1]), "repair P5 2")
    assert s.seats[mates[1]].slots[2] == ("P5",) and s.seats[mates[0]].slots[2] == ()
    assert s.seats[mates[1]].dial != s.seats[mates[0]].dial or s.seats[mates[0]].dial == (-1, -1)
    assert "dismantle P0" in legal(turn(s, mates[0], acts=(2, 3)))


def test_team_setup_and_turns_IM_TEAM_17_20_21_22():
    """IM-TEAM-17/-20: setup points 4.2, 4.4 and 5.1 as in normal play (new cards shuffled in, the fragment
    pile, a fragment on each belt machine); IM-TEAM-21: each player takes their own turn in figure order;
    IM-TEAM-22: only the active player decides."""
    s = new(6, 4, teams="on")
    assert len(s.meeting) + len(s.helpers) == 20 and all(s.belt_frags)
    assert any(code in ("A7", "D4", "S4") for code in (*s.deck, *s.belt))
    assert len(s.initiative) == 6 and sorted(s.initiative) == list(range(6))
    seen = []
    while s.phase == "plan":
        seen.append(RULES.to_act(s))
        s = play(s, "x2")
    assert seen == list(s.initiative[:6]) and RULES.to_act(s) == s.order[0]


def test_team_end_at_25_or_at_end_IM_TEAM_27():
    """IM-TEAM-26/-27: a team game ends at 25 VP, or when a team token has reached End."""
    s = new(4, 4, teams="on")
    s = with_team(s, 1, token="END")
    s = replace(s, phase="dial", order=(0, 1, 2, 3), cursor=3)
    s = play(s, legal(s)[0], "end")
    assert RULES.is_over(s)


def test_each_partner_daydreams_on_their_own_turn_IM_TEAM_35():
    """IM-TEAM-35: each partner may daydream once in each of their own turns, with the team's fragments."""
    s = new(4, 4, teams="on")
    mates = [i for i, p in enumerate(s.seats) if p.team == 0]
    s = with_team(s, 0, frags=_fr(r=2))
    for seat in mates:
        s = play(turn(s, seat), "daydream repair", "dream R", "stop")
        assert not any(x.startswith("daydream") for x in legal(s))
    assert s.teams[0].dream == "RR"


def test_patenteur_guards_only_its_owner_against_the_tanglette_IM_TEAM_32():
    """IM-TEAM-32: against the Tanglette a Patenteur protects only its owner, not the partner."""
    from chimera_tui.games.imaginarium.machine_step import run_attacks

    s = new(4, 4, teams="on")
    enemy = [i for i, p in enumerate(s.seats) if p.team == 1]
    s = with_seat(s, 0, slots=(("A5",), (), (), ()))
    s = with_seat(s, enemy[0], slots=(("D3",), ("P1",), (), ()))
    s = with_seat(s, enemy[1], slots=(("P1",), (), (), ()))
    s = run(turn(s, 0, phase="b1"), run_attacks, 0, 0, 0, ())
    # The Patenteur's owner is skipped (paid 1 C); the partner must give up a slot.
    assert [a.kind for a in s.asks] == ["tangle"] and s.asks[-1].opts == ("0",)
    s = play(s, "tangle 0")
    assert s.seats[enemy[1]].tangled[0] and not any(s.seats[enemy[0]].tangled)


def test_dream_run_project_and_team_conditions_IM_PROJECT_04_07():
    """IM-PROJECT-04: 3 fragments of one colour in a row (a nightmare breaks the row); IM-PROJECT-07: the
    shared stock and dream count for either partner, workshop conditions use the player's own workshop."""
    s = new(4, 4, teams="on")
    mates = [i for i, p in enumerate(s.seats) if p.team == 0]
    s = replace(s, projects=("recurring-dream", "assembly-line"))
    s = with_team(s, 0, dream="RRNR")
    s = play(turn(s, mates[0]), "end")
    assert s.seats[mates[0]].projects == ()
    s = with_team(s, 0, dream="GRRR")
    s = with_seat(s, mates[1], slots=(("P1",), ("P3",), ("P5",), ("P2",)))
    s = play(turn(s, mates[1]), "end")
    assert s.seats[mates[1]].projects == ("recurring-dream", "assembly-line")
    s = play(turn(s, mates[0]), "end")
    assert s.seats[mates[0]].projects == ("recurring-dream",)


def test_IM_SETUP_14_a_belt_fragment_lies_beside_its_card_and_is_told_with_it():
    """IM-SETUP-14: a belt fragment never covers its card's information. The state keeps the fragment apart
    from the card, and a place's decision in words names the card, its price and its fragment together."""
    s = new(3, 4)
    assert all(s.belt) and all(f in "RGEFN" and f for f in s.belt_frags)
    options = [str(a) for a in RULES.legal_actions(s) if str(a).startswith("place ")]
    assert options
    for text in options:
        i = int(text.split()[1]) - 1
        machine = content().machine[s.belt[i]]
        words = RULES.describe(s, RULES.parse(s, text))
        colour = {"R": "romance", "G": "glory", "E": "escape", "F": "festivities", "N": "nightmare"}[
            s.belt_frags[i]
        ]
        assert f"{machine.name} ({machine.code})" in words and "charcoalium" in words
        assert words.endswith(f"with its {colour} fragment")


def test_team_play_doubles_a_core_projects_shared_condition_but_not_a_chimera_ones():
    """Ours (economy.toml teams.shared_condition_factor, "About this edition"): in team play a core project's
    condition on the shared stock or the shared broken machines asks for twice its amounts; the Chimera
    projects' conditions are the rulebook's (IM-PROJECT-03: 5 wood, 5 copper, 5 crystal)."""
    factor = content().economy.teams.shared_condition_factor
    assert factor == 2
    s = replace(new(4, 4, teams="on"), projects=("timber-yard", "scrapyard", "treasure-trove"))
    s = with_team(s, 0, stock=(0, 9, 5, 5), broken=("P0", "P1", "P2", "P5"))
    assert play(turn(s, 0), "end").seats[0].projects == ("treasure-trove",)
    s = with_team(s, 0, stock=(0, 18, 5, 5), broken=("P0", "P1", "P2", "P5") * 2)
    assert set(play(turn(s, 0), "end").seats[0].projects) == {"timber-yard", "scrapyard", "treasure-trove"}
    solo = replace(new(2, 4), projects=("timber-yard", "scrapyard"))
    solo = with_team(solo, 0, stock=(0, 9, 0, 0), broken=("P0", "P1", "P2", "P5"))
    assert set(play(turn(solo, 0), "end").seats[0].projects) == {"timber-yard", "scrapyard"}
