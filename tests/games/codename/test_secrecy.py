"""Issue 9, peeking: what a seat sees (its view, its log, its previews and the screen's words) depends only on
what that seat may know. Over many random positions, the facts hidden from a seat are changed (the deck's
order, the random stream, other seats' hands and inventories, a monster being built in private) and nothing
the seat sees may change."""

from __future__ import annotations

import random

import msgspec
import pytest

from chimera_tui.engine import GameConfig, IllegalAction
from chimera_tui.engine.bots import RandomBot
from chimera_tui.engine.match import Match
from chimera_tui.engine.rng import Rng
from chimera_tui.engine.ruleset import describe_as_seen
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import Attach, Done
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Phase, State
from chimera_tui.ui.games.codename import view as v
from chimera_tui.ui.games.codename import words as w
from chimera_tui.ui.games.codename.faces import card_face, pool_faces

NAMES = ["Ada", "[bold]Bob", "Cy", "Di"]
PARTS = frozenset(load().parts)


def perturb(state: State, seat: int, rnd: random.Random) -> State:
    """`state` with facts hidden from `seat` changed: the deck order, the random stream, cards in other seats'
    hands swapped with cards from the deck or the box, and (while building) another seat's private monster."""
    pool = [c for c in (*state.deck, *state.box) if c in PARTS]
    halves = [c for c in state.box if c not in PARTS]  # unpicked torso halves stay in the box
    rnd.shuffle(pool)
    players = list(state.players)
    for s, p in enumerate(players):
        if s == seat or not p.alive:
            continue
        cards = list(p.cards)
        if state.phase is Phase.BUILD and p.monster and rnd.random() < 0.5:
            # undo the private building: everything back in hand (the seat sees only how many cards)
            cards += [x.card for x in p.monster]
            p = msgspec.structs.replace(p, monster=())
        for i in range(len(cards)):
            if pool and rnd.random() < 0.7:
                cards[i], pool[0] = pool[0], cards[i]
                rnd.shuffle(pool)
        players[s] = msgspec.structs.replace(p, cards=tuple(cards))
    n_deck = len(state.deck)
    return msgspec.structs.replace(
        state,
        players=tuple(players),
        deck=tuple(pool[:n_deck]),
        box=(*pool[n_deck:], *halves),
        rng=Rng(rnd.randrange(1 << 30), rnd.randrange(100)),
    )


def seen(state: State, seat: int) -> tuple[object, ...]:
    """Everything the screen shows `seat` in words, computed from its view as the screen does."""
    view = RULES.view(state, seat)
    actor = RULES.to_act(state)
    cells = tuple(v.monster_cells(view, s) for s in range(len(view.players)))
    faces = tuple(card_face(view, c, seat, NAMES) for c in (*view.players[seat].cards, *view.row))
    return (
        view,
        w.players_text(view, NAMES, seat, actor, 120),
        w.status_text(view, NAMES, seat, actor, "waiting"),
        cells,
        faces,
        pool_faces(view, seat),
    )


def positions(players: int, games: int):
    """(state, next action) pairs from random games, every few steps."""
    for seed in range(games):
        bot = RandomBot(RULES, seed)
        state = RULES.new_game(GameConfig(players=players), seed)
        step = 0
        while not RULES.is_over(state):
            legal = RULES.legal_actions(state)
            action = bot.choose(None, legal, RULES.to_act(state))
            if step % 3 == 0 or state.phase is Phase.BUILD:
                yield state, action
            state = RULES.apply(state, action)
            step += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_sees_only_what_it_may_know(players: int) -> None:
    rnd = random.Random(players)
    checked = 0
    for state, action in positions(players, 12):
        actor = RULES.to_act(state)
        for seat in range(players):
            other = perturb(state, seat, rnd)
            assert seen(other, seat) == seen(state, seat)
            if actor == seat:  # the seat's own choices (and the previews built from them) are the same
                assert RULES.legal_actions(other) == RULES.legal_actions(state)
            elif actor is not None:  # another seat's action reads the same in this seat's log
                try:
                    after_other = RULES.apply(other, action)
                except IllegalAction:
                    continue  # it needed a card this seat cannot see; such a pair is not comparable
                assert describe_as_seen(RULES, other, action, seat) == describe_as_seen(
                    RULES, state, action, seat
                )
                after = RULES.apply(state, action)
                if not (  # no dice, deal or reveal (the end of a stalled fight looks at inventories)
                    RULES.is_irreversible(state, action, after)
                    or RULES.is_irreversible(other, action, after_other)
                ):
                    assert RULES.view(after_other, seat).events == RULES.view(after, seat).events
            checked += 1
    assert checked > 200


def test_private_building_reads_as_private_to_others_and_spectators() -> None:
    """The issue's case: Player 2's log must not read "Player 1: attaches Mantis Arm to the left edge …"."""
    match = Match(RULES, GameConfig(players=2), 5)
    bot = RandomBot(RULES, 5)
    while match.state.phase is not Phase.BUILD:
        match.submit(bot.choose(None, RULES.legal_actions(match.state), RULES.to_act(match.state)))
    attaches = [a for a in RULES.legal_actions(match.state) if isinstance(a, Attach)]
    assert attaches, "seat 1 has something to attach"
    match.submit(attaches[0])
    match.submit(Done())
    mine = [t for _, t in match.texts_for(0)]
    theirs = [t for _, t in match.texts_for(1)]
    spectator = [t for _, t in match.texts_for(None)]
    assert any("attaches" in t for t in mine[-2:]) and mine[-1] == "Player 1: finishes building"
    for log in (theirs, spectator):
        assert not any("attaches" in t for t in log)
        assert log[-1] == "Player 1: builds in private and is done"


def test_the_final_draw_is_told_only_to_the_drawer() -> None:
    from chimera_tui.games.codename.drafting import _end_round
    from tests.games.codename.helpers import drafting

    state = drafting(players=2, energy=[3, 0])
    state = msgspec.structs.replace(state, row=(), events=())
    after = _end_round(state)
    drawn = after.players[0].cards[-2:]
    mine = RULES.view(after, 0).events
    theirs = RULES.view(after, 1).events
    assert f"You draw {v.card_name(drawn[0])} and {v.card_name(drawn[1])}." in mine
    assert list(theirs) == [e for e in mine if not e.startswith("You draw ")]
    assert RULES.view(after, None).events == theirs
