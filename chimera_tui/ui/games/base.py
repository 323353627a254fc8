"""What every game screen shares: the table binding, bot pacing, hand-off, undo, save, rules, leaving."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, cast

from textual.binding import Binding
from textual.events import Key
from textual.reactive import Reactive, var
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from chimera_tui.table.base import hand_off_due
from chimera_tui.table.local import LocalTable
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.ahead import offer_ahead, offers_ahead, open_answer_ahead
from chimera_tui.ui.games.hint import cancel_hint, hint_offered, show_hint, think_for_bot
from chimera_tui.ui.games.table_screen import TableScreen
from chimera_tui.ui.widgets.action_log import ActionLog

DialogT = TypeVar("DialogT", bound=Screen[Any])


class GameScreen(TableScreen):
    """Base of every game's screen. Owns the seat's view in `state`; children are bound to it.

    Subclasses compose their widgets, bind them to `state` (or to values derived from it), and override
    `rules_topic` to name the rules topic under the cursor.
    """

    BINDINGS = [
        Binding(
            "u", "undo", "Undo", id="game.undo", tooltip="Take back your last action, where the rules allow"
        ),
        Binding(
            "ctrl+s",
            "save",
            "Save",
            id="game.save",
            tooltip="Save now (the game also saves after every move)",
            show=False,  # every move is saved already; its footer room goes to the hint (80 columns)
        ),
        Binding(
            "question_mark,f1",
            "rules",
            "Rules",
            id="game.rules",
            tooltip="The rules of what is under the cursor",
        ),
        Binding("escape", "leave", "Menu", id="game.leave", tooltip="Back to the menu; the game stays saved"),
        # H as well as h: on a board, h moves the cursor left (hjkl), as DESIGN.md asks. In the footer only
        # where a hint is offered (check_action: `hint_offered`).
        Binding("H,h", "hint", "Hint", id="game.hint", tooltip="What the search bot would do now, and why"),
        # A, not a: on the card boards a moves the cursor left (WASD). In the footer only where a person may
        # answer ahead (check_action: the table offers standing answers).
        Binding(
            "A",
            "answer_ahead",
            "Answer ahead",
            id="game.answer-ahead",
            tooltip="Answers the table gives for you when you are asked, so the keyboard need not come back",
        ),
    ]

    BOT_DELAY: ClassVar[float] = 0.6
    """Seconds a bot waits before moving, so people can follow."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """As Textual's, without repainting the whole screen on every focus change: the widgets that gain and
    lose focus repaint themselves, so a Tab costs the changed areas, not every line of the terminal."""

    state: var[Any] = var(None, always_update=True)
    """This seat's view of the match, as the table last reported it; replaced, never mutated."""

    def __init__(self, table: LocalTable, *, bot_delay: float | None = None) -> None:
        super().__init__(table)
        self.bot_delay = self.BOT_DELAY if bot_delay is None else bot_delay
        self._bot_timer: Timer | None = None
        self._shown_seat: int | None = None
        """The seat whose person was last handed the keyboard (None: nobody yet)."""
        self._handing_off = False
        self._kept: dict[str, Screen[Any]] = {}
        """Dialogs this screen keeps and shows again (`push_kept`), by kind."""

    def show_log(self) -> None:
        """Show the log in words, wrapped to its width (screens whose log wraps say how; the generic screen's
        does not wrap)."""

    def on_action_log_narrowed(self, event: ActionLog.Narrowed) -> None:
        """A log's scrollbar came or went: wrap the log again to the width it now has."""
        if self.state is not None:
            self.show_log()

    def on_mount(self) -> None:
        self.table.subscribe(self._table_changed)
        self._table_changed()

    def on_unmount(self) -> None:
        self.table.unsubscribe(self._table_changed)
        if self._bot_timer is not None:
            self._bot_timer.stop()
        kept, self._kept = self._kept, {}
        stacks = self.app._screen_stacks.values()
        for dialog in kept.values():
            if not any(dialog in stack for stack in stacks):
                self.app.uninstall_screen(dialog)
                dialog.remove()  # an uninstalled screen stays mounted (and in memory) until removed

    def push_kept(
        self,
        kind: str,
        make: Callable[[], DialogT],
        reopen: Callable[[DialogT], object],
        callback: Callable[[Any], None] | None = None,
    ) -> DialogT:
        """Show a dialog this screen keeps while it lives: built by `make` the first time, then shown again
        after `reopen` has put the new content in it (building a dialog mounts and styles each of its
        widgets, most of what opening one costs). While the kept one is already on the screen stack, a new
        one is built for this time.

        Args:
            kind: Which dialog (a screen keeps one of each kind).
            make: Builds the dialog with this time's content.
            reopen: Puts this time's content in the kept dialog.
            callback: Called with the dialog's result, as `App.push_screen`'s.

        Returns:
            The dialog pushed.
        """
        kept = self._kept.get(kind)
        if kept is None or any(kept in stack for stack in self.app._screen_stacks.values()):
            dialog = make()
            if kept is None:
                self._kept[kind] = dialog
                self.app.install_screen(dialog, f"{kind}-{id(self)}")
        else:
            dialog = cast(DialogT, kept)  # kept under `kind`, so made by a `make` like this one
            reopen(dialog)
        self.app.push_screen(dialog, callback)
        return dialog

    # -- following the table ---------------------------------------------------------------------------

    def _table_changed(self) -> None:
        self._maybe_hand_off()
        self.state = self.table.view()
        self.refresh_bindings()
        if self.table.rules.is_over(self.table.match.state):
            self.game_over()
        self._schedule_bot()
        if not self._handing_off:
            offer_ahead(self)

    def _maybe_hand_off(self) -> None:
        """Hide the screen before it shows another person's eyes: when the table has more than one human
        seat and the table says the seat to show would see something the person last handed the keyboard
        (or, on opening, nobody) may not (`hand_off_due`). Every way into a game screen passes here, so
        loading a hot-seat game or reopening it from the menu is handed off too.

        The person at the keyboard changes only by a hand-off: a screen that follows the table to another
        seat without one (nothing differed) still has the last person in front of it, so a secret that seat
        gains later (a Codename dealer's card) is handed off for too."""
        seat = self.table.seat
        if seat is not None and not self._handing_off and hand_off_due(self.table, self._shown_seat):
            self._handing_off = True
            self._shown_seat = seat
            self.app.push_screen(HandOffScreen(self.table.player_name(seat)), self._handed_off)

    def _handed_off(self, _: None) -> None:
        self._handing_off = False
        self._maybe_hand_off()  # the table may have moved on while the screen was hidden
        if self._handing_off:
            return
        self._schedule_bot()
        offer_ahead(self)

    # -- answering ahead (table/standing/, ui/games/ahead.py) --------------------------------------------

    def action_answer_ahead(self) -> None:
        """The standing answers this seat may give now, ticked where it gave them."""
        open_answer_ahead(self)

    def _schedule_bot(self) -> None:
        if self._bot_timer is None and self.table.bot_to_act():
            self._bot_timer = self.set_timer(max(self.bot_delay, 0.001), self._bot_move)

    def _bot_move(self) -> None:
        self._bot_timer = None
        if (
            self.table.bot_thinks()
        ):  # the search bot: decide in a thread, say it is thinking (ui/games/hint.py)
            think_for_bot(self)
            return
        self.table.play_bot()  # the table's listeners (our _table_changed) follow

    def game_over(self) -> None:
        """Called once the match has ended; subclasses show their final screen."""

    # -- keys ------------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer_ahead":
            return bool(offers_ahead(self.table))
        if action == "undo":
            return self.table.undo_refusal() is None or None  # greyed in the footer; see on_key
        if action == "hint":
            return hint_offered(self.table)
        return True

    def on_key(self, event: Key) -> None:
        """A greyed-out Undo key still answers: it says in words why there is nothing to undo."""
        bindings = self._bindings.key_to_bindings.get(event.key, [])
        if any(binding.action == "undo" for binding in bindings):
            reason = self.table.undo_refusal()
            if reason is not None:
                event.stop()
                self.notify(reason, severity="warning", title="Cannot undo", markup=False)

    def action_undo(self) -> None:
        """Undo, or say in words why not."""
        if (reason := self.table.undo()) is not None:
            self.notify(reason, severity="warning", title="Cannot undo", markup=False)

    def action_save(self) -> None:
        self.app.save_now()  # type: ignore[attr-defined]

    def rules_topic(self) -> str | None:
        """The rules topic for what is under the cursor (None: the first topic)."""
        return None

    def show_area(self, area: str) -> bool:
        """Put the keyboard on the area `area` (a widget id, "#belt"), showing its pane where the layout
        shows one at a time (each screen's focus handling does); False when there is no such area."""
        found = self.query(area)
        if not found or not found.first().focusable:
            return False
        found.first().focus()
        return True

    def action_rules(self) -> None:
        from chimera_tui.ui.dialogs.rules import open_rules

        open_rules(self.app, self.game_id, self.rules_topic())

    def action_hint(self) -> None:
        """The search bot's choice for the seat at the keyboard, in words with a reason; never played. While
        it is still thinking, the same key cancels it."""
        if not cancel_hint(self):
            show_hint(self)

    def waiting_words(self, seat: int) -> str | None:
        """What the screen says after the name of `seat` when it is to act and nobody at this keyboard
        decides for it: "is thinking…" for a bot, None for a person (each screen words that wait its own
        way). A replay says "to act" for every seat (ui/screens/replay.py): nobody thinks there."""
        return "is thinking…" if self.table.seats[seat].is_bot else None

    def action_leave(self) -> None:
        """Back to the menu; while a hint is thinking, Escape cancels the hint instead."""
        if not cancel_hint(self):
            self.app.leave_game()  # type: ignore[attr-defined]

    def submit(self, action: Any) -> bool:
        """Send `action` to the table; a refusal is shown with the rules' reason."""
        if (reason := self.table.submit(action)) is not None:
            self.notify(reason, severity="warning", title="Not allowed", markup=False)
            return False
        return True
