"""The `chimera` command line: the menu, and `new`, `load`, `replay`, `rules`, `bench`, `demo`.

Imports are kept inside the commands so that `chimera --help` and `chimera rules` start fast and never load
Textual when they do not need it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from chimera_tui import __version__, games


def _game_list() -> str:
    ids = games.game_ids()
    return ", ".join(ids) if ids else "none yet"


def _no_games() -> int:
    print(
        "No game is installed in this build yet: Chimera Station, Imaginarium, Chimera Con and "
        "Codename: Chimera arrive one by one. The menu and the rules browser work already.",
        file=sys.stderr,
    )
    return 2


def _check_game(game_id: str) -> str | None:
    if not games.game_ids():
        return None
    if game_id not in games.game_ids():
        return f"There is no game called {game_id!r}; the games are: {_game_list()}."
    return None


def _add_global_options(parser: argparse.ArgumentParser, default: object) -> None:
    """``--saves`` and ``--theme``, accepted before the command (`default` None) and after it (SUPPRESS, so
    an option given only before the command is not overwritten by the subcommand's default)."""
    parser.add_argument(
        "--saves",
        metavar="DIR",
        default=default,
        help="folder for saved games (default: $CHIMERA_SAVES, else your data folder)",
    )
    parser.add_argument(
        "--theme",
        metavar="NAME",
        default=default,
        help="Textual theme, e.g. textual-light, chimera-high-contrast or ansi-dark",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chimera",
        description="Chimera Tabletop: four tabletop games named Chimera, in your terminal. "
        "With no command, opens the main menu.",
    )
    parser.add_argument("--version", action="version", version=f"chimera-tabletop {__version__}")
    from chimera_tui.commands.completion import add_option as add_print_completion

    add_print_completion(parser)
    _add_global_options(parser, default=None)
    common = argparse.ArgumentParser(add_help=False)
    _add_global_options(common, default=argparse.SUPPRESS)  # after the command too; SUPPRESS keeps the first
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    new = sub.add_parser(
        "new",
        help="start a game straight away",
        description="Start a new game straight away.",
        parents=[common],
    )
    new.add_argument("game", help=f"the game to play ({_game_list()})")
    new.add_argument("--players", type=int, help="number of players (default: the game's minimum)")
    new.add_argument(
        "--seats",
        help="comma-separated seat kinds, e.g. human,bot or human,greedy,random (default: all human)",
    )
    new.add_argument("--names", help="comma-separated player names")
    new.add_argument("--seed", type=int, help="random seed (default: from the clock)")
    new.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (see `chimera rules GAME`); --side A/B is short for -o side=A/B",
    )
    new.add_argument("--side", choices=["A", "B"], help="Chimera Station: the player-mat side")

    load = sub.add_parser(
        "load", help="resume a saved game", description="Resume a saved game.", parents=[common]
    )
    load.add_argument("file", help="a .chimera save file")
    load.add_argument(
        "--copy", action="store_true", help="open a copy in the saves folder (when another chimera plays it)"
    )

    learn = sub.add_parser(
        "learn",
        help="a guided first game",
        description="A short game against a bot in which a guide explains each decision as it comes, "
        "shows where it is taken and opens its rules. It is saved as lesson-GAME.chimera in the saves "
        "folder; running this again resumes it.",
        parents=[common],
    )
    learn.add_argument("game", help="the game to learn (station, imaginarium, codename, con)")

    replay = sub.add_parser(
        "replay",
        help="watch a saved game step by step",
        description="Step through a save on its game's own screen: , and . one action, < and > one round, "
        "g jumps to a step, v changes whose view it shows (each seat's once the game is finished, or with "
        "--reveal). The file is only read, never written.",
        parents=[common],
    )
    replay.add_argument("file", help="a .chimera save file")
    replay.add_argument(
        "--reveal",
        action="store_true",
        help="let v show each seat's view (cards in hand, screens) although the game is not finished",
    )

    rules = sub.add_parser(
        "rules",
        help="print a game's rules",
        description="Print a game's rules (or one topic) to the terminal.",
        parents=[common],
    )
    rules.add_argument("game", help=f"the game ({_game_list()})")
    rules.add_argument(
        "topic", nargs="?", help="a topic id, title or card name (or an unambiguous start of one)"
    )
    rules.add_argument(
        "--list",
        nargs="*",
        metavar="QUESTION",
        help="list the topics, or with a question or words those that answer it, best first (as the rules "
        "browser's search)",
    )

    bench = sub.add_parser(
        "bench",
        help="time whole bot games without the UI",
        description="Play whole games with bots and no UI; the last line is "
        "'GAME Np: N games, X games/s, E errors, D decisions/game, L at the round limit'. Exits 1 when any "
        "game errs.",
        parents=[common],
    )
    bench.add_argument("game", nargs="?", help="the game (omit with --startup or --terminal)")
    bench.add_argument(
        "--startup",
        action="store_true",
        help="time to the first frame on a pseudo-terminal: `chimera` against a bare Textual app",
    )
    bench.add_argument(
        "--terminal",
        metavar="SAVE",
        help="open a copy of SAVE in a pseudo-terminal and measure bytes written and CPU per key press "
        "(what an SSH player waits for), beside the same app writing what Textual writes and a trivial "
        "Textual app, one press in each in turn",
    )
    bench.add_argument("--size", default="80x24", help="--terminal: the terminal size WxH (default 80x24)")
    bench.add_argument("--presses", type=int, default=20, help="--terminal: presses of each kind of key")
    bench.add_argument("--players", type=int, help="number of players (default: the game's minimum)")
    bench.add_argument("--games", type=int, default=100, help="how many games to play (default 100)")
    bench.add_argument("--seed", type=int, default=1, help="seed of the first game, +1 each game (default 1)")
    bench.add_argument("--bot", default="random", help="the bot in every seat (default random)")
    bench.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, as for `chimera new` (e.g. -o chimera=off, -o teams=on)",
    )
    bench.add_argument(
        "--seats",
        metavar="LEVELS",
        help="one bot level per seat, e.g. search,random or search:200,greedy (random, greedy, search, "
        "search:N); the levels turn round the table each game and the last line adds each level's wins",
    )

    demo = sub.add_parser(
        "demo",
        help="watch bots play a whole game through the real UI",
        description="Play a whole bots-only game through the real screen, headless, and save an SVG of "
        "the final screen.",
        parents=[common],
    )
    demo.add_argument("game", help=f"the game ({_game_list()})")
    demo.add_argument("--players", type=int, help="number of players (default: the game's minimum)")
    demo.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    demo.add_argument("--size", default="120x40", help="terminal size WxH (default 120x40)")
    demo.add_argument("--screenshot", metavar="FILE", help="where to write the SVG (default: GAME-demo.svg)")

    serve = sub.add_parser(
        "serve",
        help="host tables for players over SSH (and in a browser)",
        description="Host tables over SSH: each player connects with `ssh -p PORT NAME@HOST`, sees a lobby, "
        "opens or joins a table and plays in their own terminal; with --web, browsers join the same tables. "
        "Any key is welcome unless --authorized-keys restricts it. Stops on Ctrl+C or SIGTERM; tables resume "
        "on the next start.",
    )
    from chimera_tui.server.flags import add_arguments as add_serve_arguments

    add_serve_arguments(serve)
    from chimera_tui.commands.players import add_parser as add_players
    from chimera_tui.commands.tables import add_parser as add_tables

    add_tables(sub)
    add_players(sub)
    return parser


