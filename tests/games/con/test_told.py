"""What each action caused, told (G14-1): the facts `apply` records in `told` and `roll`, their words in a
view's `events`, and who may read them (a card drawn into a hand only by that hand's seat)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chimera_tui.engine import GameConfig
from chimera_tui.games.con import BOTS, RULES, State
from chimera_tui.games.con.state import POISONED
from chimera_tui.games.con.told import KINDS, PRIVATE, seen, words

from .helpers import GOAT, LION, STINGER, _window, act, built, rig, turn_state


def _greedy_game(players: int, seed: int) -> Iterator[tuple[State, State]]:
    """Every step of a whole game of greedy bots, as (before, after)."""
    state = RULES.new_game(GameConfig(players=players), seed)
    bots = [BOTS["greedy"](RULES, seed * 10 + i) for i in range(players)]
    while not RULES.is_over(state):
        seat = RULES.to_act(state)
        assert seat is not None
        after = RULES.apply(
            state, bots[seat].choose(RULES.view(state, seat), RULES.legal_actions(state), seat)
        )
        yield state, after
        state = after


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_fact_of_whole_games_is_worded_for_every_seat(players: int) -> None:
    """Each fact a whole game records has words, for every seat and a spectator; a private fact reaches only
    its seat's view, and a round's end tells its point (with the survivor's chimera) exactly once."""
    kinds: set[str] = set()
    for before, after in _greedy_game(players, 3):
        kinds.update(str(f[0]) for f in after.told)
        for viewer in (None, *range(players)):
            view = RULES.view(after, viewer)
            assert len(view.events) == len(view.told)
            assert all(f[0] not in PRIVATE or f[1] == viewer for f in view.told)
        points = [f for f in after.told if f[0] == "point"]
        if after.round != before.round or after.phase == "over":
            assert (
                len(points) == 1 and after.points[int(points[0][1])] == before.points[int(points[0][1])] + 1
            )
            assert points[0][3:6] == before.parts[int(points[0][1])]
        else:
            assert not points
    assert kinds <= KINDS
    assert {
        "attack",
        "reveal",
        "dealt",
        "first",
        "drew",
        "out",
        "point",
        "won",
        "market",
        "merchant",
    } <= kinds


def test_a_drawn_card_is_told_only_to_its_seat() -> None:
    s = built(3, 2)
    while s.asks:
        s = act(s, "pass")
    seat = s.active
    after = act(s, "draw c")
    card = after.hands[seat][-1]
    assert after.told == (("drew", seat, card),)
    name = words(after.told, after.names)[0]
    assert RULES.view(after, seat).events == (name,)
    others = [o for o in range(3) if o != seat]
    assert all(RULES.view(after, o).events == () for o in others) and RULES.view(after, None).events == ()
    assert seen(after.told, None) == ()


def test_an_attack_tells_both_sides_dice_the_damage_and_the_health_left() -> None:
    """16 against 11: 5 damage to the Goat chimera (Health 10), told with the dice and kept as the last roll."""
    s = act(turn_state([LION, GOAT], rig=rig(6, 5, 2, 1, 1, 1, 2, 2, 2, 2, 2, 1)), "attack p2")
    attack = ("attack", 0, 1, "", 0, "652111", "222221", 0)
    hit = ("hit", 0, 1, "", 0, 5, 5, 0)
    assert s.told == (attack, hit) and s.roll == (attack, hit)
    said = RULES.view(s, None).events
    assert said == (
        "Player 1 rolls Might 16 (6+5+2+1+1+1) against Player 2's Speed 11 (2+2+2+2+2+1).",
        "Attack hits Player 2 for 5 damage: Player 2's chimera has 5 Health left.",
    )
    # The last roll stays while the turn goes on; the next action tells nothing new.
    later = act(s, "end")
    assert later.roll == s.roll and not any(f[0] == "attack" for f in later.told)


def test_a_counterattack_and_an_elimination_are_told() -> None:
    s = turn_state([LION, GOAT], damage=(9, 0), rig=rig(1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6))
    s = act(s, "attack p2")
    kinds = [f[0] for f in s.told]
    assert kinds[:4] == ["attack", "counter", "out", "point"]
    said = RULES.view(s, 1).events
    assert "Player 2 defends and counterattacks for 30 damage" in said[1]
    assert said[2].startswith("Player 1's chimera is eliminated")
    assert "Player 2 wins round 1 and 1 point" in said[3]


def test_a_poisonous_hit_tells_the_status_after_the_damage() -> None:
    s = turn_state([STINGER, GOAT], rig=rig(6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1))
    s = act(s, "use SCO-R.0 p2")
    kinds = [f[0] for f in s.told]
    assert kinds.index("hit") < kinds.index("status")
    assert ("status", 1, POISONED) in s.told
    assert "Player 2's chimera is now Poisoned." in RULES.view(s, 0).events


def test_a_cheat_check_says_whether_it_works() -> None:
    caught = act(
        _window(turn_state([LION, GOAT], cheats=[(), ("DART1",)], rig=rig(1), step="draw"), 1),
        "cheat DART1 p1",
    )
    assert caught.told == (("check", 1, "DART1", 1),) and caught.roll == caught.told
    assert "caught" in RULES.view(caught, 0).events[0] and "Discard step" in RULES.view(caught, 0).events[0]
    works = act(
        _window(turn_state([LION, GOAT], cheats=[(), ("DART1",)], rig=rig(4), step="draw"), 1),
        "cheat DART1 p1",
    )
    assert works.told == (("check", 1, "DART1", 4), ("status", 0, POISONED))
    assert RULES.view(works, None).events[0] == "Player 2 rolls a 4 for the illegal Poison Dart: it works."


def test_a_cheat_window_offers_no_cheat_first() -> None:
    """G14-2: pressing on (the first choice) never plays a cheat."""
    s = _window(turn_state([LION, GOAT], cheats=[(), ("DART1", "BAND1")], damage=(0, 3), step="draw"), 1)
    legal = [str(a) for a in RULES.legal_actions(s)]
    assert legal[:2] == ["pass", "pass turn"] and all(t.startswith("cheat") for t in legal[2:])
