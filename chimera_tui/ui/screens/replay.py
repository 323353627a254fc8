"""Watching a save: the game's own screen over a `ReplayTable`, with keys to move through the game.

`replay_screen` takes the screen class that plays the game (Station's, Codename's, Chimera Con's, or the
generic one) and puts `ReplayControls` in front of it: the replay bar and the keys below. The game screen
itself is unchanged: it reads the table as it always does, and the table offers no action, so nothing can be
played; anything that would act is told "This is a replay".

`ReplayControls` is a plain mixin, not a Textual node, on purpose: Textual follows only the *first* node base
of a class for its CSS (the type names that selectors such as ``StationScreen.-narrow`` match, and the
DEFAULT_CSS it loads), so a replay class whose first node base were the controls would lose the game screen's
layout. With the mixin first and the game screen as the first node base, the replay class has every CSS type
name of the game screen (and its own), while the mixin's methods still come first. Its bindings are given to
the class `replay_screen` builds, since Textual reads BINDINGS only from node classes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from chimera_tui.engine.win_chances import Estimate, analysable
from chimera_tui.table.replay import REPLAY_REFUSAL, UNFINISHED, ReplayTable
from chimera_tui.ui.games import screen_class
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.screens.replay_bar import ReplayBar
from chimera_tui.ui.screens.replay_jump import JumpDialog

if TYPE_CHECKING:
    _Screen = GameScreen  # what the mixin is always combined with (`replay_screen`)
else:
    _Screen = object  # not a node: the game screen stays the first node base (see the module's docstring)


REPLAY_BINDINGS: list[BindingType] = [
    Binding(
        "comma",
        "replay_back",
        "Prev",
        key_display=",",
        id="replay.back",
        priority=True,
        tooltip="One action back",
    ),
    Binding(
        "full_stop",
        "replay_forward",
        "Next",
        key_display=".",
        id="replay.forward",
        priority=True,
        tooltip="One action on",
    ),
    Binding(
        "less_than_sign",
        "replay_previous_round",
        "Round back",
        key_display="<",
        id="replay.round-back",
        priority=True,
        tooltip="To the start of this round, or of the one before",
        show=False,
    ),
    Binding(
        "greater_than_sign",
        "replay_next_round",
        "Round on",
        key_display=">",
        id="replay.round-on",
        priority=True,
        tooltip="To the start of the next round (or phase)",
        show=False,
    ),
    Binding(
        "home",
        "replay_go(0)",
        "Setup",
        id="replay.start",
        priority=True,
        tooltip="Back to the setup",
        show=False,
    ),
    Binding(
        "end",
        "replay_go(-1)",
        "End",
        id="replay.end",
        priority=True,
        tooltip="To the last action",
        show=False,
    ),
    Binding(
        "g", "replay_jump", "Jump", id="replay.jump", priority=True, tooltip="Go to a step by its number"
    ),
    Binding(
        "v",
        "replay_viewpoint",
        "View",
        id="replay.view",
        priority=True,
        tooltip="Everyone's view, or one seat's",
    ),
    Binding(
        "e",
        "replay_analysis",
        "Chart",
        id="replay.analysis",
        priority=True,
        tooltip="Where the game turned: the search bot's estimate of each seat's chance, round by round",
    ),
    Binding("u", "undo", "Undo", id="game.undo", show=False),
    Binding("H,h", "hint", "Hint", id="game.hint", show=False),
    Binding("ctrl+s", "save", "Save", id="game.save", show=False),
    Binding("escape", "leave", "Leave", id="game.leave", tooltip="Stop watching"),
    Binding("c", "replay_refuse", "Choices", show=False),
    Binding("enter", "replay_refuse", "Choose", show=False, priority=True),
]
"""The replay's keys; `replay_screen` gives them to the class it builds (they override the game's)."""


class ReplayControls(_Screen):
    """The replay's keys and bar, put in front of a game's screen class by `replay_screen`."""

    def __init__(self, table: Any, *, bot_delay: float | None = None) -> None:
        super().__init__(table, bot_delay=bot_delay)
        self._estimates: list[Estimate] = []
        """The analysis's points found so far (kept while the screen lives)."""

    @property
    def replay(self) -> ReplayTable:
        """The table being watched."""
        table: Any = self.table
        assert isinstance(table, ReplayTable)
        return table

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield ReplayBar(self.replay)

    def _table_changed(self) -> None:
        super()._table_changed()
        if self.is_mounted:
            for bar in self.query(ReplayBar):
                bar.show()

    # -- moving ----------------------------------------------------------------------------------------

    def action_replay_forward(self) -> None:
        if self.replay.step == self.replay.total:
            self.notify("This is the end of the recorded game.", title="Replay", markup=False)
        self.replay.forward()

    def action_replay_back(self) -> None:
        self.replay.back()

    def action_replay_next_round(self) -> None:
        self.replay.next_round()

    def action_replay_previous_round(self) -> None:
        self.replay.previous_round()

    def action_replay_go(self, step: int) -> None:
        self.replay.go(self.replay.total if step < 0 else step)

    def action_replay_jump(self) -> None:
        def chosen(step: int | None) -> None:
            if step is not None:
                self.replay.go(step)

        self.app.push_screen(JumpDialog(self.replay.step, self.replay.total), chosen)

    def action_replay_analysis(self) -> None:
        if not self.replay.reveals_seats:  # each seat's chance is judged from that seat's own view
            self.notify(UNFINISHED, severity="warning", title="Replay", markup=False)
            return
        from chimera_tui.ui.screens.replay_analysis import AnalysisScreen

        self.app.push_screen(AnalysisScreen(self.replay, self._estimates))

    def action_replay_viewpoint(self) -> None:
        if not self.replay.reveals_seats:
            self.notify(UNFINISHED, severity="warning", title="Replay", markup=False)
            return
        self.replay.cycle_viewpoint()
        seat = self.replay.viewpoint
        who = "everyone" if seat is None else self.replay.player_name(seat)
        self.notify(f"Seen by {who}.", title="Replay", markup=False, timeout=2)

    def game_over(self) -> None:
        """At the end of the recorded game the results wait for ``r`` (the status line and the footer say so)
        instead of opening by themselves as at the end of a live game: over the replay they took its keys,
        so ``v``, ``e`` and moving back did nothing until Esc."""

    # -- never acting ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "save", "hint"):
            return True  # hidden keys that say "This is a replay"
        if action == "replay_analysis":
            return analysable(self.replay.full)
        # A game's key that is greyed out (nothing to do now: n End/Done, Choices) would be greyed at every
        # step of a replay, where nothing is ever played: hide it instead.
        allowed = super().check_action(action, parameters)
        return False if allowed is None else allowed

    def submit(self, action: Any) -> bool:
        self.notify(REPLAY_REFUSAL, severity="warning", title="Replay", markup=False)
        return False

    def action_replay_refuse(self) -> None:
        """Enter and c, which choose in a live game."""
        self.notify(REPLAY_REFUSAL, severity="warning", title="Replay", markup=False)

    def waiting_words(self, seat: int) -> str | None:
        """Nobody thinks in a replay: whoever acts next is just "to act"."""
        return "to act"

    def action_hint(self) -> None:
        self.notify(HINT_REFUSAL, severity="warning", title="Replay", markup=False)

    def action_undo(self) -> None:
        self.notify(REPLAY_REFUSAL, severity="warning", title="Replay", markup=False)

    def action_save(self) -> None:
        self.notify(
            "This is a replay: the save it shows is never written.",
            severity="warning",
            title="Replay",
            markup=False,
        )

    def action_leave(self) -> None:
        self.dismiss(None)


HINT_REFUSAL = "This is a replay: no hints here; e charts how the search bot judged the game."


_CLASSES: dict[type[GameScreen], type[ReplayControls]] = {}


def replay_class(base: type[GameScreen]) -> type[ReplayControls]:
    """The replay screen class over the game screen class `base`: the controls in front, `base` the first
    Textual base, so the replay has `base`'s CSS type names and layout (one class per `base`)."""
    cls = _CLASSES.get(base)
    if cls is None:
        cls = _CLASSES[base] = type(
            f"Replay{base.__name__}", (ReplayControls, base), {"BINDINGS": REPLAY_BINDINGS}
        )
    return cls


def replay_screen(table: ReplayTable) -> ReplayControls:
    """The screen that plays `table`'s game, watching `table`."""
    return replay_class(screen_class(table.game_id))(table, bot_delay=0)
