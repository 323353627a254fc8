"""Quality gates that run with the tests, so CI's one command checks them: ruff and import-linter."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    assert found, f"{name} is not installed (pip install -e '.[test]')"
    return found


def test_ruff_lint_is_clean() -> None:
    result = subprocess.run(
        [_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = subprocess.run(
        [_tool("ruff"), "format", "--check", "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_contracts_are_kept() -> None:
    """pyproject.toml's contracts: the layers (docs/architecture.md) import only downward, no package outside
    games/ and engine/ has an import circle, the pure packages never import textual, rich or the UI, the
    engine knows no game, the games import no UI, server, table or saves, and each game's phases stay below
    its sequencer."""
    result = subprocess.run([_tool("lint-imports")], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and " 0 broken" in result.stdout


STRICT = [
    "chimera_tui/engine",
    "chimera_tui/table",
    "chimera_tui/saves",
    "chimera_tui/server",
    "chimera_tui/commands",
    "chimera_tui/launch",
    "chimera_tui/rulebook",
    "chimera_tui/learn",
    "chimera_tui/ui/app.py",
    "chimera_tui/ui/replay_app.py",
    "chimera_tui/ui/signals.py",
    "chimera_tui/ui/zygote.py",
    "chimera_tui/ui/shared_css.py",
    "chimera_tui/ui/textual_fixes",
    "chimera_tui/ui/screens",
    "chimera_tui/ui/dialogs",
    "chimera_tui/ui/games/base.py",
    "chimera_tui/ui/games/table_screen.py",
    "chimera_tui/ui/games/generic.py",
    "chimera_tui/ui/widgets/rules_panel.py",
    "chimera_tui/ui/widgets/action_log.py",
    "chimera_tui/ui/widgets/footer.py",
    "chimera_tui/ui/widgets/results_frame.py",
    "chimera_tui/ui/commands.py",
    "chimera_tui/ui/demo.py",
]
"""The foundation's modules, type-checked with mypy --strict (pyproject.toml [tool.mypy])."""


def test_foundation_type_checks_strictly() -> None:
    result = subprocess.run([_tool("mypy"), *STRICT], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
