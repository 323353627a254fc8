"""The replay bar: one line under a watched game saying where the replay stands and through whose eyes."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from chimera_tui.table.replay import ReplayTable
from chimera_tui.ui.seats import seat_content


def bar_content(table: ReplayTable, width: int) -> Content:
    """``REPLAY step 12 of 79 · Round 2 · placement · seen by Ada``, then the keys the footer has no room
    for (< > by round, Home and End). Where the whole line does not fit `width` cells, the step is written
    ``12/79`` and then the round is left out (the game's screen shows it), so the keys still show at 80
    columns; only a very narrow bar drops them.

    Built as Content, never markup: names are the players' own text.
    """
    seat = table.viewpoint
    viewer = Content("everyone") if seat is None else seat_content(seat, table.player_name(seat), bold=True)
    if seat is not None and table.viewer() is None:
        viewer += Content(" (the game is over: all is shown)")
    seen = Content("seen by ") + viewer
    badge = Content.styled(" REPLAY ", "reverse bold")
    label = badge + Content(" ")
    step = Content.styled(f"step {table.step} of {table.total}", "bold")
    short_step = Content.styled(f"{table.step}/{table.total}", "bold")
    where = Content(table.round_label())
    keys = Content.assemble(
        "   ", ("<", "bold $accent"), " ", (">", "bold $accent"), " round · ", ("Home End", "bold $accent")
    )
    dot = Content(" · ")
    lines = [
        label + dot.join([step, where, seen]) + keys,
        label + dot.join([short_step, where, seen]) + keys,
        label + dot.join([short_step, seen]) + keys,
        label + dot.join([step, where, seen]),
    ]
    for line in lines:
        if line.cell_length <= width:
            return line
    short = Content(" ").join([badge, short_step, Content("view: ") + viewer])
    return short.truncate(max(width, 1), ellipsis=True)


class ReplayBar(Static):
    """Where the replay stands; the screen calls `show` after every move."""

    DEFAULT_CSS = """
    ReplayBar {
        split: bottom;
        height: 1;
        background: $boost;
        color: $text;
    }
    """

    def __init__(self, table: ReplayTable) -> None:
        super().__init__(id="replay-bar")
        self.table = table

    def on_mount(self) -> None:
        self.show()

    def on_resize(self) -> None:
        self.show()

    def show(self) -> None:
        self.update(bar_content(self.table, self.size.width or self.app.size.width))
