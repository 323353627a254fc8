"""The Imaginarium screen: the Bric-a-brac (belt, extractors, meeting room, projects, initiative), every
workshop with its slots, broken machines and dial, the dream track and the dreams, the turn and the log,
played by keyboard.

Everything on screen is derived from `state` (this seat's view) by the pure functions of `view.py`,
`words.py`, `details.py` and `preview.py`. A place under the cursor offers, on Enter, exactly the legal actions
about it, each in words with a preview computed from copies of the view; a dimmed place says why not. Choices
that are not about a place (a trade, the next fragment of a daydream, which kind to take) open a dialog by
themselves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.widgets import Static

import chimera_tui.styles
from chimera_tui.games.imaginarium import Move, State
from chimera_tui.games.imaginarium.reasons import why_not
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.games.imaginarium import view as V
from chimera_tui.ui.games.imaginarium import words as Wd
from chimera_tui.ui.games.imaginarium.board import Board
from chimera_tui.ui.games.imaginarium.details import details
from chimera_tui.ui.games.imaginarium.layout import AREA_PANES, AREAS, PANES, PaneLayout
from chimera_tui.ui.games.imaginarium.preview import preview_seen
from chimera_tui.ui.games.imaginarium.results import results_screen
from chimera_tui.ui.games.imaginarium.widgets import BoardArea, ChoiceDialog, ResultsScreen, TrackArea
from chimera_tui.ui.seats import escape_markup as escape
from chimera_tui.ui.widgets.action_log import ActionLog
from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.place_canvas import PlaceCanvas
from chimera_tui.ui.widgets.wrapping import clamped

STYLES = Path(chimera_tui.styles.__file__).parent
END_VERBS = ("end", "done", "stop")


class ImaginariumScreen(PaneLayout, GameScreen):
    """Imaginarium (and its Chimera expansion, and team play) for 2-6 players at one terminal."""

    CSS_PATH: ClassVar[Any] = str(STYLES / "imaginarium.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "area(1)", "Next area", id="imaginarium.area.next", show=False, priority=True),
        Binding("shift+tab", "area(-1)", "Previous area", id="imaginarium.area.previous", show=False, priority=True),
        Binding("c", "choices", "Choices", id="imaginarium.choices", tooltip="Every choice you have now, as a list"),
        Binding("n", "finish", "End/Done", id="imaginarium.finish", tooltip="End the step, the trading, the turn"),
        Binding("v", "next_pane", "View", id="imaginarium.pane.next", tooltip="Next view: table, workshops, dream, log"),
        Binding("1", "pane('table')", "Table", id="imaginarium.pane.table", show=False),
        Binding("2", "pane('workshops')", "Workshops", id="imaginarium.pane.workshops", show=False),
        Binding("3", "pane('dream')", "Dream", id="imaginarium.pane.dream", show=False),
        Binding("4", "pane('log')", "Log", id="imaginarium.pane.log", show=False),
        Binding("r", "results", "Results", id="imaginarium.results", tooltip="The final scores"),
    ]  # fmt: skip

    def __init__(self, table: Any, *, bot_delay: float | None = None) -> None:
        super().__init__(table, bot_delay=bot_delay)
        self._legal: tuple[str, ...] = ()
        self._places: dict[str, list[str]] = {}
        self._asked: int | None = None
        """len(match) when a choice dialog last opened by itself (it is not reopened for the same step)."""
        self._dialog_open = False
        self._results_shown = False
        self._mode = "narrow"
        self._pane = "table"
        self._chimera = str(table.config.options.get("chimera", "on")) != "off"
        """The Chimera expansion is in play (without it there is no dream track and no dream pane)."""
        self._panes = PANES if self._chimera else tuple(p for p in PANES if p != "dream")
        self._areas = AREAS if self._chimera else tuple(a for a in AREAS if AREA_PANES[a] != "dream")
        self.board = Board(self, table)
        self._applied_size: tuple[int, int] | None = None
        """The terminal size the layout was last set for."""

    # -- layout ----------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="im-header", markup=False)
        yield Static(id="im-prompt")
        with Horizontal(id="im-body"):
            with Vertical(id="im-left"):
                with Vertical(id="pane-table", classes="pane"):
                    yield BoardArea(id="belt")
                    yield BoardArea(id="office")
                with Vertical(id="pane-workshops", classes="pane"):
                    yield BoardArea(id="workshops")
            with Vertical(id="im-right"):
                with Vertical(id="pane-dream", classes="pane"):
                    yield TrackArea(id="track")
                    yield BoardArea(id="dreams")
                yield ActionLog(id="im-log", classes="pane")
        yield Static(id="im-detail", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        for area, title in (
            ("#belt", "Bric-a-brac · the belt, front to back"),
            ("#office", "Meeting room · projects · initiative"),
            ("#workshops", "Workshops"),
            ("#track", "Dream track"),
            ("#dreams", "Dreams"),
        ):
            self.query_one(area).border_title = title
        self.set_class(not self._chimera, "-no-dream")
        self._apply_size(self.app.size.width, self.app.size.height)
        self.query_one("#belt").focus()
        super().on_mount()

    def on_resize(self, event: Resize) -> None:
        self._apply_size(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        """Back from a dialog or the rules: the terminal may have been resized meanwhile (at the same size
        nothing needs laying out or drawing again)."""
        if (self.app.size.width, self.app.size.height) != self._applied_size:
            self._apply_size(self.app.size.width, self.app.size.height)
        self.call_after_refresh(self._maybe_ask)

    def _apply_size(self, width: int, height: int) -> None:
        self._applied_size = (width, height)
        self._set_mode(width, height)
        wide = self._mode == "wide"
        track = self.query_one(TrackArea)
        track.cell_height = 2 if wide or height >= 34 else 1
        track.gap_x = 1 if wide else 2
        if self.state is not None:
            self._draw(self.state, width)
            self._update_status()
            self._update_detail()
            self.call_after_refresh(self.show_log)
        self.refresh_bindings()

    def on_descendant_focus(self, event: Any) -> None:
        self.follow_focus(getattr(event, "widget", None))
        self._update_detail()

    @on(PlaceCanvas.Edge)
    def _edge(self, event: PlaceCanvas.Edge) -> None:
        """Up or down off an area's last place goes on to the area above or below."""
        if event.dy:
            self.action_area(event.dy)

    # -- following the state ---------------------------------------------------------------------------

    def watch_state(self, state: State | None) -> None:
        if state is None:
            return
        self._legal = tuple(str(a) for a in self.table.legal_actions())
        places: dict[str, list[str]] = {}
        for text in self._legal:
            for key in V.action_places(state, text):
                places.setdefault(key, []).append(text)
        self._places = places
        self._draw(state, self.app.size.width)
        self._update_status()
        self._update_detail()
        self.show_log()
        self.board.focus_decision(state, self._places, narrow=self._narrow, show_pane=self._show_pane)
        self.call_after_refresh(self._maybe_ask)

    def _draw(self, state: State, width: int) -> None:
        self.board.draw(state, width, lit=self.lit, deciding=self.deciding, narrow=self._narrow)

    @property
    def deciding(self) -> bool:
        return bool(self._legal)

    @property
    def lit(self) -> frozenset[str]:
        return frozenset(self._places)

    def show_log(self) -> None:
        log = self.query_one(ActionLog)
        width = log.scrollable_content_region.width - 1
        if width < 20:
            width = max(self.app.size.width - 4, 20)
        lines = self.board.log_lines(width)
        if lines != log.lines:
            log.lines = lines
        self.call_after_refresh(log.scroll_end, animate=False, immediate=True)

    def _update_status(self) -> None:
        self.query_one("#im-header", Static).update(
            self.board.header(self.state, narrow=self._narrow, width=self.app.size.width - 2), layout=False
        )
        prompt = self.board.prompt(self.state, narrow=self._narrow, waiting_words=self.waiting_words)
        self.query_one("#im-prompt", Static).update(prompt, layout=False)

    # -- detail and rules topic ------------------------------------------------------------------------

    def _focused_key(self) -> str | None:
        focused = self.focused
        if isinstance(focused, PlaceCanvas) and focused.current is not None:
            return focused.current.key
        return None

    def _update_detail(self) -> None:
        if self.state is None:
            return
        key = self._focused_key()
        if key is None:
            self.query_one("#im-detail", Static).update("", layout=False)
            return
        title, detail, _ = details(self.state, key)
        actions = self._places.get(key, [])
        hint = f"  [Enter: {len(actions)} choice{'s' * (len(actions) != 1)}]" if actions else ""
        lines = 2 if self._mode == "wide" else 1  # the detail's height (styles/imaginarium.tcss)
        text = clamped(f"{title}{hint} · {detail}", self.app.size.width - 2, lines)
        self.query_one("#im-detail", Static).update(text, layout=False)

    @on(PlaceCanvas.Highlighted)
    def _cursor_moved(self) -> None:
        self._update_detail()

    def rules_topic(self) -> str | None:
        key = self._focused_key()
        if key is not None and self.state is not None:
            topic = details(self.state, key)[2]
            if topic:
                return topic
        phase = self.state.phase if self.state is not None else "plan"
        return {
            "plan": "planning",
            "b1": "using-machines",
            "dial": "dial",
            "b3": "dial",
            "over": "end-of-game",
        }[phase]

    # -- choosing --------------------------------------------------------------------------------------

    @on(PlaceCanvas.Selected)
    def _place_selected(self, event: PlaceCanvas.Selected) -> None:
        self._offer(event.key)

    def _offer(self, key: str) -> None:
        """Enter on a place: the legal actions about it, or why there are none."""
        actions = list(self._places.get(key, []))
        if actions:
            title, _, topic = details(self.state, key)
            self._ask(actions, title or "Choose", topic=topic)
            return
        if self.deciding and not V.is_place_decision(self.state):
            self._ask(list(self._legal), Wd.prompt_words(self.state))
            return
        reason = self._why_not(key)
        self.query_one("#im-detail", Static).update(reason, layout=False)
        self.app.clear_notifications()
        self.notify(escape(reason), title="Nothing to do here", severity="warning", timeout=4)

    def _why_not(self, key: str) -> str:
        state, table = self.state, self.table
        if state.phase == "over":
            return "The game is over (r shows the results)."
        seat = table.to_act()
        if not self.deciding:
            if seat is not None and table.seats[seat].is_bot:
                return f"It is {table.player_name(seat)}'s turn; the bot is playing."
            return "It is not your turn."
        assert seat is not None
        return why_not(state, seat, key)

    def _ask(self, actions: list[str], title: str, *, topic: str | None = None) -> None:
        """Open a dialog over `actions` with previews; the chosen one is sent."""
        if self._dialog_open or not actions:
            return
        table, seen = self.table, self.state  # the seat's view: previews never read hidden facts
        seat = table.to_act()
        seat = seat if seat is not None else 0
        words = [Wd.choice_words(seen, a) for a in actions]
        previews = [preview_seen(seen, a, seat) for a in actions]
        context = self.board.context(seen, seat)
        self._dialog_open = True

        def chosen(index: int | None) -> None:
            self._dialog_open = False
            if index == ChoiceDialog.UNDO:
                self.action_undo()
            elif index is not None and 0 <= index < len(actions):
                self.submit(Move(actions[index]))

        prompt = f"{Wd.who(seen, seat)}: {title}"
        keep = getattr(self, "push_kept", None)  # GameScreen's kept dialogs, where the base offers them
        if keep is None:
            self.app.push_screen(ChoiceDialog(prompt, words, previews, context=context, topic=topic), chosen)
            return
        keep(
            "imaginarium-choices",
            lambda: ChoiceDialog(prompt, words, previews, context=context, topic=topic),
            lambda dialog: dialog.reopen(prompt, words, previews, context=context, topic=topic),
            chosen,
        )

    def choice_words(self, view: Any, action: Any) -> str:
        """`action` as the choices name it (the hint names its choice so)."""
        return Wd.choice_words(view, str(action))

    def choice_preview(self, view: Any, action: Any) -> list[str]:
        """What `action` changes, from `view` alone, as the choices' previews say it."""
        seat = Wd.actor(view)
        return preview_seen(view, str(action), seat) if seat is not None else []

    def _maybe_ask(self) -> None:
        """Open the dialog by itself for a choice that is not about a place (once per step)."""
        if not self.is_attached or self.state is None or not self.deciding or self._dialog_open:
            return
        if self.app.screen is not self or V.is_place_decision(self.state):
            return
        step = len(self.table.match)
        if self._asked == step:
            return
        self._asked = step
        self._ask(list(self._legal), _first_up(Wd.prompt_words(self.state)))

    def _handed_off(self, result: None) -> None:
        super()._handed_off(result)
        self.call_after_refresh(self._maybe_ask)

    # -- keys ------------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choices":
            return self.deciding or None
        if action == "finish":
            return any(t.split(" ", 1)[0] in END_VERBS for t in self._legal) or None
        if action == "pane" and parameters == ("dream",):
            return self._narrow and self._chimera
        if action in ("pane", "next_pane"):
            return self._narrow
        if action == "results":
            return self.state is not None and self.state.phase == "over"
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        self._asked = None
        super().action_undo()

    def action_choices(self) -> None:
        if self.deciding:
            self._ask(list(self._legal), _first_up(Wd.prompt_words(self.state)))

    def action_finish(self) -> None:
        """n: end the machine step, the trading, the reorganizing, the daydream or the turn (with a preview)."""
        ends = [t for t in self._legal if t.split(" ", 1)[0] in END_VERBS]
        if ends:
            self._ask(ends, "End this step", topic=self.rules_topic())

    def action_results(self) -> None:
        if self.state is not None and self.state.phase == "over":
            self._show_results()

    def game_over(self) -> None:
        if not self._results_shown:
            self._results_shown = True
            self.call_after_refresh(self._show_results)

    def _show_results(self) -> None:
        if not self.is_attached or isinstance(self.app.screen, ResultsScreen):
            return
        self.app.push_screen(results_screen(self.table))


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


SCREEN = ImaginariumScreen
