"""The Splicing Lab, its phase, and the component limit (ST-SPLICE-*)."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.station import RULES
from chimera_tui.games.station.state import Phase

from .helpers import act, drain, legal, placement_state, reason


def _lab(**kw):
    return placement_state(2, pools={0: (1, 1, 0, 0)}, **kw)


def test_ST_SPLICE_01_19_20_splice_from_and_to_the_pool():
    s = act(_lab(), "place w0 lab")
    assert s.players[0].workers[0].where == "lab-a"
    assert legal(s) == ["choose +brain", "choose +claw"]
    s = act(s, "choose +brain", "choose done")
    assert s.players[0].workers[0].comps == ("brain",) and s.players[0].pool == (0, 1, 0, 0)


def test_ST_SPLICE_02_21_three_slots_filled_in_order():
    s = placement_state(2, pools={0: (2, 0, 0, 0), 1: (1, 0, 0, 0)})
    s = act(s, "place w0 lab", "choose done")  # seat 0: +brain is the only first step, then done
    s = act(s, "place w0 lab")  # seat 1: a single possible splice is made without questions
    s = act(s, "place w1 lab")  # seat 0: one brain left, one way to splice: done without questions
    assert [w.where for w in s.players[0].workers[:2]] == ["lab-a", "lab-c"]
    assert s.players[1].workers[0].where == "lab-b"
    assert "all three Splicing Lab slots are taken" in reason(s, "place w1 lab")


def test_ST_SPLICE_03_04_must_splice_something():
    s = placement_state(2)  # no components anywhere
    assert "could not change" in reason(s, "place w0 lab")
    s = act(_lab(), "place w0 lab")
    assert "choose done" not in legal(s)


def test_ST_SPLICE_05_06_07_lab_phase_places_slot_a_first():
    s = placement_state(
        2,
        workers={0: [(("brain",), "lab-b"), ((), "lounge")], 1: [(("claw",), "lab-a"), ((), "lounge")]},
    )
    s = replace(s, phase=Phase.LAB)
    assert RULES.to_act(s) == 1
    assert all(a.startswith("place w0 ") for a in legal(s)), "the Lab worker must be placed again"
    s = act(s, "place w0 refinery")
    assert RULES.to_act(s) == 0
    s2 = act(s, "place w0 hydroponics")
    assert s2.players[0].score == 11  # brain worker on a value-1 module (ST-SPLICE-06)


def test_ST_SPLICE_08_no_lab_in_lab_phase():
    s = placement_state(2, workers={0: [(("brain",), "lab-a")]}, pools={0: (1, 0, 0, 0)})
    s = replace(s, phase=Phase.LAB)
    assert "place w0 lab" not in legal(s)
    assert "during the Splicing Lab phase" in reason(s, "place w0 lab")


def test_ST_SPLICE_09_10_gained_workers_placed_before_next_slot():
    """See test_examples.test_ST_EX_02 for Andy; here two workers come back through a recall bonus."""
    from .helpers import with_built

    s = placement_state(
        2,
        workers={0: [(("brain",), "lab-a"), ((), "refinery"), ((), "lounge")], 1: [(("claw",), "lab-b")]},
    )
    s = replace(with_built(s, "shuttle-bay"), phase=Phase.LAB)
    s = act(s, "place w0 shuttle-bay", "choose w1")
    assert RULES.to_act(s) == 0 and all(a.startswith("place w1 ") for a in legal(s))


def test_ST_SPLICE_11_23_at_most_two_components():
    s = placement_state(2, workers={0: [(("brain", "claw"), "pool")]}, pools={0: (1, 0, 0, 0)})
    s = act(s, "place w0 lab")
    assert "choose +brain" not in legal(s)
    s = act(s, "choose -claw")
    assert "choose +brain" in legal(s)


def test_ST_SPLICE_12_other_effects_attach_and_detach():
    from .helpers import with_built

    s = with_built(placement_state(2, pools={0: (0, 0, 1, 0)}), "underground-lab")
    s = act(s, "place w0 underground-lab")
    assert s.players[0].workers[0].comps == ("leaf",) and s.players[0].food == 11


def test_ST_SPLICE_13_empty_supply_scores_two():
    s = placement_state(2, coins=5)
    s = drain(s, "claw")
    s = act(s, "place w0 claw-shop", "choose buy2")
    assert s.players[0].score == 14 and s.players[0].pool == (0, 0, 0, 0)
    assert [e.cause for e in s.scoring[-2:]] == ["supply", "supply"]


def test_ST_SPLICE_14_choice_only_among_types_in_stock():
    from .helpers import with_built

    s = with_built(placement_state(2), "gene-bank")
    for kind in ("brain", "claw", "tentacle"):
        s = drain(s, kind)
    s = act(s, "place w0 gene-bank")
    assert s.players[0].pool == (0, 0, 1, 0)  # the only type in stock was given without a question


def test_ST_SPLICE_15_mixed_components_have_each_single_ability():
    s = placement_state(2, workers={0: [(("brain", "tentacle"), "pool")]})
    s = act(s, "place w0 refinery")
    p = s.players[0]
    assert p.score == 11 and p.coins == 14  # brain points and the tentacle's extra coin


def test_ST_SPLICE_16_three_of_a_kind_is_still_double():
    s = placement_state(2, workers={0: [(("brain", "brain", "brain"), "pool")]}, perks={0: ("geneticist",)})
    s = act(s, "place w0 refinery")
    assert s.players[0].score == 11


def test_ST_SPLICE_17_gained_components_go_to_pool():
    s = act(placement_state(2, coins=2), "place w0 academy")
    assert s.players[0].pool == (1, 0, 0, 0) and s.players[0].workers[0].comps == ()


def test_ST_SPLICE_18_components_stay_through_rounds():
    s = placement_state(2, workers={0: [(("claw",), "pool")], 1: [((), "lounge")]}, food=5)
    s = act(s, "place w0 lounge", "choose food")
    assert s.round == 2 and s.players[0].workers[0].comps == ("claw",)


def test_ST_SPLICE_22_worker_must_look_different():
    s = placement_state(2, workers={0: [(("claw",), "pool")]}, pools={0: (0, 1, 0, 0)})
    s = act(s, "place w0 lab")
    assert legal(s) == ["choose +claw", "choose -claw"]
    s = act(s, "choose -claw")  # a claw off then a claw on would not change it: only "done" is left
    assert s.players[0].workers[0].comps == () and s.players[0].pool == (0, 2, 0, 0)
