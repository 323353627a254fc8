"""The load screen: every save in the saves folder, newest first; Enter resumes."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from chimera_tui.launch import LaunchError, load_start
from chimera_tui.saves import list_saves


class LoadGameScreen(Screen[None]):
    """Lists saves with game, players, round and date. Unreadable files are listed, dimmed, with why."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="load.back", tooltip="Back to the menu"),
        Binding("enter", "resume", "Resume", id="load.resume", tooltip="Resume the highlighted game"),
        Binding("f5", "refresh", "Refresh", id="load.refresh", tooltip="Read the saves folder again"),
    ]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self._paths: list[Path] = []
        self._errors: list[str | None] = []

    def compose(self) -> ComposeResult:
        yield Static("Load game", id="load-title", classes="screen-title")
        yield Static(f"Saves in {self.folder}", id="load-folder")
        table: DataTable[str | Text] = DataTable(id="load-table", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static("", id="load-detail")
        yield Static("", id="load-empty")
        yield Footer()

    def on_mount(self) -> None:
        self.action_refresh()

    def action_refresh(self) -> None:
        table = self.query_one("#load-table", DataTable)
        table.clear(columns=True)
        table.add_columns("Game", "Players", "Where", "Saved")
        self._paths = []
        # Playable saves first (newest first), then the unreadable ones.
        summaries = sorted(list_saves(self.folder), key=lambda s: s.error is not None)
        self._errors = []
        for s in summaries:
            self._paths.append(s.path)
            self._errors.append(s.error)
            if s.error:
                dim = "dim"
                table.add_row(Text(s.path.name, style=dim), "", Text("unreadable", style=dim), "")
            else:
                table.add_row(s.title, ", ".join(s.players), s.round, s.when.strftime("%Y-%m-%d %H:%M"))
        empty = self.query_one("#load-empty", Static)
        empty.update(
            ""
            if summaries
            else "No saved games yet. Start one from the menu: it saves itself after every move."
        )
        empty.display = not summaries
        table.display = bool(summaries)
        if summaries:
            table.focus()

    @on(DataTable.RowHighlighted, "#load-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        row = event.cursor_row
        error = self._errors[row] if 0 <= row < len(self._errors) else None
        path = self._paths[row] if 0 <= row < len(self._paths) else None
        detail = self.query_one("#load-detail", Static)
        if error:
            detail.update(Content.styled(error, "$text-warning"))
        elif path is not None:
            detail.update(Content(f"Enter resumes {path.name}"))

    @on(DataTable.RowSelected, "#load-table")
    def _selected(self) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        table = self.query_one("#load-table", DataTable)
        if not self._paths or table.cursor_row < 0:
            return
        path = self._paths[table.cursor_row]
        try:
            start = load_start(path)
        except LaunchError as exc:
            self.notify(exc.message, severity="error", title="Cannot load")
            return
        self.app.call_later(self.app.start_game, start, True)  # type: ignore[attr-defined]
