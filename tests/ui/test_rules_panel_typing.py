"""The rules browser while a question is typed (issue 32): the list's first result is the highlighted row and
the topic in the reading pane, title and text together, however fast the keys come."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, Markdown, OptionList

from chimera_tui.rulebook.search import rank_for
from chimera_tui.rulebook.text import Topic, topics_for, words_of
from chimera_tui.ui.widgets.rules_panel import RulesPanel
from tests.ui.test_rules_panel import HostApp, listed

QUESTIONS = [
    ("codename", "what does hairiness do"),
    ("con", "what if both chimeras have the same speed"),
    ("station", "can I take back a worker I already placed"),
    ("imaginarium", "when do I pay for my machine"),
]


def pane(app: App[Any]) -> tuple[str, frozenset[str]]:
    """What the reading pane shows: its title, and the words of its text as mounted (every block's)."""
    title = str(app.screen.query_one("#rules-text").border_title)
    blocks = app.screen.query("#rules-markdown Static")  # the blocks, and a table's cells
    return title, frozenset(w for block in blocks for w in words_of(str(block.content)))


def shows(app: App[Any], topic: Topic) -> bool:
    """The pane holds `topic`: its title over words of its own text only."""
    title, words = pane(app)
    return title == topic.title and bool(words) and words <= frozenset(words_of(topic.body))


async def settled(pilot: Pilot[Any]) -> None:
    """Every key handled and the pane written."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def first_result(game: str, question: str) -> Topic:
    return rank_for(game, topics_for(game), question)[0]


@pytest.mark.parametrize(("game", "question"), QUESTIONS)
async def test_typed_fast_the_first_result_is_highlighted_and_on_show(game: str, question: str) -> None:
    """Every key of the question arrives before the first is handled, as a fast typist's do on a busy
    machine. Failed before: a highlight of an earlier list was taken for the new one's, and Codename showed
    and highlighted Haunches (13th) under a list starting Mantis Arm, Con "Reading a card"; and the text
    came seconds after its title, one queued update per key."""
    app = HostApp(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        markdown = app.screen.query_one("#rules-markdown", Markdown)
        updates = 0
        update = markdown.update

        def counted(text: str) -> Any:
            nonlocal updates
            updates += 1
            return update(text)

        markdown.update = counted  # type: ignore[method-assign]
        box = app.screen.query_one(Input)
        for key in question:
            box.insert_text_at_cursor(key)
        await settled(pilot)
        first = first_result(game, question)
        assert listed(app)[0] == first.id
        assert app.screen.query_one("#rules-topics", OptionList).highlighted == 0
        assert app.screen.query_one(RulesPanel).topic_id == first.id
        assert shows(app, first), pane(app)
        assert updates <= 2  # the text written is the newest wanted, not one per key in turn


@pytest.mark.parametrize(("game", "question"), QUESTIONS[:2])
async def test_key_by_key_the_pane_always_shows_the_first_result(game: str, question: str) -> None:
    """Pressed one key at a time: after each word, once handled, the first result is highlighted and on show,
    its title over its text."""
    app = HostApp(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        for n, key in enumerate(question, 1):
            await pilot.press("space" if key == " " else key)
            if n < len(question) and question[n] != " ":
                continue  # mid-word
            await settled(pilot)
            found = rank_for(game, topics_for(game), question[:n])
            if not found:
                continue
            assert app.screen.query_one("#rules-topics", OptionList).highlighted == 0, question[:n]
            assert shows(app, found[0]), (question[:n], found[0].id, pane(app))
