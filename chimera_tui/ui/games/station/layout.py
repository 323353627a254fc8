"""How the Chimera Station screen uses its room: three layouts by the terminal's size, the panes, and which
area holds the keyboard for the decision at hand.

- **wide** (from 150×44): every pane at once, with the largest cells;
- **medium** (from 118×34): everything at once too, with smaller cells (no pane switching);
- **narrow** (below, e.g. 80×24): one pane at a time (board, station, mats, log), chosen with ``v`` or
  ``1``–``4``, or by Tab.

The screen takes `StationLayout` as a mixin; the styles are in ``styles/station.tcss`` (``-medium`` and
``-narrow`` on the screen).
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

from chimera_tui.engine.hexgrid import parse_hex
from chimera_tui.ui.games.station import view as V
from chimera_tui.ui.games.station.widgets import PlaceRow
from chimera_tui.ui.widgets.hex_grid import HexGrid

PANES = ("board", "station", "players", "log")
"""The panes of the narrow layout (at 160×50 and more they all show at once)."""
AREAS = ("#board", "#reactor", "#lab", "#perks", "#pane-players", "#station-log")
"""The areas Tab visits, in order."""
AREA_PANES = {
    "#board": "board",
    "#reactor": "station",
    "#lab": "station",
    "#perks": "station",
    "#pane-players": "players",
    "#station-log": "log",
}
WIDE = (150, 44)
"""From this size (columns, lines) on, every pane shows at once."""
MEDIUM = (118, 34)
"""From this size on (120×40, say), the board and the log share the left column and the Reactor, Lab, perks
and every mat the right one: everything at once, with smaller cells and no pane switching."""


class StationLayout:
    """The layout part of `StationScreen` (a mixin; the screen provides Textual's methods and draws)."""

    _narrow: bool
    _pane: str
    _applied_size: tuple[int, int] | None
    state: Any
    query_one: Any
    set_class: Any
    focused: Any
    call_after_refresh: Any
    refresh_bindings: Any
    show_log: Any
    _update_board: Any
    _update_status: Any
    _update_detail: Any
    _places: dict[str, list[Any]]

    def _apply_size(self, width: int, height: int) -> None:
        self._applied_size = (width, height)
        wide = width >= WIDE[0] and height >= WIDE[1]
        medium = not wide and width >= MEDIUM[0] and height >= MEDIUM[1]
        narrow = not wide and not medium
        self._narrow = narrow
        self.set_class(narrow, "-narrow")
        self.set_class(medium, "-medium")
        grid = self.query_one(HexGrid)
        grid.cell_width = 11 if wide else 9
        grid.cell_height = 3 if (wide and height >= 46) or medium else 2
        grid.row_gap = 0 if height < 30 or medium else 1
        self._show_pane(self._pane)
        if self.state is not None:
            self._update_board()
            self._update_status()
            self._update_detail()
            self.call_after_refresh(self.show_log)  # rewrap the log to its new width
        self.refresh_bindings()

    def _show_pane(self, pane: str) -> None:
        """Show `pane` (the narrow layout shows one at a time; the others show every pane). Panes are shown
        by `display`, not by CSS classes, so that turning to another does not restyle the whole screen."""
        self._pane = pane
        every = not self._narrow
        self.query_one("#station-left").display = every or pane in ("board", "log")
        self.query_one("#station-right").display = every or pane in ("station", "players")
        for name in PANES:
            self.query_one(f"#{'station-log' if name == 'log' else 'pane-' + name}").display = (
                every or name == pane
            )
        if pane == "log" and self.state is not None:  # a log shown for the first time opens on the newest
            self.call_after_refresh(self.show_log)

    def action_area(self, step: int) -> None:
        """Tab: the next area (board, Reactor, Lab and Lounge, perks, mats, log), showing its pane if needed."""
        focused = self.focused
        here = f"#{focused.id}" if focused is not None and focused.id else AREAS[0]
        index = AREAS.index(here) if here in AREAS else 0
        target = AREAS[(index + step) % len(AREAS)]
        if self._narrow:
            self._show_pane(AREA_PANES[target])
        self.query_one(target).focus()

    def action_next_pane(self) -> None:
        """Cycle the narrow layout's views."""
        self.action_pane(PANES[(PANES.index(self._pane) + 1) % len(PANES)])

    def action_pane(self, pane: str) -> None:
        """Show a pane (narrow layout) and put the keyboard there."""
        self._show_pane(pane)
        target = {"board": "#board", "station": "#reactor", "players": "#pane-players", "log": "#station-log"}
        self.query_one(target[pane]).focus()

    def on_descendant_focus(self, event: Any) -> None:
        widget = event.widget if hasattr(event, "widget") else None
        node: Widget | None = widget if self._narrow else None
        while node is not None and node is not self:
            if node.id in ("pane-board", "pane-station", "pane-players", "station-log"):
                pane = "log" if node.id == "station-log" else node.id.removeprefix("pane-")
                if pane != self._pane:
                    self._show_pane(pane)
                break
            node = node.parent  # type: ignore[assignment]
        self._update_detail()

    def _focus_decision(self) -> None:
        """Put the keyboard on an area with a place to choose, when the focused one has none; for a place
        choice (where to build, which perk...) also put the cursor on the first such place."""
        if not self._places or not V.is_place_decision(self.state):
            return
        areas = {"hex": "#board", "reactor": "#reactor", "lab": "#lab", "lounge": "#lab", "own": "#lab"}
        areas["perk"] = "#perks"
        wanted = [areas[key.split(":")[0]] for key in self._places]
        focused = self.focused
        here = f"#{focused.id}" if focused is not None and focused.id else None
        moving = here not in wanted
        if not moving and not self.state.tasks:
            return
        target = here if not moving else ("#board" if "#board" in wanted else wanted[0])
        widget = self.query_one(target or "#board")
        if isinstance(widget, PlaceRow):
            keys = [p.key for p in widget.places]
            if widget.current is None or widget.current.key not in self._places:
                widget.cursor = next((i for i, k in enumerate(keys) if k in self._places), widget.cursor)
        elif isinstance(widget, HexGrid) and f"hex:{widget.cursor}" not in self._places:
            first = next((k for k in self._places if k.startswith("hex:")), None)
            if first is not None:
                widget.cursor = parse_hex(first[4:])
        if moving:
            if self._narrow:
                self._show_pane(AREA_PANES[target or "#board"])
            widget.focus()
