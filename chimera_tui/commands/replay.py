"""`chimera replay FILE`: watch a saved game step by step on its own screen.

The save is read, never written and never locked (a game another window is playing can be watched), and
replayed and checked like `chimera load` checks it, so a bad file is one sentence on stderr and exit code 1
before any screen appears.
"""

from __future__ import annotations

import sys

from chimera_tui.launch import open_replay
from chimera_tui.saves import SaveError


def run_replay(path: str, theme: str | None = None, reveal: bool = False) -> int:
    """Open the replay of `path` in the app; returns the exit code (1 with one sentence for a bad file)."""
    try:
        table = open_replay(path, reveal=reveal)
    except SaveError as exc:
        print(exc.message, file=sys.stderr)
        return 1
    from chimera_tui.ui.replay_app import ReplayApp

    app = ReplayApp(table, theme=theme)
    app.run()
    return int(app.return_code or 0)
