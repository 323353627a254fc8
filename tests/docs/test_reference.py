"""Issue 36: the command-line reference page and the man page say what `chimera`'s parsers accept, now.

Both are written from the parsers (`chimera_tui.commands.reference_page`, `man_page`) and kept in the
repository, the page for the site and the man page for the wheel; these tests fail when a parser changed and
the files were not written again, naming the command that does it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from chimera_tui import __version__
from chimera_tui.commands import cli
from chimera_tui.commands.man_page import roff
from chimera_tui.commands.parser_tree import commands
from chimera_tui.commands.reference_page import markdown
from tests.docs.regenerate import COMMAND, ROOT, WRITTEN


@pytest.mark.parametrize("path", list(WRITTEN), ids=[p.name for p in WRITTEN])
def test_the_generated_file_says_what_the_parsers_say(path: Path) -> None:
    wanted = WRITTEN[path](cli.build_parser())
    found = path.read_text(encoding="utf-8") if path.is_file() else ""
    assert found == wanted, f"{path.relative_to(ROOT)} is out of date with the parsers: run {COMMAND}"


def test_a_new_option_shows_in_both_files() -> None:
    """The check above can fail: an option added to a parser changes the page and the man page."""
    parser = cli.build_parser()
    before = markdown(parser), roff(parser)
    (new,) = (c.parser for c in commands(parser) if c.path == ("new",))
    new.add_argument("--table-talk", help="a house rule nobody has written yet")
    page, man = markdown(parser), roff(parser)
    assert (page, man) != before
    assert "`--table-talk TABLE_TALK` | a house rule nobody has written yet" in page
    assert "\\fB\\-\\-table\\-talk\\fR \\fITABLE_TALK\\fR" in man


def test_every_command_and_option_is_on_the_page() -> None:
    page = (ROOT / "docs" / "command-line.md").read_text(encoding="utf-8")
    for command in commands(cli.build_parser()):
        assert f"## {command.name}\n" in page
        for argument in command.arguments:
            assert f"`{argument.forms_text()}`" in page, (command.name, argument.name)


def test_the_man_page_names_this_version_and_every_command() -> None:
    man = (ROOT / "man" / "chimera.1").read_text(encoding="utf-8")
    assert f'"chimera-tabletop {__version__}"' in man.splitlines()[0]
    for command in commands(cli.build_parser())[1:]:
        assert f'.SS "{command.name}"' in man


def test_groff_reads_the_man_page_without_a_warning() -> None:
    if shutil.which("groff") is None:
        pytest.skip("groff is not installed here: the man page is not typeset")
    done = subprocess.run(
        ["groff", "-man", "-ww", "-z", str(ROOT / "man" / "chimera.1")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and not done.stderr, done.stderr
