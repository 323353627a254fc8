"""``chimera rules``: the rules printed with Rich (chimera_tui.commands.rules)."""

from __future__ import annotations

from collections.abc import Iterator
from io import StringIO

import pytest
from rich.console import Console

from chimera_tui import games
from chimera_tui.commands.rules import EXIT_NO_TEXT, EXIT_OK, EXIT_USAGE, print_rules
from tests.tinygame import RULES


class _Silent:
    id = "silent-test-game"
    title = "Silent (test)"


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    games.register(RULES)
    games.register(_Silent())  # type: ignore[arg-type]
    yield
    games.unregister(RULES.id)
    games.unregister(_Silent.id)


def consoles() -> tuple[Console, Console]:
    out = Console(file=StringIO(), width=80, record=True, color_system=None)
    err = Console(file=StringIO(), width=80, record=True, color_system=None)
    return out, err


def test_whole_rules() -> None:
    out, err = consoles()
    assert print_rules("pebbles", None, False, out, err_console=err) == EXIT_OK
    text = out.export_text()
    assert text.index("Pebbles") < text.index("A race to gather") < text.index("Setting up")
    for title in ("Your turn", "Bonus cards", "End of the game and scoring", "About this edition"):
        assert title in text
    assert "{#" not in text and "##" not in text
    assert err.export_text() == ""


@pytest.mark.parametrize("key", ["scoring", "End of the game and scoring", "end"])
def test_one_topic(key: str) -> None:
    out, err = consoles()
    assert print_rules("pebbles", key, False, out, err_console=err) == EXIT_OK
    text = out.export_text()
    assert text.lstrip().startswith("End of the game and scoring")
    assert "The game ends as soon as the last pebble is taken." in text
    assert "5 pebbles" in text  # the table
    assert "Setting up" not in text


def test_list() -> None:
    out, err = consoles()
    assert print_rules("pebbles", None, True, out, err_console=err) == EXIT_OK
    rows = [line for line in out.export_text().splitlines() if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == [
        "setup",
        "your-turn",
        "bonus-cards",
        "scoring",
        "options",
        "about-this-edition",
    ]
    assert "End of the game and scoring" in rows[3]


def test_list_filtered_by_words() -> None:
    out, err = consoles()
    assert print_rules("pebbles", "roll", True, out, err_console=err) == EXIT_OK
    rows = [line for line in out.export_text().splitlines() if line.startswith("│")]
    assert len(rows) == 1 and "your-turn" in rows[0]
    out, err = consoles()
    assert print_rules("pebbles", "zebra", True, out, err_console=err) == EXIT_USAGE
    assert err.export_text() == "chimera rules: no Pebbles rules topic matches 'zebra'.\n"


def test_unknown_game() -> None:
    out, err = consoles()
    assert print_rules("chess", None, False, out, err_console=err) == EXIT_USAGE
    message = err.export_text()
    assert message.count("\n") == 1
    assert message.startswith("chimera rules: There is no game called 'chess'; the games are: ")
    assert "pebbles" in message
    assert out.export_text() == ""


def test_unknown_topic() -> None:
    out, err = consoles()
    assert print_rules("pebbles", "scroing", False, out, err_console=err) == EXIT_USAGE
    assert err.export_text() == (
        "chimera rules: Pebbles: No rules topic matches 'scroing'; "
        "did you mean scoring (End of the game and scoring)?\n"
    )
    assert out.export_text() == ""


def test_ambiguous_topic() -> None:
    out, err = consoles()
    assert print_rules("pebbles", "s", False, out, err_console=err) == EXIT_USAGE
    assert "'s' could mean setup (Setting up), scoring (End of the game and scoring)." in err.export_text()


def test_game_without_rules_text() -> None:
    out, err = consoles()
    assert print_rules("silent-test-game", None, False, out, err_console=err) == EXIT_NO_TEXT
    assert err.export_text().startswith("chimera rules: Silent (test) has no rules text yet")


def test_defaults_to_standard_streams(capsys: pytest.CaptureFixture[str]) -> None:
    assert print_rules("pebbles", "options", False) == EXIT_OK
    assert print_rules("pebbles", "nothing-like-it", False) == EXIT_USAGE
    captured = capsys.readouterr()
    assert "Pebbles in the heap" in captured.out
    assert captured.err.startswith("chimera rules: Pebbles: No rules topic matches 'nothing-like-it'")
    assert captured.err.count("\n") == 1


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from chimera_tui.commands import cli

    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "station", "--list", "claw"],
        ["rules", "station", "claw", "--list"],
        ["rules", "--saves", "/nonexistent", "station", "--list", "claw"],
    ],
)
def test_list_with_words_after_it_as_the_rules_page_shows(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _cli(argv, capsys)
    assert code == EXIT_OK, err
    assert "Claw Shop" in out and "module-claw-shop" in out
    assert out.index("│ claw ") < out.index("module-claw-shop")  # the rule first, then the modules
    assert "module-vineyard" not in out  # only the topics about claws


def test_list_with_several_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(["rules", "station", "--list", "claw", "shop"], capsys)
    assert code == EXIT_OK
    assert "module-claw-shop" in out


def test_list_matching_nothing_suggests_close_topics(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(["rules", "station", "--list", "boilr"], capsys)
    assert code == EXIT_USAGE
    assert "no Chimera Station rules topic matches 'boilr'; close matches:" in err
    assert "Boiler Room" in err


@pytest.mark.parametrize(("key", "heading"), [("Bull Head", "Bull Head"), ("bull head", "Bull Head")])
def test_a_card_name_opens_its_topic(key: str, heading: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _cli(["rules", "codename", key], capsys)
    assert code == EXIT_OK, err
    assert out.lstrip().startswith(heading)


def test_a_module_name_in_any_case_opens_its_topic(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _cli(["rules", "station", "boiler room"], capsys)
    assert code == EXIT_OK, err
    assert out.lstrip().startswith("Boiler Room")


def test_an_unknown_name_lists_close_matches(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(["rules", "codename", "Bul Hed"], capsys)
    assert code == EXIT_USAGE
    assert err.startswith("chimera rules: Codename: Chimera: No rules topic matches 'Bul Hed'; did you mean")
    assert "bull-head (Bull Head)" in err


@pytest.mark.parametrize(
    ("game", "question", "first"),
    [
        ("station", "how does feeding work", "feeding-phase"),
        ("con", "when can I cheat", "cheat-windows"),
    ],
)
def test_list_answers_a_question(
    game: str, question: str, first: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: no word has to appear; the topic that answers comes first (it found only Reactor and the
    FAQ, and "Reading a card", when every word had to appear)."""
    code, out, err = _cli(["rules", game, "--list", *question.split()], capsys)
    assert code == EXIT_OK, err
    rows = [line.split("│")[1].strip() for line in out.splitlines() if line.startswith("│")]
    assert rows[0] == first
