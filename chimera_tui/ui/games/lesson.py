"""A guided first game on the game's own screen: the guide's box above the footer (chimera_tui/learn).

`lesson_screen_class` puts `LessonControls` in front of a game's screen class, as the replay does
(ui/screens/replay.py, whose docstring says why a plain mixin): the game plays exactly as it always does,
and after every change the guide says what the decision at hand is (`Step.says`), puts the keyboard on the
area where it is taken (`GameScreen.show_area`), and makes `?` open that step's rules topic. It waits: the
player takes the decision with the game's own keys. ``g`` hides or shows the box. Leaving keeps the lesson
saved; "Learn to play" (or ``chimera learn GAME``) resumes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.content import Content
from textual.widgets import OptionList, Static

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
        dock: bottom; margin-bottom: 1; height: auto; max-height: 12; padding: 0 1;
        background: $boost; border-top: solid $accent; color: $text;
    }
    """


LESSON_BINDINGS = [
    Binding("g", "toggle_guide", "Guide", id="lesson.guide", tooltip="Hide or show the guide"),
]


def guide_words(
    lesson: Lesson, at: Progress, titles: dict[str, str], waiting: str | None, choices: Sequence[str] = ()
) -> Content:
    """The guide's box for a learner at `at`: what was just decided for them, the step in hand with its rules
    topic (or the welcome, what happens meanwhile, or the farewell), the move it suggests and the moves that
    would put them out at once.

    Args:
        lesson: The lesson.
        at: Where the learner stands.
        titles: Rules topic titles by id.
        waiting: Who is to act when it is not the learner ("Bot 2 (greedy)"), or None.
        choices: The learner's legal actions in the words the screen lists them (for the warnings).
    """
    if at.over:
        return Content("\n").join([Content.styled(lesson.title, "bold"), Content(lesson.farewell)])
    lines: list[Content] = []
    for index in at.made:
        step = lesson.steps[index]
        lines.append(
            Content.assemble(
                ("Just now · ", "bold $text-accent"), (f"{step.title} — ", "bold"), step.made_says
            )
        )
    if at.current is not None:
        step = lesson.steps[at.current]
        topic = titles.get(step.topic, step.topic)
        count = f"Step {len(at.done) + 1} of {len(lesson.steps)} · "
        lines.append(
            Content.assemble(
                (count, "bold"), (f"Now: {step.title}", "bold $text-accent"), (f" · ? {topic}", "dim")
            )
        )
        lines.append(Content(step.says))
    else:
        done = f"{lesson.title} · {len(at.done)} of {len(lesson.steps)} steps done"
        topic = titles.get(lesson.steps[at.made[-1]].topic, "") if at.made else ""
        lines.insert(0, Content.assemble((done, "bold"), (f" · ? {topic}" if topic else "", "dim")))
        if not at.made:
            if not at.done:
                lines.append(Content(lesson.welcome))
            elif waiting is not None:
                lines.append(
                    Content(f"{waiting} is playing; the guide speaks again when something new comes up.")
                )
            elif not at.losing and not (at.suggestion is not None and at.suggestion.why):
                lines.append(Content("Play on: the guide speaks again when something new comes up."))
    if at.suggestion is not None and at.suggestion.why:
        lines.append(Content.assemble(("Try: ", "bold"), at.suggestion.why))
    if at.losing:
        lines.append(Content.styled(_warning(at, choices), "bold $text-warning"))
    if at.current is None and not at.made:
        lines.append(Content.styled("g hides the guide · Esc leaves (the lesson is saved)", "dim"))
    return Content("\n").join(lines)


SHOWN_WARNINGS = 3
"""At most this many losing choices are named; the rest are counted."""


def _warning(at: Progress, choices: Sequence[str]) -> str:
    """One sentence naming the moves that would put the learner out at once (the first few, the others
    counted), with what the log would say of one."""
    names = [choices[i] if i < len(choices) else "one of your choices" for i in at.losing]
    said = next((text for text in at.losing.values() if text), "")
    said = f": {said}" if said else "."
    if len(names) == 1:
        return f"Careful: {names[0]} puts you out at once{said}"
    listed = "; ".join(names[:SHOWN_WARNINGS])
    if len(names) > SHOWN_WARNINGS:
        listed += f"; and {len(names) - SHOWN_WARNINGS} more"
    return f"Careful: {len(names)} choices would put you out at once ({listed}){said}"


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
        choices: list[str] = []
        if at.losing and self.state is not None:
            choices = [self.choice_words(self.state, a) for a in self.table.legal_actions()]
        self.query_one(GuideBox).update(guide_words(self.lesson, at, self._titles, waiting, choices))
        self._highlight(at)
        if at.current is not None and at.current != self._shown_step:
            area = self.lesson.steps[at.current].area
            if area:
                self.call_after_refresh(self.show_area, area)
        self._shown_step = at.current

    def _highlight(self, at: Progress) -> None:
        """Where the screen lists the choices itself (Chimera Con's list, in legal order), highlight the one
        the guide picks: its suggestion, never a move that loses at once."""
        if at.pick is None:
            return
        for choices in self.query("#generic-actions").results(OptionList):
            if at.pick < choices.option_count:
                choices.highlighted = at.pick
                choices.call_after_refresh(choices.scroll_to_highlight)

    def rules_topic(self) -> str | None:
        """While a step shows, `?` opens its topic (or, after a choice made for the learner, that step's)."""
        at = self.at
        if at is not None and (at.current is not None or at.made):
            return self.lesson.steps[at.current if at.current is not None else at.made[-1]].topic
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
