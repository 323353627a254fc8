"""A screen bound to one seat's table: what the parts of a game screen (answering ahead in `ahead.py`, the
bot's thinking and the hint in `hint.py`) rely on. `GameScreen` (`base.py`) builds the game screen on it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.screen import Screen

from chimera_tui.table.local import LocalTable


class TableScreen(Screen[None]):
    """A screen showing one seat's table (`table`): a local, remote or replay table, all of which answer as
    a `LocalTable` does."""

    def __init__(self, table: LocalTable) -> None:
        super().__init__()
        self.table = table

    @property
    def game_id(self) -> str:
        return self.table.game_id

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        """As Textual's, except that a callback falling due after the screen has left the app is dropped.

        A resize drawn under a dialog schedules the log's rewrap; a player who goes back to the menu just
        then (Escape, a queued key over SSH) removes the screen's widgets first, and the callback would look
        for a log that is gone: a crash where nothing was left to do."""
        bound = partial(callback, *args, **kwargs)

        def unless_gone() -> Any:
            gone = not self.is_attached or self._pruning or self._closing or self._closed
            return None if gone else bound()

        return super().call_after_refresh(unless_gone)

    def choice_words(self, view: Any, action: Any) -> str:
        """`action` as this screen's choices name it, from `view` (the seat's); the hint names its choice so.
        The rules' words by default."""
        try:
            return str(self.table.rules.describe(view, action))
        except Exception:  # a redacted view may lack what the words need
            return str(action)

    def choice_preview(self, view: Any, action: Any) -> list[str]:
        """What `action` would change, a line each, as this screen's choices preview it from `view` (the
        seat's); the hint shows it under its choice. Nothing by default (choices shown as words only)."""
        return []
