"""One test per reading flag of ``data/rules_readings.toml``: each shows the game playing the reading the
flag names (its default value), and a test checks that no flag is left without one."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from msgspec.structs import replace

from chimera_tui.games.imaginarium import RULES
from chimera_tui.games.imaginarium.belt import refill
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.flow import final_scoring, pick_up, plan_options
from chimera_tui.games.imaginarium.machine_step import open_uses, run_attacks
from chimera_tui.games.imaginarium.projects import complete_projects
from chimera_tui.games.imaginarium.state import CAUSES, State

from .helpers import legal, new, play, run, turn, with_seat, with_team

CHECKS: dict[str, Callable[[], None]] = {}


def reading(fn: Callable[[], None]) -> Callable[[], None]:
    CHECKS[fn.__name__] = fn
    return fn


def _fr(r: int = 0, g: int = 0, e: int = 0, f: int = 0, n: int = 0) -> tuple[int, int, int, int, int]:
    return (r, g, e, f, n)


def _b1(s: State, seat: int = 0) -> State:
    return run(turn(s, seat, phase="b1"), open_uses, seat)


@reading
def fragments_56() -> None:
    s = new(2, 1)
    assert len(s.pile) + sum(1 for f in s.belt_frags if f) == 56


@reading
def dream_marker_separate() -> None:
    s = with_seat(new(2, 1), 0, projects=tuple(f"p{i}" for i in range(6)))
    s = replace(s, projects=("coal-cellar",))
    s = with_team(s, 0, stock=(15, 0, 0, 0))
    s = play(turn(s, 0), "end")
    assert "coal-cellar" in s.seats[0].projects and len(s.seats[0].projects) == 7


@reading
def six_solo_seats() -> None:
    s = new(6, 1)
    assert not s.team_play and len(s.teams) == 6


@reading
def starteur_shortfall() -> None:
    s = new(6, 1)
    for p in s.seats:
        assert (s.teams[p.team].broken == ()) == (p.workshop == 6)


@reading
def workshop_6_only_at_six() -> None:
    for seed in range(20):
        assert all(p.workshop != 6 for p in new(5, seed).seats)
    assert sorted(p.workshop for p in new(6, 1).seats) == [1, 2, 3, 4, 5, 6]


@reading
def starting_machines_only_in_play() -> None:
    s = new(2, 1, chimera="off")
    c = content()
    on_table = [*s.deck, *s.belt]
    assert (
        on_table.count("P1") == c.machine["P1"].copies - 2
        and on_table.count("P3") == c.machine["P3"].copies - 2
    )


@reading
def belt_lowest_level_front() -> None:
    s = replace(
        new(2, 1), belt=("",) * 7, belt_frags=("",) * 7, deck=("P9", "P1", "T4", "P3", "P2", "T1", "P5")
    )
    after = run(s, refill)
    assert after.belt == ("P1", "P3", "T1", "P2", "P5", "T4", "P9")


@reading
def belt_fragments_front_first() -> None:
    s = replace(new(2, 1), belt=("",) * 7, belt_frags=("",) * 7, deck=("P1",) * 7, pile=tuple("RGEFNRG"))
    assert run(s, refill).belt_frags == tuple("RGEFNRG")


@reading
def affordable_at_planning() -> None:
    s = new(4, 1, teams="on")
    first = s.initiative[0]
    s = with_team(s, s.seats[first].team, stock=(6, 0, 0, 0))
    s = replace(s, belt=("P1",) * 7)
    from chimera_tui.games.imaginarium.work import Working

    assert plan_options(Working(s)) == [
        "place 2",
        "place 3",
        "place 4",
        "place 5",
        "place 6",
        "place 7",
        "x1",
        "x2",
    ]
    s = play(s, "place 7")  # price 1
    mate = next(i for i, p in enumerate(s.seats) if p.team == s.seats[first].team and i != first)
    s = replace(s, initiative=(first, mate, *(i for i in s.initiative if i not in (first, mate))))
    assert "place 2" not in legal(s) and "place 3" in legal(s)  # 6 - 1 left: price 5 fits, 6 does not


@reading
def pickup_failure_keeps_machine() -> None:
    s = replace(new(2, 1), reserved=(0, -1, -1, -1, -1, -1, -1))
    s = with_team(s, 0, stock=(0, 0, 0, 0))
    after = run(s, pick_up, 0)
    assert after.belt == s.belt and after.belt_frags == s.belt_frags and after.teams[0].broken == ("P0",)


@reading
def any_new_dial_position() -> None:
    s = replace(turn(new(2, 1), 0), phase="dial")
    assert len(legal(s)) == 6
    s = with_seat(s, 0, dial=(0, 1))
    assert (
        len(legal(s)) == 5
        and "dial repair+transactions" not in legal(s)
        and "dial extraction+recruit" in legal(s)
    )


@reading
def actions_optional_any_order() -> None:
    s = turn(new(2, 1), 0, acts=(4, 5))
    assert "end" in legal(s)
    s = play(s, "extract")
    assert s.acts == (5,)


@reading
def projects_automatic() -> None:
    s = replace(with_team(new(2, 1), 0, stock=(15, 0, 0, 0)), projects=("coal-cellar",))
    assert play(turn(s, 0), "end").teams[0].vp[0] == 4


@reading
def project_nothing_spent() -> None:
    s = replace(with_team(new(2, 1), 0, stock=(0, 5, 5, 5)), projects=("treasure-trove",))
    s = play(turn(s, 0), "end")
    assert s.teams[0].vp[0] == 4 and s.teams[0].stock[1:] == (5, 5, 5)


@reading
def cp4_four_slots() -> None:
    s = replace(new(2, 1), projects=("jack-of-all-trades",))
    paired = with_seat(s, 0, slots=(("P1", "T1"), ("A2",), ("D1",), ()))
    assert run(paired, complete_projects, 0).seats[0].projects == ()
    spread = with_seat(s, 0, slots=(("P1",), ("T1",), ("A2",), ("D1",)))
    assert run(spread, complete_projects, 0).seats[0].projects == ("jack-of-all-trades",)


@reading
def assistants_work_at_once() -> None:
    s = replace(new(2, 1), meeting=("foreman", "broker", "tinker"))
    s = with_team(s, 0, stock=(3, 0, 0, 0))
    s = play(turn(s, 0, acts=(4, 5)), "recruit foreman", "extract")
    assert s.teams[0].stock[0] == 5


@reading
def special_not_dismantled() -> None:
    s = with_seat(new(2, 1), 0, slots=(("S2",), (), (), ()))
    assert "dismantle 0.0" not in legal(turn(s, 0, acts=(2, 3)))


@reading
def dismantle_by_order() -> None:
    s = with_team(new(2, 1), 0, broken=("P1",), stock=(0, 0, 0, 0))
    s = with_seat(s, 0, slots=(("P5",), (), (), ()))
    s = play(turn(s, 0, acts=(2, 3)), "dismantle P1")
    assert s.teams[0].stock == (0, 1, 0, 0)  # level 1 of its 2 wood
    s = play(turn(s, 0, acts=(2, 3)), "dismantle 0.0")
    assert (s.asks and s.asks[-1].kind == "keep") or s.teams[0].stock == (0, 5, 2, 0)


@reading
def recyclateur_broken_special() -> None:
    s = with_team(new(2, 1), 0, broken=("S2",))
    s = with_seat(s, 0, slots=(("S1",), (), (), ()))
    assert "use 0.0 S2" in legal(_b1(s))


@reading
def blocked_attack_pays() -> None:
    s = with_seat(new(2, 1), 0, slots=(("A1",), (), (), ()))
    s = with_seat(s, 1, slots=(("D1",), (), (), ()))
    s = with_team(s, 1, stock=(0, 0, 0, 0))
    after = run(turn(s, 0, phase="b1"), run_attacks, 0, 0, 0, ())
    assert after.teams[1].stock[0] == 1 and after.teams[0].stock == s.teams[0].stock


@reading
def tanglette_owner_chooses_slot() -> None:
    s = with_seat(new(2, 1), 0, slots=(("A5",), (), (), ()))
    s = with_seat(s, 1, slots=(("P1",), (), ("P3",), ()))
    after = run(turn(s, 0, phase="b1"), run_attacks, 0, 0, 0, ())
    assert RULES.to_act(after) == 0 and legal(after) == ["tangle 0", "tangle 2"]
    bare = with_seat(s, 1, slots=((), (), (), ()))
    assert not run(turn(bare, 0, phase="b1"), run_attacks, 0, 0, 0, ()).asks


@reading
def tangle_marks_machines() -> None:
    s = with_seat(new(2, 1), 0, slots=(("P1",), ("P1",), (), ()), tangled=(True, False, False, False))
    s2 = turn(s, 0, acts=(3, 4))
    assert "move 0.0 1" not in legal(s2) and "move 1.0 0" not in legal(s2)
    s2 = play(s2, "move 0.0 3")
    assert s2.seats[0].tangled == (False, False, False, True)


@reading
def two_transformations_each_extra() -> None:
    s = with_seat(new(2, 1), 0, slots=(("T1", "T4"), (), (), ()))
    assert run(turn(s, 0, phase="b1"), open_uses, 0).uses[:2] == (2, 4)


@reading
def bonus_zero_nobody() -> None:
    s = new(2, 1)
    s = with_team(s, 0, stock=(0, 0, 0, 0))
    s = with_team(s, 1, stock=(0, 0, 0, 0))
    after = run(s, final_scoring)
    assert (
        after.teams[0].vp[CAUSES.index("bonus")] == after.teams[1].vp[CAUSES.index("bonus")] == 1
    )  # machines


@reading
def fifth_bonus_machines() -> None:
    s = with_seat(new(2, 1), 0, slots=(("P1", "P1"), ("P3",), (), ()))
    s = with_team(s, 0, stock=(0, 0, 0, 0))
    s = with_team(s, 1, stock=(0, 0, 0, 0))
    after = run(s, final_scoring)
    assert after.teams[0].vp[CAUSES.index("bonus")] == 2 and after.teams[1].vp[CAUSES.index("bonus")] == 0


@reading
def full_house_all_slots() -> None:
    s = replace(new(2, 1), projects=("full-house",))
    s = with_seat(
        s,
        0,
        slots=(("P1",), ("P3",), ("P1",), ("P3",), ()),
        tangled=(False,) * 5,
        assistants=("storekeeper",),
    )
    assert run(s, complete_projects, 0).seats[0].projects == ()


@reading
def face_up_assistants_3() -> None:
    assert len(new(3, 1).meeting) == 3


@reading
def team_bonus_team_stock() -> None:
    s = new(4, 1, teams="on")
    s = with_team(s, 0, stock=(5, 0, 0, 0))
    s = with_team(s, 1, stock=(4, 0, 0, 0))
    assert run(s, final_scoring).teams[0].vp[CAUSES.index("bonus")] >= 2


@reading
def fragment_count_hidden() -> None:
    s = new(2, 1)
    assert RULES.view(s, 1).teams[0].frags == (-1,) * 5 and RULES.view(s, None).pile[0] == "?"


@reading
def daydream_either_action() -> None:
    s = with_team(new(2, 1), 0, frags=_fr(r=1))
    s = play(turn(s, 0, acts=(4, 5)), "extract", "daydream recruit", "dream R", "stop")
    assert s.teams[0].dream == "R" and s.acts == ()


@reading
def daydream_min_one() -> None:
    s = play(turn(with_team(new(2, 1), 0, frags=_fr(r=1)), 0), "daydream repair")
    assert "stop" not in legal(s)
    assert not any(x.startswith("daydream") for x in legal(turn(with_team(new(2, 1), 0, frags=_fr(n=1)), 0)))


@reading
def daydream_order_chosen() -> None:
    s = with_team(new(2, 1), 0, frags=_fr(r=1, g=1))
    s = play(turn(s, 0), "daydream repair", "dream G", "dream R", "stop")
    assert s.teams[0].dream == "GR"


@reading
def no_own_nightmare() -> None:
    s = with_team(new(2, 1), 0, frags=_fr(r=1, n=1), dream="R")
    s = play(turn(s, 0), "daydream repair", "dream R", "stop")
    assert "nightmare 0" not in legal(s)


@reading
def run_counts_whole() -> None:
    s = with_team(new(2, 1), 0, frags=_fr(r=1), dream="RRR", token="A1")
    assert play(turn(s, 0), "daydream repair", "dream R", "stop").teams[0].token == "A5"


@reading
def blank_spaces_give_nothing() -> None:
    s = replace(with_team(new(2, 1), 0, frags=_fr(r=1), token="A5"), claimed=())
    s = with_team(s, 1, frags=_fr(r=1), token="A5")
    s = play(turn(s, 0), "daydream repair", "dream R", "stop")  # T4: blank
    c = s.teams[1].stock[0]
    s = play(turn(s, 1), "daydream repair", "dream R", "stop")
    assert s.teams[1].stock[0] == c and s.claimed == ()


@reading
def fork_choice_when_leaving() -> None:
    s = with_team(new(2, 1), 0, frags=_fr(r=1), dream="RR", token="T2")
    s = play(turn(s, 0), "daydream repair", "dream R")
    assert s.teams[0].token == "T3" and legal(s) == ["fork A1", "fork B1"]
    s = play(s, "fork B1")
    assert s.teams[0].token == "B2"


@reading
def tokens_share_spaces() -> None:
    s = with_team(new(2, 1), 0, frags=_fr(r=1))
    s = with_team(s, 1, token="T1")
    assert play(turn(s, 0), "daydream repair", "dream R", "stop").teams[0].token == "T1"


@reading
def stop_at_end() -> None:
    s = with_team(new(2, 1), 0, frags=_fr(r=1), dream="RRR", token="T10")
    s = play(turn(s, 0), "daydream repair", "dream R", "stop")
    assert s.teams[0].token == "END"


@reading
def nightmare_from_own_screen() -> None:
    s = with_team(new(2, 1), 0, frags=_fr(r=1))
    s = with_team(s, 1, dream="G")
    s = play(turn(s, 0), "daydream repair", "dream R", "stop")
    assert not s.asks  # no nightmare behind the screen: none to lay


@reading
def nightmare_limit_until_covered() -> None:
    s = with_team(new(2, 1), 0, frags=_fr(r=2, g=2), dream="N")
    s = play(turn(s, 0), "daydream repair", "dream R", "stop")
    s = play(turn(s, 0), "daydream repair", "dream R")
    assert "dream G" in legal(s)


@reading
def nightmare_target_rule() -> None:
    s = with_team(new(3, 1), 0, frags=_fr(r=1, n=1))
    s = with_team(s, 1, dream="")
    s = with_team(s, 2, dream="GN")
    assert not play(turn(s, 0), "daydream repair", "dream R", "stop").asks


@reading
def nightmare_not_a_colour() -> None:
    s = with_team(new(2, 1), 0, frags=_fr(r=1, n=3), dream="RN")
    s = play(turn(s, 0), "daydream repair")
    assert legal(s) == ["dream R"]
    assert play(s, "dream R", "stop").teams[0].token == "T1"


@reading
def nightmare_limit_all_placements() -> None:
    s = with_seat(new(2, 1), 0, slots=(("S4", "S4"), (), (), ()))
    s = with_team(s, 0, frags=_fr(r=1, g=1), dream="N")
    s = play(_b1(s), "use 0.0 R")
    assert legal(s) == ["end"]


@reading
def reshuffle_on_any_draw() -> None:
    s = with_team(new(2, 1), 0, broken=("P1",))
    s = replace(s, pile=(), frag_discard=("E",))
    s = play(turn(s, 0, acts=(2, 3)), "dismantle P1")
    assert s.teams[0].frags[2] == 1 and s.pile == () and s.frag_discard == ()


@reading
def fragment_discard_public() -> None:
    s = replace(new(2, 1), frag_discard=("R", "N"))
    assert RULES.view(s, 1).frag_discard == ("R", "N")


@reading
def reorganize_only_discard() -> None:
    s = with_team(new(2, 1), 0, dream="RN")
    s = play(turn(s, 0, acts=(3, 4)), "wake", "done")
    assert s.acts == (4,) and s.teams[0].dream == "R"


@reading
def dream_collector_top_of_pile() -> None:
    s = with_team(new(2, 1), 0, broken=("P1",), frags=_fr())
    s = with_seat(s, 0, assistants=("dream-collector",))
    s = replace(s, pile=("R", "G", *s.pile[2:]))
    s = play(turn(s, 0, acts=(2, 3)), "dismantle P1")
    assert s.teams[0].frags == _fr(r=1, g=1)


@reading
def sleepwalker_before_machines() -> None:
    from chimera_tui.games.imaginarium.machine_step import start_turn

    s = replace(new(2, 1), order=(0, 1), cursor=0, phase="b1")
    s = with_seat(s, 0, assistants=("sleepwalker",))
    s = with_team(s, 0, stock=(0, 0, 0, 0))
    after = run(s, start_turn)
    assert after.asks[-1].kind == "sleep" and after.teams[0].stock == (0, 0, 0, 0)  # nothing produced yet


@reading
def exhausteur_reveal_public() -> None:
    s = with_seat(new(2, 1), 0, slots=(("A7",), (), (), ()))
    s = with_team(s, 1, frags=_fr(g=1))
    s = run(turn(s, 0, phase="b1"), run_attacks, 0, 0, 0, ())
    assert "glory" in (RULES.describe_for(s, RULES.parse(s, "hand G"), None) or "")


@reading
def exhausteur_earlier_partner_chooses() -> None:
    s = new(4, 1, teams="on")
    enemy = [i for i, p in enumerate(s.seats) if p.team == 1]
    s = with_seat(s, 0, slots=(("A7",), (), (), ()))
    s = with_team(s, 1, frags=_fr(g=1))
    s = turn(s, 0, phase="b1")
    s = replace(s, order=(0, enemy[1], enemy[0], *(i for i in range(4) if i not in (0, *enemy))))
    assert RULES.to_act(run(s, run_attacks, 0, 0, 0, ())) == enemy[1]


@reading
def achievette_moves() -> None:
    s = with_seat(new(2, 1), 0, slots=(("S4",), (), (), ()))
    s = with_team(s, 0, frags=_fr(r=1, n=1), dream="R")
    s = with_team(s, 1, dream="G")
    s = play(_b1(s), "use 0.0 R")
    assert s.teams[0].token == "T2" and not s.asks


def test_every_reading_flag_has_a_test():
    assert sorted(CHECKS) == sorted(r.id for r in content().readings)


@pytest.mark.parametrize("flag", sorted(CHECKS))
def test_reading(flag):
    """The reading named by each flag of rules_readings.toml, played as its default value says."""
    assert content().flags[flag] is not False
    CHECKS[flag]()
