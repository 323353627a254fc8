"""The man page ``chimera.1``, written from `chimera`'s own parsers.

The page ships in the wheel (``share/man/man1``, setup.py's data files) and `tests/docs/test_reference.py`
holds it equal to what `roff` writes now; ``python -m tests.docs.regenerate`` rewrites it. The sections the
parsers cannot know (environment, files, exit status) are written here by hand.
"""

from __future__ import annotations

import argparse
import re

from chimera_tui import __version__
from chimera_tui.commands.parser_tree import Argument, Command, commands

SITE = "the documentation site, built from docs/ in the source repository with mkdocs build"

ENVIRONMENT = (
    ("CHIMERA_SAVES", "The saves folder, as --saves DIR gives it (the option wins)."),
    (
        "CHIMERA_DB",
        "The store of chimera serve, chimera tables and chimera players when --db is not given, e.g. "
        "postgresql://chimera:PASSWORD@db.example/chimera (keeps a password out of the process list).",
    ),
    (
        "COLORTERM",
        "truecolor gives 24-bit colour; over chimera serve, send it with ssh -o SendEnv=COLORTERM.",
    ),
)

FILES = (
    (
        "~/.local/share/chimera-tabletop/saves/",
        "Your saved games (*.chimera), one per game (the data folder "
        "of your platform; --saves or CHIMERA_SAVES chooses another).",
    ),
    (
        "~/.local/share/chimera-tabletop/server/",
        "chimera serve's data folder (--data): the host key "
        "ssh_host_ed25519_key and the SQLite store chimera.db, both readable by their owner alone.",
    ),
)

EXIT_STATUS = (
    ("0", "Success."),
    (
        "1",
        "A file or store that cannot be used (a bad save, left untouched; a store that cannot be reached), "
        "said in one sentence on standard error; or chimera bench met a game that erred.",
    ),
    ("2", "Bad arguments (an unknown game, option or value), said in one sentence on standard error."),
)


def _escape(text: str) -> str:
    """Text for roff: backslashes and hyphens escaped, `code` in bold, no line starting with a control."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return re.sub(r"`([^`]+)`", r"\\fB\1\\fR", text)


def _line(text: str) -> str:
    escaped = _escape(text)
    return "\\&" + escaped if escaped.startswith((".", "'")) else escaped


def _forms(argument: Argument) -> str:
    forms = ", ".join(f"\\fB{_escape(form)}\\fR" for form in argument.forms)
    value = f" \\fI{_escape(argument.value)}\\fR" if argument.value else ""
    return (forms + value) if argument.forms else f"\\fI{_escape(argument.value)}\\fR"


def _arguments(arguments: tuple[Argument, ...]) -> list[str]:
    lines: list[str] = []
    for argument in arguments:
        words = argument.help + (" (may be given more than once)" if argument.repeats else "")
        lines += [".TP", _forms(argument), _line(words or "(no help)")]
    return lines


def _command(command: Command) -> list[str]:
    lines = [f'.SS "{_escape(command.name)}"', f"\\fB{_escape(command.synopsis())}\\fR", ".PP"]
    if command.description:
        lines += [_line(command.description)]
    lines += _arguments(command.arguments)
    if command.shared:
        names = ", ".join(f"\\fB{_escape(a.name)}\\fR" for a in command.shared)
        lines += [".PP", f"Also the global options {names}."]
    return lines


def _list(title: str, entries: tuple[tuple[str, str], ...]) -> list[str]:
    lines = [f".SH {title}"]
    for name, text in entries:
        lines += [".TP", f"\\fB{_escape(name)}\\fR", _line(text)]
    return lines


def roff(parser: argparse.ArgumentParser) -> str:
    """The whole man page for `parser` (`chimera_tui.commands.cli.build_parser()`)."""
    found = commands(parser)
    root, subcommands = found[0], found[1:]
    lines = [
        f'.TH CHIMERA 1 "" "chimera-tabletop {__version__}" "User Commands"',
        ".nh",
        ".ad l",
        ".SH NAME",
        "chimera \\- four tabletop games named Chimera, played in the terminal",
        ".SH SYNOPSIS",
        f"\\fB{_escape(root.short_synopsis())}\\fR",
    ]
    for command in subcommands:
        lines += [".br", f"\\fB{_escape(command.short_synopsis())}\\fR"]
    lines += [".SH DESCRIPTION", _line(root.description), ".SH OPTIONS"]
    lines += _arguments(root.arguments)
    lines += [
        ".TP",
        "\\fB\\-h\\fR, \\fB\\-\\-help\\fR",
        "Show the help of chimera or of a command, and exit.",
    ]
    lines += [".SH COMMANDS"]
    for command in subcommands:
        lines += _command(command)
    lines += _list("ENVIRONMENT", ENVIRONMENT)
    lines += _list("FILES", FILES)
    lines += _list("EXIT STATUS", EXIT_STATUS)
    lines += [".SH SEE ALSO", "\\fBssh\\fR(1), " + _line(SITE) + "."]
    return "\n".join(lines) + "\n"
