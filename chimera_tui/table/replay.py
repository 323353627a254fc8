"""A read-only table over a finished or unfinished match, positioned at one step of its log: a replay.

`ReplayTable` answers the game screens exactly as `LocalTable` would for the match as it stood after `step`
actions, seen by one seat (`viewpoint`) or by everyone (None): the same `Ruleset.view` redaction, the same
per-seat log (`Match.texts_for`). It never acts: it offers no legal actions, refuses every submit and undo
with `REPLAY_REFUSAL`, plays no bot and asks for no hand-off. Moving (`go`, `forward`, `back`,
`next_round`, `previous_round`) and changing the viewpoint tell the listeners, so a game screen redraws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.engine.match import LogEntry, Match
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.table.base import Seat, TableListener

REPLAY_REFUSAL = "This is a replay: nothing can be played or taken back here."
"""What every attempt to act on a replay is told."""

HERE_MARK = "▶ "
"""Put before the log entry of the current step, so the log shows where the replay stands."""


class ReplayMatch:
    """The match as it stood after `step` actions: what screens read through `table.match`."""

    def __init__(self, full: Match[Any, Any], step: int) -> None:
        self._full = full
        self._step = step
        self.rules = full.rules
        self.config = full.config
        self.seed = full.seed

    @property
    def state(self) -> Any:
        return self._full.state_at(self._step)

    @property
    def log(self) -> tuple[LogEntry, ...]:
        return self._full.log[: self._step]

    @property
    def notations(self) -> tuple[str, ...]:
        return self._full.notations[: self._step]

    def __len__(self) -> int:
        return self._step

    def state_at(self, step: int) -> Any:
        """The state after `step` actions, up to the replay's step.

        Raises:
            IndexError: for a step after the replay's.
        """
        if not 0 <= step <= self._step:
            raise IndexError(f"step {step} is after the replay's step {self._step}")
        return self._full.state_at(step)

    def texts_for(self, viewer: int | None) -> tuple[tuple[int, str], ...]:
        return tuple(entry for entry in self._full.texts_for(viewer) if entry[0] <= self._step)


UNFINISHED = (
    "This game is not finished, so its replay shows only what everyone sees; "
    "chimera replay FILE --reveal shows each seat's view."
)
"""Why an unfinished game's replay shows no seat's view."""


class ReplayTable:
    """A replay of `match` (the whole recorded game) at one step, through one seat's eyes or everyone's."""

    def __init__(
        self,
        game_id: str,
        match: Match[Any, Any],
        seats: Sequence[Seat],
        *,
        step: int = 0,
        viewpoint: int | None = None,
        reveal: bool = True,
    ) -> None:
        if len(seats) != match.config.players:
            raise ValueError(f"{len(seats)} seats for a {match.config.players}-player match")
        self.game_id = game_id
        self.full = match
        self.rules = match.rules
        self.config: GameConfig = match.config
        self.seats = tuple(seats)
        self._listeners: list[TableListener] = []
        self._events: dict[tuple[int, int | None], tuple[str, ...]] = {}
        self._labels = tuple(self.rules.round_label(match.state_at(i)) for i in range(len(match) + 1))
        self.reveal = reveal
        """Each seat's view may be shown although the recorded game is not finished (`chimera replay FILE
        --reveal`); the menu's and the plain command's replays pass False."""
        self._viewpoint = viewpoint if viewpoint is None or self.reveals_seats else None
        self._step = max(0, min(step, len(match)))
        self.match = ReplayMatch(match, self._step)

    # -- where the replay stands -----------------------------------------------------------------------

    @property
    def step(self) -> int:
        """How many actions of the log have been applied (0: the setup)."""
        return self._step

    @property
    def total(self) -> int:
        """How many actions the recorded game has."""
        return len(self.full)

    @property
    def viewpoint(self) -> int | None:
        """The seat whose eyes the replay looks through (None: the public view)."""
        return self._viewpoint

    def round_label(self, step: int | None = None) -> str:
        """`Ruleset.round_label` after `step` (default: the current step) actions."""
        return self._labels[self._step if step is None else step]

    def actor_of(self, step: int) -> int | None:
        """Who took action number `step` (counting from 1), or None for step 0."""
        return self.full.log[step - 1].seat if step >= 1 else None

    def action_text(self) -> str | None:
        """The current step's action in words as the viewer may read it; None at step 0 or when the action
        is hidden from the viewer."""
        if self._step == 0:
            return None
        return dict(self.full.texts_for(self.viewer())).get(self._step)

    # -- moving ----------------------------------------------------------------------------------------

    def go(self, step: int) -> None:
        """Stand after `step` actions (clamped to the game), and tell the listeners."""
        step = max(0, min(step, self.total))
        if step != self._step:
            self._step = step
            self.match = ReplayMatch(self.full, step)
            self._changed()

    def forward(self) -> None:
        self.go(self._step + 1)

    def back(self) -> None:
        self.go(self._step - 1)

    def next_round(self) -> None:
        """To the first step of the next round (or phase: wherever the round label changes next), else the
        end."""
        label = self._labels[self._step]
        later = (i for i in range(self._step + 1, self.total + 1) if self._labels[i] != label)
        self.go(next(later, self.total))

    def previous_round(self) -> None:
        """To the first step of this round, or of the previous one when already there."""
        start = self._round_start(self._step)
        self.go(self._round_start(start - 1) if start == self._step and start > 0 else start)

    def _round_start(self, step: int) -> int:
        label = self._labels[step]
        while step > 0 and self._labels[step - 1] == label:
            step -= 1
        return step

    @property
    def reveals_seats(self) -> bool:
        """Whether a seat's view may be shown: the recorded game is finished (everything is public then, as
        at the table), or the replay was opened with `reveal`. An unfinished game is shown as everyone sees
        it, so a hot-seat player cannot look at another's hand from the menu."""
        return self.reveal or self.rules.is_over(self.full.state)

    def set_viewpoint(self, seat: int | None) -> None:
        if seat is not None and not 0 <= seat < len(self.seats):
            raise ValueError(f"there is no seat {seat}")
        if seat is not None and not self.reveals_seats:
            raise ValueError(UNFINISHED)
        if seat != self._viewpoint:
            self._viewpoint = seat
            self._changed()

    def cycle_viewpoint(self) -> None:
        """Everyone, then each seat in turn, then everyone again (only everyone while `reveals_seats` is
        False)."""
        if not self.reveals_seats:
            return
        seat = self._viewpoint
        self.set_viewpoint(0 if seat is None else (seat + 1 if seat + 1 < len(self.seats) else None))

    # -- seeing, as LocalTable ------------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        return self._viewpoint

    def _over(self) -> bool:
        return self.rules.is_over(self.match.state)

    def viewer(self) -> int | None:
        """Whose eyes the log and the board are seen through: the viewpoint, or everyone once it is over."""
        return None if self._over() else self._viewpoint

    def view(self) -> Any:
        return self.rules.view(self.match.state, self.viewer())

    def to_act(self) -> int | None:
        return self.rules.to_act(self.match.state)

    def legal_actions(self) -> Sequence[Any]:
        """Nothing: a replay is watched, never played."""
        return ()

    def log(self) -> tuple[str, ...]:
        """The log up to the current step as the viewer may read it; the current step's entry (when the
        viewer may see it) is marked with `HERE_MARK`."""
        seen = self.match.texts_for(self.viewer())
        return tuple(f"{HERE_MARK}{text}" if step == self._step else text for step, text in seen)

    def log_events(self) -> tuple[tuple[str, ...], ...]:
        """For each line of `log()`, what that action caused in words, as the viewer may see it."""
        viewer = self.viewer()
        out = []
        for step, _ in self.match.texts_for(viewer):
            events = self._events.get((step, viewer))
            if events is None:
                state = self.full.state_at(step)
                events = tuple(getattr(self.rules.view(state, viewer), "events", ()) or ())
                self._events[(step, viewer)] = events
            out.append(events)
        return tuple(out)

    def describe(self, action: Any) -> str:
        return self.rules.describe(self.match.state, action)

    def player_name(self, seat: int) -> str:
        return self.seats[seat].name

    def human_seats(self) -> tuple[int, ...]:
        """None: nobody plays a replay, so no hand-off screen ever hides it."""
        return ()

    def bot_to_act(self) -> bool:
        return False

    def all_bots(self) -> bool:
        return False

    def needs_hand_off(self, from_seat: int | None, to_seat: int | None) -> bool:
        return False

    # -- acting: never ---------------------------------------------------------------------------------

    def bot_thinks(self) -> bool:
        return False

    def bot_decide(self) -> tuple[Any, Any] | None:
        """None: no bot is ever to act in a replay."""
        return None

    def play_bot(self, decided: tuple[Any, Any] | None = None) -> str | None:
        return None

    def submit(self, action: Any) -> str | None:
        return REPLAY_REFUSAL

    def submit_text(self, text: str) -> str | None:
        return REPLAY_REFUSAL

    def undo_refusal(self) -> str | None:
        return REPLAY_REFUSAL

    def undo(self) -> str | None:
        return REPLAY_REFUSAL

    # -- answering ahead: nobody answers in a replay ---------------------------------------------------------

    def offers(self) -> tuple[Any, ...]:
        return ()

    def standing(self) -> tuple[Any, ...]:
        return ()

    def suggestion(self) -> str:
        return ""

    def give(self, answers: Sequence[Any]) -> str | None:
        return REPLAY_REFUSAL

    # -- listeners -------------------------------------------------------------------------------------

    def subscribe(self, listener: TableListener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: TableListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener()
