"""Write the golden transcripts again: ``python -m tests.golden.regenerate``.

Run it only when a rule change is meant to change play, then read the diff of ``tests/golden/*.json``: the
first changed line of each log is the first action played differently. Every case is a whole game played by
the game's bots from a fixed seed, so the same rules always write the same files.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chimera_tui import games
from chimera_tui.engine.bots import bot_seed
from chimera_tui.engine.match import Match, play_out
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.saves import state_digest
from tests.golden.transcript import FOLDER, Transcript, checkpoints


@dataclass(frozen=True)
class Case:
    game: str
    seed: int
    bots: tuple[str, ...]
    """One bot name per seat (its length is the player count)."""
    options: tuple[tuple[str, str], ...] = ()

    @property
    def filename(self) -> str:
        return f"{self.game}-{len(self.bots)}p-seed{self.seed}.json"


CASES: tuple[Case, ...] = (
    Case("station", 11, ("greedy", "random")),
    Case("station", 12, ("random", "greedy", "greedy"), (("side", "B"),)),
    Case("station", 13, ("greedy", "greedy", "random", "greedy"), (("side", "A,B,B,A"),)),
    Case("codename", 21, ("greedy", "random")),
    Case("codename", 22, ("random", "greedy", "greedy"), (("sixes", "explode"),)),
    Case("codename", 23, ("greedy", "greedy", "random", "greedy"), (("youngest", "2"), ("shortest", "4"))),
    Case("imaginarium", 31, ("greedy", "random")),
    Case("imaginarium", 32, ("engine", "random", "greedy"), (("chimera", "off"),)),
    Case("imaginarium", 33, ("dreamer", "raider", "random", "greedy"), (("teams", "on"),)),
    Case("con", 41, ("greedy", "greedy")),
    Case("con", 42, ("random", "greedy", "greedy"), (("points", "2"),)),
    Case("con", 43, ("greedy", "greedy", "random", "greedy", "greedy"), (("points", "1"),)),
)
"""Every game registered for goldens, at each player count, with options that change play."""

LIMIT = 100_000
"""Actions after which a game that has not ended is a bug."""


def play(case: Case) -> Transcript:
    """`case` played to its end by its bots."""
    rules = games.get(case.game)
    config = GameConfig(players=len(case.bots), options=dict(case.options))
    match: Match[Any, Any] = Match(rules, config, case.seed)
    factories = games.bots(case.game)
    bots = {i: factories[name](rules, bot_seed(case.seed, i)) for i, name in enumerate(case.bots)}
    play_out(rules, match, bots, LIMIT)
    if rules.to_act(match.state) is not None:
        raise RuntimeError(f"{case.filename}: the game did not end within {LIMIT} actions")
    return Transcript(
        game=case.game,
        rules_version=rules.rules_version,
        players=config.players,
        options=dict(case.options),
        seed=case.seed,
        bots=case.bots,
        log=match.notations,
        digest=state_digest(match.state).hex(),
        checkpoints=checkpoints(match),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.regenerate", description=__doc__)
    parser.add_argument(
        "--out", type=Path, default=FOLDER, help="folder to write into (default: tests/golden)"
    )
    args = parser.parse_args(argv)
    for case in CASES:
        transcript = play(case)
        path = args.out / case.filename
        old = path.read_text() if path.exists() else None
        new = transcript.to_json()
        path.write_text(new)
        verdict = "unchanged" if old == new else ("new" if old is None else "CHANGED")
        print(f"{path.name}: {len(transcript.log)} actions, {verdict}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
