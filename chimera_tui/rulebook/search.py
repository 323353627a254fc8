"""Rules that answer questions: a game's rules topics ranked for a question in the player's own words.

``chimera rules GAME --list how does feeding work`` and the rules browser's search box both ask `rank`.
No word has to appear: each topic scores by how well it matches (BM25 over the topic's body, and a word in
its title or aliases counting more than any number of mentions in the body), words are compared by their stems ("feeding" finds "feed"), the
words every question has ("how", "does", "can I") count for nothing, and each game names the words players
use for its own terms (a ``<!-- search ... -->`` comment in its ``data/rules.md``: groups of words that find each other, e.g. "hungry" and
"food"; and which topics are catalogue entries, one card each, first only when a question names them).
A topic whose name the question covers counts double. A word still being typed matches the words it begins. Topics scoring under a fifth of the best are
left out, so a question lists what answers it, not every topic that shares a word.

Pure: no Textual, no Rich, no terminal (the rules text is read through `rulebook.text`).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import msgspec

from chimera_tui import games
from chimera_tui.rulebook.text import RulesTextMissing, Topic, markdown_for, words_of

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "by",
        "from",
        "as",
        "into",
        "onto",
        "about",
        "over",
        "under",
        "than",
        "then",
        "so",
        "if",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "do",
        "does",
        "did",
        "doing",
        "done",
        "how",
        "what",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "whose",
        "why",
        "can",
        "could",
        "should",
        "would",
        "will",
        "shall",
        "may",
        "might",
        "must",
        "i",
        "me",
        "my",
        "mine",
        "we",
        "us",
        "our",
        "you",
        "your",
        "yours",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "any",
        "some",
        "all",
        "each",
        "every",
        "much",
        "many",
        "more",
        "most",
        "get",
        "gets",
        "got",
        "have",
        "has",
        "had",
        "having",
        "not",
        "no",
        "yes",
        "one",
        "ones",
        "happen",
        "happens",
        "happened",
        "work",
        "works",
        "way",
        "s",
        "t",
        "give",
        "gives",
        "mean",
        "means",
        "meaning",
        "tell",
        "explain",
        "need",
        "needs",
        "want",
        "go",
        "goes",
        "going",
        "come",
        "comes",
        "put",
        "know",
        "another",
        "other",
        "others",
        "else",
        "off",
        "out",
        "already",
        "also",
        "just",
        "really",
    ]
)
"""Words a question has whatever it asks about; they count only when a question has no other word."""

TITLE_BONUS = 2.5
"""A word in a topic's title (or its aliases) adds this much (times the word's rarity): more than any number
of mentions in a body can."""
SYNONYM_WEIGHT = 0.8
"""A game's synonym of a question's word counts this much of the word itself."""
PREFIX_WEIGHT = 0.5
"""A word that only begins with a question's word (one being typed) counts this much."""
CUTOFF = 0.2
"""Topics scoring under this share of the best are not listed."""
_K1, _B = 1.2, 0.3


class SearchTerms(msgspec.Struct, frozen=True):
    """A game's own words for the search (declared in its rules text: `parse_terms`)."""

    synonyms: tuple[tuple[str, ...], ...] = ()
    """Groups of words players use for the same thing; each finds the others."""
    catalogues: tuple[str, ...] = ()
    """Id prefixes of the topics that each describe one card or piece ("module-"): such a topic that a
    question names only in part, by words that also name a rules topic, comes after it ("research": the
    research track before the Research Grant card; "boiler" still finds the Boiler Room first)."""


