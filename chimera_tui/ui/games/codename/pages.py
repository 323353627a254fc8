"""The Codename screen's pages and zones: one page at a time at 80×24, everything at once when wide.

Zones are the focusable card grids (the table's cards, each monster, your hand); Tab moves between them and
the narrow layout turns to the page of the zone in focus. Pages are shown by `display`, not by CSS classes,
so that turning a page does not restyle the whole screen.
"""

from __future__ import annotations

from textual.widget import Widget

from chimera_tui.games.codename.state import Phase, State
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.games.codename import view as v
from chimera_tui.ui.games.codename import words as w
from chimera_tui.ui.games.codename.widgets import PageTabs
from chimera_tui.ui.widgets.card_grid import CardGrid


class PagedGameScreen(GameScreen):
    """Pages and zone focus; the Codename screen fills in what the zones show."""

    _page: str = "table"
    """The page on show in the narrow layout: "table" or "seat-N"."""
    _key: str | None = None
    """The card under the cursor of the focused zone (UI state, not a game fact)."""

    @property
    def _names(self) -> list[str]:
        return [self.table.player_name(s) for s in range(self.table.config.players)]

    def _me(self) -> int | None:
        return self.table.seat

    def _show(self) -> None:
        """Redraw every zone from the state (the screen draws them)."""

    def _show_detail(self) -> None:
        """Show the card under the cursor (the screen draws it)."""

    def _show_logs(self, history: tuple[tuple[str, ...], ...] | None = None) -> None:
        """Rewrite the visible logs (the screen draws them)."""

    # -- pages and zones -------------------------------------------------------------------------------

    def _pages(self) -> list[tuple[str, str]]:
        """(page id, label) in Tab order: the table, your monster, then the others clockwise."""
        names, me = self._names, self._me()
        seats = list(range(len(names)))
        if me is not None:
            seats = seats[me:] + seats[:me]
        pages = [("table", "Table")] + [(f"seat-{s}", "Your monster" if s == me else names[s]) for s in seats]
        room = self.query_one("#cn-main").size.width - 14
        if sum(len(label) + 3 for _, label in pages) > room:
            pages = [
                (page, "You" if label == "Your monster" else w.short_player(label)) for page, label in pages
            ]
        if sum(len(label) + 3 for _, label in pages) > room:
            most = max(4, room // len(pages) - 3)
            pages = [
                (page, label if len(label) <= most else label[: most - 1] + "…") for page, label in pages
            ]
        return pages

    def _show_page(self) -> None:
        """Show the current page (narrow) or every page (wide), by display, not by classes (cheaper)."""
        tabs = self.query_one("#cn-tabs", PageTabs)
        tabs.pages = tuple(self._pages())
        tabs.current = self._page
        wide = self.has_class("-wide")
        tabs.display = not wide
        for page in self.query(".page"):
            page.display = wide or page.id == f"page-{self._page}"
        self.query_one("#cn-monsters").display = wide or self._page != "table"
        self.query_one("#cn-table-log").display = not wide
        self.query_one("#cn-log").display = wide or self._page != "table"
        self.call_after_refresh(self._show_logs)

    def _zones(self) -> list[Widget]:
        """The zones in Tab order: the table, your monster, your hand, the other monsters."""
        order: list[Widget] = []
        for zid in ("#zone-torsos", "#zone-row", "#zone-grave"):
            zone = self.query_one(zid)
            if zone.display:
                order.append(zone)
        for page, _ in self._pages()[1:]:
            order.append(self.query_one(f"#zone-monster-{page[5:]}"))
            if page == f"seat-{self._me()}":
                order.append(self.query_one("#zone-hand"))
        if self._me() is None:
            order.append(self.query_one("#zone-hand"))
        return order

    def _page_of(self, zone: Widget) -> str | None:
        if zone.id in ("zone-torsos", "zone-row", "zone-grave"):
            return "table"
        if zone.id and zone.id.startswith("zone-monster-"):
            return f"seat-{zone.id[13:]}"
        me = self._me()
        return f"seat-{me}" if me is not None else None

    def _focus_zone(self, zone: Widget) -> None:
        page = self._page_of(zone)
        if page is not None and page != self._page:
            self._page = page
            self._show_page()
        zone.focus()
        self._key = zone.current  # type: ignore[attr-defined]
        self._show_detail()

    def show_area(self, area: str) -> bool:
        """Turn to the zone `area`'s page and put the keyboard there."""
        found = self.query(area)
        if not found:
            return False
        self._focus_zone(found.first())
        return True

    def action_next_zone(self, step: int) -> None:
        zones = self._zones()
        if not zones:
            return
        focused = self.focused
        index = zones.index(focused) if focused in zones else -1
        self._focus_zone(zones[(index + step) % len(zones)])

    def action_show_page(self, page: str) -> None:
        if page == "me":
            me = self._me()
            page = f"seat-{me}" if me is not None else "seat-0"
        zone = self._zones()[0] if page == "table" else self.query_one(f"#zone-monster-{page[5:]}")
        self._focus_zone(zone)

    def _focus_default(self) -> None:
        state: State | None = self.state
        me = self._me()
        if state is None:
            return
        phase = state.phase
        zone: Widget
        if phase is Phase.TORSO:
            zone = self.query_one("#zone-torsos")
        elif phase in v.DRAFT:
            zone = self.query_one("#zone-row")
        elif phase is Phase.OVER or me is None:
            alive = [s for s, p in enumerate(state.players) if p.alive] or [me or 0]
            zone = self.query_one(f"#zone-monster-{alive[0]}")
        elif phase in (Phase.BUILD, Phase.WINDOW) and state.players[me].cards and me == self.table.to_act():
            zone = self.query_one("#zone-hand")
        elif phase is Phase.REACT and state.attack is not None and state.attack.target_seat == me:
            grid = self.query_one(f"#zone-monster-{me}", CardGrid)
            grid.select(self._cell_key(state.attack.target))
            zone = grid
        else:
            zone = self.query_one(f"#zone-monster-{me}")
        self._focus_zone(zone)

    def _cell_key(self, attack_id: str) -> str:
        """The grid cell key of an attack id (a torso is shown by its upper half)."""
        if attack_id.startswith("torso:") and self.state is not None:
            torso = self.state.players[int(attack_id[6:])].torso
            return torso[0] if torso else attack_id
        return attack_id
