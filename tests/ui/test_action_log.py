"""The log follows the newest line: when lines outgrow it before it has a scrollbar, and when a layout change
makes it shorter; a player who scrolled up is left where they are."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from chimera_tui.ui.widgets.action_log import ActionLog


class LogApp(App[None]):
    CSS = "ActionLog { height: 1fr; } #below { height: 0; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield ActionLog()
            yield Static("choices", id="below")


def _lines(n: int) -> tuple[str, ...]:
    return tuple(f"line {i}" for i in range(n))


async def test_lines_that_outgrow_the_log_at_once_end_at_the_newest() -> None:
    app = LogApp()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(ActionLog)
        log.lines = _lines(3)  # fits: no scrollbar yet
        log.lines = _lines(30)  # outgrows it before any layout gives it a scrollbar
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0


async def test_a_log_made_shorter_by_the_layout_still_shows_the_newest_line() -> None:
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(ActionLog)
        log.lines = _lines(30)
        await pilot.pause()
        app.query_one("#below").styles.height = 6  # choices come in below the log
        await pilot.pause()
        assert log.size.height < 10
        assert log.scroll_y == log.max_scroll_y


async def test_a_player_who_scrolled_up_is_not_moved_by_new_lines() -> None:
    app = LogApp()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(ActionLog)
        log.lines = _lines(30)
        await pilot.pause()
        log.scroll_to(y=2, animate=False, immediate=True)
        log.lines = _lines(31)
        await pilot.pause()
        assert log.scroll_y == 2