def stem(word: str) -> str:
    """A word's stem, as search compares words: "feeding" and "feed", "cheats" and "cheat", "abilities" and
    "ability", "dismantling" and "dismantle", "hairiness", "hairiest" and "hairy" are one (a light suffix
    rule, the same for the rules and the question; stems need not be words). A word in "eed" keeps it
    ("speed" and "speeds", not "spe")."""
    w = word.casefold()
    if len(w) <= 3:
        return w
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("sses", "ss"), ("iness", "y"), ("iest", "y")):
        if w.endswith(suffix) and len(w) > len(suffix) + 1:
            return w[: -len(suffix)] + repl
    for suffix in ("ingly", "ing", "edly", "ed"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not w.endswith("eed"):
            root = w[: -len(suffix)]
            if len(root) > 3 and root[-1] == root[-2] and root[-1] not in "lsz":
                root = root[:-1]  # "stopping" -> "stop"
            return root
    if w.endswith("ment") and len(w) >= 8:
        w = w[:-4]  # "placement" -> "place", "displacement" -> "displace"
    elif w.endswith(("ches", "shes", "xes", "zes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    return w[:-1] if w.endswith("e") and len(w) > 4 else w  # "dismantle" as "dismantling"


def _stems(text: str) -> tuple[str, ...]:
    return tuple(stem(w) for w in words_of(text))


class _Index:
    """The stems of every topic of one game, with what ranking needs."""

    def __init__(
        self, topics: tuple[Topic, ...], synonyms: tuple[tuple[str, ...], ...], catalogues: tuple[str, ...]
    ) -> None:
        self.topics = topics
        self.title: list[frozenset[str]] = []
        self.catalogue: list[bool] = []
        """Topics that each describe one card or piece (the game's `catalogues` id prefixes)."""
        self.named: list[frozenset[str]] = []
        """Each title's own stems (no aliases, no question words): how much of it a question covers."""
        self.body: list[Counter[str]] = []
        self.length: list[float] = []
        df: Counter[str] = Counter()
        for t in topics:
            own = _stems(t.title)
            title = frozenset((*own, *(s for a in t.aliases for s in _stems(a))))
            name = _stems(re.sub(r"\([^)]*\)", " ", t.title))  # "Research track (side A)": research track
            body = Counter(_stems(t.body))
            self.title.append(title)
            self.named.append(frozenset(s for s in name if s not in STOPWORDS) or frozenset(name))
            self.catalogue.append(t.id.startswith(catalogues) if catalogues else False)
            self.body.append(body)
            self.length.append(sum(body.values()))
            df.update(title | set(body))
        self.average = sum(self.length) / len(self.length) if self.length else 1.0
        self.rule_titles = frozenset(
            s for t, c in zip(self.title, self.catalogue, strict=True) if not c for s in t
        )
        """The words of the rules topics' titles: a card whose name shares only such words with a question
        comes after the rules topic of that word."""
        n = len(topics)
        self.idf = {s: math.log(1 + (n - d + 0.5) / (d + 0.5)) for s, d in df.items()}
        self.stems = sorted(df)
        self.related: dict[str, set[str]] = {}
        """Each one-word entry of a synonym group: the group's other one-word entries."""
        self.phrases: list[tuple[frozenset[str], frozenset[str]]] = []
        """(an entry's stems, the stems of its group's other entries) for entries of several words: a
        question holding all of an entry's words also looks for the others'."""
        for group in synonyms:
            entries = [frozenset(_stems(entry)) for entry in group]
            single = {stem(entry.casefold()) for entry in group if len(words_of(entry)) == 1}
            for word in single:
                self.related.setdefault(word, set()).update(single - {word})
            others = frozenset(s for e in entries for s in e if s not in STOPWORDS)
            for entry, words in zip(entries, group, strict=True):
                if len(words_of(words)) > 1:
                    self.phrases.append((entry, others - entry))
        self.kept = frozenset(self.related)
        """Question words that count although questions always have them ("when", a game's term)."""

    def candidates(self, term: str, typing: bool) -> dict[str, float]:
        """The topic stems a question's stem finds, each with its weight."""
        found = {term: 1.0} if term in self.idf else {}
        for other in self.related.get(term, ()):
            if other in self.idf:
                found.setdefault(other, SYNONYM_WEIGHT)
        if typing and not found:
            for s in self.stems:  # a word being typed (not yet one of the rules' words) finds those it begins
                if s.startswith(term) and s != term:
                    found.setdefault(s, PREFIX_WEIGHT)
        return found

    def coverage(self, index: int, asked: frozenset[str]) -> float:
        """How much of topic `index`'s name (its title without a parenthesis) the question's stems cover."""
        named = self.named[index]
        return len(named & asked) / len(named) if named else 0.0

    def score(self, index: int, weighted: dict[str, float], covered: float) -> float:
        """How well topic `index` answers one term (its candidates `weighted`); `covered`: how much of its
        name the question covers."""
        title, body = self.title[index], self.body[index]
        norm = _K1 * (1 - _B + _B * self.length[index] / self.average)
        best = 0.0
        for s, weight in weighted.items():
            tf = body.get(s, 0)
            in_title = TITLE_BONUS * (0.5 + 0.5 * covered) if s in title else 0.0
            found = in_title + (tf * (_K1 + 1) / (tf + norm) if tf else 0.0)
            best = max(best, weight * self.idf[s] * found)
        return best

    def terms(self, query: str) -> tuple[list[str], list[str]]:
        """The question's terms (stems of its meaningful words; two words that make one of the rules' words
        count as it: "set up" as "setup"), and the stems its phrases add (the game's phrase synonyms)."""
        words = [stem(w) for w in words_of(query)]
        raw = words_of(query)
        terms: list[str] = []
        i = 0
        while i < len(words):
            joined = stem(raw[i] + raw[i + 1]) if i + 1 < len(words) else ""
            if joined and joined in self.idf and joined not in STOPWORDS:
                terms.append(joined)
                i += 2
                continue
            if (raw[i] not in STOPWORDS and words[i] not in STOPWORDS) or words[i] in self.kept:
                terms.append(words[i])
            i += 1
        if not terms:
            terms = list(words)
        have = set(words)
        extra = [s for phrase, others in self.phrases if phrase <= have for s in sorted(others)]
        return list(dict.fromkeys(terms)), [s for s in dict.fromkeys(extra) if s not in terms]


@lru_cache(maxsize=16)
def _index(topics: tuple[Topic, ...], terms: SearchTerms) -> _Index:
    return _Index(topics, terms.synonyms, terms.catalogues)


def rank(topics: tuple[Topic, ...], query: str, terms: SearchTerms | None = None) -> tuple[Topic, ...]:
    """The topics that answer `query`, best first (every topic, in document order, for an empty query).

    Args:
        topics: A game's topics, in document order.
        query: A question or a few words, as a player types them; a last word not followed by a space is
            taken as still being typed (if it is not a word of the rules, it finds the words it begins).
        terms: The game's own words (`terms_for`): synonyms, and which topics are catalogue entries.
    """
    words = words_of(query)
    if not words:
        return tuple(topics)
    index = _index(tuple(topics), terms or SearchTerms())
    asked_terms, extra = index.terms(query)
    typing = not query[-1:].isspace()
    last = stem(words[-1])
    per_term = [index.candidates(t, typing and t == last) for t in asked_terms]
    per_extra = {s: w for t in extra for s, w in index.candidates(t, False).items()}
    asked = frozenset(s for found in per_term for s in found) | frozenset(per_extra)
    scored: list[tuple[float, int]] = []
    for i in range(len(topics)):
        covered = index.coverage(i, asked)
        parts = [index.score(i, found, covered) for found in per_term]
        matched = sum(1 for p in parts if p > 0)
        more = SYNONYM_WEIGHT * index.score(i, per_extra, covered) if per_extra else 0.0
        if not (matched or more):
            continue
        value = (sum(parts) + more) * (1 + matched / len(asked_terms)) / 2 * (1 + covered)
        if index.catalogue[i] and covered < 1 and index.title[i] & asked <= index.rule_titles:
            value *= 0.5  # "research": the research track before the Research Grant card
        scored.append((value, i))
    if not scored:
        return ()
    best = max(v for v, _ in scored)
    scored.sort(key=lambda item: (-item[0], item[1]))
    return tuple(topics[i] for v, i in scored if v >= CUTOFF * best)


_BLOCK = re.compile(r"<!--[ \t]*search\b[^\n]*\n(.*?)-->", re.DOTALL)


def parse_terms(markdown: str) -> SearchTerms:
    """The search terms a rules document declares in its ``<!-- search ... -->`` comment (in the introduction,
    never shown): a line ``catalogues: module-, perk-`` and lines ``same: feed, food, hungry``, one group
    each."""
    block = _BLOCK.search(markdown)
    if block is None:
        return SearchTerms()
    catalogues: list[str] = []
    synonyms: list[tuple[str, ...]] = []
    for line in block.group(1).splitlines():
        key, _, rest = line.partition(":")
        items = tuple(item.strip() for item in rest.split(",") if item.strip())
        if key.strip() == "catalogues":
            catalogues.extend(items)
        elif key.strip() == "same" and items:
            synonyms.append(items)
    return SearchTerms(tuple(synonyms), tuple(catalogues))


@lru_cache(maxsize=16)
def terms_for(game_id: str) -> SearchTerms:
    """`game_id`'s own words for the search, from its rules text (none when it declares none)."""
    try:
        return parse_terms(markdown_for(game_id))
    except (games.UnknownGame, RulesTextMissing, games.InstallationIncomplete):
        return SearchTerms()


def rank_for(game_id: str, topics: Sequence[Topic], query: str) -> tuple[Topic, ...]:
    """`rank` with the game's own words."""
    return rank(tuple(topics), query, terms_for(game_id))
