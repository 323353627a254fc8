"""Rules text: split a game's ``data/rules.md`` into topics (finding one by name or words is lookup.py).

The format every game uses:

* one level-1 heading with the game's title, then an optional introduction;
* topics: each level-2 heading ``## Title {#topic-id}`` starts a topic whose body runs to the next level-2
  heading (level-3 and deeper headings belong to the body). Without ``{#id}`` the id is the slugified title.
* aliases: a topic that covers things players know by other names (a card, a part, a module) may list them on
  a line of its own anywhere in its body, as a hidden HTML comment::

      <!-- aliases: Bull Head, Bull's Head, horns -->

  The names are comma-separated. `find` accepts them as it accepts titles (``chimera rules codename "Bull
  Head"``), search matches their words, and the line itself is never shown (it is not part of `Topic.body`).

This module is pure: no Textual, no Rich, no terminal. The rules panel (``ui/widgets/rules_panel.py``) and the
``chimera rules`` command (``commands/rules.py``) both read topics through it.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import msgspec

from chimera_tui import games

__all__ = [
    "AmbiguousTopic",
    "RulesFormatError",
    "RulesText",
    "RulesTextMissing",
    "Topic",
    "TopicNotFound",
    "hide_anchors",
    "markdown_for",
    "parse_rules",
    "parse_topics",
    "rules_for",
    "slugify",
    "topics_for",
    "words_of",
]

RULES_FILE = "data/rules.md"
"""Where a game package keeps its rules text."""

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
_ATX = re.compile(r" {0,3}(#{1,6})(?:[ \t]+|\Z)(.*)\Z")
_CLOSING_HASHES = re.compile(r"(?:\A|[ \t]+)#+[ \t]*\Z")
_ANCHOR = re.compile(r"[ \t]*\{#([^}\s]*)\}[ \t]*\Z")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_HEADING_ANCHOR = re.compile(r"\{#[^}\s]*\}")
_HEADING_ANCHOR_LINE = re.compile(r"^( {0,3}#{1,6}[ \t].*?)[ \t]*\{#[^}\s]*\}[ \t]*$", re.MULTILINE)
_APOSTROPHES = re.compile(r"(?<=\w)['’](?=\w)")
_WORD = re.compile(r"[^\W_]+")
_ALIASES = re.compile(r"[ \t]{0,3}<!--[ \t]*aliases[ \t]*:(.*?)-->[ \t]*\Z", re.IGNORECASE)


class RulesTextMissing(LookupError):
    """A game has no rules text (no ``data/rules.md`` and no ``rules_markdown``)."""

    def __str__(self) -> str:
        return str(self.args[0])


class RulesFormatError(ValueError):
    """The rules text breaks the format (a duplicate or malformed topic id, an empty heading)."""


class TopicNotFound(LookupError):
    """No topic matches what was asked for."""

    def __init__(self, message: str, candidates: tuple[Topic, ...] = ()) -> None:
        super().__init__(message)
        self.candidates = candidates
        """The near matches (or, for `AmbiguousTopic`, every match), best first."""

    def __str__(self) -> str:
        return str(self.args[0])


class AmbiguousTopic(TopicNotFound):
    """A prefix that matches more than one topic."""


class Topic(msgspec.Struct, frozen=True):
    """One topic of a game's rules: a level-2 heading and the text under it."""

    id: str
    """Kebab-case id, e.g. ``"boiler-room"``; unique within a game."""
    title: str
    """The heading as written, without its ``{#id}``."""
    body: str
    """The Markdown under the heading, up to the next level-2 heading (without the heading itself)."""
    title_words: tuple[str, ...]
    """Sorted, distinct, lower-case words of the title and the aliases, for ranking search results."""
    words: tuple[str, ...]
    """Sorted, distinct, lower-case words of the title, the aliases and the body, for search."""
    aliases: tuple[str, ...] = ()
    """Other names of what the topic covers, from its ``<!-- aliases: ... -->`` lines, as written."""

    @property
    def markdown(self) -> str:
        """The topic as a Markdown document of its own, headed by its title, ``{#id}`` anchors hidden."""
        return hide_anchors(f"## {self.title}\n\n{self.body}\n" if self.body else f"## {self.title}\n")