def _parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"chimera: --size must look like 120x40, not {text!r}") from None
    if w < 20 or h < 8:
        raise SystemExit("chimera: --size is too small (at least 20x8)")
    return w, h


def no_arguments() -> argparse.Namespace:
    """What `build_parser` makes of a bare ``chimera`` (the menu), without building the parser and importing
    what its commands need: the menu's first frame comes that much sooner (`chimera bench --startup`)."""
    return argparse.Namespace(saves=None, theme=None, command=None)


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    args = build_parser().parse_args(words) if words else no_arguments()
    try:
        return _dispatch(args)
    except games.InstallationIncomplete as exc:  # a game's own files are missing: one sentence, never a save
        print(exc, file=sys.stderr)
        return 1


def _dispatch(args: argparse.Namespace) -> int:
    if args.saves:
        os.environ["CHIMERA_SAVES"] = args.saves
    if args.command in (None, "new", "load", "learn"):
        return _run_app(args)
    if args.command == "rules":
        from chimera_tui.commands.rules import print_rules

        if args.list is None:
            return print_rules(args.game, args.topic, False)
        words = " ".join([*([args.topic] if args.topic else []), *args.list])
        return print_rules(args.game, words or None, True)
    if args.command == "replay":
        from chimera_tui.commands.replay import run_replay

        return run_replay(args.file, theme=args.theme, reveal=args.reveal)
    if args.command == "bench":
        return _bench(args)
    if args.command == "demo":
        return _demo(args)
    if args.command == "serve":
        from chimera_tui.server.serve import run_serve

        return run_serve(args)
    if args.command in ("tables", "players"):
        from chimera_tui.commands.players import run_players
        from chimera_tui.commands.tables import run_tables

        return run_tables(args) if args.command == "tables" else run_players(args)
    raise AssertionError(args.command)


