"""Golden transcripts (issue 15): whole seeded games stored in ``tests/golden/`` replay to the position they
recorded, so a change to the rules that changes play is seen at once. When the change is meant, run
``python -m tests.golden.regenerate`` and read the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui import games
from tests.golden.regenerate import CASES
from tests.golden.transcript import Checkpoint, Transcript, divergence, stored


@pytest.mark.parametrize("path", stored(), ids=lambda p: p.stem)
def test_golden_game_replays_to_its_recorded_position(path: Path) -> None:
    transcript = Transcript.from_json(path.read_text())
    assert divergence(transcript) is None


def test_every_case_has_a_transcript_and_every_game_has_cases() -> None:
    """Every registered game has golden games, and every case its file."""
    names = {path.name for path in stored()}
    assert names == {case.filename for case in CASES}
    assert {case.game for case in CASES} == set(games.game_ids())


def test_a_game_cut_short_is_caught() -> None:
    """The check can fail: the same game without its last action is not over."""
    transcript = Transcript.from_json(stored()[0].read_text())
    altered = Transcript(**{**transcript.__dict__, "log": transcript.log[:-1]})
    assert "is not over any more" in (divergence(altered) or "")


def test_a_changed_position_is_caught() -> None:
    transcript = Transcript.from_json(stored()[0].read_text())
    first = transcript.checkpoints[0]
    wrong = (Checkpoint(first.step, first.round, "00" * 32), *transcript.checkpoints[1:])
    altered = Transcript(**{**transcript.__dict__, "checkpoints": wrong})
    assert f"after step {first.step}" in (divergence(altered) or "")


def test_a_changed_digest_is_caught() -> None:
    transcript = Transcript.from_json(stored()[-1].read_text())
    altered = Transcript(**{**transcript.__dict__, "digest": "00" * 32})
    assert divergence(altered) == (
        f"{transcript.game} seed {transcript.seed} ({transcript.players} players): "
        "the final position differs from the recorded one."
    )
