"""Checklist coverage: which `rule` statements of the Chimera Con checklist a test names.

Run from the repository root: ``python -m tests.games.con.coverage [--missing]``. A statement is a
`rule` when the kind field (after the last ``|``) starts with "rule"; it is covered when its ID appears in a
test name or docstring under tests/games/con.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CHECKLIST = ROOT.parent / "shared" / "rules-checklist" / "chimera-con.md"
TESTS = Path(__file__).resolve().parent
LINE = re.compile(r"^\d+\. (CN-[A-Z]+-\d+) \|.*\| *(rule\b[^|]*)$")


def rule_ids(text: str) -> list[str]:
    """The IDs of the `rule` statements in the checklist text."""
    return [m.group(1) for line in text.splitlines() if (m := LINE.match(line.strip()))]


NAME = re.compile(r"CN[-_]([A-Z]+)[-_](\d+)((?:[-_]\d+)*)")
"""An ID as a docstring writes it (CN-TURN-05) or a test name does (CN_TURN_05_06: 05 and 06)."""


def named(ids: list[str]) -> set[str]:
    """The IDs named anywhere in the test files (names and docstrings)."""
    found: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        for m in NAME.finditer(path.read_text()):
            for number in (m.group(2), *re.findall(r"\d+", m.group(3))):
                found.add(f"CN-{m.group(1)}-{number}")
    return found & set(ids)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--missing", action="store_true", help="list the rule IDs no test names")
    args = parser.parse_args()
    ids = rule_ids(CHECKLIST.read_text())
    done = named(ids)
    print(f"{len(done)} of {len(ids)} rule statements named by a test ({100 * len(done) / len(ids):.0f} %)")
    if args.missing:
        print(" ".join(i for i in ids if i not in done))


if __name__ == "__main__":
    main()