def _bench(args: argparse.Namespace) -> int:
    if args.startup:
        from chimera_tui.commands.terminal_bench import first_frame

        bare, ours = first_frame(runs=7)
        print(
            f"first frame on an 80x24 pseudo-terminal: bare Textual app {bare * 1000:.0f} ms, "
            f"chimera menu {ours * 1000:.0f} ms (median of 7, alternating)"
        )
        print(f"startup: chimera/bare = {ours / bare:.2f}")
        return 0
    if args.terminal is not None:
        return _bench_terminal(args)
    if args.game is None:
        print("chimera bench: name a game, or use --startup or --terminal SAVE.", file=sys.stderr)
        return 2
    if not games.game_ids():
        return _no_games()
    if (problem := _check_game(args.game)) is not None:
        print(problem, file=sys.stderr)
        return 2
    from chimera_tui.commands.bench import bench_options, run_bench

    rules = games.get(args.game)
    seats = tuple(s.strip() for s in args.seats.split(",")) if args.seats else ()
    players = args.players or len(seats) or rules.min_players
    if not rules.min_players <= players <= rules.max_players:
        print(f"{rules.title} is for {rules.min_players} to {rules.max_players} players.", file=sys.stderr)
        return 2
    bots = games.bots(args.game)
    if seats and len(seats) != players:
        print(f"--seats names {len(seats)} levels for {players} players: give one per seat.", file=sys.stderr)
        return 2
    for name in seats or (args.bot,):
        if name not in bots:
            print(f"There is no bot called {name!r}; the bots are: {', '.join(bots)}.", file=sys.stderr)
            return 2
    try:
        options = bench_options(rules, args.option, players)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    result = run_bench(
        args.game, players, args.games, args.seed, args.bot, err=sys.stderr, seats=seats, options=options
    )
    print(f"peak memory {result.peak_rss_mib:.0f} MiB, {result.seconds:.2f} s")
    print(result.line())
    return 1 if result.errors else 0


def _bench_terminal(args: argparse.Namespace) -> int:
    from pathlib import Path

    from chimera_tui.commands.terminal_bench import keys_side_by_side, report

    save = Path(args.terminal)
    if not save.is_file():
        print(f"chimera bench: there is no save file at '{save}'.", file=sys.stderr)
        return 2
    try:
        cols, rows = (int(n) for n in args.size.lower().split("x"))
    except ValueError:
        print(f"chimera bench: the size must look like 80x24, not {args.size!r}.", file=sys.stderr)
        return 2
    apps = keys_side_by_side(save, max(1, args.presses), cols, rows)
    print("\n".join(report(save, cols, rows, apps)))
    return 0


def _demo(args: argparse.Namespace) -> int:
    if not games.game_ids():
        return _no_games()
    if (problem := _check_game(args.game)) is not None:
        print(problem, file=sys.stderr)
        return 2
    from chimera_tui.ui.demo import run_demo

    size = _parse_size(args.size)
    path = args.screenshot or f"{args.game}-demo.svg"
    return run_demo(args.game, args.players, args.seed, size, path, theme=args.theme)


def _make_saves_private(override: str | None) -> None:
    """Tighten a saves folder that other users of the machine could read, saying so (see `saves.private`)."""
    from chimera_tui.saves import saves_dir_path
    from chimera_tui.saves.private import loosened_warning, make_private

    folder = saves_dir_path(override)
    if tightened := make_private(folder):
        print(f"chimera: {loosened_warning(folder, tightened)}", file=sys.stderr)


def _run_app(args: argparse.Namespace) -> int:
    from chimera_tui.commands.opening import plan_launch
    from chimera_tui.launch import LaunchError

    try:
        plan = plan_launch(args)
    except LaunchError as exc:
        print(exc.message, file=sys.stderr)
        return exc.code
    _make_saves_private(getattr(args, "saves", None))
    from chimera_tui.ui.app import ChimeraApp

    app = ChimeraApp(plan=plan, theme=args.theme)
    app.run()
    return int(app.return_code or 0)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
