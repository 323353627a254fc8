"""Rules that answer questions (issue 24): thirty questions per game, as players ask them at the table, and
the topic each should put first; plus the ranking's own rules."""

from __future__ import annotations

import pytest

from chimera_tui.rulebook.search import rank, rank_for, stem
from chimera_tui.rulebook.text import topics_for

QUESTIONS: dict[str, list[tuple[str, str]]] = {
    "station": [
        ("how does feeding work", "feeding-phase"),
        ("what happens if I can't feed my workers", "feeding-phase"),
        ("how do I build a module", "building"),
        ("how many points does building score", "building"),
        ("what does the reactor do", "reactor"),
        ("when does the reactor refill", "reactor"),
        ("how do I get more workers", "research-track"),
        ("what does a claw do", "claw"),
        ("can I push another worker off a module", "displacing"),
        ("what does a brain worker score", "brain"),
        ("what do leaves do", "leaf"),
        ("what does the tentacle give", "tentacle"),
        ("how does commanding work", "command-modules"),
        ("what does the boiler room do", "module-boiler"),
        ("how does the game end", "end-of-game"),
        ("how is the final score counted", "end-of-game"),
        ("what is the splicing lab", "splicing-lab"),
        ("how do I change a worker's components", "splicing-lab"),
        ("how many components can a worker carry", "genetic-components"),
        ("what are perks", "perks"),
        ("what is player mat side B", "mat-side-b"),
        ("what happens in round 3", "station-progress"),
        ("when does command hub slot B open", "module-hub-b"),  # "covered … until round 3"
        ("what is the worker lounge for", "worker-lounge"),
        ("how does the starting draft work", "starting-cards"),
        ("how do I set up the game", "setup"),
        ("what order do the phases go in", "round-structure"),
        ("where can I place a worker", "placement-phase"),
        ("what bonus do I get for building next to modules", "build-bonuses"),
        ("what does research give me", "research-track"),
    ],
    "imaginarium": [
        ("how is a machine's price worked out", "belt"),
        ("why is place 1 so expensive", "belt"),
        ("how do I reserve a machine", "planning"),
        ("what happens on my turn", "turn"),
        ("how do I repair a machine", "repair"),
        ("what do I get for dismantling", "dismantle"),
        ("how do I move machines between slots", "reorganize"),
        ("how do machines combine", "combining"),
        ("how do I buy resources", "transactions"),
        ("how do I get charcoalium", "extraction"),
        ("how do I hire an assistant", "recruit"),
        ("how do attack machines steal", "attack-and-defense"),
        ("what does tangled mean", "tangled"),
        ("how do projects score", "projects"),
        ("when does the game end", "end-of-game"),
        ("what can other players see", "hidden-information"),
        ("how does the dial turn", "dial"),
        ("what are dream fragments", "dream-fragments"),
        ("how do I daydream", "daydream"),
        ("what rewards are on the dream track", "dream-track"),
        ("what does a nightmare do", "nightmares"),
        ("how does team play work", "team-play"),
        ("what happens at the end of the round", "checking-and-resetting"),
        ("when do I pay for my machine", "pick-up"),
        ("how do I use my machines", "using-machines"),
        ("what is in the box", "components"),
        ("how do I set up", "setup"),
        ("what are the workshops", "workshops"),
        ("what does the chimera expansion add", "chimera"),
        ("what order does a round go in", "round-structure"),
    ],
    "codename": [
        ("how does the auction work", "auction"),
        ("how do I bid", "auction"),
        ("what does the dealer do", "drafting"),
        ("how do I pick a torso", "torso-choice"),
        ("how do I build my monster", "building"),
        ("how do I attach a part", "attaching"),
        ("how much energy do I get", "energy"),
        ("how do I attack", "attacking"),
        ("what are exploding sixes", "exploding-sixes"),
        ("who goes first in the arena", "turn-order"),
        ("which parts can be attacked", "outer-parts"),
        ("what happens when a limb is cut off", "cutting-limbs"),
        ("how do abilities work", "abilities"),
        ("where do destroyed parts go", "graveyard"),
        ("how do I win", "winning"),
        ("what happens in the arena", "arena"),
        ("what is drafting", "drafting"),
        ("what does the bull head do", "bull-head"),
        ("what does dodge do", "ability-dodge"),
        ("how does regrow work", "ability-regrow"),
        ("what are the torso halves worth", "torso-values"),
        ("how do I set up the game", "setup"),
        ("what does the spinneret do", "spinneret"),
        ("what does web do", "ability-web"),
        ("can I attach parts on another player's turn", "attaching"),
        ("what happens when my torso is destroyed", "winning"),
        ("what do the numbers on a part card mean", "part-cards"),
        ("how much does attaching cost", "attaching"),
        ("what does reach do", "ability-reach"),
        ("how does counter work", "ability-counter"),
    ],
    "con": [
        ("when can I cheat", "cheat-windows"),
        ("what happens if an illegal cheat fails", "cheating"),
        ("how do I build my chimera", "building"),
        ("what if I only have two parts", "missing-part"),
        ("what does unsupported mean", "size-and-support"),
        ("who is the merchant", "merchant"),
        ("what happens on my turn", "turn"),
        ("how do I draw cards", "draw"),
        ("how do I swap a part", "substitute"),
        ("what actions can I take", "actions"),
        ("how does mutate work", "mutate"),
        ("what are health might speed and magic", "stats"),
        ("how does damage work", "damage"),
        ("how do I attack", "attacking"),
        ("what is a counterattack", "counterattack"),
        ("what does poisonous do", "poisonous"),
        ("what does petrify do", "petrify"),
        ("how do I fly", "airborne"),
        ("what does armored do", "armored"),
        ("how many cards can I keep", "discard"),
        ("how does the market work", "market-phase"),
        ("what is getting greedy", "getting-greedy"),
        ("how does a round end", "round-end"),
        ("how many points to win", "end-of-game"),
        ("what are families", "families"),
        ("what do the symbols on a card mean", "reading-a-card"),
        ("what can other players see", "hidden-information"),
        ("what happens at the start of a round", "round-start"),
        ("what does elemental mean", "elemental"),
        ("what are special actions", "special-actions"),
    ],
}


