"""The daydream, the dream track, nightmares, the Achievette and the Exhausteur (Chimera, design 15)."""

from __future__ import annotations

import pytest

from chimera_tui.engine import IllegalAction
from chimera_tui.games.imaginarium import RULES
from chimera_tui.games.imaginarium.machine_step import run_attacks
from chimera_tui.games.imaginarium.state import CAUSES

from .helpers import legal, new, play, run, turn, with_seat, with_team


def _fr(r: int = 0, g: int = 0, e: int = 0, f: int = 0, n: int = 0) -> tuple[int, int, int, int, int]:
    return (r, g, e, f, n)


def test_daydream_replaces_one_dial_action_once_per_turn_IM_DAYDREAM_02_03():
    """IM-DAYDREAM-02: a daydream takes the place of one of the two dial actions; IM-DAYDREAM-03: at most one
    daydream a turn, so never in place of both."""
    s = with_team(new(2, 1), 0, frags=_fr(r=1, g=1))
    s = turn(s, 0, acts=(4, 5))
    assert {"daydream extraction", "daydream recruit"} <= set(legal(s))
    s = play(s, "daydream recruit", "dream R", "stop")
    assert s.acts == (4,)
    assert not any(x.startswith("daydream") for x in legal(s))
    assert "extract" in legal(s)


def test_daydream_steps_place_move_then_nightmare_IM_DAYDREAM_04_IM_NIGHTMARE_01_03_04():
    """IM-DAYDREAM-04: place, then move, then the optional nightmare; IM-NIGHTMARE-01/-03: one nightmare at
    most, on an opponent's dream; IM-NIGHTMARE-04: it goes on the end of that dream."""
    s = with_team(new(2, 1), 0, frags=_fr(r=1, n=2))
    s = with_team(s, 1, dream="G")
    s = play(turn(s, 0), "daydream repair", "dream R")
    assert s.teams[0].token == "T1" and not s.asks  # moved before any nightmare
    s = play(s, "stop")
    assert legal(s) == ["nightmare 1", "nightmare none"]
    s = play(s, "nightmare 1")
    assert s.teams[1].dream == "GN" and s.teams[0].frags[4] == 1
    assert not s.asks and s.current == ""  # only one nightmare per daydream


def test_only_held_fragments_of_different_colours_IM_DAYDREAM_06_08():
    """IM-DAYDREAM-06: fragments come from behind the screen; IM-DAYDREAM-08: all of different colours."""
    s = with_team(new(2, 1), 0, frags=_fr(r=2, e=1))
    s = play(turn(s, 0), "daydream repair")
    assert legal(s) == ["dream R", "dream E"]
    s = play(s, "dream R")
    assert legal(s) == ["dream E", "stop"]
    with pytest.raises(IllegalAction):
        RULES.apply(s, RULES.parse(s, "dream R"))


def test_one_dream_line_for_the_whole_game_public_IM_DAYDREAM_09_11_13():
    """IM-DAYDREAM-09/-11: one dream per player, new fragments on its end, kept all game; IM-DAYDREAM-13:
    placed fragments are public — every seat's view shows them, while the screen's counts stay hidden."""
    s = with_team(new(2, 1), 0, frags=_fr(g=1, f=1), dream="RE")
    s = play(turn(s, 0), "daydream repair", "dream F", "dream G", "stop")
    assert s.teams[0].dream == "REFG"
    other = RULES.view(s, 1)
    assert other.teams[0].dream == "REFG" and other.teams[0].frags == (-1,) * 5


