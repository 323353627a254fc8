"""``chimera rules GAME [TOPIC] [--list]``: the rules printed to the terminal with Rich, no TUI.

The command-line module (``cli.py``) parses the arguments and calls `print_rules`.
"""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from chimera_tui import games
from chimera_tui.rulebook.lookup import find
from chimera_tui.rulebook.search import rank_for
from chimera_tui.rulebook.text import (
    RulesFormatError,
    RulesTextMissing,
    Topic,
    TopicNotFound,
    rules_for,
)

__all__ = ["EXIT_NO_TEXT", "EXIT_OK", "EXIT_USAGE", "print_rules"]

EXIT_OK = 0
"""The rules were printed."""
EXIT_NO_TEXT = 1
"""The game exists but its rules text is missing or malformed (a fault of the program, not of the user)."""
EXIT_USAGE = 2
"""Unknown game or topic, or nothing matches the words given with ``--list``."""


def _near(topics: tuple[Topic, ...], words: str) -> tuple[Topic, ...]:
    """Topics close to `words` when a search finds none (the near matches `find` suggests)."""
    try:
        return (find(topics, words),)
    except TopicNotFound as error:
        return error.candidates


def print_rules(
    game_id: str,
    topic: str | None,
    list_only: bool,
    console: Console | None = None,
    *,
    err_console: Console | None = None,
) -> int:
    """Print a game's rules, one topic of them, or the list of topics.

    Args:
        game_id: The game, e.g. ``"station"``.
        topic: A topic id, title, alias (a card or part name, see `rulebook.text`) or unambiguous prefix; None
            for the whole rules. With `list_only`, a question or words: the topics that answer it, best first
            (`rulebook.search.rank`, as the rules browser's search does).
        list_only: Print a table of topic ids and titles instead of rules text.
        console: Where the rules go (standard output when None).
        err_console: Where the one-line error goes (standard error when None).

    Returns:
        The exit code: `EXIT_OK`, `EXIT_USAGE` for an unknown game or topic, `EXIT_NO_TEXT` when the game
        has no usable rules text.
    """
    out = console if console is not None else Console()
    err = err_console if err_console is not None else Console(stderr=True)

    def fail(message: str, code: int) -> int:
        err.print(f"chimera rules: {message}", markup=False, highlight=False, soft_wrap=True)
        return code

    try:
        rules = rules_for(game_id)
    except games.UnknownGame as error:
        return fail(str(error), EXIT_USAGE)
    except (RulesTextMissing, RulesFormatError) as error:
        return fail(str(error), EXIT_NO_TEXT)
    title = rules.title or games.title(game_id)

    if list_only:
        topics = rank_for(game_id, rules.topics, topic + " ") if topic else rules.topics
        if not topics:
            if not topic:
                return fail(f"no {title} rules topic exists yet.", EXIT_USAGE)
            near = _near(rules.topics, topic)
            hint = f"; close matches: {', '.join(f'{t.id} ({t.title})' for t in near)}" if near else ""
            return fail(f"no {title} rules topic matches {topic!r}{hint}.", EXIT_USAGE)
        table = Table(title=f"{title}: rules topics", title_justify="left", header_style="bold")
        table.add_column("Topic", style="cyan", no_wrap=True)
        table.add_column("Title")
        for each in topics:
            table.add_row(each.id, each.title)
        out.print(table)
        return EXIT_OK

    if topic is None:
        out.print(Markdown(rules.markdown))
        return EXIT_OK
    try:
        chosen = find(rules.topics, topic)
    except TopicNotFound as error:
        return fail(f"{title}: {error}", EXIT_USAGE)
    out.print(Markdown(chosen.markdown))
    return EXIT_OK
