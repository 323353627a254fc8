"""Write the Chimera Station sample positions in this folder (used by the screen's snapshot tests and demos).

Each sample is a game between bots, stopped at the first moment a predicate holds with seat 0 (a person in
the saved seats) to decide. Run from the repository root:

    python saves/make_station_samples.py
"""

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
Predicate = Callable[[Any], bool]


def _top(kind: str) -> Predicate:
    return lambda s: bool(s.tasks) and s.tasks[-1].kind == kind and s.tasks[-1].seat == 0


def _placing_in(round_: int) -> Predicate:
    return lambda s: s.round == round_ and s.phase.value == "placement" and not s.tasks and s.turn == 0


SAMPLES: dict[str, tuple[int, str, Predicate]] = {
    "station-build": (2, "greedy", _top("build_hex")),
    "station-splice": (2, "greedy", _top("splice")),
    "station-feeding": (2, "random", _top("feed_lose")),
    "station-hub-round3": (2, "greedy", _placing_in(3)),
    "station-4p-round4": (4, "greedy", _placing_in(4)),
    "station-over": (2, "greedy", lambda s: s.phase.value == "over"),
}
"""File stem -> (players, bot, when to stop)."""


def find(players: int, bot: str, stop: Predicate, seeds: range = range(1, 400)) -> Match[Any, Any]:
    """The first bots-only match (by seed) that reaches `stop`."""
    rules = games.get("station")
    seats = make_seats("station", players, ["human"] + ["bot"] * (players - 1), [])
    config = GameConfig(players=players, names=tuple(s.name for s in seats))
    for seed in seeds:
        match = Match(rules, config, seed)
        bots = {i: games.bots("station")[bot](rules, bot_seed(seed, i)) for i in range(players)}
        while True:
            state = match.state
            if stop(state):
                return match
            seat = rules.to_act(state)
            if seat is None:
                break
            action = bots[seat].choose(rules.view(state, seat), rules.legal_actions(state), seat)
            match.submit(action)
    raise RuntimeError("no seed reaches the position")


def main() -> None:
    for stem, (players, bot, stop) in SAMPLES.items():
        match = find(players, bot, stop)
        seats = make_seats("station", players, ["human"] + ["bot"] * (players - 1), [])
        path = HERE / f"{stem}.chimera"
        save_match(match, path, now=NOW, seats=seats)
        print(f"{path.name}: seed {match.seed}, {len(match)} actions")


if __name__ == "__main__":
    main()
