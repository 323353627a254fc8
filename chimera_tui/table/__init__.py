"""Tables: one seat's handle on a match (DESIGN.md, "Tables and seats").

The UI never drives the engine directly; it talks to a `Table`. Hot-seat play is a `LocalTable` whose seat
follows the human to act; a remote table (over a socket, behind SSH) will implement the same protocol.
Nothing here imports Textual.
"""

from __future__ import annotations

from chimera_tui.table.base import Seat, Table, TableListener
from chimera_tui.table.local import LocalTable

__all__ = ["LocalTable", "Seat", "Table", "TableListener"]
