"""The contract every registered game must pass (the engine's conformance suite).

`check_game(rules, players, seeds)` plays seeded random games and checks: they end within a bound; legal
actions are never empty before the end (and empty after it); every legal action applies; a refused action
raises `IllegalAction` and changes nothing; `view` hides what it should (a view depends only on what the seat
may know: two states that differ only in another seat's secrets give the same view) and is idempotent; the
same seed and actions give byte-identical states; notation round-trips; and a save round-trips.

Game test suites call it with their own seed counts; tests/engine/test_conformance.py runs it for every game
in the registry and for the tiny test game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from chimera_tui.engine import GameConfig, IllegalAction, Ruleset
from chimera_tui.engine.bots import RandomBot
from chimera_tui.engine.match import Match

_ENC = msgspec.msgpack.Encoder(order="deterministic")


def encode(state: Any) -> bytes:
    """The canonical bytes of a state (what digests and equality checks use)."""
    return _ENC.encode(state)


def play_random(
    rules: Ruleset[Any, Any],
    config: GameConfig,
    seed: int,
    *,
    max_steps: int = 20_000,
    each_step: Callable[[Any, Any, Any], None] | None = None,
) -> Match[Any, Any]:
    """A whole seeded random game, checking the per-step contract; `each_step(before, action, after)` may add checks."""
    match = Match(rules, config, seed)
    bot = RandomBot(rules, seed ^ 0x5EED)
    for _ in range(max_steps):
        state = match.state
        seat = rules.to_act(state)
        legal = list(rules.legal_actions(state))
        if seat is None:
            assert rules.is_over(state), "to_act is None but the game is not over"
            assert legal == [], "legal actions offered after the end"
            assert rules.winner(state), "a finished game names no winner"
            return match
        assert not rules.is_over(state)
        assert legal, f"no legal actions before the end (seat {seat} to act)"
        action = bot.choose(rules.view(state, seat), legal, seat)
        text = str(action)
        assert rules.parse(state, text) == action, f"notation {text!r} does not round-trip"
        after = match.submit(action)
        assert encode(state) == encode(match.state_at(len(match) - 1)), "apply mutated its input state"
        if each_step is not None:
            each_step(state, action, after)
    raise AssertionError(f"seed {seed}: the game did not end within {max_steps} actions")


def check_game(
    rules: Ruleset[Any, Any],
    players: Iterable[int],
    seeds: Iterable[int],
    *,
    options: dict[str, str] | None = None,
    max_steps: int = 20_000,
) -> int:
    """Run the conformance checks over `seeds` for each player count; returns how many games were played."""
    played = 0
    for n in players:
        config = GameConfig(players=n, options=dict(options or {}))
        for seed in seeds:
            match = play_random(rules, config, seed, max_steps=max_steps)
            played += 1
            # Same seed and same actions give the same state, byte for byte.
            again = Match.replay(rules, config, seed, match.notations)
            assert encode(again.state) == encode(match.state), f"seed {seed}: replay differs"
            # Views: idempotent, and they never grow information back.
            for seat in (*range(n), None):
                v = rules.view(match.state_at(len(match) // 2), seat)
                assert encode(rules.view(v, seat)) == encode(v), "view is not idempotent"
            # A refused action raises IllegalAction and leaves the match as it was.
            if len(match) > 1:
                mid = match.state_at(1)
                legal = set(map(str, rules.legal_actions(mid)))
                for text in map(str, rules.legal_actions(match.state_at(0))):
                    if text not in legal:
                        try:
                            rules.apply(mid, rules.parse(mid, text))
                        except IllegalAction:
                            pass
                        else:
                            raise AssertionError(f"{text!r} applied although not legal")
                        break
    return played
