"""The Chimera Station screen: the station's hex grid, the Reactor, the Splicing Lab and Lounge, the perks,
every player's mat, the round track and the log, played by keyboard.

Everything on screen is derived from `state` (this seat's view) by the pure functions of `view.py`. A place
under the cursor offers, on Enter, exactly the legal actions about it, each in words with a preview computed
by applying it to a copy of the state. Choices that are not about a place open a dialog by themselves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import Static

import chimera_tui.styles
from chimera_tui.engine.hexgrid import Hex
from chimera_tui.games.station import Flush, State
from chimera_tui.games.station.state import Phase
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.games.station import view as V
from chimera_tui.ui.games.station import words as W
from chimera_tui.ui.games.station.layout import StationLayout
from chimera_tui.ui.games.station.mats import mat_view
from chimera_tui.ui.games.station.preview import preview_seen
from chimera_tui.ui.games.station.results import ResultsScreen, results_screen
from chimera_tui.ui.games.station.status import PHASE_TOPICS, last_line, prompt_markup, track_line
from chimera_tui.ui.games.station.why_not import why_not
from chimera_tui.ui.games.station.widgets import ChoiceDialog, MatPanel, PlaceRow
from chimera_tui.ui.seats import escape_markup as escape  # exact under Textual's markup parser
from chimera_tui.ui.widgets.action_log import ActionLog
from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.hex_cells import CellView
from chimera_tui.ui.widgets.hex_grid import HexGrid
from chimera_tui.ui.widgets.wrapping import clamped

STYLES = Path(chimera_tui.styles.__file__).parent


class StationScreen(StationLayout, GameScreen):
    """Chimera Station for 2–4 players at one terminal, any seat a bot."""

    CSS_PATH: ClassVar[Any] = str(STYLES / "station.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "tab",
            "area(1)",
            "Next area",
            id="station.area.next",
            show=False,
            priority=True,
            tooltip="Next area",
        ),
        Binding(
            "shift+tab",
            "area(-1)",
            "Previous area",
            id="station.area.previous",
            show=False,
            priority=True,
            tooltip="Previous area",
        ),
        Binding(
            "c", "choices", "Choices", id="station.choices", tooltip="Every choice you have now, as a list"
        ),
        Binding(
            "f",
            "flush",
            "Flush",
            id="station.flush",
            tooltip="Discard your starting card to flush the Reactor",
        ),
        Binding(
            "v", "next_pane", "View", id="station.pane.next", tooltip="Next view: board, Reactor, mats, log"
        ),
        Binding(
            "1", "pane('board')", "Board", id="station.pane.board", tooltip="The station board", show=False
        ),
        Binding(
            "2", "pane('station')", "Reactor", id="station.pane.station", tooltip="Reactor, Lab", show=False
        ),
        Binding("3", "pane('players')", "Mats", id="station.pane.players", tooltip="Every mat", show=False),
        Binding("4", "pane('log')", "Log", id="station.pane.log", tooltip="What happened", show=False),
        Binding("r", "results", "Results", id="station.results", tooltip="The final scores"),
    ]

    def __init__(self, table: Any, *, bot_delay: float | None = None) -> None:
        super().__init__(table, bot_delay=bot_delay)
        self._legal: tuple[Any, ...] = ()
        self._places: dict[str, list[Any]] = {}
        self._asked: int | None = None
        """len(log) when a choice dialog was last opened by itself (it is not reopened for the same step)."""
        self._dialog_open = False
        self._results_shown = False
        self._narrow = True
        self._pane = "board"
        self._log_shown: tuple[tuple[str, ...], int] = ((), 0)
        self._applied_size: tuple[int, int] | None = None
        """The terminal size the layout was last set for."""

    # -- layout ----------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="station-track", markup=False)
        yield Static(id="station-prompt")
        yield Static(id="station-last", markup=False)
        with Horizontal(id="station-body"):
            with Vertical(id="station-left"):
                with Vertical(id="pane-board", classes="pane"):
                    yield HexGrid(id="board")
                yield ActionLog(id="station-log", classes="pane")
            with Vertical(id="station-right"):
                with Vertical(id="pane-station", classes="pane"):
                    yield PlaceRow("Reactor", id="reactor")
                    yield PlaceRow("Splicing Lab · Worker Lounge", id="lab")
                    yield PlaceRow("Perk display", id="perks")
                with VerticalScroll(id="pane-players", classes="pane"):
                    for seat in range(self.table.config.players):
                        yield MatPanel(id=f"mat-{seat}")
        yield Static(id="station-detail", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self._apply_size(self.app.size.width, self.app.size.height)
        grid = self.query_one(HexGrid)
        grid.cursor = Hex(0, 0)
        grid.focus()
        super().on_mount()

    def on_resize(self, event: Resize) -> None:
        self._apply_size(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        """Back from a dialog or the rules: the terminal may have been resized meanwhile (at the same size
        nothing needs laying out or drawing again)."""
        if (self.app.size.width, self.app.size.height) != self._applied_size:
            self._apply_size(self.app.size.width, self.app.size.height)
        self.call_after_refresh(self._maybe_ask)  # e.g. after the hand-off screen

    # -- following the state ---------------------------------------------------------------------------

    def watch_state(self, state: State | None) -> None:
        if state is None:
            return
        self._legal = tuple(self.table.legal_actions())
        places: dict[str, list[Any]] = {}
        for action in self._legal:
            for key in V.action_places(state, action):
                places.setdefault(key, []).append(action)
        self._places = places
        self._update_board()
        self._update_rows()
        self._update_mats()
        self._update_status()
        self._update_detail()
        self.show_log()
        self._focus_decision()
        self.call_after_refresh(self._maybe_ask)

    def show_log(self) -> None:
        """The log in words, each action with what it caused below it, wrapped to the log's width and
        scrolled to the newest entry."""
        log = self.query_one(ActionLog)
        width = log.scrollable_content_region.width - 1
        if width < 20:  # not laid out yet (or hidden): wrap to the screen
            width = max(self.app.size.width - 4, 20)
        texts, history = self.table.log(), self.table.log_events()
        if self._log_shown != (texts, width):
            self._log_shown = (texts, width)
            log.lines = W.log_lines(texts, history, width)
        self.call_after_refresh(log.scroll_end, animate=False, immediate=True)

    @property
    def _deciding(self) -> bool:
        return bool(self._legal)

    def _update_board(self) -> None:
        state = self.state
        grid = self.query_one(HexGrid)
        cells = V.board_cells(
            state, grid.cell_width, grid.cell_height, frozenset(self._places), self._deciding
        )
        grid.cells = {h: CellView(c.lines, c.classes) for h, c in cells.items()}

    def _update_rows(self) -> None:
        state, legal, deciding = self.state, frozenset(self._places), self._deciding
        reactor = self.query_one("#reactor", PlaceRow)
        reactor.places = V.reactor_places(state, legal, deciding)
        reactor.border_title = f"Reactor · draw pile {len(state.pile)} · discard {len(state.discard)}"
        hues = tuple(W.hue(state, s) for s in range(len(state.players)))
        for row in self.query(PlaceRow):
            row.hues = hues
        lab = self.query_one("#lab", PlaceRow)
        lab.places = V.lab_places(state, self.table.seat, legal, deciding)
        lab.box_lines = 2
        perks = self.query_one("#perks", PlaceRow)
        perks.places = V.perk_places(state, legal, deciding)
        perks.border_title = f"Perk display · deck {len(state.perk_deck)}"
        perks.box_lines = 2

    def _update_mats(self) -> None:
        actor = self.table.to_act()
        for seat in range(len(self.state.players)):
            panel = self.query_one(f"#mat-{seat}", MatPanel)
            panel.mat = mat_view(self.state, seat, actor, self.table.seats[seat].is_bot)
            panel.to_act = seat == actor

    def _update_status(self) -> None:
        state, table = self.state, self.table
        width = self.app.size.width - 2  # both lines span the screen, with a column of padding either side
        self.query_one("#station-track", Static).update(track_line(state, narrow=self._narrow, width=width))
        self.query_one("#station-prompt", Static).update(prompt_markup(state, table, self.waiting_words))
        self.query_one("#station-last", Static).update(last_line(table, width), layout=False)

    def choice_words(self, view: Any, action: Any) -> str:
        return W.choice_words(view, action)

    def choice_preview(self, view: Any, action: Any) -> list[str]:
        """As the choices dialog previews it (`preview_seen`, from the seat's view only)."""
        actor = self.table.to_act()
        return preview_seen(view, action, actor if actor is not None else 0)

    # -- detail and rules topic ------------------------------------------------------------------------

    def _focused_key(self) -> str | None:
        focused = self.focused
        if isinstance(focused, HexGrid):
            return f"hex:{focused.cursor}"
        if isinstance(focused, PlaceRow) and focused.current is not None:
            return focused.current.key
        return None

    def _update_detail(self) -> None:
        if self.state is None:
            return
        key = self._focused_key() or f"hex:{self.query_one(HexGrid).cursor}"
        title, detail, _ = V.place_details(self.state, key)
        actions = self._places.get(key, [])
        hint = f"  [Enter: {len(actions)} choice{'s' * (len(actions) != 1)}]" if actions else ""
        text = f"{title}{hint} · {detail}".replace("\n", " · ", 1)
        self.query_one("#station-detail", Static).update(
            clamped(text, self.app.size.width - 2, 2), layout=False
        )

    @on(HexGrid.CursorMoved)
    @on(PlaceRow.Highlighted)
    def _cursor_moved(self) -> None:
        self._update_detail()

    def rules_topic(self) -> str | None:
        if self.focused is not None and self.focused.id == "pane-players" and self.state is not None:
            seat = self.table.seat if self.table.seat is not None else 0
            return "mat-side-b" if self.state.players[seat].side == "B" else "research-track"
        key = self._focused_key()
        if key is not None:
            topic = V.place_details(self.state, key)[2]
            if topic:
                return topic
        return PHASE_TOPICS[self.state.phase if self.state is not None else Phase.DRAFT]

    # -- choosing --------------------------------------------------------------------------------------

    @on(HexGrid.CellSelected)
    def _cell_selected(self, event: HexGrid.CellSelected) -> None:
        self._offer(f"hex:{event.hex}")

    @on(PlaceRow.Selected)
    def _place_selected(self, event: PlaceRow.Selected) -> None:
        self._offer(event.key)

    def _offer(self, key: str) -> None:
        """Enter on a place: the legal actions about it, or why there are none."""
        actions = list(self._places.get(key, []))
        if key.startswith("reactor:"):
            actions += [a for a in self._legal if isinstance(a, Flush)]
        if actions:
            title, _, topic = V.place_details(self.state, key)
            self._ask(actions, title or "Choose", topic=topic)
            return
        if self._deciding and not V.is_place_decision(self.state):
            self._ask(list(self._legal), W.prompt_words(self.state))
            return
        reason = why_not(self.state, self.table, key, self._legal, deciding=self._deciding)
        self.query_one("#station-detail", Static).update(reason, layout=False)
        self.app.clear_notifications()  # one message, replaced: never a stack over the board
        self.notify(escape(reason), title="Nothing to do here", severity="warning", timeout=4)

    def _ask(self, actions: list[Any], title: str, *, topic: str | None = None) -> None:
        """Open a dialog over `actions` with previews; the chosen one is sent."""
        if self._dialog_open or not actions:
            return
        table, seen = self.table, self.state  # the seat's view: previews never read hidden facts
        actor = table.to_act()
        seat = actor if actor is not None else 0
        words = [W.choice_words(seen, action) for action in actions]
        previews = [preview_seen(seen, action, seat) for action in actions]
        context, ctx_topic = W.dialog_context(seen)
        self._dialog_open = True

        def chosen(index: int | None) -> None:
            self._dialog_open = False
            if index == ChoiceDialog.UNDO:
                self.action_undo()
            elif index is not None and 0 <= index < len(actions):
                self.submit(actions[index])

        prompt = f"{W.mark(seat)} {table.player_name(seat)}: {title}"
        topic = topic or ctx_topic

        def reopen(dialog: ChoiceDialog) -> None:
            dialog.reopen(prompt, words, previews, context=context, topic=topic)

        self.push_kept(
            "station-choices",
            lambda: ChoiceDialog(prompt, words, previews, context=context, topic=topic),
            reopen,
            chosen,
        )

    def _maybe_ask(self) -> None:
        """Open the dialog by itself for a choice that is not about a place (once per step)."""
        if not self.is_attached or self.state is None or not self._deciding or self._dialog_open:
            return
        if self.app.screen is not self or V.is_place_decision(self.state):
            return
        step = len(self.table.match)
        if self._asked == step:
            return
        self._asked = step
        self._ask(list(self._legal), W.prompt_words(self.state))

    def _handed_off(self, result: None) -> None:
        super()._handed_off(result)
        self.call_after_refresh(self._maybe_ask)

    # -- keys ------------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choices":
            return self._deciding or None
        if action == "flush":  # hidden rather than greyed: it is rare, and 80 columns are few
            return any(isinstance(a, Flush) for a in self._legal)
        if action in ("pane", "next_pane"):
            return self._narrow
        if action == "results":
            return self.state is not None and self.state.phase is Phase.OVER
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        """Undo, and let the dialog of the step taken back open again by itself."""
        self._asked = None
        super().action_undo()

    def action_choices(self) -> None:
        """Every legal action now, as a list."""
        if self._deciding:
            self._ask(list(self._legal), W.prompt_words(self.state))

    def action_flush(self) -> None:
        flush = [a for a in self._legal if isinstance(a, Flush)]
        if flush:
            self._ask(flush, "Flush the Reactor", topic="reactor")

    def action_results(self) -> None:
        if self.state is not None and self.state.phase is Phase.OVER:
            self._show_results()

    def game_over(self) -> None:
        if not self._results_shown:
            self._results_shown = True
            self.call_after_refresh(self._show_results)

    def _show_results(self) -> None:
        if not self.is_attached or isinstance(self.app.screen, ResultsScreen):
            return
        self.app.push_screen(results_screen(self.table))


SCREEN = StationScreen
