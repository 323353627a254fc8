"""The `chimera` command lines a page shows in its shell blocks, and whether `chimera`'s parser takes each.

A shell block is a fenced block tagged ``sh``, ``shell``, ``bash`` or ``console``; an untagged block counts
for its lines that start with a prompt (``$ chimera``). In it, a line starting with ``chimera`` or
``$ chimera`` is a command line: continued with a trailing backslash, read as the shell reads words (quotes,
``# comments``), and cut where the shell would hand over to something else (``|``, ``>``, ``&&``, ``;``).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from chimera_tui.commands.cli import build_parser

SHELL_TAGS = {"sh", "shell", "bash", "console"}
OPERATORS = {"|", "||", "&&", ";", ">", ">>", "<", "2>", "2>&1", "&"}
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([\w+-]*)")


@dataclass(frozen=True)
class CommandLine:
    page: Path
    line: int
    text: str
    """As written, continuation lines joined."""

    def words(self) -> list[str]:
        """The arguments after ``chimera``, cut at the first shell operator."""
        text = self.text.strip().removeprefix("$").strip()
        lexer = shlex.shlex(text, posix=True, punctuation_chars="|&;<>")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        words: list[str] = []
        for word in lexer:
            if word in OPERATORS or set(word) <= set("|&;<>"):
                break
            words.append(word)
        return words[1:]


def command_lines(page: Path) -> Iterator[CommandLine]:
    """Every `chimera` command line in `page`'s shell blocks."""
    lines = page.read_text(encoding="utf-8").splitlines()
    fence: str | None = None
    tagged = False
    number = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        opened = FENCE.match(line)
        if fence is None:
            if opened:
                fence, tagged = opened.group(2), opened.group(3).lower() in SHELL_TAGS
            continue
        if line.strip().startswith(fence):
            fence = None
            continue
        text = line.strip()
        prompted = text.startswith("$ chimera")
        if not (prompted or (tagged and (text == "chimera" or text.startswith("chimera ")))):
            continue
        start = number
        while text.endswith("\\") and number < len(lines):
            text = text[:-1] + " " + lines[number].strip()
            number += 1
        yield CommandLine(page, start, text)


def problem(command: CommandLine) -> str | None:
    """Why `chimera`'s parser refuses `command` (its own words), or None when it takes it."""
    try:
        words = command.words()
    except ValueError as error:  # unbalanced quotes
        return f"not a shell line: {error}"
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            build_parser().parse_args(words)
    except SystemExit as ended:
        if ended.code not in (0, None):  # --help and --version end with 0: a line that works
            return err.getvalue().strip().splitlines()[-1] if err.getvalue().strip() else f"exit {ended.code}"
    return None
