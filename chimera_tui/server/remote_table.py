"""One seat's handle on a table the host holds: `RemoteTable` (the `Table` interface over the client's
connection, `chimera_tui.server.link.HostLink`), and `SeenMatch`, what it knows of the match. See
`chimera_tui.server.link` for how acting works."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from chimera_tui import games
from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.match import LogEntry
from chimera_tui.engine.ruleset import GameConfig, Ruleset
from chimera_tui.server import protocol as P
from chimera_tui.table.base import Seat, TableListener

RefusalListener = Callable[[str], None]

AWAY = "away"
"""What `RemoteTable.seats` gives as the bot of a person's seat that a bot plays while they are away, so the
game screens, which mark bot seats, mark it too ("Alice (away)" on the generic screen)."""

BOT_PLAYS = ("away", "replaced")
"""The kinds of a person's seat (`protocol.SeatInfo.kind`) that a bot plays now."""


class Sender(Protocol):
    """What a remote table needs of the connection it was seated over (`HostLink` is one): a way to send."""

    def send(self, message: P.Message) -> None:
        """Send `message` without waiting."""
        ...


class SeenMatch:
    """What a remote seat knows of the match: the state as it sees it and how many actions were taken.

    Screens that read ``table.match.state`` get the seat's view. Past states and the log of actions are known
    once the game is over, as public views and notations (the host sends them with the final `Update`), for
    result screens; before that `log` is empty and `state_at` knows only the present.
    """

    def __init__(self, table: RemoteTable) -> None:
        self._table = table

    @property
    def state(self) -> Any:
        return self._table.view()

    def __len__(self) -> int:
        return self._table.step

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every action taken (seat, notation), once the game is over; () before."""
        return self._table.history_log

    def state_at(self, step: int) -> Any:
        """The state after `step` actions: the current view, or once the game is over any past public view.

        Raises:
            IndexError: for a past step while the game is still on (a seat never sees the past states).
        """
        return self._table.state_at(step)


class RemoteTable:
    """One seat's handle on a table the host holds (see the module's docstring for how acting works)."""

    def __init__(self, link: Sender, seated: P.Seated) -> None:
        self.link = link
        self.code = seated.code
        self.private = seated.private
        self.game_id = seated.game
        self.rules: Ruleset[Any, Any] = games.get(seated.game)
        self.config = GameConfig(players=seated.players, names=seated.names, options=dict(seated.options))
        self.seats: tuple[Seat, ...] = tuple(Seat(name) for name in seated.names)
        self.match = SeenMatch(self)
        self.ready = asyncio.Event()
        self.step = 0
        self.started = False
        self.seat_infos: tuple[P.SeatInfo, ...] = ()
        self.notes: tuple[str, ...] = ()
        self.chat_lines: tuple[str, ...] = ()
        self._seat = seated.seat
        self.replaced = False
        """A bot took this seat over for good (its person's time ran out): this handle watches from then on."""
        self._view: Any = None
        self._to_act: int | None = None
        self.turn_since = time.monotonic()
        """This process's clock when the seat to act got its turn (from the host's `Update.thinking`)."""
        self._legal_notations: tuple[str, ...] = ()
        self._legal: tuple[Any, ...] | None = None
        self._log: tuple[str, ...] = ()
        self._log_events: tuple[tuple[str, ...], ...] = ()
        self._undo_refusal: str | None = "There is nothing to undo."
        self._pending = False
        self._history: tuple[bytes, ...] = ()
        self.history_log: tuple[LogEntry, ...] = ()
        """Every action (seat, notation) once the game is over; () before."""
        self._past: dict[int, Any] = {}
        self._listeners: list[TableListener] = []
        self._refusal_listeners: list[RefusalListener] = []

    # -- news from the host ----------------------------------------------------------------------------

    def state_at(self, step: int) -> Any:
        """See `SeenMatch.state_at`."""
        if step == self.step:
            return self._view
        if not 0 <= step < len(self._history):
            raise IndexError(f"step {step} is not known to this seat")
        cached = self._past.get(step)
        if cached is None:
            cached = self._past[step] = P.decode_view(self._history[step], self.rules.state_type)
        return cached

    def receive(self, update: P.Update) -> None:
        """Take the host's latest `update` and tell the listeners."""
        if update.replaced:  # the bot's seat now: watch it as a spectator does
            self._seat, self.replaced = None, True
        self.step = update.step
        self.started = update.started
        self.seat_infos = update.seats
        self.seats = tuple(
            Seat(info.name, AWAY if info.kind in BOT_PLAYS else info.bot) for info in update.seats
        )
        if update.started:
            self.config = GameConfig(
                players=self.config.players,
                names=tuple(s.name for s in self.seats),
                options=self.config.options,
            )
        self.notes = update.notes
        self.chat_lines = update.chat
        self._view = None if update.view is None else P.decode_view(update.view, self.rules.state_type)
        self._to_act = update.to_act
        self.turn_since = time.monotonic() - update.thinking
        self._legal_notations = update.legal
        self._legal = None
        self._log = self._log[: update.log_from] + update.log
        self._log_events = self._log_events[: update.log_from] + update.log_events
        self._undo_refusal = update.undo_refusal
        self.history_log = update.history_log
        if update.history != self._history:
            self._history = update.history
            self._past = {}
        self._pending = False
        self.ready.set()
        for listener in list(self._listeners):
            listener()

    def refused(self, reason: str) -> None:
        """The host refused an action or an undo this table sent."""
        self._pending = False
        for listener in list(self._refusal_listeners):
            listener(reason)
        for changed in list(self._listeners):  # the legal actions are back: screens read them again
            changed()

    # -- seeing ----------------------------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        return self._seat

    def view(self) -> Any:
        return self._view

    def to_act(self) -> int | None:
        return self._to_act

    def thinking(self) -> float:
        """Seconds the seat to act has been thinking (0 when nobody is to act)."""
        return 0.0 if self._to_act is None else max(0.0, time.monotonic() - self.turn_since)

    def away(self) -> tuple[int, ...]:
        """The person seats a bot plays now because their player is away."""
        return tuple(seat for seat, info in enumerate(self.seat_infos) if info.kind in BOT_PLAYS)

    def legal_actions(self) -> Sequence[Any]:
        if self._pending or self._view is None:
            return ()
        if self._legal is None:
            self._legal = tuple(self.rules.parse(self._view, text) for text in self._legal_notations)
        return self._legal

    def viewer(self) -> int | None:
        over = self._view is not None and self.rules.is_over(self._view)
        return None if over else self._seat

    def log(self) -> tuple[str, ...]:
        return self._log

    def log_events(self) -> tuple[tuple[str, ...], ...]:
        return self._log_events

    def describe(self, action: Any) -> str:
        try:
            return self.rules.describe(self._view, action)
        except Exception:  # a redacted view may lack what the words need
            return str(action)

    def player_name(self, seat: int) -> str:
        return self.seats[seat].name

    def needs_hand_off(self, from_seat: int | None, to_seat: int | None) -> bool:
        """Never: one person sits at this terminal."""
        return False

    def human_seats(self) -> tuple[int, ...]:
        return () if self._seat is None else (self._seat,)

    def bot_to_act(self) -> bool:
        """Always False: the host moves the bots."""
        return False

    def all_bots(self) -> bool:
        return False

    def play_bot(self) -> str | None:
        return None

    # -- acting ----------------------------------------------------------------------------------------

    def submit(self, action: Any) -> str | None:
        if self.replaced:
            return "A bot has your seat for good (your time ran out): you watch this table now."
        if self._seat is None:
            return "Spectators cannot play."
        if self._to_act is None:
            return "The game is over." if self.started else "The game has not begun."
        if self._to_act != self._seat:
            return f"It is {self.player_name(self._to_act)}'s turn."
        if self._pending:
            return "Your last action is still on its way."
        notation = str(action)
        if notation not in self._legal_notations:
            return "That is not one of your choices now."
        self._pending = True
        self.link.send(P.Act(notation=notation))
        return None

    def submit_text(self, text: str) -> str | None:
        if self._view is None:
            return "The game has not begun."
        try:
            action = self.rules.parse(self._view, text)
        except IllegalAction as exc:
            return exc.reason
        return self.submit(action)

    def undo_refusal(self) -> str | None:
        if self._seat is None:
            return "Spectators cannot undo."
        if self._pending:
            return "Your last action is still on its way."
        return self._undo_refusal

    def undo(self) -> str | None:
        if (reason := self.undo_refusal()) is not None:
            return reason
        self._pending = True
        self.link.send(P.Undo())
        return None

    def chat(self, text: str) -> None:
        """Say `text` at this table (the host cleans it and may refuse it, through `on_refusal`)."""
        self.link.send(P.Chat(text=text))

    # -- listeners -------------------------------------------------------------------------------------

    def subscribe(self, listener: TableListener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: TableListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def on_refusal(self, listener: RefusalListener) -> None:
        self._refusal_listeners.append(listener)
