"""The replay bar: one line under a watched game saying where the replay stands and through whose eyes."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from chimera_tui.table.replay import ReplayTable
from chimera_tui.ui.seats import seat_content


def bar_content(table: ReplayTable, width: int) -> Content:
    """``REPLAY step 12 of 79 · Round 2 · placement · seen by Ada``, then the keys the footer has no room
    for (< > by round, Home and End) when they fit, shortened to fit `width` cells.

    Built as Content, never markup: names are the players' own text.
    """
    seat = table.viewpoint
    viewer = Content("everyone") if seat is None else seat_content(seat, table.player_name(seat), bold=True)
    if seat is not None and table.viewer() is None:
        viewer += Content(" (the game is over: all is shown)")
    step = Content.styled(f"step {table.step} of {table.total}", "bold")
    where = Content(" · ").join([step, Content(table.round_label()), Content("seen by ") + viewer])
    line = Content.styled(" REPLAY ", "reverse bold") + Content(" ") + where
    hint = Content.assemble(
        "   ", ("<", "bold $accent"), " ", (">", "bold $accent"), " round · ", ("Home End", "bold $accent")
    )
    if line.cell_length + hint.cell_length <= width:
        return line + hint
    if line.cell_length <= width:
        return line
    short = [
        Content.styled(" REPLAY ", "reverse bold"),
        Content.styled(f"{table.step}/{table.total}", "bold"),
    ]
    short.append(Content("view: ") + viewer)
    return Content(" ").join(short).truncate(max(width, 1), ellipsis=True)


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
