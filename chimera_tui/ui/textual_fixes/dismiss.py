"""One fix for a dialog that is told to close after it already has.

* **A dialog closed twice closed the screen below it** (``stale-dismiss``; upstream: Textualize/textual pull
  request #4621, in 0.66, made ``Screen.dismiss`` do nothing on a screen that is not active, and pull request
  #6362, in 8.0.0, took that check out again; the report we would file is drafted as "``Screen.dismiss`` on a
  screen already dismissed pops the screen below it", draft 5 in ``docs/textual-upstream.md``).
  ``Screen.dismiss`` pops whatever screen is on top, even when the screen dismissed has already left the
  stack. Two Enters queued for a choice dialog (a quick typist, or an SSH connection delivering keys in a
  burst) reached the dialog after the first had closed it: the second ``dismiss`` took the game screen off the
  stack and answered the question twice. A screen that is no longer the one on show now ignores ``dismiss``.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete
from textual.screen import Screen

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["install_stale_dismiss"]


def install_stale_dismiss() -> None:
    original_dismiss: Any = Screen.__dict__.get("dismiss")
    if original_dismiss is None:
        return

    def dismiss(self: Screen[Any], result: Any = None) -> AwaitComplete:
        try:
            on_show = self.app.screen
        except Exception:  # no app or an empty stack: let Textual say what is wrong
            on_show = self
        if on_show is not self:
            nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return nothing  # closed already: a late key must not close what is below
        done: AwaitComplete = original_dismiss(self, result)
        return done

    replace("stale-dismiss", Screen, "dismiss", dismiss)
    mark_applied("stale-dismiss", original_dismiss)