class RulesText(msgspec.Struct, frozen=True):
    """A whole rules document: title, introduction and topics."""

    title: str
    """The level-1 heading (empty if the document has none)."""
    intro: str
    """The Markdown between the title and the first topic."""
    topics: tuple[Topic, ...]
    """The topics in document order."""

    @property
    def markdown(self) -> str:
        """The whole document for reading: title, introduction and every topic, ``{#id}`` anchors hidden."""
        parts = [
            f"# {self.title}" if self.title else "",
            self.intro,
            *(t.markdown.rstrip() for t in self.topics),
        ]
        return "\n\n".join(part for part in parts if part) + "\n"


def hide_anchors(markdown: str) -> str:
    """`markdown` with the ``{#id}`` at the end of its headings removed, for display."""
    return _HEADING_ANCHOR_LINE.sub(r"\1", markdown)


@lru_cache(maxsize=4096)
def slugify(text: str) -> str:
    """Turn a heading into a topic id: lower case, accents dropped, words joined by hyphens (each text once:
    looking a topic up, as ``?`` does on every press, slugifies every title and alias).

    Apostrophes inside words vanish (``"Player's turn"`` -> ``"players-turn"``); every other run of
    characters that are not letters or digits becomes one hyphen.

    Args:
        text: A heading, e.g. ``"About this edition"``.

    Returns:
        The slug, e.g. ``"about-this-edition"``; empty if `text` has no letters or digits.
    """
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    bare = _APOSTROPHES.sub("", bare.lower())
    return re.sub(r"[^a-z0-9]+", "-", bare).strip("-")


def words_of(text: str) -> tuple[str, ...]:
    """The words of `text` as search sees them: lower case, in order, Markdown link targets and anchors left out.

    Args:
        text: Markdown or a search query.

    Returns:
        The words; apostrophes inside words are dropped (``"worker's"`` -> ``"workers"``).
    """
    text = _LINK_TARGET.sub("]", text)
    text = _HEADING_ANCHOR.sub(" ", text)
    text = _APOSTROPHES.sub("", text.casefold())
    return tuple(_WORD.findall(text))


def _heading(line: str) -> tuple[int, str] | None:
    """The level and text of an ATX heading line, or None if `line` is not one."""
    match = _ATX.match(line.rstrip("\n"))
    if match is None:
        return None
    text = _CLOSING_HASHES.sub("", match.group(2).strip()).strip()
    return len(match.group(1)), text


def _strip_blank_lines(lines: list[str]) -> str:
    return "\n".join(lines).strip("\n").rstrip()


def _split_aliases(body_lines: list[str]) -> tuple[list[str], tuple[str, ...]]:
    """The body lines without their alias lines, and the aliases those lines name (first mention kept)."""
    kept: list[str] = []
    aliases: dict[str, str] = {}
    for line in body_lines:
        match = _ALIASES.match(line)
        if match is None:
            kept.append(line)
            continue
        for name in match.group(1).split(","):
            if name := " ".join(name.split()):
                aliases.setdefault(name.casefold(), name)
    return kept, tuple(aliases.values())


def _topic(title_text: str, body_lines: list[str], line_number: int) -> Topic:
    anchor = _ANCHOR.search(title_text)
    title = title_text[: anchor.start()].strip() if anchor else title_text.strip()
    if not title:
        raise RulesFormatError(f"line {line_number}: a topic heading has no title")
    topic_id = anchor.group(1) if anchor else slugify(title)
    if not _ID.match(topic_id):
        why = "is not kebab-case (use lower-case letters, digits and hyphens)" if anchor else "cannot be made"
        raise RulesFormatError(f"line {line_number}: the id {topic_id!r} of topic {title!r} {why}")
    body_lines, aliases = _split_aliases(body_lines)
    body = _strip_blank_lines(body_lines)
    title_words = words_of(title)
    alias_words = [word for alias in aliases for word in words_of(alias)]
    return Topic(
        id=topic_id,
        title=title,
        body=body,
        title_words=tuple(sorted({*title_words, *alias_words})),
        words=tuple(sorted({*title_words, *alias_words, *words_of(body)})),
        aliases=aliases,
    )


