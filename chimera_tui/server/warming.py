"""What every served process does first, before any thread or fork: import every game and the wire, and build
every msgspec type of ours (`chimera_tui.engine.decoding`: msgspec builds a type's decoding information the
first time it is needed, and two threads doing that at once can crash the process).

`chimera serve` calls `warm` before its event loop starts, the session starter (`ui/zygote.py`) before it
forks a child, and each bot worker (`bot_worker.py`) before it takes a request.
"""

from __future__ import annotations

from chimera_tui import games
from chimera_tui.engine.decoding import build_types


def warm() -> int:
    """Import every game and the host's messages, and build the decoding information of every Struct type
    of ours loaded then; how many types were built now (0 when they already were)."""
    for game_id in games.game_ids():
        games.get(game_id)
    from chimera_tui import saves  # noqa: F401
    from chimera_tui.server import bot_wire, protocol, table_record  # noqa: F401

    return build_types("chimera_tui")
