"""The in-process table for hot-seat play with bots."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from chimera_tui import games
from chimera_tui.engine.bots import Bot, bot_seed
from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.match import Match
from chimera_tui.table.ahead import AheadMixin
from chimera_tui.table.base import Seat, TableListener
from chimera_tui.table.standing import Standing, book

Autosave = Callable[[Match[Any, Any]], None]


class LocalTable(AheadMixin):
    """A hot-seat table: every human seat plays at this terminal, bots play their own seats.

    Its `seat` follows the human to act; while a bot is to act it stays on the last human seat, so the
    screen keeps showing that player's view. `play_bot` makes one bot move; the screen calls it on a timer
    so people can watch. Where several people share the keyboard, a person may answer ahead (`give`,
    table/standing/): while the answer stands, the table plays it for that seat when the seat is asked, as
    that seat's own action, so the keyboard stays where it is; the table also plays a person's decision with
    one possible answer where handing the keyboard over for it would tell nobody anything (table/ahead.py).
    After every change the `autosave` hook runs, then the listeners.
    """

    def __init__(
        self,
        game_id: str,
        match: Match[Any, Any],
        seats: Sequence[Seat],
        *,
        autosave: Autosave | None = None,
    ) -> None:
        if len(seats) != match.config.players:
            raise ValueError(f"{len(seats)} seats for a {match.config.players}-player match")
        self.game_id = game_id
        self.match = match
        self.rules = match.rules
        self.config = match.config
        self.seats = tuple(seats)
        self.autosave = autosave
        self._listeners: list[TableListener] = []
        self._events: dict[int, tuple[Any, int | None, tuple[str, ...]]] = {}
        factories = games.bots(game_id)
        self._bots: dict[int, Bot] = {}
        for i, seat in enumerate(self.seats):
            if seat.bot is not None:
                if seat.bot not in factories:
                    raise ValueError(f"{games.title(game_id)} has no bot called {seat.bot!r}")
                self._bots[i] = factories[seat.bot](self.rules, bot_seed(match.seed, i))
        self._book = book(game_id)
        self._standing: dict[int, tuple[Standing, ...]] = {}
        """Each person's standing answers, in the order given (table/standing/)."""
        humans = [i for i, s in enumerate(self.seats) if not s.is_bot]
        self._seat: int | None = humans[0] if humans else None
        self._start_conventions()
        self._follow()
        self._play_for_people()  # a loaded game may stop where the table answers for someone
        self._follow()

    # -- seeing ----------------------------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        return self._seat

    def view(self) -> Any:
        if self.rules.is_over(self.match.state):
            return self.rules.view(self.match.state, None)
        return self.rules.view(self.match.state, self._seat)

    def to_act(self) -> int | None:
        return self.rules.to_act(self.match.state)

    def bot_to_act(self) -> bool:
        """True when the seat to act is a bot's."""
        return self.to_act() in self._bots

    def all_bots(self) -> bool:
        return len(self._bots) == len(self.seats)

    def legal_actions(self) -> Sequence[Any]:
        if self._seat is None or self.to_act() != self._seat:
            return ()
        return self.rules.legal_actions(self.match.state)

    def viewer(self) -> int | None:
        """Whose eyes the log and the board are seen through: the seat, or None (everyone) once it is over."""
        return None if self.rules.is_over(self.match.state) else self._seat

    def log(self) -> tuple[str, ...]:
        """The log in words as `seat` may read it: entries private to another seat are left out or told
        in their public wording (`Ruleset.describe_for`)."""
        return tuple(text for _, text in self.match.texts_for(self.viewer()))

    def log_events(self) -> tuple[tuple[str, ...], ...]:
        """For each line of `log()`, what that action caused in words (dice, destructions), as this seat
        may see it.

        Taken from the `events` field of the seat's view after each action, for rules whose state has one;
        () for the others.
        """
        seat = self.viewer()
        out = []
        for step, _ in self.match.texts_for(seat):
            state = self.match.state_at(step)
            cached = self._events.get(step)
            if cached is None or cached[0] is not state or cached[1] != seat:
                events = tuple(getattr(self.rules.view(state, seat), "events", ()) or ())
                cached = (state, seat, events)
                self._events[step] = cached
            out.append(cached[2])
        return tuple(out)

    def describe(self, action: Any) -> str:
        """`action` in words, as the log would say it if it were taken now."""
        return self.rules.describe(self.match.state, action)

    def player_name(self, seat: int) -> str:
        return self.seats[seat].name

    # -- acting ----------------------------------------------------------------------------------------

    def submit(self, action: Any) -> str | None:
        actor = self.to_act()
        if actor is None:
            return "The game is over."
        if actor in self._bots:
            return f"It is {self.seats[actor].name}'s turn (a bot)."
        try:
            self.match.submit(action)
        except IllegalAction as exc:
            return exc.reason
        self._play_for_people()
        self._changed()
        return None

    def submit_text(self, text: str) -> str | None:
        try:
            action = self.rules.parse(self.match.state, text)
        except IllegalAction as exc:
            return exc.reason
        return self.submit(action)

    def bot_thinks(self) -> bool:
        """True when the bot to act may think for seconds (the search bot's ``thinks``): screens then ask
        `bot_decide` off their event loop."""
        actor = self.to_act()
        return actor is not None and bool(getattr(self._bots.get(actor), "thinks", False))

    def bot_decide(self) -> tuple[Any, Any] | None:
        """The bot to act's choice, with the state it was made in (None when no bot is to act).

        It reads only the bot's view of one immutable state, so a screen may run it in a worker thread and
        then pass the result to `play_bot`.
        """
        state = self.match.state
        actor = self.rules.to_act(state)
        bot = self._bots.get(actor) if actor is not None else None
        if bot is None or actor is None:
            return None
        return state, bot.choose(self.rules.view(state, actor), self.rules.legal_actions(state), actor)

    def play_bot(self, decided: tuple[Any, Any] | None = None) -> str | None:
        """Make one move for the bot to act (`decided`: what `bot_decide` chose, played only while the match
        is still in the state it was chosen in); returns its log line, or None when nothing was played."""
        if decided is None:
            decided = self.bot_decide()
        if decided is None or decided[0] is not self.match.state or not self.bot_to_act():
            return None
        self.match.submit(decided[1])
        line = self.match.texts[-1]
        self._play_for_people()
        self._changed()
        return line

    def undo_refusal(self) -> str | None:
        if self._seat is None:
            return "Spectators cannot undo."
        return self.match.undo_refusal(self._seat)

    def undo(self) -> str | None:
        if (reason := self.undo_refusal()) is not None:
            return reason
        assert self._seat is not None
        self._standing.pop(self._seat, None)  # taking an action back asks again what was answered ahead
        self._start_conventions()
        self.match.undo(self._seat)
        self._changed()
        return None

    def subscribe(self, listener: TableListener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: TableListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if not s.is_bot)

    def needs_hand_off(self, from_seat: int | None, to_seat: int | None) -> bool:
        """Whether the screen must be hidden before it shows `to_seat`'s eyes to the person last handed the
        keyboard, `from_seat`'s (None: nobody yet, as when a game screen opens).

        When `to_seat` would see something `from_seat` may not (their views of the current state,
        `Ruleset.view`, or their logs, `Match.texts_for`, differ). Also when the two see the same, but only
        what everyone sees, while the game hides something from someone: the keyboard then goes to another
        person, whose decision it is (a Codename auction in which only the dealer holds a card). Seats that
        see the same secrets share a screen (Imaginarium's partners). A finished game is public, and a
        seat handing to itself hands nothing.
        """
        if to_seat is None or from_seat == to_seat:
            return False
        state = self.match.state
        if self.rules.is_over(state):
            return False
        if self._sees(to_seat) != self._sees(from_seat):
            return True
        if self._sees(to_seat) != self._sees(None):
            return False  # partners: the same secrets
        return any(self._sees(seat) != self._sees(None) for seat in range(len(self.seats)))

    def _sees(self, seat: int | None) -> tuple[Any, tuple[tuple[int, str], ...]]:
        """What `seat` sees now: its view of the state and its log."""
        return self.rules.view(self.match.state, seat), self.match.texts_for(seat)

    def _changed(self) -> None:
        self._follow()
        if self.autosave is not None:
            self.autosave(self.match)
        self._tell()

    def _tell(self) -> None:
        for listener in list(self._listeners):
            listener()
