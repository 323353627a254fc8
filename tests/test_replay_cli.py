"""`chimera replay FILE` (issue 15): a bad file is one sentence on stderr and exit code 1, before any screen;
a good one opens on its first step, never written and never locked, even while another window plays it."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chimera_tui.commands.cli import build_parser, main
from chimera_tui.saves import acquire, save_match
from chimera_tui.saves.lock import lock_path_for
from chimera_tui.table.base import Seat
from chimera_tui.ui.replay_app import ReplayApp
from tests.golden.transcript import replayed
from tests.saves.cases import BAD_FILES, expected_message

ROOT = Path(__file__).resolve().parents[1]
NOW = datetime(2026, 11, 23, 23, 0, tzinfo=UTC)


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[ReplayApp]:
    """Apps `chimera replay` would have run (their run() does nothing here)."""
    apps: list[ReplayApp] = []
    monkeypatch.setattr(ReplayApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_file_is_one_sentence_and_exit_1(
    case: str, tmp_path: Path, pebbles: None, opened: list[ReplayApp], capsys: pytest.CaptureFixture[str]
) -> None:
    path = BAD_FILES[case][0](tmp_path)
    before = path.read_bytes() if path.is_file() else None
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == expected_message(case, path) + "\n"
    assert err.count("\n") == 1
    assert opened == []
    assert (path.read_bytes() if path.is_file() else None) == before


@pytest.mark.parametrize("case", ["missing", "random-bytes", "digest-mismatch"])
def test_the_real_command_exits_1(case: str, tmp_path: Path) -> None:
    path = BAD_FILES[case][0](tmp_path)
    env = {**os.environ, "CHIMERA_SAVES": str(tmp_path / "saves"), "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "chimera_tui", "replay", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    if case != "digest-mismatch":  # 'pebbles' is not registered in a fresh process: an unknown game then
        assert result.stderr.strip() == expected_message(case, path)


def _saved(tmp_path: Path) -> tuple[Path, int]:
    match, seats = replayed("codename-2p-seed21")
    path = tmp_path / "saves" / "codename.chimera"
    path.parent.mkdir()
    save_match(match, path, now=NOW, seats=seats)
    return path, len(match)


def test_a_good_save_opens_at_its_first_step_and_is_never_written(
    tmp_path: Path, opened: list[ReplayApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, steps = _saved(tmp_path)
    monkeypatch.setenv("CHIMERA_SAVES", str(path.parent))
    before = (path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(path.parent)))
    assert main(["replay", str(path)]) == 0
    (app,) = opened
    assert app.replay.game_id == "codename"
    assert app.replay.step == 0 and app.replay.total == steps and app.replay.viewpoint is None
    assert app.replay.seats == (Seat("Player 1", "greedy"), Seat("Player 2", "random"))
    assert (path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(path.parent))) == before


def test_a_save_another_window_plays_can_be_watched(tmp_path: Path, opened: list[ReplayApp]) -> None:
    """The replay takes no lock, so a save that is locked (being played) still opens, and its lock stays."""
    path, _ = _saved(tmp_path)
    lock = acquire(path)
    try:
        assert lock.held
        sidecar = lock_path_for(path.resolve())
        holder = sidecar.read_bytes()
        assert main(["replay", str(path)]) == 0
        assert len(opened) == 1
        assert sidecar.read_bytes() == holder
    finally:
        lock.release()


def test_replay_is_listed_in_the_help() -> None:
    text = build_parser().format_help()
    assert "replay" in text and "watch a saved game step by step" in text


def _unfinished(tmp_path: Path, steps: int = 30) -> Path:
    """A hot-seat save of a game still going: two people, hands hidden from each other."""
    match, _ = replayed("codename-2p-seed21")
    from chimera_tui.engine.match import Match

    short = Match.replay(match.rules, match.config, match.seed, match.notations[:steps])
    assert not short.rules.is_over(short.state)
    path = tmp_path / "saves" / "live.chimera"
    path.parent.mkdir(exist_ok=True)
    save_match(short, path, now=NOW, seats=(Seat("Ada"), Seat("Brook")))
    return path


def test_an_unfinished_game_is_watched_as_everyone_sees_it(tmp_path: Path, opened: list[ReplayApp]) -> None:
    """Without --reveal, v has no seat to show: the replay stays on the public view (issue 24)."""
    path = _unfinished(tmp_path)
    assert main(["replay", str(path)]) == 0
    replay = opened[-1].replay
    assert not replay.reveals_seats
    replay.cycle_viewpoint()
    assert replay.viewpoint is None
    with pytest.raises(ValueError, match="not finished"):
        replay.set_viewpoint(1)


def test_reveal_shows_each_seat_of_an_unfinished_game(tmp_path: Path, opened: list[ReplayApp]) -> None:
    path = _unfinished(tmp_path)
    assert main(["replay", str(path), "--reveal"]) == 0
    replay = opened[-1].replay
    assert replay.reveals_seats
    replay.cycle_viewpoint()
    assert replay.viewpoint == 0


def test_a_finished_game_shows_each_seat_without_reveal(tmp_path: Path, opened: list[ReplayApp]) -> None:
    path, _ = _saved(tmp_path)
    assert main(["replay", str(path)]) == 0
    replay = opened[-1].replay
    assert replay.reveals_seats
    replay.cycle_viewpoint()
    assert replay.viewpoint == 0
