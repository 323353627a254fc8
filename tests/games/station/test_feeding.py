"""The Feeding phase and leaves (ST-FEED-*, ST-LEAF-*)."""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.games.station.state import Phase

from .helpers import act, legal, placement_state


def _last(workers0, food, **kw):
    """Seat 0 places its last pool worker in the Lounge (food); seat 1 is done. Feeding follows."""
    s = placement_state(2, workers={0: workers0, 1: [((), "lounge")]}, **kw)
    s = replace(s, players=(replace(s.players[0], food=food), s.players[1]))
    return act(s, "place w0 lounge", "choose coin")


def test_ST_FEED_01_02_workers_return_and_eat():
    s = _last([((), "pool"), ((), "refinery"), ((), "aside")], food=5)
    p = s.players[0]
    assert [w.where for w in p.workers][:3] == ["pool", "pool", "aside"]
    assert p.food == 3  # 2 workers in the pool, the set-aside one eats nothing


def test_ST_FEED_03_04_05_short_food_costs_attached_components():
    s = _last([((), "pool"), (("claw",), "refinery")], food=1, pools={0: (1, 0, 0, 0)})
    p = s.players[0]
    assert p.food == 0 and p.workers[1].comps == () and p.pool == (1, 0, 0, 0)


def test_ST_FEED_04_owner_chooses_which_component():
    s = placement_state(2, workers={0: [((), "pool"), (("brain", "claw"), "refinery")], 1: [((), "lounge")]})
    s = replace(s, players=(replace(s.players[0], food=0), s.players[1]))
    s = act(s, "place w0 lounge", "choose coin")
    assert s.phase is Phase.FEEDING and legal(s) == ["choose w1:brain", "choose w1:claw"]
    s = act(s, "choose w1:claw")  # the second loss has only one possibility: taken without a question
    assert s.players[0].workers[1].comps == ()


def test_ST_FEED_06_08_two_points_each_and_no_floor():
    s = _last([((), "pool"), ((), "refinery")], food=0)
    assert s.players[0].score == 6


def test_ST_FEED_07_food_is_paid_first():
    s = _last([((), "pool"), (("claw",), "refinery")], food=2)
    assert s.players[0].workers[1].comps == ("claw",) and s.players[0].food == 0


def test_ST_FEED_09_lost_leaf_does_not_make_a_worker_hungry():
    s = _last([((), "pool"), ((), "hydroponics"), (("leaf",), "refinery")], food=0)
    p = s.players[0]
    assert p.workers[2].comps == () and p.score == 8  # owed 2: the leaf, then 2 points


def test_ST_FEED_10_round_five_feeds_before_end():
    s = _last([((), "pool"), ((), "refinery")], food=0, round=5)
    assert s.phase is Phase.OVER
    assert any(e.cause == "feeding" and e.round == 5 for e in s.scoring)


def test_ST_LEAF_01_leaf_workers_eat_nothing():
    s = _last([((), "pool"), (("leaf",), "refinery")], food=1)
    assert s.players[0].food == 0


def test_ST_LEAF_02_double_leaf_grows_two_food_first():
    s = _last([((), "pool"), (("leaf", "leaf"), "refinery")], food=0)
    assert s.players[0].food == 1 and s.players[0].score == 10
