"""The rules panel: search box, topic list and the text of one topic.

Generic over games: it is handed the topics (``rulebook.text.topics_for`` is the screen's job) and never reads
files. Keys: type a question or words in the search box to list the topics that answer it, best first
(`rulebook.search.rank`); Down, Tab or Escape moves to the list; arrows or j/k
browse the list, which previews the highlighted topic; Enter or Right reads it (focus moves to the text,
which scrolls with arrows, j/k, Page Up/Down, Space); Left or h goes back to the list; ``/`` searches again.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.message import Message
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Input, Markdown, OptionList
from textual.widgets.option_list import Option

from chimera_tui.rulebook.search import SearchTerms, rank
from chimera_tui.rulebook.text import Topic, hide_anchors
from chimera_tui.ui.widgets.text_box import TextBox

__all__ = ["RulesPanel"]

NO_MATCH_ID = "rules-panel-no-match"
"""The id of the disabled option shown when nothing matches the search."""


class _SearchInput(TextBox):
    """The search box: Down goes to the list; Escape after a search goes to the list, keeping what the search
    found (with nothing typed, Escape passes on: it closes the rules)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "to_list", "Topics", tooltip="Move to the list of topics"),
        Binding("escape", "back_to_list", "Topics", tooltip="Back to the topics found", show=False),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back_to_list":
            return bool(self.value)
        return super().check_action(action, parameters)

    def action_back_to_list(self) -> None:
        self.action_to_list()

    def action_to_list(self) -> None:
        self.query_ancestor(RulesPanel).query_one(_TopicList).focus()


class _TopicList(OptionList):
    """The topics matching the search; the highlighted one is previewed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "cursor_up", "Up", show=False),
        Binding("j", "cursor_down", "Down", show=False),
        Binding("enter,right,l", "select", "Read", tooltip="Read the highlighted topic"),
    ]


class _TopicText(VerticalScroll, can_focus=True):
    """The scrollable text of the topic on show."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "scroll_up", "Scroll up", show=False),
        Binding("j", "scroll_down", "Scroll down", show=False),
        Binding("space", "page_down", "Page down", show=False),
        Binding("b", "page_up", "Page up", show=False),
        Binding("left,h", "to_list", "Topics", tooltip="Back to the list of topics"),
    ]

    def action_to_list(self) -> None:
        self.query_ancestor(RulesPanel).query_one(_TopicList).focus()


