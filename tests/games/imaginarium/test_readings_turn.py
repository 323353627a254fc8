"""One test per reading flag of ``data/rules_readings.toml`` about a turn (using and picking up machines, the
dial, dismantling, combining, attack and defense, tangled machines, projects, assistants) and the end of
the game's bonuses: each shows the game playing the reading the flag names (its default value).
test_readings_every_flag.py checks that no flag is left without one."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from chimera_tui.games.imaginarium import RULES
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.flow import final_scoring, pick_up
from chimera_tui.games.imaginarium.machine_step import open_uses, run_attacks
from chimera_tui.games.imaginarium.projects import complete_projects
from chimera_tui.games.imaginarium.state import CAUSES

from .helpers import legal, new, play, run, turn, with_seat, with_team
from .reading_checks import _b1, register

CHECKS, reading = register()


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


@pytest.mark.parametrize("flag", sorted(CHECKS))
def test_reading(flag):
    """The reading named by each flag of rules_readings.toml, played as its default value says."""
    assert content().flags[flag] is not False
    CHECKS[flag]()
