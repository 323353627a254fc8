"""Write the files made from `chimera`'s parsers again: ``python -m tests.docs.regenerate``.

Run it after adding or changing a command, an option or its help: it rewrites the command-line reference
(``docs/command-line.md``) and the man page (``man/chimera.1``), which `tests/docs/test_reference.py` holds
equal to what the parsers say now. ``--check`` writes nothing and exits 1 when either is out of date.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from chimera_tui.commands.cli import build_parser
from chimera_tui.commands.man_page import roff
from chimera_tui.commands.reference_page import markdown

ROOT = Path(__file__).resolve().parents[2]
COMMAND = "python -m tests.docs.regenerate"

WRITTEN: dict[Path, Callable[[argparse.ArgumentParser], str]] = {
    ROOT / "docs" / "command-line.md": markdown,
    ROOT / "man" / "chimera.1": roff,
}
"""Each generated file, and what writes it from the parser."""


def stale() -> list[Path]:
    """The generated files whose text differs from what the parsers would write now."""
    parser = build_parser()
    return [
        path
        for path, write in WRITTEN.items()
        if not path.is_file() or path.read_text(encoding="utf-8") != write(parser)
    ]


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    options.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is stale")
    args = options.parse_args(argv)
    parser = build_parser()
    for path, write in WRITTEN.items():
        text = write(parser)
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        if args.check:
            print(f"{path.relative_to(ROOT)} is out of date: run {COMMAND}", file=sys.stderr)
            return 1
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
