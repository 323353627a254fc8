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


def test_a_text_clamped_to_its_box_ends_in_an_ellipsis() -> None:
    """Issue 32: Station's two-line detail and Imaginarium's one-line detail stopped mid-word at the screen's
    edge ("… End: 6", "… (place 5 + level 1) ·"). Clamped, the last line says that more was left out."""
    from chimera_tui.ui.widgets.wrapping import clamped

    text = "Nonhuman Resources  [Enter: 1 choice] · Perk module: Swap one of your workers on a board module"
    assert clamped(text, 120, 1) == text
    two = clamped(text + " with an opponent's worker on another board module. End: 6 points", 78, 2).split(
        "\n"
    )
    assert len(two) == 2 and two[1].endswith("…") and all(len(line) <= 78 for line in two)
    one = clamped("Place 2: Menuisette (P1) · costs 6 C (place 5 + level 1) · fragment glory", 60, 1)
    assert one == "Place 2: Menuisette (P1) · costs 6 C (place 5 + level 1)…"


def test_a_clamped_line_loses_whole_words() -> None:
    """A last line that fills its width gives up its last word for the ellipsis, never half of one."""
    from chimera_tui.ui.widgets.wrapping import clamped

    text = "Transactions (Player 1's dial)  [Enter: 4 choices] · buy or sell up to 3 units for charcoalium"
    assert clamped(text, 78, 1) == "Transactions (Player 1's dial)  [Enter: 4 choices] · buy or sell up to 3…"
