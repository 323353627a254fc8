"""The lobby's dialogs: a line of text (a table's code, a name), and what table to open."""

from __future__ import annotations

from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select

from chimera_tui import games
from chimera_tui.server import protocol as P
from chimera_tui.ui.screens.lobby_words import duration
from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.text_box import TextBox

AWAY_CHOICES = (30.0, 60.0, 120.0, 300.0, 600.0, 1800.0)
"""The away limits (seconds) the new-table dialog offers, besides the host's default."""


class LineDialog(ModalScreen[str | None]):
    """Asks for one line of text (a table code, a chat line)."""

    DEFAULT_CSS = """
    LineDialog { align: center middle; }
    LineDialog > Vertical { width: 60; height: auto; border: round $accent; padding: 1 2; background: $surface; }
    """
    BINDINGS = [Binding("escape", "dismiss_none", "Back")]

    def __init__(self, title: str, placeholder: str = "", max_length: int = 16) -> None:
        super().__init__()
        self.title_text = title
        self.placeholder = placeholder
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, markup=False)
            yield TextBox(placeholder=self.placeholder, max_length=self.max_length, id="line")
        yield KeysFooter()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


_ROWS_AROUND_FIELDS = 10
"""The rows of the Open-a-table dialog outside its box of fields: the footer, the dialog's border, its title,
the game's choice and the buttons."""


