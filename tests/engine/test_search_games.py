"""The search bot's hooks for Chimera Station and Codename: Chimera (games/*/sampling.py): every
determinization agrees with the seat's view, never copies a hidden fact, and the bot's choice does not
change when only facts hidden from its seat change."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest

from chimera_tui import games
from chimera_tui.engine import GameConfig, Rng
from chimera_tui.engine.match import Match
from chimera_tui.engine.search import SearchBot


def positions(game_id: str, players: int, seed: int, every: int) -> list[Any]:
    """States along one random game, every `every` decisions."""
    rules = games.get(game_id)
    match = Match(rules, GameConfig(players=players), seed)
    rnd = random.Random(seed)
    out = []
    while rules.to_act(match.state) is not None:
        if len(match) % every == 0:
            out.append(match.state)
        legal = rules.legal_actions(match.state)
        match.submit(legal[rnd.randrange(len(legal))])
    return out


@pytest.mark.parametrize(
    ("game_id", "players"), [("station", 2), ("station", 3), ("codename", 2), ("codename", 4)]
)
def test_a_determinization_looks_to_the_seat_exactly_like_its_view(game_id: str, players: int) -> None:
    rules = games.get(game_id)
    for k, state in enumerate(positions(game_id, players, seed=3, every=3)):
        seat = rules.to_act(state)
        view = rules.view(state, seat)
        full = rules.determinize(view, seat, Rng(k))
        assert rules.view(full, seat) == view
        assert rules.legal_actions(full) == rules.legal_actions(state)


def test_station_deals_the_unseen_tiles_and_perks_into_the_hidden_piles() -> None:
    rules = games.get("station")
    state = positions("station", 2, seed=5, every=25)[1]
    full = rules.determinize(rules.view(state, 0), 0, Rng(1))
    assert sorted(full.pile) == sorted(state.pile) and sorted(full.perk_deck) == sorted(state.perk_deck)
    assert full.pile != state.pile and full.rng != state.rng


def test_codename_deals_every_unseen_card_exactly_once() -> None:
    rules = games.get("codename")
    for state in positions("codename", 3, seed=8, every=4):
        seat = rules.to_act(state)
        full = rules.determinize(rules.view(state, seat), seat, Rng(2))

        def cards(s: Any) -> Counter[str]:
            out = Counter(
                [*s.torso_pool, *s.deck, *s.row, *s.discard, *s.box, *(g.card for g in s.graveyard)]
            )
            for p in s.players:
                out.update([*p.torso, *p.cards, *(x.card for x in p.monster)])
            return out

        assert cards(full) == cards(state)


def hide_differently(game_id: str, state: Any, seat: int) -> Any:
    """`state` with only facts `seat` cannot see changed: the piles or deck reordered, and (Codename) the
    other players' hands swapped with deck cards."""
    if game_id == "station":
        return msgspec.structs.replace(
            state, pile=state.pile[::-1], perk_deck=state.perk_deck[::-1], rng=Rng(99)
        )
    deck = list(state.deck[::-1])
    players = list(state.players)
    for s, p in enumerate(players):
        if s != seat and p.cards and len(deck) >= len(p.cards):
            swapped, deck = tuple(deck[: len(p.cards)]), [*deck[len(p.cards) :], *p.cards]
            players[s] = msgspec.structs.replace(p, cards=swapped)
    return msgspec.structs.replace(state, deck=tuple(deck), players=tuple(players), rng=Rng(99))


@pytest.mark.parametrize("game_id", ["station", "codename"])
def test_the_choice_does_not_change_when_only_hidden_facts_of_other_seats_change(game_id: str) -> None:
    rules = games.get(game_id)
    checked = 0
    for state in positions(game_id, 2, seed=11, every=6)[:8]:
        seat = rules.to_act(state)
        other = hide_differently(game_id, state, seat)
        if other == state:
            continue
        assert rules.view(other, seat) == rules.view(state, seat)
        answers = []
        for s in (state, other):
            bot = SearchBot(rules, seed=4, playouts=30, seconds=None)
            answers.append(bot.analyse(rules.view(s, seat), rules.legal_actions(s), seat))
        assert answers[0] == answers[1]
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("game_id", ["station", "codename"])
def test_no_playout_is_refused_by_the_rules_over_a_whole_game(game_id: str) -> None:
    rules = games.get(game_id)
    failed = played = 0
    for state in positions(game_id, 2, seed=13, every=5):
        seat = rules.to_act(state)
        result = SearchBot(rules, seed=1, playouts=6, seconds=None).analyse(
            rules.view(state, seat), rules.legal_actions(state), seat
        )
        failed += result.failed
        played += result.playouts
    assert played > 0 and failed == 0
