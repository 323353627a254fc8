"""Write the Imaginarium sample positions in this folder (used by the screen's snapshot tests and benchmark).

Each sample is a game between greedy bots, stopped at the first moment a predicate holds with seat 0 (a person
in the saved seats) to decide. Run from the repository root:

    python saves/make_imaginarium_samples.py
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


def _mine(s: Any) -> bool:
    """Seat 0 decides now."""
    return games.get("imaginarium").to_act(s) == 0


def _phase(phase: str, round_: int = 2, current: str = "") -> Predicate:
    return lambda s: (
        _mine(s) and s.round >= round_ and s.phase == phase and not s.asks and s.current == current
    )


def _ask(kind: str) -> Predicate:
    return lambda s: _mine(s) and bool(s.asks) and s.asks[-1].kind == kind


def _b1_with_uses(s: Any) -> bool:
    """Seat 0's machine step with an optional machine to use."""
    if not (_phase("b1", 2)(s)):
        return False
    return any(str(a).startswith("use") for a in games.get("imaginarium").legal_actions(s))


SAMPLES: dict[str, tuple[int, dict[str, str], Predicate]] = {
    "imaginarium-4p-round4": (4, {}, _phase("plan", 4)),
    "imaginarium-planning": (3, {}, _phase("plan", 3)),
    "imaginarium-machines": (3, {}, _b1_with_uses),
    "imaginarium-dial": (3, {}, _phase("dial", 3)),
    "imaginarium-actions": (3, {}, _phase("b3", 3)),
    "imaginarium-trading": (3, {}, _phase("b3", 2, "transactions")),
    "imaginarium-daydream": (3, {}, _phase("b3", 2, "daydream")),
    "imaginarium-fork": (3, {}, _ask("fork")),
    "imaginarium-exhausteur": (3, {}, _ask("hand")),
    "imaginarium-teams": (4, {"teams": "on"}, _phase("b3", 3)),
    "imaginarium-over": (3, {}, lambda s: s.phase == "over"),
}
"""File stem -> (players, options, when to stop)."""


def find(
    players: int, options: dict[str, str], stop: Predicate, seeds: range = range(1, 300)
) -> Match[Any, Any]:
    """The first greedy-bots match (by seed) that reaches `stop`."""
    rules = games.get("imaginarium")
    seats = make_seats("imaginarium", players, ["human"] + ["greedy"] * (players - 1), [])
    config = GameConfig(players=players, names=tuple(s.name for s in seats), options=options)
    for seed in seeds:
        match = Match(rules, config, seed)
        bots = {i: games.bots("imaginarium")["greedy"](rules, bot_seed(seed, i)) for i in range(players)}
        while True:
            state = match.state
            if stop(state):
                return match
            seat = rules.to_act(state)
            if seat is None:
                break
            match.submit(bots[seat].choose(rules.view(state, seat), rules.legal_actions(state), seat))
    raise RuntimeError("no seed reaches the position")


def main() -> None:
    for stem, (players, options, stop) in SAMPLES.items():
        match = find(players, options, stop)
        seats = make_seats("imaginarium", players, ["human"] + ["greedy"] * (players - 1), [])
        path = HERE / f"{stem}.chimera"
        save_match(match, path, now=NOW, seats=seats)
        print(f"{path.name}: seed {match.seed}, {len(match)} actions")


if __name__ == "__main__":
    main()