class CreateDialog(ModalScreen[P.CreateTable | None]):
    """Asks what table to open: the game, the number of players, who takes each other seat (a person who
    joins with the code, or a bot), and the game's options. You take the first seat."""

    DEFAULT_CSS = """
    CreateDialog { align: center middle; }
    CreateDialog > Vertical {
        width: 64; height: auto; max-height: 100%; border: round $accent; padding: 0 1; background: $surface;
    }
    CreateDialog VerticalScroll {
        height: auto; max-height: 14; scrollbar-gutter: stable; scrollbar-size-vertical: 1;  /* see on_resize */
    }
    CreateDialog #game { margin-right: 1; }  /* lines up with the fields beside the scroll bar's gutter */
    CreateDialog #fields { height: auto; }
    CreateDialog Select { width: 100%; }
    CreateDialog Horizontal { height: auto; }
    """
    BINDINGS = [
        Binding("f5", "open", "Open the table", tooltip="Open the table the fields describe"),
        Binding("escape", "dismiss_none", "Back", tooltip="Back to the lobby without opening a table"),
    ]

    def __init__(self, away_limit: float = 120.0) -> None:
        """`away_limit`: the host's default, chosen at first."""
        super().__init__()
        self.away_limit = away_limit

    def compose(self) -> ComposeResult:
        ids = games.game_ids()
        with Vertical():
            yield Label("Open a table (you take seat 1) · F5 opens it")
            yield Select([(games.title(g), g) for g in ids], value=ids[0], allow_blank=False, id="game")
            with VerticalScroll(can_focus=False):  # Tab goes from field to field, never to the box
                yield Select(
                    [
                        ("Public: listed in the lobby", "public"),
                        ("Private: not listed, joined by its code only", "private"),
                    ],
                    value="public",
                    allow_blank=False,
                    id="visibility",
                )
                paces = [("Live: played in one sitting", "live")]
                paces += [(f"Turn-based: {duration(s)} a move", str(s)) for s in P.TURN_LIMITS]
                yield Select(paces, value="live", allow_blank=False, id="pace")
                yield Select(
                    [
                        ("When a move's time runs out, a bot plays that turn", "bot"),
                        ("When a move's time runs out, the player is skipped (if the rules allow)", "skip"),
                        ("When a move's time runs out, a bot takes the seat for good", "replace"),
                    ],
                    value="bot",
                    allow_blank=False,
                    id="timeout",
                )
                limits = sorted({*AWAY_CHOICES, self.away_limit})
                yield Select(
                    [(f"A bot plays for an absent player after {duration(s)}", s) for s in limits],
                    value=self.away_limit,
                    allow_blank=False,
                    id="away",
                )
                with Vertical(id="fields"):  # what depends on the game, built again when it changes
                    yield from self._fields(ids[0], games.get(ids[0]).min_players)
            with Horizontal():
                yield Button("Open", variant="primary", id="open")
                yield Button("Back", id="back")
        yield KeysFooter()

    @staticmethod
    def _fields(game: str, players: int) -> list[Select[Any]]:
        """The player count, one choice per other seat, and one per option of `game`."""
        rules = games.get(game)
        counts = [(f"{n} players", n) for n in range(rules.min_players, rules.max_players + 1)]
        fields: list[Select[Any]] = [Select(counts, value=players, allow_blank=False, id="players")]
        bots = list(games.bots(game))
        for seat in range(1, players):
            kinds = [(f"Seat {seat + 1}: a person (joins with the code)", "")]
            kinds += [(f"Seat {seat + 1}: {bot} bot", bot) for bot in bots]
            fields.append(Select(kinds, value="", allow_blank=False, classes="seat"))
        for spec in rules.options:
            if spec.per_seat:  # one choice per seat (Station's mat side), joined as "A,B,A"
                for seat in range(players):
                    choices = [(f"Seat {seat + 1} {spec.label.lower()}: {c}", c) for c in spec.choices]
                    fields.append(
                        Select(
                            choices,
                            value=spec.default,
                            allow_blank=False,
                            classes="seat-option",
                            name=spec.key,
                        )
                    )
                continue
            choices = [(f"{spec.label}: {choice}", choice) for choice in spec.choices]
            fields.append(
                Select(choices, value=spec.default, allow_blank=False, classes="option", name=spec.key)
            )
        return fields

    async def _rebuild(self, game: str, players: int) -> None:
        box = self.query_one("#fields", Vertical)
        await box.remove_children()
        await box.mount_all(self._fields(game, players))

    def on_mount(self) -> None:
        self._show_pace("live")

    def on_resize(self, event: events.Resize) -> None:
        """The fields' box takes every row the screen has to spare (14 at 24 rows), so a tall terminal shows
        every field without scrolling."""
        self.query_one(VerticalScroll).styles.max_height = max(3, event.size.height - _ROWS_AROUND_FIELDS)

    @on(Select.Changed, "#pace")
    def _pace_changed(self, event: Select.Changed) -> None:
        self._show_pace(str(event.value))

    def _show_pace(self, pace: str) -> None:
        """A live table asks how long an absent player's turn waits; a turn-based one, what happens when a
        move's time runs out."""
        self.query_one("#away", Select).display = pace == "live"
        self.query_one("#timeout", Select).display = pace != "live"

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        game = str(event.value)
        await self._rebuild(game, games.get(game).min_players)

    @on(Select.Changed, "#players")
    async def _players_changed(self, event: Select.Changed) -> None:
        seats = len(self.query(".seat")) + 1
        if event.value != seats:
            await self._rebuild(str(self.query_one("#game", Select).value), int(str(event.value)))

    def request(self) -> P.CreateTable:
        """The table the fields describe now."""
        game = str(self.query_one("#game", Select).value)
        players = int(str(self.query_one("#players", Select).value))
        others = [str(select.value) or None for select in self.query(".seat").results(Select)]
        bots = (None, *others)
        options = {str(select.name): str(select.value) for select in self.query(".option").results(Select)}
        per_seat: dict[str, list[str]] = {}
        for select in self.query(".seat-option").results(Select):
            per_seat.setdefault(str(select.name), []).append(str(select.value))
        for key, chosen in per_seat.items():
            options[key] = chosen[0] if len(set(chosen)) == 1 else ",".join(chosen)
        private = self.query_one("#visibility", Select).value == "private"
        away = float(str(self.query_one("#away", Select).value))
        pace = str(self.query_one("#pace", Select).value)
        return P.CreateTable(
            game=game,
            players=players,
            bots=bots,
            options=options,
            private=private,
            away_limit=away,
            pace="live" if pace == "live" else "turn",
            turn_limit=None if pace == "live" else float(pace),
            on_timeout=str(self.query_one("#timeout", Select).value),
        )

    @on(Button.Pressed, "#open")
    def action_open(self) -> None:
        self.dismiss(self.request())

    @on(Button.Pressed, "#back")
    def action_dismiss_none(self) -> None:
        self.dismiss(None)
