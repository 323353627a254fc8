"""When two players' names are the same name (case, Unicode's compatibility forms, invisible characters and
lookalikes per UTS #39), and what a name may be (issue 34: a second key logged in as "alice", and a 30-letter
name was cut to 24 without a word)."""

from __future__ import annotations

import pytest

from chimera_tui.engine.plain_text import NAME_LIMIT
from chimera_tui.server.names import clean_name, name_keys, name_problem, split_code


def same(a: str, b: str) -> bool:
    return bool(set(name_keys(clean_name(a))) & set(name_keys(clean_name(b))))


@pytest.mark.parametrize(
    "lookalike",
    [
        "Alice",  # case
        "ALICE",
        "\u0430lice",  # a Cyrillic а
        "alic\u0435",  # a Cyrillic е
        "\uff41\uff4c\uff49\uff43\uff45",  # full-width letters
        "ali\u200bce",  # a zero-width space
        "\u2060alice\ufe0f",  # a word joiner and a variation selector
        "al\u00adice",  # a soft hyphen
        "AIice",  # a capital i for the l
        "\U0001d41a\U0001d425\U0001d422\U0001d41c\U0001d41e",  # mathematical bold letters
    ],
)
def test_a_lookalike_of_a_name_is_the_same_name(lookalike: str) -> None:
    assert same("alice", lookalike)


@pytest.mark.parametrize("other", ["alicia", "alice2", "al ice", "zoë", "bob"])
def test_names_that_read_differently_are_different(other: str) -> None:
    assert not same("alice", other)
    assert not same("zoe", "zoë")  # an accent shows


def test_digits_and_letters_that_look_alike_are_one_name() -> None:
    assert same("b0b", "bob") and same("m", "rn") and same("Ｂｏｂ", "bob")


def test_a_name_is_shown_without_what_cannot_be_seen_and_never_cut() -> None:
    assert clean_name("  ali\u200bce \x1b[31m ") == "alice"
    long = "W" * 30
    assert clean_name(long) == long  # not cut: refused, naming the limit
    assert name_problem(long) == (
        f"Names here are at most {NAME_LIMIT} characters and yours has 30: connect with a shorter one."
    )
    assert name_problem("W" * NAME_LIMIT) is None
    assert name_problem(clean_name("\u200b\u3164")) is not None  # nothing visible
    assert name_problem("a+b") is not None


def test_a_login_name_may_carry_a_code_that_adds_a_key_to_a_name() -> None:
    assert split_code("alice+k7qx-4mzp") == ("alice", "K7QX4MZP")
    assert split_code("alice") == ("alice", "")
    assert split_code("+abc") == ("+abc", "")
