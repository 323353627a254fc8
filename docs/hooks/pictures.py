"""An MkDocs hook: the site's pictures come from where the tests keep them, never copied into docs/.

- ``pictures/NAME`` is ``screenshots/NAME`` (the SVGs `chimera demo` wrote, the browser's PNG).
- ``pictures/snapshots/PATH.svg`` is a snapshot test's SVG: PATH is its path under ``tests/`` without the
  ``__snapshots__`` folder, with ``[`` and ``]`` of its name written as ``-`` and nothing
  (``tests/games/con/__snapshots__/test_snapshots/test_building[80x24].svg`` is
  ``pictures/snapshots/games/con/test_snapshots/test_building-80x24.svg``). Only the snapshots a page names
  are added, so the site does not carry all of them; a page naming one that does not exist is a broken link,
  which ``mkdocs build --strict`` refuses.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "screenshots"
TESTS = ROOT / "tests"
NAMED = re.compile(r"pictures/snapshots/([\w./-]+\.svg)")


def web_name(snapshot: Path) -> str:
    """A snapshot's path on the site, under ``pictures/snapshots/``."""
    path = snapshot.relative_to(TESTS).as_posix().replace("/__snapshots__/", "/")
    return path.replace("[", "-").replace("]", "")


def on_files(files: Files, config: Any) -> Files:
    for picture in sorted(SCREENSHOTS.iterdir()):
        if picture.is_file():
            files.append(File.generated(config, f"pictures/{picture.name}", abs_src_path=str(picture)))
    named = {
        name
        for page in Path(config["docs_dir"]).rglob("*.md")
        for name in NAMED.findall(page.read_text(encoding="utf-8"))
    }
    for snapshot in sorted(TESTS.glob("**/__snapshots__/*/*.svg")):
        name = web_name(snapshot)
        if name in named:
            files.append(File.generated(config, f"pictures/snapshots/{name}", abs_src_path=str(snapshot)))
    return files