@lru_cache(maxsize=32)
def parse_rules(markdown: str) -> RulesText:
    """Split a rules document into its title, introduction and topics.

    Headings inside fenced code blocks are text, not headings. Results are cached by the text itself.

    Args:
        markdown: The whole document.

    Returns:
        The parsed document.

    Raises:
        RulesFormatError: when a topic has an empty title, a malformed ``{#id}``, or an id used twice.
    """
    title = ""
    intro: list[str] = []
    topics: list[Topic] = []
    current: tuple[str, int] | None = None  # heading text and line number of the topic being read
    body: list[str] = []
    fence: str | None = None
    for number, line in enumerate(markdown.splitlines(), start=1):
        if fence is not None:
            if line.lstrip(" ").startswith(fence) and not line.strip().strip(fence[0]):
                fence = None
        elif (opening := _FENCE.match(line)) is not None:
            fence = opening.group(1)
        elif (heading := _heading(line)) is not None:
            level, text = heading
            if level == 2:
                if current is not None:
                    topics.append(_topic(current[0], body, current[1]))
                current, body = (text, number), []
                continue
            if level == 1 and current is None and not title and not "".join(intro).strip():
                title = _ANCHOR.sub("", text).strip()
                continue
        (intro if current is None else body).append(line)
    if current is not None:
        topics.append(_topic(current[0], body, current[1]))
    seen: dict[str, str] = {}
    for topic in topics:
        if topic.id in seen:
            raise RulesFormatError(
                f"the topic id {topic.id!r} is used twice ({seen[topic.id]!r} and {topic.title!r}); "
                "give one of them an explicit {#id}"
            )
        seen[topic.id] = topic.title
    return RulesText(title=title, intro=_strip_blank_lines(intro), topics=tuple(topics))


def parse_topics(markdown: str) -> tuple[Topic, ...]:
    """The topics of a rules document, in document order (see `parse_rules`)."""
    return parse_rules(markdown).topics


def markdown_for(game_id: str) -> str:
    """The rules text of a game, as Markdown.

    A ruleset object with a ``rules_markdown`` string (games registered at run time, e.g. in tests) supplies
    it directly; otherwise it is the game package's ``data/rules.md``.

    Args:
        game_id: A registered game id.

    Returns:
        The whole document.

    Raises:
        games.UnknownGame: when no such game exists.
        RulesTextMissing: when the game has no rules text.
    """
    rules = games.get(game_id)
    text = getattr(rules, "rules_markdown", None)
    if isinstance(text, str):
        return text
    if game_id in games.KNOWN:
        try:
            return (
                games.data_dir(f"chimera_tui.games.{game_id}")
                .joinpath("rules.md")
                .read_text(encoding="utf-8")
            )
        except (FileNotFoundError, NotADirectoryError, ModuleNotFoundError):
            # A shipped game always has its rules text: the installation is incomplete.
            raise RulesTextMissing(str(games.InstallationIncomplete(game_id, "rules.md"))) from None
    where = "a rules_markdown attribute on its ruleset"
    raise RulesTextMissing(f"{games.title(game_id)} has no rules text yet (expected {where}).")


def rules_for(game_id: str) -> RulesText:
    """The parsed rules document of a game (see `markdown_for` for where it comes from and what it raises)."""
    return parse_rules(markdown_for(game_id))


def topics_for(game_id: str) -> tuple[Topic, ...]:
    """The rules topics of a game, in document order.

    Raises:
        games.UnknownGame: when no such game exists.
        RulesTextMissing: when the game has no rules text.
        RulesFormatError: when its rules text breaks the format.
    """
    return rules_for(game_id).topics
