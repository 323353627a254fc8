"""Random play: the engine's conformance checks, and a fuzz of 2,000 seeded games per player count."""

from __future__ import annotations

from collections import Counter

import pytest

from chimera_tui.engine import GameConfig
from chimera_tui.engine.bots import RandomBot
from chimera_tui.engine.match import Match
from chimera_tui.games.codename import BOTS, RULES
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Phase, State
from chimera_tui.games.codename.windows import can_attach_now
from tests.conformance import check_game, play_random

C = load()
ALL_CARDS = Counter({**dict.fromkeys(C.part_ids, 1), **dict.fromkeys(C.torso_ids, 1)})
FUZZ_GAMES = 2000
MAX_STEPS = 20_000


def where_cards_are(state: State) -> Counter[str]:
    """Every card in every zone: pool, deck, row, discard, box, graveyard, hands/inventories, torsos, monsters."""
    cards: Counter[str] = Counter()
    cards.update(state.torso_pool)
    cards.update(state.deck)
    cards.update(state.row)
    cards.update(state.discard)
    cards.update(state.box)
    cards.update(g.card for g in state.graveyard)
    for p in state.players:
        cards.update(p.cards)
        cards.update(p.torso)
        cards.update(x.card for x in p.monster)
    return cards


def check_invariants(state: State) -> None:
    """The invariants every reachable state keeps."""
    assert where_cards_are(state) == ALL_CARDS, "64 parts + 8 torso halves are not each in exactly one place"
    for seat, p in enumerate(state.players):
        assert p.energy >= 0, f"seat {seat} has negative energy"
        if state.phase not in (Phase.TORSO,) and not p.alive:
            assert p.torso == () and p.monster == () and p.cards == () and p.energy == 0
        if p.alive and state.phase in (Phase.TURN, Phase.JOIN, Phase.REACT, Phase.WINDOW, Phase.OVER):
            assert len(p.torso) == 2, "a living monster lost its torso"
            on = {x.card for x in p.monster} | set(p.torso)
            assert all(x.parent in on for x in p.monster), "a part hangs from nothing"
            cells = [(x.x, x.y) for x in p.monster]
            assert len(set(cells)) == len(cells) and not {(0, 0), (0, 1)} & set(cells)
    alive = sum(p.alive for p in state.players)
    if alive <= 1:
        assert state.phase is Phase.OVER, "the game must end when one monster (or none) is left"
    elif state.phase is Phase.OVER:
        assert any("The fight has stalled" in e for e in state.events), "it ended early without saying why"
    if state.phase is Phase.WINDOW:
        assert all(can_attach_now(state, s) for s in state.window[:1]), (
            "a window for a seat that cannot attach"
        )
        assert RULES.to_act(state) not in (state.order[state.turn],)


def fuzz_one(players: int, seed: int) -> int:
    """One random game, invariants checked after every step; returns its length."""
    bot = RandomBot(RULES, seed * 7 + players)
    state = RULES.new_game(GameConfig(players=players), seed)
    check_invariants(state)
    for step in range(MAX_STEPS):
        seat = RULES.to_act(state)
        legal = RULES.legal_actions(state)
        if seat is None:
            assert RULES.is_over(state) and not legal
            return step
        assert legal, "no legal action before the end"
        state = RULES.apply(state, bot.choose(None, legal, seat))
        check_invariants(state)
    raise AssertionError(f"{players} players, seed {seed}: no end after {MAX_STEPS} actions")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fuzz_random_games(players):
    lengths = [fuzz_one(players, seed) for seed in range(FUZZ_GAMES)]
    assert min(lengths) > 0


def test_conformance():
    assert check_game(RULES, players=(2, 3, 4), seeds=range(40)) == 120


def test_conformance_hooks_and_notation():
    def each_step(before: State, action, after: State) -> None:
        check_invariants(after)
        assert RULES.parse(before, str(action)) == action

    for n in (2, 3, 4):
        match = play_random(RULES, GameConfig(players=n), 99, each_step=each_step)
        assert RULES.is_over(match.state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_bots_finish(players):
    for seed in range(15):
        match = Match(RULES, GameConfig(players=players), seed)
        bots = {s: BOTS["greedy"](RULES, seed * 10 + s) for s in range(players)}
        for _ in range(MAX_STEPS):
            seat = RULES.to_act(match.state)
            if seat is None:
                break
            legal = RULES.legal_actions(match.state)
            choice = bots[seat].choose(RULES.view(match.state, seat), legal, seat)
            assert choice in legal
            match.submit(choice)
        assert RULES.is_over(match.state)
        check_invariants(match.state)


def test_balance_report_runs(capsys):
    from tests.games.codename.balance import report

    tally = report(3, 30, seed=5)
    out = capsys.readouterr().out
    assert tally.games == 30 and sum(tally.wins_by_pick.values()) + tally.draws == 30
    assert "win rate by torso pick position" in out and "Wolf Claw" in out
