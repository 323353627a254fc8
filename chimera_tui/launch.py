"""What the app opens with, decided and checked before any screen appears.

`chimera new ...` and `chimera load FILE` are validated here, so that a bad argument or a bad save prints one
clear line and exits non-zero without starting the TUI. Pure: no Textual.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import msgspec

from chimera_tui import games
from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import GameConfig, Ruleset
from chimera_tui.table.base import Seat


class LaunchError(Exception):
    """A command-line request that cannot start: one sentence and an exit code."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class GameStart(msgspec.Struct, kw_only=True):
    """A match ready to be played, with who sits where and where it autosaves."""

    game_id: str
    match: Any
    """The `Match` (new, or rebuilt from a save)."""
    seats: tuple[Seat, ...]
    save_path: Path | None = None
    """The file it was loaded from (autosave keeps writing there), or None for a new game."""
    created: str | None = None
    """When a loaded match was first saved (kept by later autosaves)."""


class LaunchPlan(msgspec.Struct, kw_only=True):
    """The menu, or a game to open straight away."""

    start: GameStart | None = None


def clock_seed() -> int:
    """A seed for players who did not choose one."""
    return time.time_ns() % 1_000_000_007


def make_seats(game_id: str, players: int, kinds: list[str], names: list[str]) -> tuple[Seat, ...]:
    """Seats from the words of the command line or the new-game dialog ("human", "bot", or a bot's name;
    "bot" means the game's strongest, the first `games.bots` lists). Unnamed seats are "Player N" for people
    and "Bot N (kind)" for bots.

    Raises:
        LaunchError: for an unknown kind or too many entries.
    """
    bots = games.bots(game_id)
    strongest = next(iter(bots))
    if len(kinds) > players or len(names) > players:
        raise LaunchError(f"{players} players, but more seats or names than that were given.")
    seats = []
    for i in range(players):
        kind = kinds[i].strip().lower() if i < len(kinds) and kinds[i].strip() else "human"
        if kind == "bot":
            kind = strongest
        if kind != "human" and kind not in bots:
            raise LaunchError(
                f"Seat {i + 1}: {kind!r} is not a seat kind; use human, bot or one of: {', '.join(bots)}."
            )
        given = names[i].strip() if i < len(names) else ""
        default = f"Player {i + 1}" if kind == "human" else f"Bot {i + 1} ({kind})"
        seats.append(Seat(given or default, None if kind == "human" else kind))
    return tuple(seats)


def new_start(
    game_id: str,
    players: int | None,
    seats: tuple[Seat, ...] | None,
    seed: int | None,
    options: dict[str, str],
) -> GameStart:
    """A new match of `game_id`, validated.

    Raises:
        LaunchError: with the reason, for a bad player count or option.
    """
    if game_id not in games.game_ids():
        known = ", ".join(games.game_ids()) or "none yet"
        raise LaunchError(f"There is no game called {game_id!r}; the games are: {known}.")
    rules: Ruleset[Any, Any] = games.get(game_id)
    n = players if players is not None else (len(seats) if seats else rules.min_players)
    for key, value in options.items():
        spec = next((o for o in rules.options if o.key == key), None)
        if spec is None:
            names = ", ".join(o.key for o in rules.options) or "none"
            raise LaunchError(f"{rules.title} has no option {key!r}; its options are: {names}.")
        if value not in spec.choices:
            raise LaunchError(f"Option {key} must be one of {', '.join(spec.choices)}, not {value!r}.")
    seats = seats or make_seats(game_id, n, [], [])
    config = GameConfig(players=n, names=tuple(s.name for s in seats), options=dict(options))
    try:
        match = Match(rules, config, clock_seed() if seed is None else seed)
    except IllegalAction as exc:
        raise LaunchError(exc.reason) from exc
    return GameStart(game_id=game_id, match=match, seats=seats)


def load_start(path: str | Path) -> GameStart:
    """The match saved in `path`.

    Raises:
        LaunchError: with the save's one-sentence problem (exit code 1).
    """
    from chimera_tui.saves import SaveError, load

    try:
        loaded = load(Path(path))
    except SaveError as exc:
        raise LaunchError(exc.message, code=1) from exc
    return GameStart(
        game_id=loaded.game_id,
        match=loaded.match,
        seats=loaded.seats,
        save_path=Path(path),
        created=loaded.save.created,
    )


def plan_launch(args: argparse.Namespace) -> LaunchPlan:
    """The launch plan for parsed `chimera` arguments (no command, `new` or `load`)."""
    if args.command is None:
        return LaunchPlan()
    if args.command == "load":
        return LaunchPlan(start=load_start(args.file))
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
