"""Write the Codename: Chimera sample position in this folder (used by `chimera bench --terminal`).

A 4-player game between greedy bots, stopped at the first turn of seat 0 (a person in the saved seats) in the
fight, when every monster is built. Run from the repository root:

    python saves/make_codename_sample.py
"""

from __future__ import annotations

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
PLAYERS = 4


def find(seeds: range = range(1, 400)) -> Match[Any, Any]:
    """The first bots-only match (by seed) that reaches seat 0's turn in the fight."""
    rules = games.get("codename")
    seats = make_seats("codename", PLAYERS, ["human"] + ["bot"] * (PLAYERS - 1), [])
    config = GameConfig(players=PLAYERS, names=tuple(s.name for s in seats))
    for seed in seeds:
        match = Match(rules, config, seed)
        bots = {i: games.bots("codename")["greedy"](rules, bot_seed(seed, i)) for i in range(PLAYERS)}
        while True:
            state = match.state
            seat = rules.to_act(state)
            if seat is None:
                break
            if seat == 0 and state.phase.value == "turn":
                return match
            action = bots[seat].choose(rules.view(state, seat), rules.legal_actions(state), seat)
            match.submit(action)
    raise RuntimeError("no seed reaches the position")


def main() -> None:
    match = find()
    seats = make_seats("codename", PLAYERS, ["human"] + ["bot"] * (PLAYERS - 1), [])
    path = HERE / "codename-4p-fight.chimera"
    save_match(match, path, now=NOW, seats=seats)
    print(f"{path.name}: seed {match.seed}, {len(match)} actions")


if __name__ == "__main__":
    main()
