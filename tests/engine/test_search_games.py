"""The search bot's hooks for every game (games/*/sampling.py): every determinization agrees with the seat's
view, never copies a hidden fact, and the bot's choice does not change when only facts hidden from its seat
change."""

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
from chimera_tui.games.imaginarium.belt import price
from chimera_tui.games.imaginarium.work import Working

GAMES = ("station", "codename", "imaginarium", "con")


def positions(
    game_id: str, players: int, seed: int, every: int, options: dict[str, str] | None = None
) -> list[Any]:
    """States along one random game, every `every` decisions."""
    rules = games.get(game_id)
    match = Match(rules, GameConfig(players=players, options=options or {}), seed)
    rnd = random.Random(seed)
    out = []
    while rules.to_act(match.state) is not None:
        if len(match) % every == 0:
            out.append(match.state)
        legal = rules.legal_actions(match.state)
        match.submit(legal[rnd.randrange(len(legal))])
    return out


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("station", 2, {}),
        ("station", 3, {}),
        ("codename", 2, {}),
        ("codename", 4, {}),
        ("imaginarium", 2, {}),
        ("imaginarium", 5, {}),
        ("imaginarium", 4, {"teams": "on"}),
        ("imaginarium", 3, {"chimera": "off"}),
        ("con", 2, {}),
        ("con", 4, {}),
    ],
)
def test_a_determinization_looks_to_the_seat_exactly_like_its_view(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    rules = games.get(game_id)
    for k, state in enumerate(positions(game_id, players, seed=3, every=3, options=options)):
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


def _imaginarium_things(s: Any) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """Every machine, fragment and assistant of an Imaginarium state, wherever it lies."""
    machines = Counter([*s.deck, *s.discard, *(c for c in s.belt if c)])
    frags = Counter([*s.pile, *s.frag_discard, *(f for f in s.belt_frags if f)])
    for tm in s.teams:
        machines.update(tm.broken)
        frags.update(tm.dream)
        frags.update({f: n for f, n in zip("RGEFN", tm.frags, strict=True) if n})
    for p in s.seats:
        machines.update(c for sl in p.slots for c in sl)
    for a in s.asks:
        if a.kind in ("keep", "xkeep"):
            frags.update(a.opts)
        elif a.kind == "hand":
            frags.update(a.opts[: a.opts.index("|")])
    helpers = Counter([*s.helpers, *s.meeting, *(a for p in s.seats for a in p.assistants)])
    return machines, frags, helpers


@pytest.mark.parametrize(("players", "options"), [(2, {}), (6, {}), (6, {"teams": "on"})])
def test_imaginarium_deals_every_unseen_machine_fragment_and_assistant_exactly_once(
    players: int, options: dict[str, str]
) -> None:
    rules = games.get("imaginarium")
    for k, state in enumerate(positions("imaginarium", players, seed=8, every=9, options=options)):
        seat = rules.to_act(state)
        full = rules.determinize(rules.view(state, seat), seat, Rng(k))
        assert _imaginarium_things(full) == _imaginarium_things(state)


def test_imaginarium_guesses_the_other_screens_from_public_facts() -> None:
    """With two teams the fragments behind the other screen are exactly known in number; its VP are its
    public scoring (projects, track rewards), which is all of them in most positions of random games; its
    charcoalium pays for the belt place it reserved."""
    rules = games.get("imaginarium")
    exact = total = owing = 0
    for k, state in enumerate(positions("imaginarium", 2, seed=5, every=2)):
        seat = rules.to_act(state)
        other = 1 - state.seats[seat].team
        full = rules.determinize(rules.view(state, seat), seat, Rng(k))
        guess, truth = full.teams[other], state.teams[other]
        assert sum(guess.frags) == sum(truth.frags)
        assert abs(guess.total - truth.total) <= 6
        exact += guess.total == truth.total
        total += 1
        for place, who in enumerate(state.reserved):
            if who >= 0 and state.seats[who].team == other and state.belt[place]:
                assert guess.stock[0] >= price(Working(state), who, place)
                owing += 1
    assert exact >= 0.75 * total and owing > 0


def _con_cards(s: Any) -> Counter[str]:
    out = Counter([*s.deck, *s.cheat_deck, *s.market, *s.discard, *s.aside])
    for hand in (*s.hands, *s.cheats):
        out.update(hand)
    out.update(c for parts in s.parts for c in parts if c)
    return out


@pytest.mark.parametrize("players", [2, 5])
def test_con_deals_every_unseen_card_exactly_once_and_builds_what_a_hand_could(players: int) -> None:
    rules = games.get("con")
    built = 0
    for k, state in enumerate(positions("con", players, seed=9, every=2)):
        seat = rules.to_act(state)
        full = rules.determinize(rules.view(state, seat), seat, Rng(k))
        assert _con_cards(full) == _con_cards(state)
        for s, parts in enumerate(full.parts):
            if state.phase == "build" and s != seat and state.built[s]:
                assert sum(1 for c in parts if c) == sum(1 for c in state.parts[s] if c)
                built += 1
    assert built > 0


def hide_differently(game_id: str, state: Any, seat: int) -> Any:
    """`state` with only facts `seat` cannot see changed: the face-down piles reordered, a new random stream,
    and cards (or fragments, stock, VP) swapped between the piles and the other players' hidden hands or
    screens."""
    if game_id == "station":
        return msgspec.structs.replace(
            state, pile=state.pile[::-1], perk_deck=state.perk_deck[::-1], rng=Rng(99)
        )
    if game_id == "imaginarium":
        return _imaginarium_hidden_elsewhere(state, seat)
    if game_id == "con":
        return _con_hidden_elsewhere(state, seat)
    deck = list(state.deck[::-1])
    players = list(state.players)
    for s, p in enumerate(players):
        if s != seat and p.cards and len(deck) >= len(p.cards):
            swapped, deck = tuple(deck[: len(p.cards)]), [*deck[len(p.cards) :], *p.cards]
            players[s] = msgspec.structs.replace(p, cards=swapped)
    return msgspec.structs.replace(state, deck=tuple(deck), players=tuple(players), rng=Rng(99))


def _imaginarium_hidden_elsewhere(state: Any, seat: int) -> Any:
    """Other teams richer, with other VP, and a fragment of theirs traded for the pile's top one."""
    mine = state.seats[seat].team
    pile = list(state.pile[::-1])
    teams = list(state.teams)
    for i, tm in enumerate(teams):
        if i == mine or state.phase == "over":
            continue
        frags = list(tm.frags)
        held = next((k for k, n in enumerate(frags) if n), None)
        if held is not None and pile:
            top = "RGEFN".index(pile[0])
            frags[held] -= 1
            frags[top] += 1
            pile[0] = "RGEFN"[held]
        teams[i] = msgspec.structs.replace(
            tm,
            stock=tuple(n + 3 for n in tm.stock),
            vp=(*tm.vp[:-1], tm.vp[-1] + 2),
            frags=tuple(frags),
        )
    return msgspec.structs.replace(
        state,
        teams=tuple(teams),
        pile=tuple(pile),
        deck=state.deck[::-1],
        helpers=state.helpers[::-1],
        rng=Rng(99),
    )


def _con_hidden_elsewhere(state: Any, seat: int) -> Any:
    """The other seats' creature and cheat hands swapped with the decks' cards."""
    deck, cheat_deck = list(state.deck[::-1]), list(state.cheat_deck[::-1])
    hands, cheats = list(state.hands), list(state.cheats)
    for s in range(len(hands)):
        if s == seat:
            continue
        if hands[s] and len(deck) >= len(hands[s]):
            hands[s], deck = tuple(deck[: len(hands[s])]), [*deck[len(hands[s]) :], *hands[s]]
        if cheats[s] and len(cheat_deck) >= len(cheats[s]):
            n = len(cheats[s])
            cheats[s], cheat_deck = tuple(cheat_deck[:n]), [*cheat_deck[n:], *cheats[s]]
    return msgspec.structs.replace(
        state,
        hands=tuple(hands),
        cheats=tuple(cheats),
        deck=tuple(deck),
        cheat_deck=tuple(cheat_deck),
        rng=Rng(99),
    )


@pytest.mark.parametrize("game_id", GAMES)
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


@pytest.mark.parametrize("game_id", GAMES)
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
