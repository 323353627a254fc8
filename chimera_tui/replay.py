"""`chimera replay FILE`: watch a saved game step by step on its own screen.

The save is read, never written and never locked (a game another window is playing can be watched), and
replayed and checked like `chimera load` checks it, so a bad file is one sentence on stderr and exit code 1
before any screen appears.
"""

from __future__ import annotations

import sys
from pathlib import Path

from chimera_tui.saves import SaveError, load
from chimera_tui.table.replay import ReplayTable


def open_replay(path: Path | str, *, reveal: bool = False) -> ReplayTable:
    """A replay of the save at `path`, standing at its first step and showing what everyone sees; each
    seat's view too once the game is finished, or with `reveal` (`chimera replay FILE --reveal`).

    Raises:
        SaveError: with one sentence naming the file and the problem.
        games.InstallationIncomplete: when the game's own data is missing.
    """
    loaded = load(path)
    return ReplayTable(loaded.game_id, loaded.match, loaded.seats, reveal=reveal)


def run_replay(path: str, theme: str | None = None, reveal: bool = False) -> int:
    """Open the replay of `path` in the app; returns the exit code (1 with one sentence for a bad file)."""
    try:
        table = open_replay(path, reveal=reveal)
    except SaveError as exc:
        print(exc.message, file=sys.stderr)
        return 1
    from chimera_tui.ui.screens.replay_app import ReplayApp

    app = ReplayApp(table, theme=theme)
    app.run()
    return int(app.return_code or 0)
