"""The generic hex grid: cursor clamping and movement, messages, the strip cache, rendering."""

from __future__ import annotations

from textual.app import App, ComposeResult

from chimera_tui.engine.hexgrid import ORIGIN, Hex, spiral
from chimera_tui.ui.widgets.hex_cells import CellView
from chimera_tui.ui.widgets.hex_grid import HexGrid
from chimera_tui.ui.widgets.painting import component_style


class GridApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list[object] = []

    def compose(self) -> ComposeResult:
        yield HexGrid(id="grid")

    def on_mount(self) -> None:
        grid = self.query_one(HexGrid)
        grid.cells = {
            h: CellView.of(f"{h.q},{h.r}", "x", classes=("legal",) if h.q == 0 else ())
            for h in spiral(ORIGIN, 2)
        }
        grid.focus()

    def on_hex_grid_cursor_moved(self, message: HexGrid.CursorMoved) -> None:
        self.messages.append(("moved", message.hex))

    def on_hex_grid_cell_selected(self, message: HexGrid.CellSelected) -> None:
        self.messages.append(("selected", message.hex))


async def test_cursor_moves_and_selects() -> None:
    app = GridApp()
    async with app.run_test(size=(80, 24)) as pilot:
        grid = app.query_one(HexGrid)
        assert grid.cursor == ORIGIN
        await pilot.press("right")
        assert grid.cursor == Hex(1, 0)
        await pilot.press("l", "l", "l")
        assert grid.cursor == Hex(2, 0)  # the edge of the board stops it
        await pilot.press("h", "h", "k")
        assert grid.cursor.r == -1
        await pilot.press("j", "j")
        assert grid.cursor.r == 1
        await pilot.press("enter")
        await pilot.pause()
        assert ("selected", grid.cursor) in app.messages
        assert ("moved", Hex(1, 0)) in app.messages


async def test_cursor_is_clamped_to_the_board() -> None:
    app = GridApp()
    async with app.run_test(size=(80, 24)):
        grid = app.query_one(HexGrid)
        grid.cursor = Hex(9, 0)
        assert grid.cursor == Hex(2, 0)
        grid.cells = {Hex(0, 0): CellView.of("only")}
        assert grid.cursor == Hex(0, 0)


async def test_rendering_and_cache() -> None:
    app = GridApp()
    async with app.run_test(size=(80, 24)) as pilot:
        grid = app.query_one(HexGrid)
        grid.cell_width = 7
        await pilot.pause()
        x, y = grid.cell_origin(Hex(1, -1))
        line = "".join(seg.text for seg in grid.render_line(y))
        assert "1,-1" in line
        assert grid._strips  # rendered lines are cached
        cached = len(grid._strips)
        grid.cursor = Hex(-1, 0)
        assert len(grid._strips) < cached  # a cursor move invalidates the cache
        row = "".join(seg.text for seg in grid.render_line(grid.cell_origin(Hex(-1, 0))[1]))
        assert "▐-1,0" in row and "▌" in row
        assert grid.hex_at(x + grid._pad(), y) == Hex(1, -1)


async def test_component_classes_style_cells() -> None:
    app = GridApp()
    async with app.run_test(size=(80, 24)):
        grid = app.query_one(HexGrid)
        legal = component_style(grid, "hex-grid--legal")
        y = grid.cell_origin(Hex(0, 1))[1]
        strip = grid.render_line(y)
        styled = [seg for seg in strip if "0,1" in seg.text]
        assert styled and styled[0].style is not None and styled[0].style.bgcolor == legal.bgcolor


async def test_click_selects_the_cell_under_the_pointer() -> None:
    app = GridApp()
    async with app.run_test(size=(80, 24)) as pilot:
        grid = app.query_one(HexGrid)
        await pilot.pause()
        x, y = grid.cell_origin(Hex(1, 1))
        await pilot.click(HexGrid, offset=(x + grid._pad() + 1, y))
        await pilot.pause()
        assert grid.cursor == Hex(1, 1)
        assert ("selected", Hex(1, 1)) in app.messages


async def test_a_cursor_move_repaints_only_the_two_cells_it_touches() -> None:
    """Over SSH every repainted line costs bytes: moving the cursor redraws the old and the new cell's
    lines, never the whole board (issue: 9.5 KB per arrow at 80×24 when every line was redrawn)."""
    app = GridApp()
    async with app.run_test(size=(80, 24)) as pilot:
        grid = app.query_one(HexGrid)
        await pilot.pause()
        painted: list[int] = []
        render_line = grid.render_line

        def counting(y: int):  # type: ignore[no-untyped-def]
            painted.append(y)
            return render_line(y)

        grid.render_line = counting  # type: ignore[method-assign]
        await pilot.press("right")
        await pilot.pause()
        assert grid.cursor == Hex(1, 0)
        rows = {grid.cell_origin(h)[1] + sub for h in (ORIGIN, Hex(1, 0)) for sub in range(grid.cell_height)}
        assert painted and set(painted) <= rows, (sorted(set(painted)), sorted(rows))
        await pilot.press("down")
        await pilot.pause()
        assert len(set(painted)) <= 2 * grid.cell_height


async def test_new_cells_repaint_only_the_cells_that_look_different() -> None:
    """A screen sets the cells again after every move (and after every dialog): unchanged cells cost nothing,
    a changed one its own lines; a board with other hexes is laid out afresh."""
    app = GridApp()
    async with app.run_test(size=(80, 24)) as pilot:
        grid = app.query_one(HexGrid)
        await pilot.pause()
        painted: list[int] = []
        render_line = grid.render_line

        def counting(y: int):  # type: ignore[no-untyped-def]
            painted.append(y)
            return render_line(y)

        grid.render_line = counting  # type: ignore[method-assign]
        grid.cells = dict(grid.cells)
        await pilot.pause()
        assert painted == []
        changed = Hex(-1, 1)
        grid.cells = {**grid.cells, changed: CellView.of("new", "text")}
        await pilot.pause()
        rows = {grid.cell_origin(changed)[1] + sub for sub in range(grid.cell_height)}
        assert painted and set(painted) <= rows
        y = grid.cell_origin(changed)[1]
        assert "new" in "".join(seg.text for seg in grid.render_line(y))
        painted.clear()
        grid.cells = {h: cell for h, cell in grid.cells.items() if h != changed}
        await pilot.pause()
        assert set(painted) > rows  # another board: every line drawn again
        assert "new" not in "".join(seg.text for seg in grid.render_line(y))
