"""Finding a rules topic: by its id, title, alias or an unambiguous prefix of one (`find`, as ``chimera rules
GAME TOPIC`` and the rules screen's links do), or by the words it contains (`search`). Near misses are
named in the error, so a mistyped topic gets a "did you mean".
"""

from __future__ import annotations

import difflib
from bisect import bisect_left

from chimera_tui.rulebook.text import AmbiguousTopic, Topic, TopicNotFound, slugify, words_of


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
