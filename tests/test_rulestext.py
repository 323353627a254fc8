"""The rules-text format: topics, ids, search and look-up (chimera_tui.rulebook.text)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

from chimera_tui import games
from chimera_tui.rulebook.lookup import find, search
from chimera_tui.rulebook.text import (
    AmbiguousTopic,
    RulesFormatError,
    RulesTextMissing,
    TopicNotFound,
    hide_anchors,
    markdown_for,
    parse_rules,
    parse_topics,
    rules_for,
    slugify,
    topics_for,
    words_of,
)
from tests.tinygame import PEBBLES_RULES_MD, RULES

SAMPLE = """\
# Chimera Sample

A short introduction
over two lines.

## Boiler Room {#boiler-room}

Place a worker here to gain **heat**.

### Displacing a worker

A worker with more claws displaces one with fewer.

## Feeding

Each round, feed your chimeras. See [the boiler](#boiler-room).

```text
## not a heading, this is code
```

## Player's turn ##

On your turn place one worker.

## Scoring {#end-scoring}

Count feeding tokens and heat.
"""


@pytest.fixture
def pebbles() -> Iterator[str]:
    games.register(RULES)
    yield RULES.id
    games.unregister(RULES.id)


class _Silent:
    """A registered game with no rules text at all."""

    id = "silent-test-game"
    title = "Silent (test)"


@pytest.fixture
def silent() -> Iterator[str]:
    games.register(_Silent())  # type: ignore[arg-type]
    yield _Silent.id
    games.unregister(_Silent.id)


class TestParse:
    def test_title_intro_and_topics_in_order(self) -> None:
        rules = parse_rules(SAMPLE)
        assert rules.title == "Chimera Sample"
        assert rules.intro == "A short introduction\nover two lines."
        assert [t.id for t in rules.topics] == ["boiler-room", "feeding", "players-turn", "end-scoring"]
        assert [t.title for t in rules.topics] == ["Boiler Room", "Feeding", "Player's turn", "Scoring"]

    def test_level_three_headings_stay_in_the_body(self) -> None:
        boiler = parse_topics(SAMPLE)[0]
        assert boiler.body == (
            "Place a worker here to gain **heat**.\n\n### Displacing a worker\n\n"
            "A worker with more claws displaces one with fewer."
        )

    def test_headings_inside_code_fences_are_text(self) -> None:
        feeding = parse_topics(SAMPLE)[1]
        assert "## not a heading, this is code" in feeding.body
        assert feeding.body.endswith("```")

    def test_explicit_id_wins_over_the_title(self) -> None:
        scoring = parse_topics(SAMPLE)[3]
        assert (scoring.id, scoring.title) == ("end-scoring", "Scoring")

    def test_no_title_and_no_topics(self) -> None:
        rules = parse_rules("Just a paragraph.\n")
        assert (rules.title, rules.intro, rules.topics) == ("", "Just a paragraph.", ())

    def test_words_cover_title_and_body_without_link_targets(self) -> None:
        feeding = parse_topics(SAMPLE)[1]
        assert feeding.title_words == ("feeding",)
        assert {"feeding", "round", "chimeras", "boiler", "code"} <= set(feeding.words)
        assert "room" not in feeding.words  # only in the link target "#boiler-room"
        assert list(feeding.words) == sorted(set(feeding.words))

    def test_duplicate_ids_are_refused(self) -> None:
        with pytest.raises(RulesFormatError, match="'feeding' is used twice"):
            parse_topics("## Feeding\n\na\n\n## Other {#feeding}\n\nb\n")

    @pytest.mark.parametrize("heading", ["## Bad {#Boiler_Room}", "## Bad {#-x}", "## {#lonely}", "## ???"])
    def test_malformed_headings_are_refused(self, heading: str) -> None:
        with pytest.raises(RulesFormatError):
            parse_topics(heading + "\n\ntext\n")

    def test_topic_markdown_hides_anchors(self) -> None:
        topic = parse_topics("## Top {#t}\n\n### Sub part {#sub}\n\nText.\n")[0]
        assert topic.markdown == "## Top\n\n### Sub part\n\nText.\n"

    def test_whole_document_markdown(self) -> None:
        text = parse_rules("# Game\n\nIntro.\n\n## A {#a}\n\nOne.\n\n## B\n\nTwo.\n").markdown
        assert text == "# Game\n\nIntro.\n\n## A\n\nOne.\n\n## B\n\nTwo.\n"


class TestSlugsAndWords:
    @pytest.mark.parametrize(
        ("title", "slug"),
        [
            ("About this edition", "about-this-edition"),
            ("Boiler Room", "boiler-room"),
            ("Player's turn", "players-turn"),
            ("Feeding & breeding (2–4 players)", "feeding-breeding-2-4-players"),
            ("Café Señor", "cafe-senor"),
            ("  --Spaces--  ", "spaces"),
            ("!!!", ""),
        ],
    )
    def test_slugify(self, title: str, slug: str) -> None:
        assert slugify(title) == slug

    def test_words_of(self) -> None:
        assert words_of("The worker's [Boiler](#boiler-room) single-claw, 2 VP!") == (
            "the",
            "workers",
            "boiler",
            "single",
            "claw",
            "2",
            "vp",
        )

    def test_hide_anchors_leaves_other_braces(self) -> None:
        assert hide_anchors("## A {#a}\nbody {#not-a-heading}\n") == "## A\nbody {#not-a-heading}\n"


class TestSearch:
    def test_empty_query_keeps_everything_in_order(self) -> None:
        topics = parse_topics(SAMPLE)
        assert search(topics, "") == topics
        assert search(topics, "  ,. ") == topics

    def test_every_word_must_match_as_a_prefix(self) -> None:
        topics = parse_topics(SAMPLE)
        assert [t.id for t in search(topics, "work")] == ["boiler-room", "players-turn"]
        assert [t.id for t in search(topics, "work claw")] == ["boiler-room"]
        assert search(topics, "work feathers") == ()

    def test_case_is_ignored(self) -> None:
        topics = parse_topics(SAMPLE)
        assert [t.id for t in search(topics, "HEAT")] == ["boiler-room", "end-scoring"]

    def test_title_matches_rank_first(self) -> None:
        topics = parse_topics(SAMPLE)
        # "feeding" is in Scoring's body but Feeding's title; "boiler" is in Boiler Room's title.
        assert [t.id for t in search(topics, "feed")] == ["feeding", "end-scoring"]
        assert [t.id for t in search(topics, "boiler")] == ["boiler-room", "feeding"]

    def test_more_title_words_rank_higher(self) -> None:
        topics = parse_topics(
            "## Worker moves\n\nplace.\n\n## Worker placement\n\nplace.\n\n## Notes\n\nworker placement.\n"
        )
        assert [t.title for t in search(topics, "worker place")] == [
            "Worker placement",
            "Worker moves",
            "Notes",
        ]


class TestFind:
    @pytest.mark.parametrize(
        ("key", "topic_id"),
        [
            ("boiler-room", "boiler-room"),
            ("Boiler Room", "boiler-room"),
            ("boiler room", "boiler-room"),
            ("BOILER", "boiler-room"),
            ("feed", "feeding"),
            ("player's", "players-turn"),
            ("end", "end-scoring"),
            ("Scoring", "end-scoring"),
        ],
    )
    def test_by_id_title_or_prefix(self, key: str, topic_id: str) -> None:
        assert find(parse_topics(SAMPLE), key).id == topic_id

    def test_exact_id_beats_a_longer_prefix(self) -> None:
        topics = parse_topics("## Feed\n\na\n\n## Feeding\n\nb\n")
        assert find(topics, "feed").title == "Feed"

    def test_ambiguous_prefix_lists_the_candidates(self) -> None:
        topics = parse_topics("## Boiler Room\n\na\n\n## Boiler upgrades\n\nb\n\n## Other\n\nc\n")
        with pytest.raises(AmbiguousTopic) as caught:
            find(topics, "boil")
        assert [t.id for t in caught.value.candidates] == ["boiler-room", "boiler-upgrades"]
        assert "boiler-room (Boiler Room), boiler-upgrades (Boiler upgrades)" in str(caught.value)

    def test_typo_suggests_near_matches(self) -> None:
        with pytest.raises(TopicNotFound) as caught:
            find(parse_topics(SAMPLE), "feedign")
        assert not isinstance(caught.value, AmbiguousTopic)
        assert [t.id for t in caught.value.candidates] == ["feeding"]
        assert str(caught.value) == "No rules topic matches 'feedign'; did you mean feeding (Feeding)?"

    def test_nothing_near_lists_the_topics(self) -> None:
        with pytest.raises(TopicNotFound, match="The topics are: boiler-room, feeding, players-turn"):
            find(parse_topics(SAMPLE), "xylophone")


ALIASED = """\
## Heads {#heads}

<!-- aliases: Bull Head, Wolf Head -->
Heads bite.

## Bull Torso

<!-- aliases: Bull's torso -->
A torso.

## Arena

Fights. Bull Head and Wolf Head appear here too.
"""


class TestAliases:
    def test_alias_lines_are_read_and_hidden(self) -> None:
        heads = parse_topics(ALIASED)[0]
        assert heads.aliases == ("Bull Head", "Wolf Head")
        assert heads.body == "Heads bite."
        assert "aliases" not in heads.markdown and "<!--" not in parse_rules(ALIASED).markdown

    def test_alias_words_are_searched_and_rank_like_title_words(self) -> None:
        topics = parse_topics(ALIASED)
        assert [t.id for t in search(topics, "wolf")] == ["heads", "arena"]

    @pytest.mark.parametrize(
        ("key", "topic_id"),
        [
            ("Bull Head", "heads"),
            ("bull head", "heads"),
            ("bull-head", "heads"),
            ("wolf", "heads"),
            ("bull", "bull-torso"),  # a title prefix beats an alias prefix
            ("bulls torso", "bull-torso"),
            ("ARENA", "arena"),
        ],
    )
    def test_find_by_alias(self, key: str, topic_id: str) -> None:
        assert find(parse_topics(ALIASED), key).id == topic_id

    def test_alias_used_by_two_topics_is_ambiguous(self) -> None:
        topics = parse_topics("## A\n\n<!-- aliases: Horn -->\nx\n\n## B\n\n<!-- aliases: horn -->\ny\n")
        with pytest.raises(AmbiguousTopic, match="'Horn' could mean a"):
            find(topics, "Horn")

    def test_nothing_matching_suggests_topics_naming_the_words(self) -> None:
        topics = parse_topics(SAMPLE + "\n## Claw Shop\n\nBuy claws.\n\n## Claw\n\nA claw.\n")
        with pytest.raises(TopicNotFound) as caught:
            find(topics, "claws shop")
        assert "did you mean" in str(caught.value)
        assert "claw-shop (Claw Shop)" in str(caught.value)


class TestGames:
    def test_registered_game_uses_rules_markdown(self, pebbles: str) -> None:
        assert markdown_for(pebbles) == PEBBLES_RULES_MD
        assert rules_for(pebbles).title == "Pebbles"
        assert [t.id for t in topics_for(pebbles)] == [
            "setup",
            "your-turn",
            "bonus-cards",
            "scoring",
            "options",
            "about-this-edition",
        ]

    def test_pebbles_topics_all_have_text(self, pebbles: str) -> None:
        assert all(t.body.strip() for t in topics_for(pebbles))

    def test_game_without_text(self, silent: str) -> None:
        with pytest.raises(RulesTextMissing, match=r"Silent \(test\) has no rules text yet"):
            topics_for(silent)

    def test_unknown_game(self) -> None:
        with pytest.raises(games.UnknownGame):
            topics_for("no-such-game")

    @pytest.mark.parametrize("game_id", sorted(games.KNOWN))
    def test_every_shipped_game_has_valid_rules_text(self, game_id: str) -> None:
        topics = topics_for(game_id)
        assert topics, f"{game_id} has no topics"
        assert all(t.body.strip() for t in topics), f"{game_id} has a topic without text"


def test_rulestext_imports_neither_textual_nor_rich() -> None:
    code = (
        "import sys, chimera_tui.rulebook.text\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
