"""One test per reading flag of ``data/rules_readings.toml`` about setup, the workshops, the belt and
planning: each shows the game playing the reading the flag names (its default value).
test_readings_every_flag.py checks that no flag is left without one."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from chimera_tui.games.imaginarium.belt import refill
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.flow import plan_options

from .helpers import legal, new, play, run, turn, with_seat, with_team
from .reading_checks import register

CHECKS, reading = register()


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


@pytest.mark.parametrize("flag", sorted(CHECKS))
def test_reading(flag):
    """The reading named by each flag of rules_readings.toml, played as its default value says."""
    assert content().flags[flag] is not False
    CHECKS[flag]()
