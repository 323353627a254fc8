"""A golden transcript: one complete seeded game as config, seed and action notations, with digests of the
state at the end of every round and at the end of the game.

Stored as JSON, one notation per line, so a diff of a regenerated file shows where play changed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chimera_tui import games
from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.saves import state_digest
from chimera_tui.table.base import Seat

FOLDER = Path(__file__).parent
"""Where the transcripts live (``tests/golden/*.json``)."""


@dataclass(frozen=True)
class Checkpoint:
    """The state's digest after `step` actions, where the round label became `round`."""

    step: int
    round: str
    digest: str


@dataclass(frozen=True)
class Transcript:
    game: str
    rules_version: int
    players: int
    options: dict[str, str]
    seed: int
    bots: tuple[str, ...]
    """Who played each seat (for the reader: replaying needs only the log)."""
    log: tuple[str, ...]
    digest: str
    """Hex `state_digest` of the final state."""
    checkpoints: tuple[Checkpoint, ...] = field(default=())

    @property
    def config(self) -> GameConfig:
        return GameConfig(players=self.players, options=dict(self.options))

    def to_json(self) -> str:
        """The file's text: a JSON object whose lists hold one entry per line."""
        head = {
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "bots": list(self.bots),
            "digest": self.digest,
        }
        lines = ["{"]
        lines += [
            f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}," for key, value in head.items()
        ]
        marks = [
            json.dumps({"step": c.step, "round": c.round, "digest": c.digest}, ensure_ascii=False)
            for c in self.checkpoints
        ]
        lines.append('  "checkpoints": [')
        lines += [f"    {mark}{',' if i < len(marks) - 1 else ''}" for i, mark in enumerate(marks)]
        lines.append("  ],")
        lines.append('  "log": [')
        lines += [
            f"    {json.dumps(text, ensure_ascii=False)}{',' if i < len(self.log) - 1 else ''}"
            for i, text in enumerate(self.log)
        ]
        lines.append("  ]")
        lines.append("}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Transcript:
        data: dict[str, Any] = json.loads(text)
        return cls(
            game=data["game"],
            rules_version=data["rules_version"],
            players=data["players"],
            options=dict(data["options"]),
            seed=data["seed"],
            bots=tuple(data["bots"]),
            log=tuple(data["log"]),
            digest=data["digest"],
            checkpoints=tuple(Checkpoint(**c) for c in data["checkpoints"]),
        )


def checkpoints(match: Match[Any, Any]) -> tuple[Checkpoint, ...]:
    """A digest wherever the round label changes, and at the last step."""
    rules = match.rules
    out: list[Checkpoint] = []
    label = rules.round_label(match.state_at(0))
    for step in range(1, len(match) + 1):
        state = match.state_at(step)
        now = rules.round_label(state)
        if now != label or step == len(match):
            out.append(Checkpoint(step, now, state_digest(state).hex()))
        label = now
    return tuple(out)


def divergence(transcript: Transcript) -> str | None:
    """Why replaying `transcript` with today's rules does not reach its recorded position (a sentence naming
    the first step or round where it went another way), or None when it does."""
    rules = games.get(transcript.game)
    name = f"{transcript.game} seed {transcript.seed} ({transcript.players} players)"
    try:
        match = Match.replay(rules, transcript.config, transcript.seed, transcript.log)
    except IllegalAction as exc:
        return f"{name}: the recorded game no longer replays: {exc.reason}"
    if rules.to_act(match.state) is not None:
        return f"{name}: after all {len(transcript.log)} recorded actions the game is not over any more."
    for mark in transcript.checkpoints:
        state = match.state_at(mark.step)
        if state_digest(state).hex() != mark.digest:
            return (
                f"{name}: the position after step {mark.step} ({mark.round!r}, now "
                f"{rules.round_label(state)!r}) differs from the recorded one."
            )
    if state_digest(match.state).hex() != transcript.digest:
        return f"{name}: the final position differs from the recorded one."
    return None


def stored() -> list[Path]:
    """Every transcript file, in name order."""
    return sorted(FOLDER.glob("*.json"))


def load_transcript(name: str) -> Transcript:
    """The stored transcript `name` (e.g. ``"codename-2p-seed21"``)."""
    return Transcript.from_json((FOLDER / f"{name}.json").read_text())


def replayed(name: str) -> tuple[Match[Any, Any], tuple[Seat, ...]]:
    """The whole game of transcript `name`, and its seats as a save would record them (for replay tests)."""
    transcript = load_transcript(name)
    rules = games.get(transcript.game)
    match = Match.replay(rules, transcript.config, transcript.seed, transcript.log)
    seats = tuple(Seat(transcript.config.name(i), bot) for i, bot in enumerate(transcript.bots))
    return match, seats
