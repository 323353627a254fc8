"""The new-game dialog: game, players, who sits where, seed and the game's own options."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from chimera_tui import games
from chimera_tui.engine.plain_text import NAME_LIMIT
from chimera_tui.launch import LaunchError, clock_seed, make_seats, new_start
from chimera_tui.ui.widgets.footer import KeysFooter
from chimera_tui.ui.widgets.text_box import TextBox

MAX_SEATS = 6


class NewGameScreen(Screen[None]):
    """A form: every field reachable with Tab, Enter on Start begins the game."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="new.back", tooltip="Back to the menu"),
        Binding("f5", "start", "Start", id="new.start", tooltip="Start the game now"),
        Binding("ctrl+r", "reseed", "New seed", id="new.reseed", tooltip="Pick another random seed"),
    ]

    def __init__(self, game_id: str | None = None, seed: int | None = None) -> None:
        super().__init__()
        ids = games.game_ids()
        self.game_id = game_id if game_id in ids else (ids[0] if ids else None)
        self.seed = clock_seed() if seed is None else seed

    def compose(self) -> ComposeResult:
        yield Static("New game", id="new-title", classes="screen-title")
        ids = games.game_ids()
        with VerticalScroll(id="new-form"):
            if not ids:
                yield Static(
                    "No game is installed in this build yet: the games arrive one by one.", id="new-empty"
                )
            else:
                with Horizontal(classes="form-row"):
                    yield Label("Game", classes="form-label")
                    yield Select(
                        [(games.title(g), g) for g in ids],
                        value=self.game_id,
                        allow_blank=False,
                        id="new-game",
                        compact=True,
                    )
                with Horizontal(classes="form-row"):
                    yield Label("Players", classes="form-label")
                    yield Select([("2", 2)], value=2, allow_blank=False, id="new-players", compact=True)
                for i in range(MAX_SEATS):
                    with Horizontal(classes="form-row seat-row", id=f"seat-row-{i}"):
                        yield Label(f"Seat {i + 1}", classes=f"form-label seat-{i}")
                        yield TextBox(
                            placeholder=f"Player {i + 1}",
                            id=f"seat-name-{i}",
                            compact=True,
                            max_length=NAME_LIMIT,
                        )
                        yield Select(
                            [("human", "human")],
                            value="human",
                            allow_blank=False,
                            id=f"seat-kind-{i}",
                            compact=True,
                        )
                yield Static(
                    f"A player's name holds up to {NAME_LIMIT} characters; typing stops there.",
                    id="new-names-note",
                    classes="form-note",
                )
                with Horizontal(classes="form-row"):
                    yield Label("Seed", classes="form-label")
                    yield TextBox(
                        str(self.seed), id="new-seed", restrict=r"[0-9]*", max_length=12, compact=True
                    )
                yield Vertical(id="new-options")
        with Horizontal(classes="dialog-buttons"):
            yield Button("Start", id="new-start", variant="primary", compact=True, disabled=not ids)
            yield Button("Cancel", id="new-cancel", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        if self.game_id is not None:
            self._game_changed(self.game_id)
            self.query_one("#new-game", Select).focus()

    @on(Select.Changed, "#new-game")
    def _on_game(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.game_id:
            self._game_changed(event.value)

    def _game_changed(self, game_id: str) -> None:
        self.game_id = game_id
        start = self.query_one("#new-start", Button)
        try:
            rules = games.get(game_id)
        except games.InstallationIncomplete as exc:
            # Never a traceback: this game's own files are missing, so it cannot be set up at all.
            start.disabled = True
            self.notify(str(exc), severity="error", title="Cannot offer this game", markup=False)
            return
        start.disabled = False
        players = self.query_one("#new-players", Select)
        counts = range(rules.min_players, rules.max_players + 1)
        players.set_options([(str(n), n) for n in counts])
        players.value = rules.min_players
        kinds = [("human", "human"), *((f"bot: {name}", name) for name in games.bots(game_id))]
        for i in range(MAX_SEATS):
            select = self.query_one(f"#seat-kind-{i}", Select)
            select.set_options(kinds)
            select.value = "human" if i == 0 else kinds[1][1]
        self._show_seats(rules.min_players)
        for old in self.query(".seat-option"):
            old.remove()
        for spec in (o for o in rules.options if o.per_seat):
            # A per-seat option (Station's mat side) is asked in each seat's row.
            for i in range(MAX_SEATS):
                self.query_one(f"#seat-row-{i}", Horizontal).mount(
                    Select(
                        [(f"{spec.label} {c}", c) for c in spec.choices],
                        value=spec.default,
                        allow_blank=False,
                        id=f"seat-option-{spec.key}-{i}",
                        classes="seat-option",
                        compact=True,
                        tooltip=spec.help or None,
                    )
                )
        box = self.query_one("#new-options", Vertical)
        box.remove_children()
        for spec in (o for o in rules.options if not o.per_seat):
            row = Horizontal(classes="form-row")
            box.mount(row)
            row.mount(Label(spec.label, classes="form-label"))
            row.mount(
                Select(
                    [(c, c) for c in spec.choices],
                    value=spec.default,
                    allow_blank=False,
                    id=f"option-{spec.key}",
                    compact=True,
                    tooltip=spec.help or None,
                )
            )

    @on(Select.Changed, "#new-players")
    def _on_players(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self._show_seats(event.value)

    def _show_seats(self, players: int) -> None:
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-row-{i}").display = i < players

    def action_reseed(self) -> None:
        self.query_one("#new-seed", Input).value = str(clock_seed())

    @on(Button.Pressed, "#new-cancel")
    def _cancel(self) -> None:
        self.app.pop_screen()

    @on(Button.Pressed, "#new-start")
    def action_start(self) -> None:
        if self.game_id is None:
            return
        rules = games.get(self.game_id)
        players = self.query_one("#new-players", Select).value
        assert isinstance(players, int)
        kinds = [str(self.query_one(f"#seat-kind-{i}", Select).value) for i in range(players)]
        names = [self.query_one(f"#seat-name-{i}", Input).value for i in range(players)]
        seed_text = self.query_one("#new-seed", Input).value
        options = {}
        for spec in rules.options:
            if spec.per_seat:
                chosen = [
                    str(self.query_one(f"#seat-option-{spec.key}-{i}", Select).value) for i in range(players)
                ]
                options[spec.key] = chosen[0] if len(set(chosen)) == 1 else ",".join(chosen)
            else:
                options[spec.key] = str(self.query_one(f"#option-{spec.key}", Select).value)
        try:
            seats = make_seats(self.game_id, players, kinds, names)
            start = new_start(self.game_id, players, seats, int(seed_text) if seed_text else None, options)
        except LaunchError as exc:
            self.notify(exc.message, severity="error", title="Cannot start", markup=False)
            return
        self.app.call_later(self.app.start_game, start, True)  # type: ignore[attr-defined]