def test_each_fragment_moves_one_plus_run_spaces_entered_one_by_one_IM_TRACK_01_05_11_18():
    """IM-TRACK-01: each fragment moves the token; IM-TRACK-05: a different colour or a nightmare breaks a
    run; IM-TRACK-11: every space entered is checked (passing counts); IM-TRACK-18: rewards (VP included)
    go behind the screen."""
    s = with_team(new(2, 1), 0, frags=_fr(r=1, g=1), dream="RRGN")
    s = play(turn(s, 0), "daydream repair", "dream R", "stop")
    assert s.teams[0].token == "T1"  # the nightmare broke the red run
    s = with_team(s, 0, frags=_fr(r=1), dream="GRR", token="S")
    s = play(turn(s, 0), "daydream repair", "dream R", "stop")
    # 1 + 2 = 3 spaces: T1, T2 (1 wood, passed through), T3
    assert s.teams[0].token == "T3" and "T2" in s.claimed
    assert s.teams[0].stock[1] == new(2, 1).teams[0].stock[1] + 1
    s = with_team(s, 0, frags=_fr(g=1), token="A1")
    s = play(turn(s, 0), "daydream repair", "dream G", "stop")
    assert s.teams[0].vp[CAUSES.index("track")] == 1
    assert RULES.view(s, 1).teams[0].vp == ()


def test_nightmare_limit_lasts_while_it_ends_the_dream_IM_NIGHTMARE_05():
    """IM-NIGHTMARE-05: while the dream ends in a nightmare, the next placement adds one fragment only."""
    s = with_team(new(2, 1), 0, frags=_fr(r=1, g=1, e=1), dream="RN")
    s = play(turn(s, 0), "daydream repair", "dream G")
    assert legal(s) == ["stop"]
    s = play(s, "stop")
    s = play(turn(s, 0), "daydream repair", "dream R")
    assert "dream E" in legal(s)  # covered: the limit is over


def test_reposette_blocks_nightmares_and_teams_target_teams_IM_NIGHTMARE_09_10_IM_MACHINE_11():
    """IM-NIGHTMARE-09 / IM-MACHINE-11: no nightmare on a dream whose owner (team) has a working Reposette;
    IM-NIGHTMARE-10: in team play the target is another team's shared dream."""
    s = with_team(new(3, 1), 0, frags=_fr(r=1, n=1))
    s = with_team(s, 1, dream="G")
    s = with_team(s, 2, dream="E")
    s = with_seat(s, 2, slots=(("P1",), ("P3",), ("D4",), ()))
    s = play(turn(s, 0), "daydream repair", "dream R", "stop")
    assert legal(s) == ["nightmare 1", "nightmare none"]
    t = new(4, 1, teams="on")
    t = with_team(t, 0, frags=_fr(r=1, n=1))
    t = with_team(t, 1, dream="G")
    t = play(turn(t, 0), "daydream repair", "dream R", "stop")
    assert legal(t) == ["nightmare 1", "nightmare none"]  # one target: the other team


def test_reorganize_discards_only_a_last_nightmare_IM_REORG_02_03():
    """IM-REORG-02: after Reorganize the last fragment, if a nightmare, may be discarded; IM-REORG-03: a
    covered nightmare stays."""
    s = with_team(new(2, 1), 0, dream="RNG")
    assert "wake" not in legal(turn(s, 0, acts=(3, 4)))
    s = with_team(s, 0, dream="RNGN")
    s = play(turn(s, 0, acts=(3, 4)), "wake")
    assert s.teams[0].dream == "RNG" and "wake" not in legal(s)


def _b1(s, seat=0):
    return turn(s, seat, phase="b1")


def test_achievette_adds_fragments_in_b1_IM_MACHINE_13_14_15_25():
    """IM-MACHINE-13/-15/-25: in B1 a working Achievette adds 1 fragment a turn to its owner's dream;
    IM-MACHINE-14: with no fragment it does nothing."""
    from chimera_tui.games.imaginarium.machine_step import open_uses

    s = with_seat(new(2, 1), 0, slots=(("S4",), ("P3",), (), ()))
    s = with_team(s, 0, frags=_fr(r=1, g=1))
    s = run(_b1(s), open_uses, 0)
    assert legal(s) == ["use 0.0 R", "use 0.0 G", "end"]
    s = play(s, "use 0.0 G")
    assert s.teams[0].dream == "G" and s.teams[0].token == "T1" and legal(s) == ["end"]
    s = with_team(s, 0, frags=_fr())
    assert legal(run(_b1(s), open_uses, 0)) == ["end"]


