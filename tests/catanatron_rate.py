"""catanatron's 4-player random games, decisions per second of CPU time (the reference peer of issue 10 and
26); run it with a Python that has catanatron (not a dependency of this project: a scratch virtualenv,
``pip install catanatron``):

    /tmp/catan-venv/bin/python tests/catanatron_rate.py [GAMES]

Decisions are counted as ``len(game.state.actions)``, games are ``Game(players, seed=i).play()`` for i from
0, with four `RandomPlayer`s, after one game (seed -1, not counted) played before the timer, as
`tests/rules_cpu_rate.py` plays one of ours.
"""

from __future__ import annotations

import sys
import time


def main() -> None:
    from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    Game([RandomPlayer(color) for color in colors], seed=-1).play()
    began, decisions = time.process_time(), 0
    for seed in range(count):
        game = Game([RandomPlayer(color) for color in colors], seed=seed)
        game.play()
        decisions += len(game.state.actions)
    print(f"{decisions / (time.process_time() - began):.0f} {decisions}")


if __name__ == "__main__":
    main()
