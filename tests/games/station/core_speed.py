"""The rules core alone, in a tight loop: decisions per second of seeded random 4-player games.

Run from the repository root: ``python -m tests.games.station.core_speed --games 500``. Each decision is
``legal_actions``, a seeded random choice and ``apply`` (no Match, no view, no bot object), so the figure
measures the rules core and nothing else; ``chimera bench station`` measures the whole match loop.
"""

from __future__ import annotations

import argparse
import time

from chimera_tui.engine import GameConfig
from chimera_tui.engine.rng import Rng
from chimera_tui.games.station import RULES


def play(games: int, players: int, seed: int) -> tuple[int, float]:
    """(decisions, seconds) for `games` seeded random games."""
    config = GameConfig(players=players)
    decisions = 0
    start = time.perf_counter()
    for k in range(games):
        state = RULES.new_game(config, seed + k)
        rng = Rng(seed + k + 1_000_003)
        while not RULES.is_over(state):
            action, rng = rng.choice(RULES.legal_actions(state))
            state = RULES.apply(state, action)
            decisions += 1
    return decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    decisions, seconds = play(args.games, args.players, args.seed)
    print(
        f"station core {args.players}p: {args.games} games, {args.games / seconds:.1f} games/s, "
        f"{decisions / seconds:,.0f} decisions/s, {decisions / args.games:.1f} decisions/game"
    )


if __name__ == "__main__":
    main()