class RulesPanel(Widget):
    """Searchable rules of one game: a search box over a topic list and the chosen topic's text."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "focus_search", "Search", id="rules.search", tooltip="Search the rules by words"),
        Binding("pageup", "scroll_text(-1)", "Page up", show=False),
        Binding("pagedown", "scroll_text(1)", "Page down", show=False),
    ]
    """``/`` jumps to the search box; Page Up/Down scroll the text wherever the focus is in the panel."""

    NARROW: ClassVar[int] = 100
    """Below this width (in cells) the panel takes the ``-narrow`` class and the topic list gets thinner."""

    DEFAULT_CSS = """
    RulesPanel {
        height: 1fr;
        layout: vertical;

        #rules-search {
            width: 1fr;
            margin: 1 1 0 1;
            padding: 0 1;
            background: $boost;
            &:focus {
                background: $surface;
                background-tint: $primary 10%;
            }
        }
        #rules-columns {
            height: 1fr;
        }
        #rules-topics, #rules-text {
            height: 1fr;
            border: round $border-blurred;
            border-title-color: $text-muted;
            background: $surface;
            scrollbar-size-vertical: 1;
            &:focus {
                border: round $border;
                border-title-color: $text-primary;
            }
        }
        #rules-topics {
            width: 32;
        }
        #rules-text {
            width: 1fr;
            padding: 0 1;
        }
        #rules-markdown {
            margin: 0;
            padding: 0;
            background: transparent;
            & > *:first-child {
                margin-top: 0;
            }
        }
        &.-narrow {
            #rules-search {
                margin: 0;
            }
            #rules-topics {
                width: 24;
            }
        }
    }
    """

    topic_id: var[str | None] = var[str | None](None)
    """The id of the topic on show (None before the first is shown, or when there are no topics)."""

    search_text: var[str] = var("")
    """The search as typed; the list holds the topics matching it."""

    class TopicShown(Message):
        """A topic has just been put on show."""

        def __init__(self, panel: RulesPanel, topic: Topic) -> None:
            super().__init__()
            self.panel = panel
            """The panel showing it."""
            self.topic = topic
            """The topic now on show."""

        @property
        def control(self) -> RulesPanel:
            """The panel showing the topic."""
            return self.panel

    def __init__(
        self,
        topics: tuple[Topic, ...],
        *,
        topic: str | None = None,
        terms: SearchTerms | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Build a panel over `topics`.

        Args:
            topics: The game's topics in document order.
            topic: The id of the topic to show first; the first topic when None or unknown.
            terms: The game's own words for the search (`rulebook.search.terms_for`); none when None.
            name: The name of the widget.
            id: The DOM id of the widget.
            classes: Space-separated CSS classes.
            disabled: Whether the panel starts disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.topics = tuple(topics)
        """Every topic, in document order."""
        self.terms = terms or SearchTerms()
        """The game's own words for the search (synonyms, catalogue topics)."""
        self._by_id = {t.id: t for t in self.topics}
        self._first = topic if topic in self._by_id else (self.topics[0].id if self.topics else None)
        self._matches: tuple[Topic, ...] = self.topics
        self._wanted: Topic | None = None
        """The topic whose text the pane should hold (the one on show)."""
        self._written: Topic | None = None
        """The topic whose text the pane holds."""
        self._writing = False
        """A worker is writing the wanted topic's text (`_write_text`)."""

    @property
    def matches(self) -> tuple[Topic, ...]:
        """The topics listed now (those matching the search, best first)."""
        return self._matches

    @property
    def topic(self) -> Topic | None:
        """The topic on show."""
        return self._by_id.get(self.topic_id) if self.topic_id else None

    def watch_topic_id(self, topic_id: str | None) -> None:
        topic = self._by_id.get(topic_id) if topic_id else None
        if topic is None:
            return
        self._wanted = topic
        if not self._writing:
            self._writing = True
            self.run_worker(self._write_text(), group="rules-text")
        self._highlight(topic_id)
        self.post_message(self.TopicShown(self, topic))

    async def _write_text(self) -> None:
        """Put the wanted topic's text in the pane, its title over it, then again while another topic became
        wanted meanwhile.

        Markdown's updates queue behind one another (each parses in a thread, then mounts its blocks), so a
        search typed fast used to queue one per key and the pane showed each in turn, seconds behind the
        list, under the title of the newest (issue 32: "Arena" over the Attacking text on two busy cores).
        Only the newest wanted topic is written now, and the title changes with its text."""
        text, markdown = self.query_one(_TopicText), self.query_one(Markdown)
        try:
            while (topic := self._wanted) is not None and topic is not self._written:
                await markdown.update(hide_anchors(topic.body) or "*There is no text under this topic yet.*")
                self._written = topic
                text.border_title = topic.title
                text.scroll_home(animate=False)
        finally:
            self._writing = False

    def watch_search_text(self, query: str) -> None:
        self._matches = rank(self.topics, query, self.terms)
        topic_list = self.query_one(_TopicList)
        if self._matches:
            topic_list.set_options(Option(t.title, id=t.id) for t in self._matches)
        else:
            message = Content.assemble("No topic matches ", (query.strip(), "bold"))
            topic_list.set_options([Option(message, id=NO_MATCH_ID, disabled=True)])
        if self._matches and (query.strip() or self.topic not in self._matches):
            # Words typed: the best match (listed first) is previewed and highlighted, so Enter reads what
            # the list shows on top, never a topic left on show by an earlier search (issue 8: "boiler"
            # listed Boiler Room first but Enter opened Build bonuses). A cleared search keeps the topic.
            self.topic_id = self._matches[0].id
        self._highlight(self.topic_id)

    def compose(self) -> ComposeResult:
        yield _SearchInput(placeholder="Search rules…", id="rules-search", compact=True)
        with Horizontal(id="rules-columns"):
            yield _TopicList(*(Option(t.title, id=t.id) for t in self.topics), id="rules-topics")
            with _TopicText(id="rules-text"):
                yield Markdown(id="rules-markdown", open_links=False)

    def show_topic(self, topic_id: str) -> Topic:
        """Put a topic on show, clearing the search if it hides that topic.

        Args:
            topic_id: The topic's id.

        Returns:
            The topic now on show.

        Raises:
            KeyError: when there is no topic with that id.
        """
        topic = self._by_id[topic_id]
        if topic not in self._matches:
            self.query_one(_SearchInput).value = ""
            self.search_text = ""
        self.topic_id = topic_id
        self._highlight(topic_id)
        return topic

    def reset(self, topic_id: str) -> None:
        """As the panel opens: `topic_id` on show from its top, the search cleared, the search box focused."""
        search_box = self.query_one(_SearchInput)
        if search_box.value:
            search_box.value = ""
            self.search_text = ""
        if self.topic_id == topic_id:
            self.query_one(_TopicText).scroll_home(animate=False)
        self.show_topic(topic_id)
        search_box.focus()

    def _highlight(self, topic_id: str | None) -> None:
        """Highlight `topic_id` in the list if it is listed, else the best match (which the list then previews)."""
        topic_list = self.query_one(_TopicList)
        ids = [t.id for t in self._matches]
        index = ids.index(topic_id) if topic_id in ids else (0 if ids else None)
        if topic_list.highlighted != index:
            topic_list.highlighted = index

    def action_focus_search(self) -> None:
        """Move the focus to the search box."""
        self.query_one(_SearchInput).focus()

    def action_scroll_text(self, pages: int) -> None:
        """Scroll the topic text by whole pages (negative: up)."""
        text = self.query_one(_TopicText)
        if pages > 0:
            text.scroll_page_down()
        else:
            text.scroll_page_up()

    def on_mount(self) -> None:
        self.query_one(_TopicList).border_title = "Topics"
        if self._first is not None:
            self.topic_id = self._first

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < self.NARROW, "-narrow")

    @on(Input.Changed, "#rules-search")
    def _filter(self, event: Input.Changed) -> None:
        event.stop()
        self.search_text = event.value
        event.input.refresh_bindings()

    @on(Input.Submitted, "#rules-search")
    def _read_best_match(self, event: Input.Submitted) -> None:
        event.stop()
        topic_list = self.query_one(_TopicList)
        if topic_list.highlighted is None or not self._matches:
            return
        self.topic_id = self._matches[topic_list.highlighted].id
        self.query_one(_TopicText).focus()

    @on(OptionList.OptionHighlighted, "#rules-topics")
    def _preview(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option is event.option_list.highlighted_option and event.option_id in self._by_id:
            # A preview. A highlight the list has since moved from, or of a list since rebuilt, is stale and
            # ignored: its option is not the one highlighted now, even at the same index (issue 32: typed
            # fast, "what does hairiness do" listed Mantis Arm first, and a stale highlight of an earlier
            # list's first row put Haunches, the 13th, on show and highlighted).
            self.topic_id = event.option_id

    @on(OptionList.OptionSelected, "#rules-topics")
    def _read(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id in self._by_id:
            self.topic_id = event.option_id
            self.query_one(_TopicText).focus()

    @on(Markdown.LinkClicked, "#rules-markdown")
    def _follow_link(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        path, _, anchor = event.href.partition("#")
        if path:
            self.app.open_url(event.href)
        elif anchor in self._by_id:
            self.show_topic(anchor)
        else:
            self.query_one(Markdown).goto_anchor(anchor)
