"""A guided first game on the game's own screen: the guide's box above the footer (chimera_tui/learn).

`lesson_screen_class` puts `LessonControls` in front of a game's screen class, as the replay does
(ui/screens/replay.py, whose docstring says why a plain mixin): the game plays exactly as it always does,
and after every change the guide says what the decision at hand is (`Step.says`), puts the keyboard on the
area where it is taken (`GameScreen.show_area`), and makes `?` open that step's rules topic. It waits: the
player takes the decision with the game's own keys. ``g`` hides or shows the box. Leaving keeps the lesson
saved; "Learn to play" (or ``chimera learn GAME``) resumes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from chimera_tui.learn import Lesson, Progress, Tracker, lesson_for
from chimera_tui.rulebook.text import RulesFormatError, RulesTextMissing, topics_for
from chimera_tui.ui.games.base import GameScreen

if TYPE_CHECKING:
    _Screen = GameScreen  # what the mixin is always combined with (`lesson_screen_class`)
else:
    _Screen = object  # not a node: the game screen stays the first node base (ui/screens/replay.py)


class GuideBox(Static):
    """The guide's words, above the footer."""

    DEFAULT_CSS = """
    GuideBox {
        dock: bottom; margin-bottom: 1; height: auto; max-height: 7; padding: 0 1;
        background: $boost; border-top: solid $accent; color: $text;
    }
    """


LESSON_BINDINGS = [
    Binding("g", "toggle_guide", "Guide", id="lesson.guide", tooltip="Hide or show the guide"),
]


def guide_words(lesson: Lesson, at: Progress, titles: dict[str, str], waiting: str | None) -> Content:
    """The guide's box for a learner at `at`: the step in hand (or the welcome, what happens meanwhile, or
    the farewell), with its rules topic.

    Args:
        lesson: The lesson.
        at: Where the learner stands.
        titles: Rules topic titles by id.
        waiting: Who is to act when it is not the learner ("Bot 2 (greedy)"), or None.
    """
    count = f"{lesson.title} · step {len(at.done) + 1} of {len(lesson.steps)}"
    if at.over:
        return Content("\n").join([Content.styled(lesson.title, "bold"), Content(lesson.farewell)])
    if at.current is None:
        if not at.done:
            said = lesson.welcome
        elif waiting is not None:
            said = f"{waiting} is playing; the guide speaks again when something new comes up."
        else:
            said = "Play on as before: the guide speaks again when something new comes up."
        keys = "g hides the guide · Esc leaves (the lesson is saved)"
        done = f"{lesson.title} · {len(at.done)} of {len(lesson.steps)} steps done"
        return Content("\n").join([Content.styled(done, "bold"), Content(said), Content.styled(keys, "dim")])
    step = lesson.steps[at.current]
    topic = titles.get(step.topic, step.topic)
    keys = f"? the rules' {topic} · g hides the guide · Esc leaves (saved)"
    return Content("\n").join(
        [
            Content.assemble((f"{count} · ", "bold"), (f"Now: {step.title}", "bold $text-accent")),
            Content(step.says),
            Content.styled(keys, "dim"),
        ]
    )


class LessonControls(_Screen):
    """The guide in front of a game's screen."""

    def __init__(self, table: Any, *, bot_delay: float | None = None) -> None:
        super().__init__(table, bot_delay=bot_delay)
        lesson = lesson_for(table.game_id)
        assert lesson is not None, table.game_id
        self.lesson = lesson
        self.tracker = Tracker(lesson)
        self.at: Progress | None = None
        """Where the learner stood at the last change."""
        self._shown_step: int | None = None
        try:
            self._titles = {t.id: t.title for t in topics_for(table.game_id)}
        except (RulesTextMissing, RulesFormatError):
            self._titles = {}

    def compose(self) -> Any:
        yield from super().compose()
        yield GuideBox(id="lesson-guide")

    def on_mount(self) -> None:
        """(Textual calls every class's on_mount, the game screen's too.)"""
        self.call_after_refresh(self._guide)

    def _table_changed(self) -> None:
        super()._table_changed()
        if self.is_mounted:
            self._guide()

    def _guide(self) -> None:
        at = self.at = self.tracker.update(self.table.match)
        actor = self.table.to_act()
        waiting = self.table.player_name(actor) if actor is not None and actor != 0 else None
        self.query_one(GuideBox).update(guide_words(self.lesson, at, self._titles, waiting))
        if at.current is not None and at.current != self._shown_step:
            area = self.lesson.steps[at.current].area
            if area:
                self.call_after_refresh(self.show_area, area)
        self._shown_step = at.current

    def rules_topic(self) -> str | None:
        """While a step shows, `?` opens its topic."""
        if self.at is not None and self.at.current is not None:
            return self.lesson.steps[self.at.current].topic
        return super().rules_topic()

    def action_toggle_guide(self) -> None:
        box = self.query_one(GuideBox)
        box.display = not box.display


_CLASSES: dict[type[GameScreen], type[LessonControls]] = {}


def lesson_screen_class(base: type[GameScreen]) -> type[LessonControls]:
    """The lesson screen class over the game screen class `base` (one class per `base`)."""
    cls = _CLASSES.get(base)
    if cls is None:
        cls = _CLASSES[base] = type(
            f"Lesson{base.__name__}", (LessonControls, base), {"BINDINGS": LESSON_BINDINGS}
        )
    return cls


def screen_for(game_id: str, *, lesson: bool = False) -> type[GameScreen]:
    """The screen class that plays `game_id`, with the guide in front of it for a lesson."""
    from chimera_tui.ui.games import screen_class

    base = screen_class(game_id)
    return lesson_screen_class(base) if lesson else base
