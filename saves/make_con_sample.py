"""Write the Chimera Con sample position in this folder (used by `chimera bench --terminal`).

A 4-player game between greedy bots, stopped in the second round of turns at the first decision of seat 0 (a
person in the saved seats) in its own turn with at least three choices. Run from the repository root:

    python saves/make_con_sample.py
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
    """The first bots-only match (by seed) that reaches such a decision of seat 0."""
    rules = games.get("con")
    seats = make_seats("con", PLAYERS, ["human"] + ["bot"] * (PLAYERS - 1), [])
    config = GameConfig(players=PLAYERS, names=tuple(s.name for s in seats))
    for seed in seeds:
        match = Match(rules, config, seed)
        bots = {i: games.bots("con")["greedy"](rules, bot_seed(seed, i)) for i in range(PLAYERS)}
        turns = 0
        while True:
            state = match.state
            seat = rules.to_act(state)
            if seat is None:
                break
            legal = rules.legal_actions(state)
            if seat == 0 and state.phase == "turn":
                turns += 1
                if turns > 4 and len(legal) >= 3:
                    return match
            match.submit(bots[seat].choose(rules.view(state, seat), legal, seat))
    raise RuntimeError("no seed reaches the position")


def main() -> None:
    match = find()
    seats = make_seats("con", PLAYERS, ["human"] + ["bot"] * (PLAYERS - 1), [])
    path = HERE / "con-4p-turn.chimera"
    save_match(match, path, now=NOW, seats=seats)
    print(f"{path.name}: seed {match.seed}, {len(match)} actions")


if __name__ == "__main__":
    main()
