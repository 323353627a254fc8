"""The card grid repaints only what changed: new cards with the same places repaint their rows, and the
cursor's tile follows the focus (its look differs with and without it) without the rest of the grid."""

from __future__ import annotations

from textual.app import App, ComposeResult

from chimera_tui.ui.widgets.card_grid import PITCH_Y, CardGrid, GridCell


def _cells(title: str = "b") -> tuple[GridCell, ...]:
    return tuple(
        GridCell(x, y, f"{x},{y}", f"{title}{x}{y}" if (x, y) == (1, 1) else f"c{x}{y}")
        for x in range(3)
        for y in range(3)
    )


class Grids(App[None]):
    def compose(self) -> ComposeResult:
        yield CardGrid(id="one")
        yield CardGrid(id="two")

    def on_mount(self) -> None:
        for grid in self.query(CardGrid):
            grid.cells = _cells()
        self.query_one("#one", CardGrid).focus()


def _painted(grid: CardGrid) -> list[int]:
    painted: list[int] = []
    render_line = grid.render_line

    def counting(y: int):  # type: ignore[no-untyped-def]
        painted.append(y)
        return render_line(y)

    grid.render_line = counting  # type: ignore[method-assign]
    return painted


def _cursor_style(grid: CardGrid):  # type: ignore[no-untyped-def]
    assert grid.cursor is not None
    x, y = grid.cursor
    line = grid.render_line(y * PITCH_Y)
    return next(seg.style for seg in line if seg.text.startswith(f"c{x}{y}"))


async def test_new_cards_in_the_same_places_repaint_only_their_row() -> None:
    app = Grids()
    async with app.run_test(size=(60, 30)) as pilot:
        grid = app.query_one("#two", CardGrid)
        await pilot.pause()
        painted = _painted(grid)
        grid.cells = _cells()
        await pilot.pause()
        assert painted == []
        grid.cells = _cells("new")
        await pilot.pause()
        assert painted and set(painted) <= set(range(PITCH_Y - 1, 2 * PITCH_Y + 1))
        assert "new11" in "".join(seg.text for seg in grid.render_line(PITCH_Y))


async def test_the_cursor_tile_follows_the_focus() -> None:
    app = Grids()
    async with app.run_test(size=(60, 30)) as pilot:
        one, two = app.query_one("#one", CardGrid), app.query_one("#two", CardGrid)
        await pilot.pause()
        focused, blurred = _cursor_style(one), _cursor_style(two)
        assert focused != blurred
        two.focus()
        await pilot.pause()
        assert _cursor_style(two) == focused and _cursor_style(one) == blurred
