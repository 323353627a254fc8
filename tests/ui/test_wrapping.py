"""`wrap_sentence`, which the game logs wrap their sentences with (once per sentence and width)."""

from __future__ import annotations

from chimera_tui.ui.games.station import words as station_words
from chimera_tui.ui.widgets.wrapping import wrap_sentence


def test_a_sentence_wraps_with_its_indent_and_a_hanging_indent_below() -> None:
    text = "Alice places a worker on the Reactor and takes two power from the bank"
    assert wrap_sentence(text, 30, "  · ") == (
        "  · Alice places a worker on",
        "      the Reactor and takes",
        "      two power from the bank",
    )
    assert wrap_sentence(text, 30) == (
        "Alice places a worker on the",
        "  Reactor and takes two power",
        "  from the bank",
    )


def test_an_empty_sentence_is_one_empty_line() -> None:
    assert wrap_sentence("", 40) == ("",)


def test_a_log_wraps_the_same_the_second_time_and_at_each_width() -> None:
    texts = ["Alice places a worker on the Reactor and takes two power from the bank"] * 3
    history = [["  Bob loses a coin to the Broker", "Carol scores 3"]] * 3
    first = station_words.log_lines(texts, history, 30)
    assert station_words.log_lines(texts, history, 30) == first
    assert max(map(len, first)) <= 30
    assert station_words.log_lines(texts, history, 60) != first
    assert station_words.log_lines(texts, history, 0)[0] == texts[0]  # no width: one line a sentence
