"""The load screen: every save in the saves folder, loadable ones newest first, then the damaged ones;
Enter resumes, w watches (a replay that never writes or locks the file).

The folder is read and every save replayed (so a save that cannot be resumed says why in its row) in a
thread worker, off the UI thread: the screen answers keys, Ctrl+Q included, while files are checked. Rows
are plain `Text` (a player name like ``[/]`` is shown as typed, never read as markup) and the columns are
sized to the screen, so all of them fit at 80 columns.
"""

from __future__ import annotations

from pathlib import Path

from rich.markup import escape
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from chimera_tui import games
from chimera_tui.launch import GameStart, LaunchError, SaveInUseError, load_start, open_replay
from chimera_tui.saves import (
    SaveError,
    SaveSummary,
    is_in_use,
    recover_orphans,
    save_paths,
    sort_rows,
    summarize,
)
from chimera_tui.ui.dialogs.confirm import ConfirmDialog
from chimera_tui.ui.widgets.footer import KeysFooter

COLUMNS = ("Game", "Players", "Where", "Saved", "Status")
PADDING = 2
"""Cell padding per column (one space each side)."""
SCROLLBAR = 2
MIN_ROOM = 11 + 9 + 3 * 8
"""The narrowest the columns get together (the short date, the short place, eight cells for the rest)."""


