"""A player's page, as the lobby shows it (Enter on a leaderboard's row, or `p` for your own): their games,
wins and rating per game, and the rating after each rated game. Your own page also lists the names you hold
and the keys (and browsers) that sign in to them, and `k` makes a one-time code that adds another key.

Names are plain text (`Text` cells, `markup=False`).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from chimera_tui.server import protocol as P
from chimera_tui.server.link import HostError, HostLink
from chimera_tui.ui.screens.lobby_dialogs import LineDialog
from chimera_tui.ui.screens.lobby_notify import PROMPTS, notify_words
from chimera_tui.ui.screens.lobby_records import (
    RATING_WORDS,
    RecordsScreen,
    rating_text,
    sparkline,
    when,
    wins_text,
)


def key_words(key: P.KeyInfo) -> str:
    """A key on your page: "SHA256:AbCdEfGhIjKl… (this one)", "a browser (last here 2027-01-15 14:05)"."""
    shown = "a browser" if key.identity.startswith("web:") else key.identity[:19] + "…"
    if key.this:
        return f"{shown} (this one)"
    return f"{shown} (last here {when(key.last_seen)})" if key.last_seen else shown


def own_words(page: P.Player) -> str:
    """What your own page says under your games: your names, your keys, and how to add one."""
    names = ", ".join(page.names) or page.name
    keys = "; ".join(key_words(key) for key in page.keys)
    return (
        f"Your names here: {names} (sign in with any of them).\nYour keys: {keys}.\n"
        "k: a one-time code that adds a key (another computer, or a browser) to your name."
    )


def code_words(code: P.KeyCode) -> str:
    """How to use a one-time code, as your page shows it."""
    login = f"{code.name}+{code.code}"
    return (
        f"From the new key, connect as {login} (ssh '{login}@HOST'; in a browser, type it as your name) "
        f"before {when(code.expires)[11:]}: the code works once, and a new one makes it void."
    )


class PlayerScreen(RecordsScreen):
    """A player's page (see the module's docstring)."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("escape", "back", "Lobby"),
        Binding("k", "key_code", "Add a key"),
        Binding("e", "ask('email')", "E-mail"),
        Binding("c", "ask('confirm')", "Code"),
        Binding("h", "ask('hook')", "Web hook"),
        Binding("t", "change('test')", "Test"),
        Binding("d", "digest", "Daily"),
    ]

    def __init__(self, link: HostLink, player: str = "") -> None:
        super().__init__(link)
        self.player = player
        self.mine = False
        self.told: P.NotifySettings | None = None
        """Where you are told of your turns (your own page, on a server that sends messages)."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Static(id="records-more", markup=False)
        yield Static(id="records-notify", markup=False)

    def on_mount(self) -> None:
        self._load()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        told = self.told
        if action == "key_code":
            return self.mine
        if action in ("ask", "change", "digest"):
            on = self.mine and told is not None and (told.mail_on or told.hooks_on)
            what = parameters[0] if parameters else ""
            if told is None or not on:
                return False
            if what == "email":
                return told.mail_on
            if what == "confirm":
                return told.code_pending
            return told.hooks_on if what == "hook" else True
        return True

    @work(exclusive=True, group="records")
    async def _load(self) -> None:
        try:
            page = await self.link.player(self.player)
        except HostError as exc:
            self.notify(exc.reason, severity="error", markup=False)
            return
        since = f" · here since {when(page.first_seen)[:10]}" if page.first_seen else ""
        rows = [
            (
                Text(game.title),
                Text(rating_text(game.rating, game.provisional)),
                Text(str(game.games)),
                Text(wins_text(game.wins)),
                Text(sparkline(game.history, 24)),
            )
            for game in page.games
        ]
        self.show(
            f"{page.name}{since} · rating: {RATING_WORDS} · Esc back",
            ("Game", "Rating", "Games", "Wins", "Rating over time"),
            rows,
            f"{page.name} has no rated games yet: a table finished with two people or more counts.",
        )
        self.mine = page.mine
        self.query_one("#records-more", Static).update(own_words(page) if page.mine else "")
        if page.mine:
            try:
                self.told = await self.link.notify()
            except HostError:  # a server that sends no messages
                self.told = None
            self.query_one("#records-notify", Static).update(notify_words(self.told))
        self.refresh_bindings()

    def action_ask(self, what: str) -> None:
        title, placeholder, length = PROMPTS[what]

        def typed(value: str | None) -> None:
            if value:
                self.action_change(what, value)

        self.app.push_screen(LineDialog(title, placeholder, max_length=length), typed)

    def action_digest(self) -> None:
        self.action_change("digest", "off" if self.told is not None and self.told.digest else "on")

    @work(exclusive=True, group="notify")
    async def action_change(self, what: str, value: str = "") -> None:
        try:
            self.told = await self.link.notify(what, value)
        except HostError as exc:
            self.notify(exc.reason, severity="error", markup=False)
            return
        self.query_one("#records-notify", Static).update(notify_words(self.told))
        self.refresh_bindings()

    @work(exclusive=True, group="key-code")
    async def action_key_code(self) -> None:
        try:
            code = await self.link.key_code()
        except HostError as exc:
            self.notify(exc.reason, severity="error", markup=False)
            return
        self.query_one("#records-more", Static).update(code_words(code))
