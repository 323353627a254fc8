"""What a pair of machines sharing a slot gains (design 6.4), played through B1's optional uses."""

from __future__ import annotations

from chimera_tui.games.imaginarium.machine_step import open_uses
from chimera_tui.games.imaginarium.state import CAUSES

from .helpers import legal, new, play, run, turn, with_seat, with_team

GLORIETTE_VP = CAUSES.index("gloriette")


def _b1(s, seat=0):
    return run(turn(s, seat, phase="b1"), open_uses, seat)


def test_a_lone_gloriette_converts_once_a_turn():
    """Design 17.1 S2: once per turn, pay 1 W + 1 Cu + 1 Cr for 1 VP."""
    s = with_seat(new(2, 1), 0, slots=(("S2",), ("P3",), (), ()))
    s = with_team(s, 0, stock=(0, 5, 5, 5))
    s = play(_b1(s), "use 0.0")
    assert legal(s) == ["end"]
    assert s.teams[0].vp[GLORIETTE_VP] == 1 and s.teams[0].stock == (0, 4, 4, 4)


def test_two_paired_gloriettes_convert_twice_a_turn_design_6_4():
    """Design 6.4 and 17.1: "2 Gloriettes convert twice" — the pair, as one working machine (9.2), gets
    its use and the pair's one extra use: twice a turn in all, not each card's use plus an extra each."""
    s = with_seat(new(2, 1), 0, slots=(("S2", "S2"), ("P3",), (), ()))
    s = with_team(s, 0, stock=(0, 9, 9, 9))
    s = _b1(s)
    assert sum(s.uses[:2]) == 2
    for _ in range(2):
        use = next(a for a in legal(s) if a.startswith("use 0."))
        s = play(s, use)
    assert legal(s) == ["end"]
    assert s.teams[0].vp[GLORIETTE_VP] == 2 and s.teams[0].stock == (0, 7, 7, 7)


def test_a_gloriette_paired_with_a_plannette_converts_once():
    """Design 6.4: a special pair gains nothing but what is printed; a Gloriette with a Plannette (it lists
    S3) still converts once."""
    s = with_seat(new(2, 1), 0, slots=(("S2", "S3"), ("P3",), (), ()))
    s = with_team(s, 0, stock=(0, 9, 9, 9))
    s = play(_b1(s), "use 0.0")
    assert legal(s) == ["end"] and s.teams[0].vp[GLORIETTE_VP] == 1