@pytest.mark.parametrize("game", sorted(QUESTIONS))
def test_thirty_questions_each_put_their_topic_first(game: str) -> None:
    topics = topics_for(game)
    ids = {t.id for t in topics}
    wrong = []
    assert len(QUESTIONS[game]) == 30
    for question, expected in QUESTIONS[game]:
        assert expected in ids, expected
        found = rank_for(game, topics, question)
        if not found or found[0].id != expected:
            wrong.append(f"{question!r}: {[t.id for t in found[:3]]}, not {expected}")
    assert not wrong, "\n".join(wrong)


MISSES = [
    ("station", "can I take back a worker I already placed", "build-bonuses"),  # the Recall bonus
    ("codename", "what does hairiness do", "turn-order"),  # the tie-break for fewest parts
    ("codename", "hairy", "turn-order"),
    ("con", "what if both chimeras have the same speed", "merchant"),  # a Speed tie: lowest Health
]
"""Questions the first evening's players asked whose answer the search did not put first (issue 32)."""


@pytest.mark.parametrize(("game", "question", "expected"), MISSES)
def test_the_first_evenings_misses_put_their_answer_first(game: str, question: str, expected: str) -> None:
    found = rank_for(game, topics_for(game), question)
    assert found and found[0].id == expected, [t.id for t in found[:3]]


def test_no_word_has_to_appear_and_titles_weigh_more() -> None:
    topics = topics_for("station")
    found = [t.id for t in rank(topics, "how does feeding work")]
    assert found[0] == "feeding-phase"
    assert "faq" in found  # it mentions feeding too, further down


def test_an_empty_question_lists_every_topic_in_order_and_nonsense_lists_none() -> None:
    topics = topics_for("codename")
    assert rank(topics, "  ") == topics
    assert rank(topics, "zzqx") == ()


def test_a_word_being_typed_finds_the_words_it_begins() -> None:
    topics = topics_for("station")
    assert rank(topics, "displ")[0].id == "displacing"
    assert rank(topics, "displ ") == ()  # a finished word must match as a word


def test_stems() -> None:
    assert stem("feeding") == stem("feed") == "feed"
    assert stem("cheats") == stem("cheat") and stem("abilities") == stem("ability")
    assert stem("stopping") == "stop" and stem("boxes") == "box"
    assert stem("hairiness") == stem("hairiest") == stem("hairy")
    assert stem("speeds") == stem("speed") == "speed"


@pytest.mark.parametrize("game", sorted(QUESTIONS))
def test_each_game_declares_its_words_and_no_reader_sees_them(game: str) -> None:
    """The `<!-- search -->` comment is read by the search and shown by nothing (the whole rules as printed,
    every topic's text)."""
    from io import StringIO

    from rich.console import Console

    from chimera_tui.commands.rules import print_rules
    from chimera_tui.rulebook.search import terms_for

    assert terms_for(game).synonyms
    out = StringIO()
    assert print_rules(game, None, False, Console(file=out, width=100)) == 0
    assert "same:" not in out.getvalue() and "catalogues:" not in out.getvalue()
    assert not any("same:" in t.body for t in topics_for(game))
