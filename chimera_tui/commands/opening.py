"""What `chimera` (the menu), `chimera new ...`, `chimera load FILE [--copy]` and `chimera learn GAME` open:
the parsed arguments turned into a `LaunchPlan` (`chimera_tui.launch` builds each start), or one sentence and
an exit code (`LaunchError`) before any screen appears. Pure: no Textual.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from chimera_tui import games
from chimera_tui.launch import LaunchError, LaunchPlan, SaveInUseError, load_start, make_seats, new_start

COPY_HINT = "To play a copy of it in your saves folder, run: chimera load --copy FILE"


def _ask(question: str) -> bool:
    """Ask a yes/no question on the terminal (only when both ends are a terminal)."""
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        return False
    print(question, end=" ", file=sys.stderr, flush=True)
    try:
        answer = sys.stdin.readline()
    except (OSError, KeyboardInterrupt):
        return False
    return answer.strip().lower() in ("y", "yes")


def load_plan(
    path: str | Path,
    *,
    copy: bool = False,
    folder: Path | None = None,
    ask: Callable[[str], bool] = _ask,
) -> LaunchPlan:
    """`chimera load FILE [--copy]`: the save, or (when another process plays it and the person says so at
    the terminal, or `copy` was given) a copy of it in the saves folder.

    Raises:
        LaunchError: with one sentence (exit code 1).
    """
    try:
        return LaunchPlan(start=load_start(path, folder=folder, copy=copy))
    except SaveInUseError as exc:
        if ask(f"{exc.message} Open a copy of it in your saves folder instead? [y/N]"):
            return LaunchPlan(start=load_start(path, folder=folder, copy=True))
        raise LaunchError(f"{exc.message} {COPY_HINT.replace('FILE', str(path))}", code=1) from exc


def plan_launch(args: argparse.Namespace) -> LaunchPlan:
    """The launch plan for parsed `chimera` arguments (no command, `new` or `load`)."""
    if args.command is None:
        return LaunchPlan()
    if args.command == "load":
        return load_plan(args.file, copy=bool(getattr(args, "copy", False)))
    if args.command == "learn":
        from chimera_tui.launch.lesson import learn_start
        from chimera_tui.saves import saves_dir_path

        return LaunchPlan(start=learn_start(args.game, saves_dir_path()))
    if not games.game_ids():
        raise LaunchError(
            "No game is installed in this build yet: the games arrive one by one. "
            "Run `chimera` for the menu and the rules browser."
        )
    if args.game not in games.game_ids():
        raise LaunchError(
            f"There is no game called {args.game!r}; the games are: {', '.join(games.game_ids())}."
        )
    options: dict[str, str] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            raise LaunchError(f"--option needs KEY=VALUE, not {item!r}.")
        options[key.strip()] = value.strip()
    if args.side:
        options["side"] = args.side
    kinds = args.seats.split(",") if args.seats else []
    names = args.names.split(",") if args.names else []
    rules = games.get(args.game)
    players = args.players or max(len(kinds), len(names), rules.min_players)
    if not rules.min_players <= players <= rules.max_players:
        raise LaunchError(
            f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {players}."
        )
    seats = make_seats(args.game, players, kinds, names)
    return LaunchPlan(start=new_start(args.game, players, seats, args.seed, options))
