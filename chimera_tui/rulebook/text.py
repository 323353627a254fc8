"""Rules text: split a game's ``data/rules.md`` into topics, search them and look one up.

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
``chimera rules`` command (``rules_cli.py``) both read topics through it.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from bisect import bisect_left
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
    "find",
    "hide_anchors",
    "markdown_for",
    "parse_rules",
    "parse_topics",
    "rules_for",
    "search",
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


def slugify(text: str) -> str:
    """Turn a heading into a topic id: lower case, accents dropped, words joined by hyphens.

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


def _has_prefix(words: tuple[str, ...], prefix: str) -> bool:
    """Whether a word of the sorted tuple `words` starts with `prefix`."""
    i = bisect_left(words, prefix)
    return i < len(words) and words[i].startswith(prefix)


def search(topics: tuple[Topic, ...], query: str) -> tuple[Topic, ...]:
    """The topics in which every word of `query` starts a word of the title or body.

    Matching ignores case; each query word matches as a prefix (``"feed"`` finds "feeding"). Topics with
    more query words in their title come first; otherwise document order is kept.

    Args:
        topics: The topics to search.
        query: Words separated by spaces or punctuation; an empty query matches every topic.

    Returns:
        The matching topics, best first.
    """
    wanted = tuple(dict.fromkeys(words_of(query)))
    if not wanted:
        return tuple(topics)
    ranked: list[tuple[int, int, Topic]] = []
    for index, topic in enumerate(topics):
        if all(_has_prefix(topic.words, word) for word in wanted):
            in_title = sum(_has_prefix(topic.title_words, word) for word in wanted)
            ranked.append((-in_title, index, topic))
    ranked.sort(key=lambda item: item[:2])
    return tuple(topic for _, _, topic in ranked)


def _describe(topics: tuple[Topic, ...]) -> str:
    return ", ".join(f"{t.id} ({t.title})" for t in topics)


def _names(topic: Topic) -> tuple[str, ...]:
    """The names a topic answers to, case-folded: its title and its aliases."""
    return (topic.title.casefold(), *(alias.casefold() for alias in topic.aliases))


def find(topics: tuple[Topic, ...], key: str) -> Topic:
    """The topic named by an id, a title, an alias or an unambiguous prefix of one.

    Matching ignores case and treats ``"boiler room"``, ``"Boiler Room"`` and ``"boiler-room"`` alike. Exact
    names win over prefixes, and ids and titles over aliases (``<!-- aliases: ... -->``, see the module).

    Args:
        topics: The topics to look in.
        key: What the user typed.

    Returns:
        The one topic meant.

    Raises:
        AmbiguousTopic: when `key` is a prefix of several topics (they are listed).
        TopicNotFound: when nothing matches (near matches are listed when there are any).
    """
    wanted = " ".join(key.split())
    folded = wanted.casefold()
    slug = slugify(wanted)
    for hits in (
        [t for t in topics if t.id == wanted],
        [t for t in topics if t.title.casefold() == folded],
        [t for t in topics if slug and t.id == slug],
        [t for t in topics if slug and slugify(t.title) == slug],
        [t for t in topics if folded in (a.casefold() for a in t.aliases)],
        [t for t in topics if slug and slug in (slugify(a) for a in t.aliases)],
    ):
        if len(hits) == 1:
            return hits[0]
        if hits:
            raise AmbiguousTopic(f"{wanted!r} could mean {_describe(tuple(hits))}.", tuple(hits))
    if slug or folded:

        def starts(names: tuple[str, ...]) -> bool:
            return any(
                (slug and slugify(name).startswith(slug)) or (folded and name.startswith(folded))
                for name in names
            )

        prefixed = tuple(t for t in topics if (slug and t.id.startswith(slug)) or starts(_names(t)[:1]))
        if not prefixed:
            prefixed = tuple(t for t in topics if starts(_names(t)[1:]))
        if len(prefixed) == 1:
            return prefixed[0]
        if prefixed:
            raise AmbiguousTopic(f"{wanted!r} could mean {_describe(prefixed)}.", prefixed)
    by_name: dict[str, Topic] = {}
    for topic in topics:
        for name in (topic.id, *_names(topic), *(slugify(a) for a in topic.aliases)):
            by_name.setdefault(name, topic)
    close = difflib.get_close_matches(slug or folded, list(by_name), n=8, cutoff=0.6)
    close += difflib.get_close_matches(folded, list(by_name), n=8, cutoff=0.6)
    near = tuple(dict.fromkeys(by_name[name] for name in close))[:5]
    if not near and folded:
        titled = [
            t for t in search(topics, wanted) if all(_has_prefix(t.title_words, w) for w in words_of(wanted))
        ]
        near = tuple(titled)[:5]
    if not near and slug:
        near = tuple(t for t in topics if set(slug.split("-")) & set(t.id.split("-")))[:5]
    if near:
        raise TopicNotFound(f"No rules topic matches {wanted!r}; did you mean {_describe(near)}?", near)
    known = f" The topics are: {', '.join(t.id for t in topics)}." if 0 < len(topics) <= 15 else ""
    raise TopicNotFound(f"No rules topic matches {wanted!r}.{known}")
