"""The replay's analysis (e): a chart of each seat's chance to win, as the search bot judges it at the start of
every round, so a player sees where the game turned. Computed in a thread, a point at a time, and kept for
the next time the chart is opened."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.worker import get_current_worker

from chimera_tui.engine.win_chances import PLAYOUTS, Estimate, chart_values, estimate, points
from chimera_tui.table.replay import ReplayTable
from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.results_frame import SEAT_COLOUR_VARIABLES
from chimera_tui.ui.widgets.round_chart import round_chart

SEED = 15
"""The analysis's own seed: the same game always gets the same chart."""


class AnalysisScreen(ModalScreen[None]):
    """The chart over `table`'s game; `found` holds the estimates made so far (shared with later opens)."""

    DEFAULT_CSS = """
    AnalysisScreen {
        align: center middle;
        background: $background 70%;
    }
    #analysis-box {
        width: 100;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    #analysis-note {
        color: $text-muted;
        margin-top: 1;
    }
    """

    BINDINGS = [
        Binding("escape,enter,e", "close", "Close", id="replay.analysis.close", tooltip="Back to the replay")
    ]

    def __init__(self, table: ReplayTable, found: list[Estimate]) -> None:
        super().__init__()
        self.table = table
        self.found = found
        self.steps = points([table.round_label(i) for i in range(table.total + 1)])

    @property
    def complete(self) -> bool:
        return len(self.found) == len(self.steps)

    def compose(self) -> ComposeResult:
        variables = self.app.get_css_variables()
        self._colours = [variables.get(name, "") for name in SEAT_COLOUR_VARIABLES]
        with VerticalScroll(id="analysis-box") as box:
            box.border_title = "Where the game turned"
            yield Static(id="analysis-chart")
            yield Static(id="analysis-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._draw()
        if not self.complete:
            self._compute()

    @work(thread=True, exclusive=True, group="replay-analysis", exit_on_error=False)
    def _compute(self) -> None:
        worker = get_current_worker()
        for step in self.steps[len(self.found) :]:
            if worker.is_cancelled:
                return
            found = estimate(self.table.full, step, seed=SEED + step, playouts=PLAYOUTS)
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self._add, found)

    def _add(self, found: Estimate) -> None:
        if len(self.found) < len(self.steps) and found.step == self.steps[len(self.found)]:
            self.found.append(found)
        if self.is_mounted:
            self._draw()

    def _draw(self) -> None:
        players = len(self.table.seats)
        names = [self.table.player_name(s) for s in range(players)]
        values = chart_values(self.found, players)
        columns = [str(e.step) for e in self.found]
        colours = [self._colours[s % len(self._colours)] or "" for s in range(players)]
        title = "Each seat's chance to win, in %, where each round starts (at the step written below)"
        chart = (
            round_chart(title, columns, names, values, colours, axis="step")
            if values
            else Text(title, style="bold")
        )
        self.query_one("#analysis-chart", Static).update(chart)
        done = len(self.found)
        progress = "" if self.complete else f"Judging position {done + 1} of {len(self.steps)}… "
        note = (
            f"{progress}The search bot ({PLAYOUTS} playouts a position) judges each position for the seat "
            "to act: how often its best move wins. "
            + (
                "The other seat has the rest. "
                if players == 2
                else "Each figure is that seat's own chance, judged on its own turns (an even share before "
                "its first) and kept until the next, so a column does not add up to 100. "
            )
            + f"You are at step {self.table.step}."
        )
        self.query_one("#analysis-note", Static).update(Text(note))

    def action_close(self) -> None:
        self.workers.cancel_group(self, "replay-analysis")
        self.dismiss(None)