def column_widths(total: int) -> tuple[int, ...]:
    """Widths of `COLUMNS` for a table `total` cells wide (they always add up to at most that, less padding
    and the scrollbar, down to a floor below which the table scrolls sideways): the date and place get what
    they need, the rest is shared out."""
    room = max(total - PADDING * len(COLUMNS) - SCROLLBAR, MIN_ROOM)
    saved = 16 if room >= 70 else 11
    where = 12 if room >= 70 else 9
    rest = room - saved - where
    game = max(rest * 30 // 100, 8)
    players = max(rest * 35 // 100, 8)
    status = max(rest - game - players, 8)
    return (game, players, where, saved, status)


def game_name(title: str, width: int) -> str:
    """A game's title for a column `width` cells wide: whole where it fits, else without the word every game
    shares ("Chimera Station" → "Station", "Codename: Chimera" → "Codename"), else cut."""
    if len(title) <= width:
        return title
    short = " ".join(title.replace(":", " ").replace("Chimera", " ").split())
    return short or title


def _cell(text: str, width: int, style: str = "") -> Text:
    cell = Text(text, style=style, no_wrap=True, overflow="ellipsis", end="")
    cell.truncate(width, overflow="ellipsis")
    return cell


class LoadGameScreen(Screen[None]):
    """Lists saves with game, players, round, date and status. Files that cannot be resumed are listed
    last, dimmed, with why."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="load.back", tooltip="Back to the menu"),
        Binding("enter", "resume", "Resume", id="load.resume", tooltip="Resume the highlighted game"),
        Binding("w", "watch", "Watch", id="load.watch", tooltip="Replay the highlighted game step by step"),
        Binding("f5", "refresh", "Refresh", id="load.refresh", tooltip="Read the saves folder again"),
    ]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self._rows: list[SaveSummary] = []
        self._in_use: dict[Path, str] = {}
        self._checked = False
        self._widths: tuple[int, ...] = ()
        self._resume_when_listed = False

    @property
    def rows(self) -> list[SaveSummary]:
        """The rows shown, in order."""
        return list(self._rows)

    @property
    def checked(self) -> bool:
        """Whether every save has been replayed and checked."""
        return self._checked

    def compose(self) -> ComposeResult:
        yield Static("Load game", id="load-title", classes="screen-title")
        yield Static(Text(f"Saves in {self.folder}"), id="load-folder")
        table: DataTable[Text] = DataTable(id="load-table", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static("", id="load-detail")
        yield Static("", id="load-empty")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#load-empty", Static).display = False
        self.action_refresh()

    def on_resize(self) -> None:
        if self._rows and self._widths != self._current_widths():
            self._fill()

    def action_refresh(self) -> None:
        """Read the folder again and check every save (in a thread)."""
        self._checked = False
        self.query_one("#load-detail", Static).update(Text("Reading the saves folder…"))
        self._check_folder()

    # -- the worker ------------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="load-check", exit_on_error=False)
    def _check_folder(self) -> None:
        """List the folder at once from the envelopes, then replay each save and show the verdicts."""
        worker = get_current_worker()
        for sentence in recover_orphans(self.folder):
            self.app.call_from_thread(self.notify, sentence, title="Recovered", markup=False)
        paths = save_paths(self.folder)
        quick = [summarize(path) for path in paths if not worker.is_cancelled]
        if worker.is_cancelled:
            return
        self.app.call_from_thread(self._show, sort_rows(quick), {}, False)
        checked: list[SaveSummary] = []
        in_use: dict[Path, str] = {}
        for number, path in enumerate(paths, start=1):
            if worker.is_cancelled:
                return
            summary = summarize(path, replay=True)
            holder = is_in_use(path) if summary.error is None else None
            if holder is not None:
                in_use[path] = holder.describe()
            checked.append(summary)
            if number % 5 == 0 and number < len(paths):
                self.app.call_from_thread(self._progress, number, len(paths))
        if not worker.is_cancelled:
            self.app.call_from_thread(self._show, sort_rows(checked), in_use, True)

    def _progress(self, done: int, total: int) -> None:
        if self.is_mounted:
            self.query_one("#load-detail", Static).update(Text(f"Checking saves: {done} of {total}…"))

    def _show(self, rows: list[SaveSummary], in_use: dict[Path, str], checked: bool) -> None:
        if not self.is_mounted:
            return
        self._rows = rows
        self._in_use = in_use
        self._checked = checked
        self._fill()
        if self._resume_when_listed:
            self._resume_when_listed = False
            self.action_resume()

    # -- the table -------------------------------------------------------------------------------------

    def _current_widths(self) -> tuple[int, ...]:
        table = self.query_one("#load-table", DataTable)
        total = table.size.width or max(self.size.width - 2, 0) or 78
        return column_widths(total)

    def _status(self, row: SaveSummary) -> tuple[str, str]:
        """The status cell's words and style."""
        if row.error is not None:
            return f"✗ {row.label}", "dim"
        if not row.checked:
            return "checking…", "dim"
        if row.path in self._in_use:
            return "in use elsewhere", "italic"
        if row.notices:
            return "ready (see note)", ""
        return "ready", ""

    def _fill(self) -> None:
        table: DataTable[Text] = self.query_one("#load-table", DataTable)
        selected = self._selected_path()
        self._widths = widths = self._current_widths()
        table.clear(columns=True)
        for label, width in zip(COLUMNS, widths, strict=True):
            table.add_column(label, width=width)
        for row in self._rows:
            status, style = self._status(row)
            when = row.when.strftime("%Y-%m-%d %H:%M" if widths[3] >= 16 else "%m-%d %H:%M")
            if row.error is not None:
                cells = (row.path.name, "", "", "", status)
                style = "dim"
            else:
                cells = (game_name(row.title, widths[0]), ", ".join(row.players), row.round, when, status)
            table.add_row(*(_cell(text, w, style) for text, w in zip(cells, widths, strict=True)))
        empty = self.query_one("#load-empty", Static)
        empty.update(
            ""
            if self._rows
            else "No saved games yet. Start one from the menu: it saves itself after every move."
        )
        empty.display = not self._rows
        table.display = bool(self._rows)
        if self._rows:
            paths = [row.path for row in self._rows]
            if selected in paths:
                table.move_cursor(row=paths.index(selected))
            table.focus()
        self._describe(table.cursor_row)

    def _selected_path(self) -> Path | None:
        table = self.query_one("#load-table", DataTable)
        row = table.cursor_row
        return self._rows[row].path if self._rows and 0 <= row < len(self._rows) else None

    def _describe(self, row: int) -> None:
        detail = self.query_one("#load-detail", Static)
        if not (0 <= row < len(self._rows)):
            detail.update(Text("Checking saves…" if not self._checked else ""))
            return
        summary = self._rows[row]
        if summary.error is not None:
            detail.update(Text(summary.error, style="bold"))
        elif summary.path in self._in_use:
            detail.update(
                Text(
                    f"Another Chimera Tabletop is playing {summary.path.name} "
                    f"({self._in_use[summary.path]}). Enter offers a copy; w watches it."
                )
            )
        elif not summary.checked:
            detail.update(Text(f"Checking {summary.path.name}…"))
        else:
            text = Text(f"Enter resumes {summary.path.name}; w watches it from the start.")
            for notice in summary.notices:
                text.append(f" {notice}")
            detail.update(text)

    @on(DataTable.RowHighlighted, "#load-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._describe(event.cursor_row)

    @on(DataTable.RowSelected, "#load-table")
    def _selected(self) -> None:
        self.action_resume()

    # -- resuming --------------------------------------------------------------------------------------

    def action_resume(self) -> None:
        table = self.query_one("#load-table", DataTable)
        if not self._rows and not self._checked:
            self._resume_when_listed = True  # Enter before the list arrived: resume its first row
            return
        if not self._rows or not (0 <= table.cursor_row < len(self._rows)):
            return
        summary = self._rows[table.cursor_row]
        if summary.error is not None:
            self.notify(summary.error, severity="error", title="Cannot load", markup=False)
            return
        path = summary.path
        try:
            start = load_start(path, folder=self.folder)
        except SaveInUseError as exc:
            self._offer_copy(path, exc.message)
            return
        except LaunchError as exc:
            self.notify(exc.message, severity="error", title="Cannot load", markup=False)
            self.action_refresh()
            return
        self._open(start)

    def action_watch(self) -> None:
        """Replay the highlighted save on its game's screen (read only: watching works while another window
        plays it)."""
        table = self.query_one("#load-table", DataTable)
        if not self._rows or not (0 <= table.cursor_row < len(self._rows)):
            return
        summary = self._rows[table.cursor_row]
        if summary.error is not None:
            self.notify(summary.error, severity="error", title="Cannot watch", markup=False)
            return
        try:
            replay = open_replay(summary.path)
        except SaveError as exc:
            self.notify(exc.message, severity="error", title="Cannot watch", markup=False)
            self.action_refresh()
            return
        except games.InstallationIncomplete as exc:
            self.notify(str(exc), severity="error", title="Cannot watch", markup=False)
            return
        from chimera_tui.ui.screens.replay import replay_screen

        self.app.push_screen(replay_screen(replay))

    def _offer_copy(self, path: Path, message: str) -> None:
        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                start = load_start(path, folder=self.folder, copy=True)
            except LaunchError as exc:
                self.notify(exc.message, severity="error", title="Cannot load", markup=False)
                return
            self._open(start)

        question = escape(f"{message} Open a copy of it as a new game in the saves folder?")
        self.app.push_screen(ConfirmDialog(question, yes="Open a copy", no="Back"), answered)

    def _open(self, start: GameStart) -> None:
        self.app.call_later(self.app.start_game, start, True)  # type: ignore[attr-defined]
