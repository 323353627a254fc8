"""From round 10 on, each reset lays out one more project (About this edition, "Late projects"): without it
greedy-bot games of the core game stalled on the hard projects until the round limit."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.flow import check_and_reset

from .helpers import new, run


def _reset(s, round_):
    return run(replace(s, round=round_), check_and_reset)


def test_no_late_project_before_round_10():
    s = new(2, 1, chimera="off")
    assert content().economy.late_projects_from == 10
    after = _reset(s, 9)
    assert after.projects == s.projects and after.round == 10 and after.phase == "plan"


def test_from_round_10_each_reset_lays_out_one_more_project_from_those_not_in_play():
    s = new(2, 1, chimera="off")
    core = {p.id for p in content().projects if not p.expansion}
    after = _reset(s, 10)
    assert after.projects[:-1] == s.projects and len(after.projects) == len(s.projects) + 1
    assert after.projects[-1] in core - set(s.projects)
    later = _reset(after, 11)
    assert later.projects[:-1] == after.projects and later.projects[-1] in core - set(after.projects)


def test_chimera_games_draw_from_every_project_and_stop_when_none_is_left():
    s = new(2, 1)
    every = tuple(p.id for p in content().projects)
    full = replace(s, projects=every)
    assert _reset(full, 12).projects == every
    one_left = replace(s, projects=every[:-1])
    assert _reset(one_left, 12).projects == (*every[:-1], every[-1])


def test_the_round_limit_still_ends_the_game_without_a_new_project():
    s = new(2, 1, chimera="off")
    over = _reset(s, content().economy.round_limit)
    assert over.phase == "over" and over.projects == s.projects
