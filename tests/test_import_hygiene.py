"""The rules core, saves and tables load without Textual or Rich (harlequin's subprocess check)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from chimera_tui import games

PURE = [
    "chimera_tui.engine",
    "chimera_tui.games",
    "chimera_tui.saves",
    "chimera_tui.table",
    "chimera_tui.launch",
]


@pytest.mark.parametrize("module", PURE + [f"chimera_tui.games.{g}" for g in games.KNOWN])
def test_pure_packages_never_load_the_tui(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') or m.startswith('chimera_tui.ui'))\n"
        "print(','.join(bad))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"{module} loaded {out}"
