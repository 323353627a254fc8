"""The rules texts count their lists right: a sentence that announces "four phases" or "six steps" and ends
in a list (numbered, or a table) is followed by that many items (issue 32: Codename's overview said three
phases and listed four; Imaginarium's turn said five steps and listed six, B0 to B5)."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from chimera_tui import games
from chimera_tui.games import read_data

NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
ANNOUNCED = re.compile(rf"\b({'|'.join(NUMBERS)})\s+(phases|steps|stages)\b")


def announced_lists(text: str) -> list[tuple[str, int, int]]:
    """(the announcing paragraph, the count it says, the items of the list after it) for every paragraph
    that names a count of phases or steps and ends with a colon right before a list."""
    found = []
    paragraphs = re.split(r"\n\s*\n", text)
    for paragraph, after in pairwise(paragraphs):
        said = ANNOUNCED.search(paragraph)
        if said is None or not paragraph.rstrip().endswith(":"):
            continue
        lines = after.splitlines()
        numbered = [line for line in lines if re.match(r"\d+\. ", line)]
        rows = [line for line in lines if line.startswith("|")][2:]  # a table: its head and rule first
        found.append((paragraph, NUMBERS[said.group(1)], len(numbered) or len(rows)))
    return found


@pytest.mark.parametrize("game", list(games.KNOWN))
def test_every_announced_count_matches_its_list(game: str) -> None:
    text = read_data(f"chimera_tui.games.{game}", "rules.md").decode()
    for paragraph, said, items in announced_lists(text):
        assert said == items, f"{paragraph!r} announces {said} and lists {items}"


def test_a_wrong_count_is_found() -> None:
    text = "A game has three\nphases after choosing torsos:\n\n1. Torso\n2. Draft\n3. Build\n4. Arena\n"
    assert announced_lists(text) == [("A game has three\nphases after choosing torsos:", 3, 4)]
