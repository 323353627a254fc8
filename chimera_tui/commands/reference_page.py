"""The command-line reference (``docs/command-line.md``), written from `chimera`'s own parsers.

`tests/docs/test_reference.py` holds the file equal to what `markdown` writes now, so an option added to a
parser and not to the page fails the suite with the command that rewrites it
(``python -m tests.docs.regenerate``). The introduction is the one piece written by hand, here; the
environment, files and exit status at the end are the man page's own (`man_page`), so both say the same.
"""

from __future__ import annotations

import argparse

from chimera_tui.commands.man_page import ENVIRONMENT, EXIT_STATUS, FILES
from chimera_tui.commands.parser_tree import Argument, Command, commands

INTRODUCTION = """\
# The command line

<!-- Written by `python -m tests.docs.regenerate` from chimera's own argument parsers: change a parser (or the
introduction in chimera_tui/commands/reference_page.py), then run that command; never edit this file. -->

This page is `chimera`'s own `--help`, every command on one page, written from the argument parsers
themselves so that it always says what the program accepts. Every command also takes `-h` / `--help`. The
global options (`--saves`, `--theme`) may come before the command or after it; the man page
(`man chimera`) says the same.

## Shell completion

`chimera --print-completion SHELL` prints a completion script for bash, zsh or fish. It completes the
commands and their options, game ids, the rules topics of the game typed before them, game options
(`-o KEY=VALUE`), themes, bot levels, `.chimera` save files and folders. Install it once per shell:

```sh
chimera --print-completion bash > ~/.local/share/bash-completion/completions/chimera
chimera --print-completion zsh > ~/.zfunc/_chimera
chimera --print-completion fish > ~/.config/fish/completions/chimera.fish
```

bash needs the `bash-completion` package (it loads that folder by itself); zsh needs `fpath=(~/.zfunc $fpath)`
before `compinit` in `~/.zshrc`; fish loads its folder by itself. The games' topics and options are written
into the script, so print it again after an upgrade.

## The man page

`pip install` puts `chimera.1` in the environment's `share/man/man1`. `man chimera` finds it while the
environment's `bin` folder is on your `PATH` (man looks in `../share/man` beside each folder of `PATH`, so an
activated virtual environment is enough); otherwise name the folder: `man -M ~/.venv/share/man chimera`.
"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _argument_rows(arguments: tuple[Argument, ...]) -> list[str]:
    rows = []
    for argument in arguments:
        words = argument.help or "(no help)"
        if argument.repeats:
            words += " (may be given more than once)"
        rows.append(f"| `{_cell(argument.forms_text())}` | {_cell(words)} |")
    return rows


def _table(head: str, rows: list[str]) -> list[str]:
    return [f"| {head} | what it does |", "|---|---|", *rows, ""] if rows else []


def _anchor(command: Command) -> str:
    return command.name.replace(" ", "-")


def _section(command: Command, by_path: dict[tuple[str, ...], Command]) -> list[str]:
    lines = [f"## {command.name}", "", "```text", command.synopsis(), "```", ""]
    if command.description:
        lines += [command.description, ""]
    positionals = tuple(a for a in command.arguments if not a.is_option)
    options = tuple(a for a in command.arguments if a.is_option and not a.group)
    lines += _table("argument", _argument_rows(positionals))
    lines += _table("option", _argument_rows(options))
    for group in dict.fromkeys(a.group for a in command.arguments if a.group):
        grouped = tuple(a for a in command.arguments if a.group == group)
        lines += [f"**{group.capitalize()}**", "", *_table("option", _argument_rows(grouped))]
    if command.shared:
        names = ", ".join(f"`{a.forms_text()}`" for a in command.shared)
        lines += [f"Also the global options {names} (see [chimera](#chimera)).", ""]
    if command.subcommands:
        rows = [
            f"| [`{by_path[(*command.path, name)].name}`](#{_anchor(by_path[(*command.path, name)])}) | "
            f"{_cell(by_path[(*command.path, name)].summary)} |"
            for name in command.subcommands
        ]
        lines += _table("command", rows)
    return lines


def _listed(title: str, head: str, entries: tuple[tuple[str, str], ...]) -> list[str]:
    rows = [f"| `{_cell(name)}` | {_cell(text)} |" for name, text in entries]
    return [f"## {title}", "", f"| {head} | what it means |", "|---|---|", *rows, ""]


def markdown(parser: argparse.ArgumentParser) -> str:
    """The whole page for `parser` (`chimera_tui.commands.cli.build_parser()`)."""
    found = commands(parser)
    by_path = {command.path: command for command in found}
    lines = [INTRODUCTION]
    for command in found:
        lines += _section(command, by_path)
    lines += _listed("Environment", "variable", ENVIRONMENT)
    lines += _listed("Files", "path", FILES)
    lines += _listed("Exit status", "status", EXIT_STATUS)
    return "\n".join(lines).rstrip("\n") + "\n"
