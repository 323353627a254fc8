"""The rules panel and screen, driven by keys through Pilot."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Input, Markdown, OptionList, Static

from chimera_tui import games
from chimera_tui.rulebook.text import Topic, parse_topics, topics_for
from chimera_tui.ui.dialogs.rules import RulesScreen
from chimera_tui.ui.widgets.rules_panel import NO_MATCH_ID, RulesPanel
from tests.tinygame import RULES

LONG_RULES = "# Long\n\n" + "\n\n".join(
    f"## Part {n}\n\n"
    + "\n\n".join(f"Paragraph {k} of part {n}: tokens, workers and heat." for k in range(30))
    for n in range(1, 4)
)


class _Wordy:
    """A registered game whose single long topic needs scrolling."""

    id = "wordy-test-game"
    title = "Wordy (test)"
    rules_markdown = LONG_RULES


class _Silent:
    """A registered game with no rules text."""

    id = "silent-test-game"
    title = "Silent (test)"


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    extra = (RULES, _Wordy(), _Silent())
    for rules in extra:
        games.register(rules)  # type: ignore[arg-type]
    yield
    for rules in extra:
        games.unregister(rules.id)


class PanelApp(App[None]):
    """Just a rules panel."""

    def __init__(self, topics: tuple[Topic, ...], topic: str | None = None) -> None:
        super().__init__()
        self.topics = topics
        self.topic = topic
        self.shown: list[str] = []

    def compose(self) -> ComposeResult:
        yield RulesPanel(self.topics, topic=self.topic)

    def on_rules_panel_topic_shown(self, event: RulesPanel.TopicShown) -> None:
        self.shown.append(event.topic.id)


class HostApp(App[None]):
    """A stand-in for a game screen that opens the rules screen, as ``?`` will."""

    def __init__(self, game_id: str | None, topic: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.topic = topic

    def compose(self) -> ComposeResult:
        yield Static("the game", id="game")

    def on_mount(self) -> None:
        self.push_screen(RulesScreen(self.game_id, topic=self.topic))


def listed(app: App[None]) -> list[str | None]:
    option_list = app.screen.query_one("#rules-topics", OptionList)
    return [option.id for option in option_list.options]


def panel_of(app: App[None]) -> RulesPanel:
    return app.screen.query_one(RulesPanel)


def shown_text(app: App[None]) -> str:
    return app.screen.query_one("#rules-markdown", Markdown).source


async def test_opens_on_the_given_topic() -> None:
    app = HostApp("pebbles", topic="scoring")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        panel = panel_of(app)
        assert panel.topic_id == "scoring"
        assert shown_text(app).startswith("The game ends as soon as the last pebble is taken.")
        assert app.screen.query_one("#rules-text").border_title == "End of the game and scoring"
        assert app.screen.title == "Pebbles (test game)"
        assert isinstance(app.focused, Input)


async def test_typing_filters_the_list_and_previews_the_best_match() -> None:
    app = HostApp("pebbles", topic="options")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert listed(app) == [t.id for t in topics_for("pebbles")]
        await pilot.press(*"bonus")
        await pilot.pause()
        assert listed(app)[0] == "bonus-cards" and set(listed(app)) == {"bonus-cards", "setup", "scoring"}
        assert panel_of(app).topic_id == "bonus-cards"
        await pilot.press("space", *"game", "space", *"end")
        await pilot.pause()
        assert listed(app) == ["scoring", "bonus-cards"]
        assert panel_of(app).topic_id == "scoring"  # the best match is always the one previewed


async def test_typing_a_module_name_then_enter_reads_that_module() -> None:
    """Issue 8: typing ``boiler`` listed Boiler Room first, but Enter opened "Build bonuses"."""
    app = HostApp("station")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"boiler")
        await pilot.pause()
        assert listed(app)[0] == "module-boiler"
        assert app.screen.query_one("#rules-topics", OptionList).highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        assert panel_of(app).topic_id == "module-boiler"
        assert app.screen.query_one("#rules-text").border_title == "Boiler Room"


async def test_clearing_the_search_keeps_the_topic_on_show() -> None:
    app = HostApp("pebbles")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"bonus")
        await pilot.pause()
        assert panel_of(app).topic_id == "bonus-cards"
        await pilot.press(*["backspace"] * 5)
        await pilot.pause()
        assert listed(app) == [t.id for t in topics_for("pebbles")]
        assert panel_of(app).topic_id == "bonus-cards"


async def test_no_match_keeps_the_topic_and_says_so() -> None:
    app = HostApp("pebbles", topic="setup")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"zebra")
        await pilot.pause()
        assert listed(app) == [NO_MATCH_ID]
        assert panel_of(app).topic_id == "setup"
        await pilot.press("enter")  # nothing to read: nothing changes
        assert panel_of(app).topic_id == "setup"
        assert isinstance(app.focused, Input)


async def test_enter_in_the_search_reads_the_best_match() -> None:
    app = HostApp("pebbles")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"die", "enter")
        await pilot.pause()
        assert panel_of(app).topic_id == "your-turn"
        assert app.focused is not None and app.focused.id == "rules-text"


async def test_list_keys_browse_and_enter_reads() -> None:
    app = HostApp("pebbles")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down")
        assert app.focused is not None and app.focused.id == "rules-topics"
        await pilot.press("j", "j")
        await pilot.pause()
        assert panel_of(app).topic_id == "bonus-cards"
        await pilot.press("k")
        await pilot.pause()
        assert panel_of(app).topic_id == "your-turn"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert panel_of(app).topic_id == "bonus-cards"
        assert shown_text(app).startswith("Your bonus card is worth 1, 2 or 3 points")
        assert app.focused is not None and app.focused.id == "rules-text"
        await pilot.press("left")
        assert app.focused is not None and app.focused.id == "rules-topics"
        await pilot.press("slash")
        assert isinstance(app.focused, Input)


async def test_tab_moves_from_the_search_to_the_list() -> None:
    app = HostApp("pebbles")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "rules-topics"


async def test_text_scrolls_with_keys() -> None:
    app = HostApp("wordy-test-game")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = app.screen.query_one("#rules-text")
        assert text.max_scroll_y > 0
        await pilot.press("pagedown")  # from the search box
        await pilot.pause()
        first_page = text.scroll_y
        assert first_page > 0
        await pilot.press("tab", "down", "enter", "j", "j", "j")
        await pilot.pause()
        assert app.focused is text
        assert panel_of(app).topic_id == "part-2"
        assert text.scroll_y == 3  # a new topic starts at the top; j scrolls a line
        await pilot.press("end")
        await pilot.pause()
        assert text.scroll_y == text.max_scroll_y


async def test_show_topic() -> None:
    topics = topics_for("pebbles")
    app = PanelApp(topics)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panel = app.query_one(RulesPanel)
        assert panel.topic_id == "setup"
        shown = panel.show_topic("about-this-edition")
        await pilot.pause()
        assert shown.title == "About this edition"
        assert panel.topic_id == "about-this-edition"
        assert shown_text(app).startswith("Pebbles is a test game")
        highlighted = app.query_one("#rules-topics", OptionList).highlighted_option
        assert highlighted is not None and highlighted.id == "about-this-edition"
        assert app.shown == ["setup", "about-this-edition"]
        with pytest.raises(KeyError):
            panel.show_topic("no-such-topic")


async def test_show_topic_clears_a_search_that_hides_it() -> None:
    app = PanelApp(topics_for("pebbles"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"roll")
        await pilot.pause()
        panel = app.query_one(RulesPanel)
        assert [t.id for t in panel.matches] == ["your-turn"]
        panel.show_topic("options")
        await pilot.pause()
        assert app.query_one(Input).value == ""
        assert listed(app) == [t.id for t in topics_for("pebbles")]
        assert panel.topic_id == "options"


async def test_topic_links_open_topics() -> None:
    app = PanelApp(topics_for("pebbles"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        markdown = app.query_one(Markdown)
        markdown.post_message(Markdown.LinkClicked(markdown, "#options"))
        await pilot.pause()
        assert app.query_one(RulesPanel).topic_id == "options"


async def test_escape_from_a_search_goes_to_the_topics_found_then_closes() -> None:
    """Issue 24: Escape in the search box returns the keyboard to the list, keeping what the search found;
    from the list, Escape closes (and with nothing typed, Escape in the box closes at once)."""
    app = HostApp("pebbles")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"bonus", "escape")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one(Input).value == "bonus"
        assert listed(app)[0] == "bonus-cards" and len(listed(app)) < 6
        assert app.focused is app.screen.query_one("#rules-topics", OptionList)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)
        assert app.query_one("#game", Static)


async def test_q_closes_from_the_list() -> None:
    app = HostApp("pebbles")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "q")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


async def test_q_in_the_search_is_just_a_letter() -> None:
    app = HostApp("pebbles")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one(Input).value == "q"


async def test_footer_keys_have_ids() -> None:
    app = HostApp("pebbles")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        active = app.screen.active_bindings
        assert active["escape"].binding.description == "Close"
        assert active["escape"].binding.id == "rules.close"
        assert active["slash"].binding.id == "rules.search"
        assert all(b.tooltip for b in (active["escape"].binding, active["slash"].binding))
        await pilot.press("x")
        assert app.screen.active_bindings["escape"].binding.description == "Topics"


async def test_unknown_topic_warns_and_shows_the_first() -> None:
    app = HostApp("pebbles", topic="boiler-room")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert panel_of(app).topic_id == "setup"
        messages = [n.message for n in app._notifications]
        assert any("No rules topic matches 'boiler-room'" in m for m in messages)


async def test_topic_prefix_is_accepted() -> None:
    app = HostApp("pebbles", topic="Bonus")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert panel_of(app).topic_id == "bonus-cards"


async def test_game_without_rules_text_says_so() -> None:
    app = HostApp("silent-test-game")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query(RulesPanel)
        note = app.screen.query_one(".rules-problem", Static)
        assert "Silent (test) has no rules text yet" in str(note.render())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


async def test_choose_a_game_first() -> None:
    app = HostApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game_list = app.screen.query_one("#rules-games", OptionList)
        ids = [option.id for option in game_list.options]
        assert ids == list(games.game_ids())
        assert app.screen.active_bindings.get("g") is None  # nothing to go back from yet
        await pilot.press(*["down"] * ids.index("pebbles"), "enter")
        await pilot.pause()
        assert panel_of(app).topic_id == "setup"
        assert app.screen.title == "Pebbles (test game)"
        assert isinstance(app.focused, Input)
        await pilot.press("down", "g")
        await pilot.pause()
        game_list = app.screen.query_one("#rules-games", OptionList)
        assert game_list.highlighted == ids.index("pebbles")
        assert game_list.has_focus
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


@pytest.mark.parametrize(("width", "narrow"), [(80, True), (120, False)])
async def test_narrow_terminals_get_a_thinner_list(width: int, narrow: bool) -> None:
    app = PanelApp(parse_topics(LONG_RULES))
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        panel = app.query_one(RulesPanel)
        assert panel.has_class("-narrow") is narrow
        topic_list = app.query_one("#rules-topics")
        text = app.query_one("#rules-text")
        assert topic_list.size.width + 2 <= (24 if narrow else 32)  # border included in outer width
        assert text.region.x >= topic_list.region.right
        assert text.region.right <= width
        assert text.size.width >= 40
