"""What the scripts that write this folder's sample positions share: bots-only matches played until a
position a script wants, and the save written with a person in seat 0 (run from the repository root)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from chimera_tui import games
from chimera_tui.engine.bots import bot_seed
from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.launch import make_seats
from chimera_tui.saves import save_match

HERE = Path(__file__).parent
NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def play_until(
    game: str, players: int, wanted: Callable[[Any, int, list[Any]], bool], seeds: range = range(1, 400)
) -> Match[Any, Any]:
    """The first match between greedy bots (by seed) that reaches a position where `wanted(state, seat to
    act, legal actions)` holds."""
    rules = games.get(game)
    seats = make_seats(game, players, ["human"] + ["bot"] * (players - 1), [])
    config = GameConfig(players=players, names=tuple(s.name for s in seats))
    for seed in seeds:
        match = Match(rules, config, seed)
        bots = {i: games.bots(game)["greedy"](rules, bot_seed(seed, i)) for i in range(players)}
        while (seat := rules.to_act(match.state)) is not None:
            state = match.state
            legal = rules.legal_actions(state)
            if wanted(state, seat, legal):
                return match
            match.submit(bots[seat].choose(rules.view(state, seat), legal, seat))
    raise RuntimeError("no seed reaches the position")


def write(game: str, players: int, match: Match[Any, Any], name: str) -> None:
    """Save `match` as `name` in this folder, seat 0 a person and the others bots."""
    seats = make_seats(game, players, ["human"] + ["bot"] * (players - 1), [])
    path = HERE / name
    save_match(match, path, now=NOW, seats=seats)
    print(f"{path.name}: seed {match.seed}, {len(match)} actions")
