"""The worked examples of the checklist's part (f), reproduced exactly."""

from __future__ import annotations

from chimera_tui.games.imaginarium import RULES
from chimera_tui.games.imaginarium.state import ACTIONS, CAUSES

from .helpers import legal, new, play, turn, with_seat, with_team

VP = CAUSES.index("track")


def _frags(r: int = 0, g: int = 0, e: int = 0, f: int = 0, n: int = 0) -> tuple[int, int, int, int, int]:
    return (r, g, e, f, n)


def test_daydream_turns_a_to_c_IM_TRACK_06_07_08():
    """IM-TRACK-06: Turn A, three colours ending in red, 3 spaces. IM-TRACK-07: Turn B, red after red, 2.
    IM-TRACK-08: Turn C, red then green, 3 + 1 = 4, and the dream ends in green (IM-TRACK-03: runs carry
    across turns; IM-TRACK-04: only the first of a daydream can extend a run)."""
    s = with_team(new(2, 1), 0, frags=_frags(r=3, g=2, e=1), dream="", token="S")
    s = play(turn(s, 0), "daydream repair", "dream G", "dream E", "dream R", "stop")
    assert s.teams[0].token == "T3" and s.teams[0].dream == "GER"  # 1 + 1 + 1 = 3 spaces
    s = play(turn(s, 0), "daydream repair", "dream R")
    # 2 spaces: T3 is a fork, so the owner picks the branch while moving.
    assert s.asks and s.asks[-1].kind == "fork" and legal(s) == ["fork A1", "fork B1"]
    s = play(s, "fork A1", "stop")
    assert s.teams[0].token == "A2" and s.teams[0].dream == "GERR"  # T3 -> A1, A2: 2 spaces
    s = play(turn(s, 0), "daydream repair", "dream R", "dream G", "stop")
    assert s.teams[0].dream == "GERRRG"
    assert s.teams[0].token == "T4"  # A2 -> A3, A4, A5 (the red: 3), then T4 (the green: 1)


def test_nightmare_limits_the_next_placement_IM_NIGHTMARE_05_IM_ASSIST_04():
    """Part (f) 2: the dream ends R, R, nightmare and the owner holds R and G. Without assistant 2 only one
    fragment is placed, and R moves 1 (the nightmare broke the run); with it, R then G move 1 + 1."""
    s = with_team(new(2, 1), 0, frags=_frags(r=1, g=1), dream="RRN", token="T4")
    after = play(turn(s, 0), "daydream repair", "dream R")
    assert after.teams[0].token == "T5"
    assert legal(after) == ["stop"]
    s2 = with_seat(s, 0, assistants=("insomniac",))
    after = play(turn(s2, 0), "daydream repair", "dream R", "dream G", "stop")
    assert after.teams[0].token == "T6" and after.teams[0].dream == "RRNRG"


def test_reorganize_discards_the_last_nightmare_IM_REORG_02_04():
    """Part (f) 3: the dream is R, R, nightmare; Reorganize discards the nightmare; the next R moves 1 + 2."""
    s = with_team(new(2, 1), 0, frags=_frags(r=1), dream="RRN", token="S")
    s = play(turn(s, 0, acts=(3, 4)), "wake", "done")
    assert s.teams[0].dream == "RR" and s.frag_discard[-1] == "N"
    s = play(s, "daydream extraction", "dream R", "stop")
    assert s.teams[0].token == "T3"


def test_first_token_takes_the_reward_later_ones_one_charcoalium_IM_TRACK_09_10():
    """Part (f) 4: two tokens pass the same 2-VP space (A5); the first takes 2 VP, the second 1 C."""
    s = new(2, 1)
    s = with_team(s, 0, frags=_frags(r=1), token="A4")
    s = with_team(s, 1, frags=_frags(r=1), token="A4")
    s = play(turn(s, 0), "daydream repair", "dream R", "stop")
    assert s.teams[0].token == "A5" and s.teams[0].vp[VP] == 2
    c_before = s.teams[1].stock[0]
    s = play(turn(s, 1), "daydream repair", "dream R", "stop")
    assert s.teams[1].token == "A5" and s.teams[1].vp[VP] == 0
    assert s.teams[1].stock[0] == c_before + 1


def test_end_reached_mid_round_finishes_the_round_IM_END_03_04():
    """Part (f) 5: a token reaches End during the 2nd player's turn; the 3rd player still takes their turn,
    and the game ends in phase C (and so the 2-VP End reward counts)."""
    s = with_team(new(3, 1), 1, frags=_frags(r=1), token="T11")
    s = turn(s, 0)
    s = play(s, "end")  # player 1 ends; player 2 starts B1
    assert RULES.to_act(s) == s.order[1]
    second = s.order[1]
    s = with_team(s, s.seats[second].team, frags=_frags(r=1), token="T11")
    assert s.phase == "b1" and not s.asks
    s = play(s, "end")  # B1 over
    s = play(s, legal(s)[0])  # the dial
    s = play(s, f"daydream {ACTIONS[s.acts[0]]}", "dream R", "stop")
    assert s.teams[s.seats[second].team].token == "END"
    s = play(s, "end")
    assert not RULES.is_over(s) and RULES.to_act(s) == s.order[2]
    while not RULES.is_over(s):
        s = play(s, "end" if "end" in legal(s) else legal(s)[0])
    assert s.round == 1 and RULES.is_over(s)


def test_team_project_scoring_IM_TEAM_23_24_25():
    """Part (f) 6: player 1 of team A completes a project first (4 VP to the team); the partner completes it
    later (3 VP); a player of team B then completes it (3 VP). Each puts their own token on it. (Coal Cellar
    asks a team for twice its charcoalium: 30.)"""
    s = new(4, 1, teams="on")
    s = with_team(s, 0, stock=(30, 0, 0, 0))
    s = with_team(s, 1, stock=(30, 0, 0, 0))
    from msgspec.structs import replace

    s = replace(s, projects=("coal-cellar",))
    partner = next(i for i, p in enumerate(s.seats) if p.team == 0 and i != 0)
    other = next(i for i, p in enumerate(s.seats) if p.team == 1)
    s = play(turn(s, 0), "end")
    assert s.teams[0].vp[0] == 4 and s.seats[0].projects == ("coal-cellar",)
    s = play(turn(s, partner), "end")
    assert s.teams[0].vp[0] == 7 and s.seats[partner].projects == ("coal-cellar",)
    s = play(turn(s, other), "end")
    assert s.teams[1].vp[0] == 3


def test_starteur_counts_IM_SETUP_02_03_IM_TEAM_14():
    """Part (f) 7: one broken Starteur per player at 2-5 players, per team at 4 and 6 in teams; the rest stay
    in the box, never in the deck."""
    for players, options, count in (
        (2, {}, 2),
        (3, {}, 3),
        (4, {}, 4),
        (5, {}, 5),
        (4, {"teams": "on"}, 2),
        (6, {"teams": "on"}, 3),
    ):
        s = new(players, 3, **options)
        assert sum(tm.broken.count("P0") for tm in s.teams) == count
        assert all(tm.broken == ("P0",) for tm in s.teams)
        assert "P0" not in s.deck and "P0" not in s.belt
