"""How the Imaginarium screen uses its room: three layouts by the terminal's size, and the panes.

- **wide** (from 158×44): everything at once: the table, the workshops, the dream track and dreams, the log;
- **medium** (from 110×34, e.g. 120×40): the table (belt, meeting room, projects, initiative) always on top,
  and below it one of the workshops, the dream or the log, chosen with ``v`` or ``2``–``4`` (or by Tab);
- **narrow** (below, e.g. 80×24): one pane at a time, chosen the same way (``1`` is the table).

The screen takes `PaneLayout` as a mixin; the styles are in ``styles/imaginarium.tcss`` (``-medium`` and
``-narrow`` on the screen, ``-shown`` on the pane on show, ``-active``/``-fill`` on the columns).
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

PANES = ("table", "workshops", "dream", "log")
"""The panes a smaller layout switches between (the wide one shows them all)."""
AREAS = ("#belt", "#office", "#workshops", "#track", "#dreams", "#im-log")
"""The areas Tab visits, in order."""
AREA_PANES = {
    "#belt": "table", "#office": "table", "#workshops": "workshops", "#track": "dream", "#dreams": "dream",
    "#im-log": "log",
}  # fmt: skip
PANE_IDS = {"pane-table": "table", "pane-workshops": "workshops", "pane-dream": "dream", "im-log": "log"}
FIRST_AREA = {"table": "#belt", "workshops": "#workshops", "dream": "#track", "log": "#im-log"}
WIDE = (158, 44)
"""From this size (columns, lines) on, everything shows at once."""
MEDIUM = (110, 34)
"""From this size on (below `WIDE`), the table stays on top and one other pane shows below it."""


def mode_for(width: int, height: int) -> str:
    """ "wide", "medium" or "narrow" for a terminal of `width` × `height`."""
    if width >= WIDE[0] and height >= WIDE[1]:
        return "wide"
    if width >= MEDIUM[0] and height >= MEDIUM[1]:
        return "medium"
    return "narrow"


class PaneLayout:
    """The layout part of `ImaginariumScreen` (a mixin; the screen provides Textual's methods)."""

    _mode: str = "narrow"
    _pane: str = "table"
    """The pane on show (narrow), or the one below the table (medium: never "table")."""
    _panes: tuple[str, ...] = PANES
    _areas: tuple[str, ...] = AREAS

    query_one: Any
    set_class: Any
    focused: Any

    @property
    def _narrow(self) -> bool:
        """Fewer than all panes show (`v` switches them)."""
        return self._mode != "wide"

    def _lower_panes(self) -> tuple[str, ...]:
        return tuple(p for p in self._panes if p != "table") if self._mode == "medium" else self._panes

    def _set_mode(self, width: int, height: int) -> None:
        self._mode = mode_for(width, height)
        self.set_class(self._mode == "narrow", "-narrow")
        self.set_class(self._mode == "medium", "-medium")
        pane = self._pane
        if self._mode == "medium" and pane == "table":
            pane = "workshops"
        self._show_pane(pane)

    def _show_pane(self, pane: str) -> None:
        """Show `pane` (medium: below the table; asking there for the table keeps the pane below)."""
        if self._mode == "medium" and pane == "table":
            pane = self._pane if self._pane != "table" else "workshops"
        self._pane = pane
        left = pane in ("table", "workshops")
        self.query_one("#im-left").set_class(left or self._mode == "medium", "-active")
        self.query_one("#im-left").set_class(pane == "workshops", "-fill")
        self.query_one("#im-right").set_class(not left, "-active")
        for name in PANES:
            self.query_one("#im-log" if name == "log" else f"#pane-{name}").set_class(name == pane, "-shown")

    def action_area(self, step: int) -> None:
        """Tab: the next area (belt, office, workshops, track, dreams, log), showing its pane if needed."""
        focused = self.focused
        areas = self._areas
        here = f"#{focused.id}" if focused is not None and focused.id else areas[0]
        index = areas.index(here) if here in areas else 0
        target = areas[(index + step) % len(areas)]
        if self._narrow:
            self._show_pane(AREA_PANES[target])
        self.query_one(target).focus()

    def action_next_pane(self) -> None:
        """v: the next pane (medium: the next one below the table)."""
        panes = self._lower_panes()
        at = panes.index(self._pane) if self._pane in panes else -1
        self.action_pane(panes[(at + 1) % len(panes)])

    def action_pane(self, pane: str) -> None:
        """Show a pane and put the keyboard there."""
        self._show_pane(pane)
        self.query_one(FIRST_AREA[pane]).focus()

    def pane_of(self, node: Widget | None) -> str | None:
        """The pane holding `node`, if any."""
        while node is not None:
            pane = PANE_IDS.get(node.id or "")
            if pane is not None:
                return pane
            node = node.parent  # type: ignore[assignment]
        return None

    def follow_focus(self, node: Widget | None) -> None:
        """The keyboard went to `node`: show its pane if it is hidden."""
        if not self._narrow:
            return
        pane = self.pane_of(node)
        if pane is not None and pane != self._pane and not (self._mode == "medium" and pane == "table"):
            self._show_pane(pane)
