"""Refilling and flushing the Reactor (ST-REACTOR-*, ST-FLUSH-*)."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.engine import Rng
from chimera_tui.games.station import RULES
from chimera_tui.games.station.content import content
from chimera_tui.games.station.state import Phase

from .helpers import act, legal, placement_state, reason, with_players


def _drained(s, empty):
    tiles = [t for t in (*s.reactor, *s.pile) if t]
    return replace(s, reactor=("",) * empty + tuple(tiles[: 6 - empty]), pile=tuple(tiles[6 - empty :]))


def test_ST_REACTOR_01_02_six_spaces_drained_by_building():
    s = placement_state(2)
    assert len(s.reactor) == 6 and all(s.reactor)


def test_ST_REACTOR_03_04_05_06_boiler_rewards_then_refill():
    s = _drained(placement_state(2, workers={0: [(("brain", "claw"), "pool")]}), 4)
    s = act(s, "place w0 boiler")
    p = s.players[0]
    # brain 2 points + claw 2 coins; visible: nothing, 1 point, 1 food, 1 coin; brain on Boiler Room (1)
    assert (p.score, p.coins, p.food) == (10 + 2 + 1 + 1, 10 + 2 + 1, 11)
    assert all(s.reactor)


def test_ST_REACTOR_07_08_09_empty_reactor_gives_everything():
    s = _drained(placement_state(2), 6)
    s = act(s, "place w0 boiler", "choose claw")
    p = s.players[0]
    assert (p.score, p.coins, p.food, p.pool, p.tier) == (11, 11, 11, (0, 1, 0, 0), 2)
    assert s.tasks[-1].kind == "perk"  # tier 2 on side A


def test_ST_REACTOR_10_11_refill_reshuffles_discard():
    s = _drained(placement_state(2), 3)
    s = replace(
        s,
        discard=s.pile[1:],
        pile=s.pile[:1],
        rng=Rng.rig(
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
        ),
    )
    before = s
    s = act(s, "place w0 boiler")
    assert all(s.reactor) and s.discard == ()
    assert RULES.is_irreversible(before, RULES.parse(before, "place w0 boiler"), s)


def test_ST_REACTOR_12_both_piles_empty_fill_what_you_can():
    s = _drained(placement_state(2), 3)
    extra = s.pile
    s = replace(s, pile=extra[:1], discard=(), built=())
    s = replace(s, players=s.players)
    from chimera_tui.games.station.core import Working
    from chimera_tui.games.station.reactor import refill

    g = Working(s)
    g.pile = [extra[0]]
    refill(g)
    assert g.reactor.count("") == 2 and g.reactor[:2] == ("", "")


def test_ST_REACTOR_13_14_boiler_with_full_reactor():
    s = placement_state(2)
    s = act(s, "place w0 boiler")
    assert s.players[0].workers[0].where == "boiler" and s.discard == ()


def test_ST_FLUSH_01_02_03_04_flush_once():
    s = placement_state(2)
    s = with_players(s, p0={"card": "supply-crate"})
    tile = sorted(s.reactor)[0]
    s = act(s, "flush", f"choose {tile}", "choose done")
    assert tile in s.discard and all(s.reactor) and s.players[0].card == ""
    assert s.players[0].score == 10 and s.players[0].coins == 10, "no Reactor rewards"
    assert "flush" not in legal(s)
    assert "already used your starting card" in reason(s, "flush")


def test_ST_FLUSH_05_zero_tiles_refills_spaces():
    s = with_players(_drained(placement_state(2), 2), p0={"card": "supply-crate"})
    s = act(s, "flush", "choose done")
    assert all(s.reactor) and s.discard == ()


def test_ST_FLUSH_06_07_extra_to_the_turn_only_on_own_turn():
    s = with_players(placement_state(2), p0={"card": "supply-crate"}, p1={"card": "credit-chit"})
    s = act(s, "flush", "choose done")
    assert RULES.to_act(s) == 0 and legal(s)[0].startswith("place")
    s2 = with_players(placement_state(2), p0={"card": "supply-crate"})
    s2 = act(s2, "place w0 lounge")  # a prompt is pending: not the start of a turn
    assert RULES.to_act(s2) == 0 and "flush" not in legal(s2)
    assert "start of your own Placement turn" in reason(s2, "flush")
    s3 = replace(s2, phase=Phase.LAB, tasks=())
    assert "flush" not in legal(s3)


def test_boiler_reward_table_covers_every_component():
    assert set(content().boiler) == {"brain", "claw", "leaf", "tentacle"}


def test_ST_FLUSH_06_flush_after_placing_is_offered_when_the_placement_changed_the_reactor():
    """ST-FLUSH-06/07: after a placement that refilled the Reactor, the flush is offered at once."""
    s = with_players(placement_state(2), p0={"card": "supply-crate"})
    s = replace(s, reactor=("", *s.reactor[1:]), discard=(s.reactor[0],))
    s = act(s, "place w0 boiler")
    assert s.tasks[-1].kind == "flush_offer" and legal(s) == ["choose pass", "choose flush"]
    assert RULES.to_act(s) == 0
    tile = sorted(t for t in s.reactor if t)[0]
    s = act(s, "choose flush", f"choose {tile}", "choose done")
    assert tile in s.discard and s.players[0].card == "" and RULES.to_act(s) == 1


def test_ST_FLUSH_06_no_question_after_a_placement_that_left_the_reactor_alone():
    """Issue 8 §3: no flush dialog after every placement; flushing first (``flush``) does the same."""
    s = with_players(placement_state(2), p0={"card": "supply-crate"})
    s2 = act(s, "place w0 refinery")
    assert RULES.to_act(s2) == 1 and s2.players[0].card == "supply-crate"
    assert not any(t.kind == "flush_offer" for t in s2.tasks)
    before = act(s, "flush", "choose done", "place w0 refinery")
    assert before.players[0].card == "" and RULES.to_act(before) == 1
