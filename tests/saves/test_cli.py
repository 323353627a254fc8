"""`python -m chimera_tui load FILE` on bad files: the one sentence on stderr, exit status 1.

The contract (the command line is the lead's cli.py): it calls `chimera_tui.saves.load(path)` and prints
`SaveError.message`, prefixed by nothing, to stderr. Cases that need a game run the same module through a
tiny launcher that first registers the test game, exactly as `python -m` would run it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.saves.cases import BAD_FILES, expected_message

ROOT = Path(__file__).resolve().parents[2]

LAUNCHER = """
import runpy, sys
from chimera_tui import games
from tests.tinygame import RULES
games.register(RULES)
sys.argv = ["chimera_tui", *sys.argv[1:]]
runpy.run_module("chimera_tui", run_name="__main__", alter_sys=True)
"""


def _run(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CHIMERA_SAVES": str(tmp_path / "saves"), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.cli
@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_load_prints_the_sentence_and_exits_1(case: str, tmp_path: Path) -> None:
    path = BAD_FILES[case][0](tmp_path)
    before = path.read_bytes() if path.is_file() else None
    result = _run(["-c", LAUNCHER, "load", str(path)], tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == expected_message(case, path)
    assert (path.read_bytes() if path.is_file() else None) == before


@pytest.mark.cli
@pytest.mark.parametrize("case", ["missing", "random-bytes", "newer-format", "unknown-game"])
def test_python_dash_m_load(case: str, tmp_path: Path) -> None:
    """The real `python -m chimera_tui` (no test game registered: 'pebbles' is then an unknown game)."""
    path = BAD_FILES[case][0](tmp_path)
    result = _run(["-m", "chimera_tui", "load", str(path)], tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == expected_message(case, path)


@pytest.mark.cli
def test_python_dash_m_load_names_an_unregistered_game(tmp_path: Path) -> None:
    path = BAD_FILES["illegal-step"][0](tmp_path)
    result = _run(["-m", "chimera_tui", "load", str(path)], tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == (
        f"'{path}' is a save of a game called 'pebbles', which this version of Chimera Tabletop does not have."
    )
