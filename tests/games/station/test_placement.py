"""Placement phase and Worker Lounge (ST-PLACE-*, ST-LOUNGE-*)."""

from __future__ import annotations

from chimera_tui.games.station import RULES, Place
from chimera_tui.games.station.state import Phase

from .helpers import act, legal, placement_state, reason


def test_ST_PLACE_01_02_clockwise_one_worker_each():
    s = placement_state(3, start=1, turn=1)
    assert RULES.to_act(s) == 1
    s = act(s, "place w0 refinery")
    assert RULES.to_act(s) == 2
    s = act(s, "place w0 hydroponics")
    assert RULES.to_act(s) == 0


def test_ST_PLACE_03_module_lab_or_lounge():
    s = placement_state(2, pools={0: (1, 0, 0, 0)})
    spaces = {a.split()[2] for a in legal(s) if a.startswith("place")}
    assert {"lab", "lounge", "refinery", "hydroponics", "boiler"} <= spaces


def test_ST_PLACE_04_effect_applies_at_once():
    s = act(placement_state(2), "place w0 refinery")
    assert s.players[0].coins == 13


def test_ST_PLACE_05_06_own_perk_modules_only():
    s = placement_state(2, perks={0: ("greenhouse",), 1: ("smithy",)})
    assert "place w0 greenhouse" in legal(s)
    assert "place w0 smithy" not in legal(s)
    assert "perk module; only its owner may use it" in reason(s, "place w0 smithy")


def test_ST_PLACE_07_lab_and_lounge_are_not_modules():
    """A brain worker scores nothing in the Lounge or the Lab (ST-BRAIN-03)."""
    s = placement_state(2, workers={0: [(("brain",), "pool"), (("brain",), "pool")]}, pools={0: (1, 0, 0, 0)})
    s = act(s, "place w0 lounge", "choose coin")
    assert s.players[0].score == 10


def test_ST_PLACE_08_occupied_module_needs_a_claw():
    s = placement_state(2, workers={1: [((), "refinery"), ((), "pool")]})
    assert "only a claw worker can displace it" in reason(s, "place w0 refinery")


def test_ST_PLACE_09_never_on_your_own_worker():
    s = placement_state(2, workers={0: [((), "refinery"), (("claw", "claw"), "pool")]})
    assert "own worker is already on Refinery" in reason(s, "place w1 refinery")


def test_ST_PLACE_10_components_change_placement():
    s = placement_state(2, workers={0: [(("brain",), "pool")]})
    s = act(s, "place w0 laboratory")
    assert s.players[0].score > 10


def test_ST_PLACE_11_must_be_able_to_carry_out_the_effect():
    s = placement_state(2, coins=1)
    assert "place w0 gallery" not in legal(s)
    assert "Laboratory" in reason(s, "place w0 laboratory")  # no component to detach


def test_ST_PLACE_12_one_whole_option_is_enough():
    s = placement_state(2, coins=2)
    s2 = act(s, "place w0 claw-shop")  # only "buy1" is possible: no question asked
    assert s2.players[0].pool == (0, 1, 0, 0) and s2.players[0].coins == 0
    s3 = act(placement_state(2, coins=5), "place w0 claw-shop")
    assert s3.tasks[-1].kind == "option" and legal(s3) == ["choose buy1", "choose buy2"]


def test_ST_PLACE_13_empty_pool_is_skipped():
    s = placement_state(3, workers={1: [((), "refinery")]}, turn=0)
    s = act(s, "place w0 hydroponics")
    assert RULES.to_act(s) == 2


def test_ST_PLACE_14_placing_is_compulsory():
    s = placement_state(2)
    assert all(a.startswith("place") or a == "flush" for a in legal(s))
    assert any(a.endswith("lounge") for a in legal(s))


def test_ST_PLACE_15_phase_ends_when_all_placed_and_recalled_workers_return():
    s = placement_state(2, workers={0: [((), "refinery"), ((), "pool")], 1: [((), "lounge")]})
    s = _with_built(s, "shuttle-bay")
    s = act(s, "place w1 shuttle-bay")  # gains 1 coin, takes back the Refinery worker
    assert s.players[0].workers[0].where == "pool"
    assert RULES.to_act(s) == 0 and s.phase is Phase.PLACEMENT
    s = act(s, "place w0 lounge", "choose coin")
    assert s.round == 2  # the phase ended; Lab, Feeding and the next round followed


def test_ST_PLACE_16_displaced_worker_stays_in_lounge():
    s = placement_state(2, workers={0: [(("claw",), "pool")], 1: [((), "refinery"), ((), "pool")]})
    s = act(s, "place w0 refinery", "choose food")
    assert s.players[1].workers[0].where == "lounge"


def test_ST_LOUNGE_01_any_number_of_workers():
    s = placement_state(2, workers={0: [((), "lounge"), ((), "lounge"), ((), "pool")]})
    assert "place w2 lounge" in legal(s)


def test_ST_LOUNGE_02_04_coin_or_food():
    s = act(placement_state(2), "place w0 lounge")
    assert legal(s) == ["choose coin", "choose food"]
    s = act(s, "choose food")
    assert s.players[0].food == 11 and s.players[0].coins == 10


def test_ST_LOUNGE_03_displacement_sends_to_lounge_with_gain():
    s = placement_state(2, workers={0: [(("claw",), "pool")], 1: [((), "refinery"), ((), "pool")]})
    s = act(s, "place w0 refinery")
    assert RULES.to_act(s) == 1 and legal(s) == ["choose coin", "choose food"]
    s = act(s, "choose coin")
    assert s.players[1].coins == 11


def test_ST_LOUNGE_05_lounge_always_legal():
    s = placement_state(2, coins=0, food=0)
    assert "place w0 lounge" in legal(s)


def test_placement_actions_dedupe_identical_workers():
    s = placement_state(2)
    assert all(a.worker == 0 for a in RULES.legal_actions(s) if isinstance(a, Place))


def _with_built(s, tile, hex_text="0,-1"):
    from .helpers import with_built

    return with_built(s, tile, hex_text)
