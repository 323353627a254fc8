"""`chimera`'s argument parsers read as plain data: each command with its arguments, in the order `--help`
lists them.

The command-line reference page, the man page and the shell completions are all written from this, so none
of them can say something the parsers do not (`reference_page`, `man_page`, `completion`). It reads the
parsers argparse builds and formats nothing itself, so it gives the same answer on every Python version.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass


@dataclass(frozen=True)
class Argument:
    """One argument of a command: an option (``forms`` like ``("-o", "--option")``) or a positional."""

    forms: tuple[str, ...]
    """The option strings, short first; empty for a positional."""
    value: str
    """What its value is called (``KEY=VALUE``, ``GAME``, ``{A,B}`` for choices); empty for a flag."""
    help: str
    choices: tuple[str, ...]
    optional: bool
    """A positional that may be left out (always true of an option)."""
    repeats: bool
    """May be given more than once (``-o`` appends)."""
    group: str
    """The help's group title for options grouped apart (``limits``), else empty."""
    action: argparse.Action

    @property
    def is_option(self) -> bool:
        return bool(self.forms)

    @property
    def takes_value(self) -> bool:
        return self.action.nargs != 0

    @property
    def name(self) -> str:
        """The longest option string, or the positional's shown name."""
        return max(self.forms, key=len) if self.forms else self.value

    def usage(self) -> str:
        """How it reads in a synopsis: ``[--seed SEED]``, ``GAME``, ``[TOPIC]``, ``[-o KEY=VALUE ...]``."""
        words = f"{min(self.forms, key=len)} {self.value}".strip() if self.forms else self.value
        if self.repeats:
            words += " ..."
        return f"[{words}]" if self.optional else words

    def forms_text(self) -> str:
        """Every form with its value: ``-o, --option KEY=VALUE``."""
        if not self.forms:
            return self.value
        return ", ".join(self.forms) + (f" {self.value}" if self.value else "")


@dataclass(frozen=True)
class Command:
    """`chimera` itself (``path`` empty) or one of its sub-commands."""

    path: tuple[str, ...]
    summary: str
    """The line the parent's list of commands gives it."""
    description: str
    arguments: tuple[Argument, ...]
    """Its own arguments, without ``--help`` and without the global options it shares with `chimera`."""
    shared: tuple[Argument, ...]
    """The global options it also takes (``--saves``, ``--theme``), as `chimera` itself lists them."""
    subcommands: tuple[str, ...]
    parser: argparse.ArgumentParser

    @property
    def name(self) -> str:
        return " ".join(("chimera", *self.path))

    def synopsis(self) -> str:
        """The command with each argument, options first: ``chimera rules [--list [QUESTION ...]] GAME [TOPIC]``."""
        options = [a.usage() for a in self.arguments if a.is_option]
        positionals = [a.usage() for a in self.arguments if not a.is_option]
        if self.subcommands:
            positionals.append("[COMMAND]")
        return " ".join([self.name, *options, *positionals])

    def short_synopsis(self) -> str:
        """The command with ``[options]`` for its options: ``chimera rules [options] GAME [TOPIC]``."""
        positionals = [a.usage() for a in self.arguments if not a.is_option]
        if self.subcommands:
            positionals.append("[COMMAND]")
        has_options = any(a.is_option for a in self.arguments) or self.shared
        return " ".join([self.name, *(["[options]"] if has_options else []), *positionals])


def _value(action: argparse.Action) -> str:
    if action.nargs == 0:
        return ""
    if isinstance(action.metavar, str):
        text = action.metavar
    elif action.choices is not None and not isinstance(action.choices, dict):
        text = "{" + ",".join(str(choice) for choice in action.choices) + "}"
    else:
        text = action.dest.upper()
    if action.nargs == "*":
        return f"[{text} ...]" if action.option_strings else f"{text} ..."
    if action.nargs == "+":
        return f"{text} [{text} ...]"
    return f"[{text}]" if action.nargs == "?" and action.option_strings else text


def _help(action: argparse.Action, parser: argparse.ArgumentParser) -> str:
    text = action.help or ""
    if "%" in text:  # argparse's own expansion: %(default)s, %(prog)s
        fields = {k: v for k, v in vars(action).items() if v is not argparse.SUPPRESS}
        fields.update(prog=parser.prog, default=action.default)
        text = text % fields
    if not text and action.choices is not None and not isinstance(action.choices, dict):
        text = "one of " + ", ".join(str(choice) for choice in action.choices)
        if action.default not in (None, argparse.SUPPRESS):
            text += f" (default {action.default})"
    return " ".join(text.split())


def _argument(action: argparse.Action, parser: argparse.ArgumentParser, group: str) -> Argument:
    positional = not action.option_strings
    return Argument(
        forms=tuple(sorted(action.option_strings, key=len)),
        value=_value(action),
        help=_help(action, parser),
        choices=tuple(str(c) for c in action.choices) if action.choices is not None else (),
        optional=not positional or action.nargs in ("?", "*"),
        repeats=isinstance(action, argparse._AppendAction),
        group=group,
        action=action,
    )


def _groups(parser: argparse.ArgumentParser) -> dict[int, str]:
    """Each action's group title, for groups other than argparse's two defaults."""
    titles: dict[int, str] = {}
    for group in parser._action_groups:
        if group in (parser._positionals, parser._optionals):
            continue
        for action in group._group_actions:
            titles[id(action)] = group.title or ""
    return titles


def _subparsers(
    parser: argparse.ArgumentParser,
) -> argparse._SubParsersAction[argparse.ArgumentParser] | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    return None


def _key(argument: Argument) -> tuple[tuple[str, ...], str]:
    return argument.forms, argument.help


def commands(parser: argparse.ArgumentParser) -> list[Command]:
    """`chimera` and every sub-command under it (depth first, in the order they were added)."""
    found: list[Command] = []

    def walk(
        parser: argparse.ArgumentParser, path: tuple[str, ...], summary: str, globals_: tuple[Argument, ...]
    ) -> None:
        titles = _groups(parser)
        every = [
            _argument(action, parser, titles.get(id(action), ""))
            for action in parser._actions
            if not isinstance(action, argparse._HelpAction | argparse._SubParsersAction)
            and action.help is not argparse.SUPPRESS
        ]
        shared_keys = {_key(a) for a in globals_}
        own = tuple(a for a in every if _key(a) not in shared_keys)
        shared = tuple(a for a in globals_ if _key(a) in {_key(b) for b in every})
        sub = _subparsers(parser)
        summaries = {choice.dest: choice.help or "" for choice in sub._choices_actions} if sub else {}
        names = tuple(summaries)
        found.append(
            Command(
                path=path,
                summary=summary,
                description=" ".join((parser.description or "").split()),
                arguments=own,
                shared=shared,
                subcommands=names,
                parser=parser,
            )
        )
        if sub is None:
            return
        options = tuple(a for a in every if a.is_option and a.takes_value) if not path else globals_
        for name in names:
            walk(sub.choices[name], (*path, name), summaries[name], options)

    walk(parser, (), " ".join((parser.description or "").split()), ())
    return found


def every_argument(parser: argparse.ArgumentParser) -> list[tuple[Command, Argument]]:
    """Each command's own arguments, with the command they belong to."""
    return [(command, argument) for command in commands(parser) for argument in command.arguments]


def every_action(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Every action of every command's parser, shared global options included (``--help`` and the
    sub-command lists left out)."""
    return [
        action
        for command in commands(parser)
        for action in command.parser._actions
        if not isinstance(action, argparse._HelpAction | argparse._SubParsersAction)
    ]
