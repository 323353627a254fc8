"""A newcomer following the guide of a lesson (chimera_tui/learn) by keys, for the lesson tests and snapshots.

At each of its decisions the learner presses the key the guide names for its suggestion, or, in a list of
choices, moves to the suggestion with the arrows; otherwise it takes the highlighted choice (`c` lists the
choices, where the screen does not show them itself; Chimera Con's list shows the guide's pick highlighted).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import ModalScreen
from textual.widgets import OptionList

from chimera_tui.learn import Progress
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.lesson import GuideBox, LessonControls


def lesson_screen(app: ChimeraApp) -> LessonControls:
    """The lesson's screen (under any dialog)."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, LessonControls))


def guide_text(screen: LessonControls) -> str:
    """What the guide's box says, its white space folded."""
    return " ".join(str(screen.query_one(GuideBox).render()).split())


def _dialog_keys(dialog: ModalScreen[object], screen: LessonControls, at: Progress | None) -> list[str]:
    """In a list of choices: the guide's suggestion, moved to with the arrows, else the highlighted one."""
    suggestion = at.suggestion if at is not None else None
    choices = dialog.query(OptionList)
    if suggestion is None or not choices or screen.state is None:
        return ["enter"]
    action = next(a for a in screen.table.legal_actions() if str(a) == suggestion.action)
    words = screen.choice_words(screen.state, action)
    listed = choices.first()
    labels = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
    if words not in labels:
        return ["enter"]
    return ["home", *["down"] * labels.index(words), "enter"]


async def learn(
    app: ChimeraApp, pilot: Any, game: str, *, until: Callable[[LessonControls], bool] | None = None
) -> set[str]:
    """Play the learner's seat until the lesson is over (or, with `until`, until it holds at one of the
    learner's decisions, no dialog open); return every text the guide showed, white space folded."""
    shown: set[str] = set()
    for _ in range(3000):
        await pilot.pause()
        table = app._table
        assert table is not None
        screen = lesson_screen(app)
        at = screen.at
        shown.add(guide_text(screen))
        if at is not None and at.over:
            break
        dialog = app.screen
        if isinstance(dialog, ModalScreen):
            await pilot.press(*_dialog_keys(dialog, screen, at))
            continue
        assert dialog is screen
        if at is None or table.to_act() != 0:
            await pilot.pause(0.02)
            continue
        if until is not None and until(screen):
            break
        if game == "con":  # the choices are on the screen, the guide's pick highlighted
            choices = screen.query_one("#generic-actions", OptionList)
            assert choices.highlighted not in at.losing or len(at.losing) == choices.option_count
            await pilot.press("enter")
        elif at.suggestion is not None and at.suggestion.key:
            await pilot.press(at.suggestion.key)
        else:
            await pilot.press("c")
    return shown
