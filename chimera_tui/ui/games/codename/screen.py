"""The Codename: Chimera screen: monsters on card grids, the drafting row, your hand, dice, graveyard, log.

Keyboard flow: Tab moves between zones (the table, each monster, your hand); the arrows move the cursor;
Enter on a card offers the legal actions about it; ``c`` offers every legal action; ``n`` closes the current
decision (take none, pass, done building, end the turn, roll). Attacking: Enter on one of your parts, then
Enter on a target marked ◎. At 80×24 one page shows at a time; from 150×44 everything shows at once.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Static

import chimera_tui.styles
from chimera_tui.games.codename.actions import Action, Attach, AttackWith
from chimera_tui.games.codename.odds import attack_chance, percent
from chimera_tui.games.codename.state import Phase, State
from chimera_tui.table.local import LocalTable
from chimera_tui.ui.games.codename import view as v
from chimera_tui.ui.games.codename import words as w
from chimera_tui.ui.games.codename.faces import card_face, pool_faces
from chimera_tui.ui.games.codename.flows import ChoosingGameScreen
from chimera_tui.ui.games.codename.results import ResultsScreen, story
from chimera_tui.ui.games.codename.widgets import PageTabs
from chimera_tui.ui.games.codename.words import escape
from chimera_tui.ui.seats import SEAT_VARIABLES
from chimera_tui.ui.widgets.action_log import ActionLog
from chimera_tui.ui.widgets.card import Card, CardFace, CardRow
from chimera_tui.ui.widgets.card_grid import PITCH_X, CardGrid
from chimera_tui.ui.widgets.dice import DiceDisplay
from chimera_tui.ui.widgets.footer import KeysFooter

WIDE = (150, 44)
"""From this terminal size on, every zone shows at once."""
MEDIUM = (110, 34)
"""From this size (below `WIDE`), pages as below it, with a wider column for the card, the dice and the log."""


class CodenameScreen(ChoosingGameScreen):
    """Plays Codename: Chimera for the table's seat (hot-seat: the seat to act)."""

    BINDINGS = [
        Binding("r", "results", "Results", id="codename.results", tooltip="The results of the finished game"),
    ]

    CSS_PATH = str(Path(chimera_tui.styles.__file__).parent / "codename.tcss")

    def __init__(self, table: LocalTable, *, bot_delay: float | None = None) -> None:
        super().__init__(table, bot_delay=bot_delay)
        self._key: str | None = None
        """The card under the cursor of the focused zone (UI state, not a game fact)."""
        self._aim: str | None = None
        """The part chosen to attack with, while a target is being chosen."""
        self._page = "table"
        self._moment: tuple[Any, ...] = ()
        self._legal: list[Action] = []
        self._announced = False
        self._logs_shown: dict[str, tuple[tuple[str, ...], int]] = {}
        """What each log widget last showed, by id: (the log, the wrap width), to skip needless rewrites."""

    # -- layout ----------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        n = self.table.config.players
        yield Static(id="cn-title", classes="screen-title")
        yield Static(id="cn-players")
        with Horizontal(id="cn-body"):
            with Vertical(id="cn-main"):
                yield PageTabs(id="cn-tabs")
                with Vertical(id="page-table", classes="page"):
                    yield Static(id="cn-table-note")
                    yield CardGrid(id="zone-torsos", classes="zone")
                    yield CardRow(id="zone-row", classes="zone")
                    yield CardGrid(id="zone-grave", classes="zone")
                    yield ActionLog(id="cn-table-log")
                with Grid(id="cn-monsters", classes=f"players-{n}"):
                    for s in range(n):
                        with Vertical(id=f"page-seat-{s}", classes="page"):
                            yield CardGrid(id=f"zone-monster-{s}", classes="zone monster")
                yield CardGrid(id="zone-hand", classes="zone")
            with Vertical(id="cn-side"):
                yield Card(id="cn-detail")
                yield DiceDisplay(id="cn-dice")
                yield ActionLog(id="cn-log")
        yield KeysFooter()

    def on_resize(self, event: Resize) -> None:
        wide = event.size.width >= WIDE[0] and event.size.height >= WIDE[1]
        self.set_class(wide, "-wide")
        self.set_class(
            not wide and event.size.width >= MEDIUM[0] and event.size.height >= MEDIUM[1], "-medium"
        )
        self._show_page()
        if self.state is not None:
            self.call_after_refresh(self._show)

    # -- following the state ---------------------------------------------------------------------------

    def watch_state(self, state: State | None) -> None:
        if state is None:
            return
        self._legal = list(self.table.legal_actions())
        if self._aim is not None and not any(
            isinstance(a, AttackWith) and a.part == self._aim for a in self._legal
        ):
            self._aim = None
        self._show()
        moment = (state.phase, self.table.to_act(), self._me(), state.phase is Phase.REACT and state.attack)
        if moment != self._moment:
            self._moment = moment
            self.call_after_refresh(self._focus_default)

    def _show(self) -> None:
        state: State | None = self.state
        if state is None:
            return
        names, me, actor = self._names, self._me(), self.table.to_act()
        legal = self._legal
        phase = state.phase
        if actor is not None and actor != me:
            who = names[actor]
            note = self.waiting_words(actor)
            waiting = f"{who} {note}" if note is not None else f"waiting for {who}"
        else:
            waiting = ""
        status = w.status_text(state, names, me, actor, waiting)
        width = max(40, self.size.width - 2)
        self.query_one("#cn-title", Static).update(Content(w.title_text(status, width)))
        self.query_one("#cn-players", Static).update(
            Content.from_markup(w.players_text(state, names, me, actor, width))
        )
        targets, attackers = self._marked()
        places = any(isinstance(a, Attach) for a in legal)
        # the table page
        note = ""
        if phase is Phase.TORSO:
            order = ", ".join(names[s] for s in state.torso_order)
            note = f"Torso halves on the table · pick order: {order}"
        elif phase in v.DRAFT:
            note = w.auction_text(state, names)
        elif phase is Phase.BUILD:
            note = "Everyone builds in private; the monsters are revealed together."
        elif phase is not Phase.OVER and state.order:
            order = " → ".join(names[s] for s in state.order if state.players[s].alive)
            note = f"Round {state.arena_round} turn order: {order} (fewest parts first)"
        self.query_one("#cn-table-note", Static).update(Content(note))
        self.query_one("#cn-table-note").display = bool(note)
        torsos = self.query_one("#zone-torsos", CardGrid)
        torsos.display = phase is Phase.TORSO
        torsos.border_title = "Torso halves"
        torsos.cells = v.row_cells(state.torso_pool, self._columns(torsos, 4))
        row = self.query_one("#zone-row", CardRow)
        row.display = phase in v.DRAFT
        row.border_title = w.deal_title(state, names) if phase in v.DRAFT else ""
        row.faces = pool_faces(state, me)
        row.columns = max(1, len(state.row))
        grave = self.query_one("#zone-grave", CardGrid)
        grave.display = phase in v.ARENA or phase is Phase.BUILD
        grave.border_title = f"Graveyard ({len(state.graveyard)})"
        grave.note = "The graveyard is empty."
        grave.cells = v.grave_cells(state, self._columns(grave, 4), names)
        # the monsters
        for s, p in enumerate(state.players):
            grid = self.query_one(f"#zone-monster-{s}", CardGrid)
            label = f"{names[s]}'s monster" + (" (you)" if s == me else "")
            if not p.alive:
                label += " · fallen"
                grid.note = "Destroyed: its cards are in the graveyard."
            elif phase is Phase.BUILD and s != me:
                label += " · building in private"
            elif p.monster:
                label += f" · {len(p.monster)} part{'s' if len(p.monster) != 1 else ''}"
            if not p.torso and p.alive:
                grid.note = "No torso yet."
            grid.border_title = Content.from_markup(
                f"[{SEAT_VARIABLES[s % len(SEAT_VARIABLES)]} bold]$label[/]", label=label
            )
            grid.border_subtitle = f"{p.energy} energy · {len(p.cards)} held" if p.alive else ""
            grid.cells = v.monster_cells(
                state, s, places=places and s == me, targets=targets, selected=attackers
            )
        # your hand
        hand = self.query_one("#zone-hand", CardGrid)
        cards = state.players[me].cards if me is not None else ()
        hand.border_title = ("Your inventory" if phase in v.ARENA else "Your hand") + f" ({len(cards)})"
        hand.note = "No cards." if me is not None else "Spectating: no hand."
        if phase is Phase.OVER:
            cards = ()
            hand.note = "Game over: inventories stay face down."
        hand.cells = v.row_cells(cards, self._columns(hand, 4), key_prefix="hand:")
        # pages, the big card, dice and log
        self._show_page()
        if isinstance(self.focused, (CardGrid, CardRow)):
            self._key = self.focused.current
        self._show_detail()
        self.query_one("#cn-dice", DiceDisplay).roll = w.roll_view(state.roll, self._names)
        self._show_logs()

    def _marked(self) -> tuple[frozenset[str], frozenset[str]]:
        """The cards marked as targets (◎) and as attackers (●): an attack in progress, the part being
        aimed, or the places the hand card under the cursor can be attached to."""
        state: State | None = self.state
        if state is None:
            return frozenset(), frozenset()
        legal, me = self._legal, self._me()
        targets = (
            frozenset(a.target for a in legal if isinstance(a, AttackWith) and a.part == self._aim)
            if self._aim
            else frozenset()
        )
        attackers: frozenset[str] = frozenset()
        if state.attack is not None and state.phase in (Phase.JOIN, Phase.REACT):
            targets = frozenset({state.attack.target})
            attackers = frozenset(state.attack.parts)
        elif self._aim:
            attackers = frozenset({self._aim})
        if me is not None and self._key and self._key.startswith("hand:") and not self._aim:
            card = self._key[5:]
            targets = frozenset(
                v.place_key(*cell)
                for a in legal
                if isinstance(a, Attach)
                and a.card == card
                and (cell := v.socket_cell(state.players[me], a.parent, a.slot)) is not None
            )
        return targets, attackers

    def _show_own_monster(self) -> None:
        """Redraw only the seat's own monster (where a hand card's places are marked) and the big card."""
        state: State | None = self.state
        me = self._me()
        if state is None or me is None:
            return
        targets, attackers = self._marked()
        places = any(isinstance(a, Attach) for a in self._legal)
        grid = self.query_one(f"#zone-monster-{me}", CardGrid)
        grid.cells = v.monster_cells(state, me, places=places, targets=targets, selected=attackers)
        self._show_detail()

    def show_log(self) -> None:
        self._show_logs()

    def _show_logs(self, history: tuple[tuple[str, ...], ...] | None = None) -> None:
        """The log in words, wrapped to each visible log's width."""
        texts = self.table.log()
        for log in self.query(ActionLog):
            width = log.scrollable_content_region.width - 1
            if width <= 8 or self._logs_shown.get(log.id or "") == (texts, width):
                continue
            if history is None:
                history = self.table.log_events()
            self._logs_shown[log.id or ""] = (texts, width)
            log.lines = w.log_lines(texts, history, width, self._names)
            log.scroll_end(animate=False, immediate=False)

    def _columns(self, grid: Widget, default: int) -> int:
        """How many tiles fit across `grid` (leaving room for its scrollbar)."""
        width = grid.content_region.width - 1
        if width <= 0:
            return default
        return max(1, (width + 1) // PITCH_X)

    def _show_detail(self) -> None:
        if self.state is None:
            return
        face = card_face(self.state, self._key, self._me(), self._names)
        if self._aim is not None and self._key is not None:
            target = v.attack_id(self.state, self._key)
            if AttackWith(self._aim, target) in self._legal:
                p = percent(attack_chance(self.state, (self._aim,), target))
                with_ = "your torso" if self._aim.startswith("torso:") else v.card_name(self._aim)
                face = replace(face, lines=(f"[b]{p} to destroy[/b] with {escape(with_)}", *face.lines))
        zone = self.focused
        if self._key is None and isinstance(zone, CardGrid) and zone.note:
            face = CardFace("", str(zone.border_title or "Nothing here"), (zone.note,))
        self.query_one("#cn-detail", Card).face = face

    # -- cursor and choices ----------------------------------------------------------------------------

    @on(CardGrid.Highlighted)
    @on(CardRow.Highlighted)
    def _highlighted(self, event: CardGrid.Highlighted | CardRow.Highlighted) -> None:
        if event.control is not self.focused:
            return
        before, self._key = self._key, event.key
        if (before or "").startswith("hand:") or (event.key or "").startswith("hand:"):
            self._show_own_monster()  # the places the hand card can go are marked there
        else:
            self._show_detail()
        page = self._page_of(event.control)
        if page is not None and page != self._page:
            self._page = page
            self._show_page()

    def game_over(self) -> None:
        """The results screen opens by itself once (r opens it again); the headline names the winner."""
        if self._announced or self.state is None:
            return
        self._announced = True
        self.call_after_refresh(self.action_results)

    def action_results(self) -> None:
        """The results screen: the verdict, what each monster did, and its cards round by round."""
        match = self.table.match
        if not self.is_attached or not self.table.rules.is_over(match.state):
            return
        if isinstance(self.app.screen, ResultsScreen):
            return
        states = [match.state_at(i) for i in range(len(match) + 1)]
        log = match.log
        actions = [self.table.rules.parse(states[i], entry.action) for i, entry in enumerate(log)]
        the_story = story(states, actions, [entry.seat for entry in log])
        self.app.push_screen(ResultsScreen(the_story, self._names))

    def choice_words(self, view: Any, action: Any) -> str:
        """As the Enter menu names it (with an attack's chance); `view` is the screen's state while a hint
        shows (the hint goes away when the match moves on)."""
        return self._words(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "results":
            return self.table.rules.is_over(self.table.match.state)
        return super().check_action(action, parameters)


SCREEN = CodenameScreen
"""The screen `ui.games.screen_class("codename")` finds."""