def test_two_combined_achievettes_add_three_of_different_colours_IM_MACHINE_16_17():
    """IM-MACHINE-16: a pair adds up to 3 fragments a turn, all of different colours; IM-MACHINE-17: an
    Achievette combines only with another."""
    from chimera_tui.games.imaginarium.machine_step import open_uses
    from chimera_tui.games.imaginarium.work import compatible, tables

    s = with_seat(new(2, 1), 0, slots=(("S4", "S4"), ("P3",), (), ()))
    s = with_team(s, 0, frags=_fr(r=2, g=1, e=1, f=1))
    s = run(_b1(s), open_uses, 0)
    s = play(s, "use 0.0 R", "use 0.0 G")
    assert "use 0.0 R" not in legal(s) and "use 0.0 E" in legal(s)
    s = play(s, "use 0.0 E")
    assert legal(s) == ["end"] and s.teams[0].dream == "RGE"
    t = tables()
    assert compatible(t, "S4", "S4")
    assert not any(compatible(t, "S4", m.code) for m in t.c.machines if m.code != "S4")


def _exhausteur(players=3, **options):
    s = new(players, 1, **options)
    return with_seat(s, 0, slots=(("A7",), ("P3",), (), ()))


def test_exhausteur_victims_hand_over_a_fragment_of_their_choice_IM_MACHINE_05_06_07():
    """IM-MACHINE-05: each other player hands over one fragment of their choice (a nightmare allowed), asked
    of that player out of turn; IM-MACHINE-06: the owner keeps one and discards the rest; IM-MACHINE-07: a
    player with no fragment is not affected."""
    s = _exhausteur()
    s = with_team(s, 0, frags=_fr())
    s = with_team(s, 1, frags=_fr(g=1, n=1))
    s = with_team(s, 2, frags=_fr())
    s = run(_b1(s), run_attacks, 0, 0, 0, ())
    assert RULES.to_act(s) == 1 and legal(s) == ["hand G", "hand N"]
    s = play(s, "hand N")
    assert RULES.to_act(s) == 0 and s.teams[0].frags == _fr(n=1) and s.teams[1].frags == _fr(g=1)
    s = with_team(s, 2, frags=_fr(e=1))
    s2 = run(_b1(s), run_attacks, 0, 0, 0, ())
    s2 = play(s2, "hand G", "hand E")
    assert RULES.to_act(s2) == 0 and legal(s2) == ["keep G", "keep E"]
    s2 = play(s2, "keep E")
    assert s2.teams[0].frags == _fr(e=1, n=1) and s2.frag_discard[-1] == "G"


def test_exhausteur_never_combines_and_reposette_blocks_it_IM_MACHINE_08_IM_TEAM_33():
    """IM-MACHINE-08: the Exhausteur cannot be combined; IM-TEAM-33: a Patenteur does not stop fragment
    theft, while a Reposette (IM-MACHINE-10) does, paying its team 1 C."""
    from chimera_tui.games.imaginarium.work import compatible, tables

    t = tables()
    assert not any(compatible(t, "A7", m.code) for m in t.c.machines)
    s = _exhausteur(2)
    s = with_team(s, 1, frags=_fr(r=1))
    s = with_seat(s, 1, slots=(("D3",), (), (), ()))
    assert run(_b1(s), run_attacks, 0, 0, 0, ()).asks[-1].kind == "hand"
    s = with_seat(s, 1, slots=(("D4",), (), (), ()))
    c = s.teams[1].stock[0]
    after = run(_b1(s), run_attacks, 0, 0, 0, ())
    assert not after.asks and after.teams[1].stock[0] == c + 1 and after.teams[1].frags == _fr(r=1)
