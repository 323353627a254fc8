"""``chimera --print-completion SHELL``: a completion script for bash, zsh or fish, written by shtab from
`chimera`'s own parsers, with what the parsers cannot know added here.

shtab completes the commands, the options and every value with choices. Each other value is completed by
its kind (`completion_data.KINDS`, by the argument's name): game ids, the rules topics and game options of
the game typed before them, themes, bot levels, ``.chimera`` saves, folders and files. The games' topics and
options are written into the script, so it answers at once (no Python starts on Tab).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

SHELLS = ("bash", "zsh", "fish")


class PrintCompletion(argparse.Action):
    """``--print-completion SHELL``: print the script and exit (like ``--version``)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.update(default=argparse.SUPPRESS, choices=SHELLS, metavar="SHELL")
        kwargs.setdefault("help", "print a completion script for bash, zsh or fish, and exit")
        super().__init__(option_strings, dest, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        print(script(parser, str(values)), end="")
        parser.exit()


def add_option(parser: argparse.ArgumentParser) -> None:
    """Give `parser` (`chimera`'s) the ``--print-completion SHELL`` option."""
    parser.add_argument("--print-completion", action=PrintCompletion)


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of `parser` for `shell` (one of `SHELLS`)."""
    import shtab

    from chimera_tui.commands.completion_data import KINDS, Facts, preamble
    from chimera_tui.commands.parser_tree import every_action

    facts = Facts.gather()
    for action in every_action(parser):
        kind = KINDS.get(action.dest)
        if kind is not None and action.nargs != 0 and action.choices is None:
            action.complete = facts.completer(kind)  # type: ignore[attr-defined]
    text: str = shtab.complete(parser, shell=shell, preamble=preamble(shell, facts))
    return text
