"""One test per reading flag of ``data/rules_readings.toml`` about the Chimera expansion (team play, dream
fragments, daydreams, the dream track, nightmares, the Chimera machines): each shows the game playing the
reading the flag names (its default value). test_readings_every_flag.py checks that no flag is left without
one."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from chimera_tui.games.imaginarium import RULES
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.flow import final_scoring
from chimera_tui.games.imaginarium.machine_step import run_attacks
from chimera_tui.games.imaginarium.state import CAUSES

from .helpers import legal, new, play, run, turn, with_seat, with_team
from .reading_checks import _b1, register

CHECKS, reading = register()


def _fr(r: int = 0, g: int = 0, e: int = 0, f: int = 0, n: int = 0) -> tuple[int, int, int, int, int]:
    return (r, g, e, f, n)


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


@pytest.mark.parametrize("flag", sorted(CHECKS))
def test_reading(flag):
    """The reading named by each flag of rules_readings.toml, played as its default value says."""
    assert content().flags[flag] is not False
    CHECKS[flag]()
