"""`chimera bench`: whole games played by bots with no UI, timed.

The last line printed is exactly ``GAME Np: N games, X games/s, E errors, D decisions/game, L at the round
limit`` (L: the games that stopped at a safety limit of this edition's instead of ending by the game's own
rules, see `ended_at_limit`); with ``--seats`` (one bot level per seat, e.g. ``search,random``) it ends with
``, wins: search 93, random 7``: the games each level won (a shared win counts its share), with the levels
rotated round the seats from one game to the next so that no level keeps the first seat. ``-o KEY=VALUE``
sets a game option, as for ``chimera new``.
"""

from __future__ import annotations

import resource
import sys
import time
import traceback
from collections.abc import Mapping
from typing import Any, TextIO

import msgspec

from chimera_tui import games
from chimera_tui.engine.bots import Bot, bot_seed
from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.ruleset import GameConfig, Ruleset, ended_at_limit

LIMIT = 100_000
"""Decisions after which a game that has not ended counts as an error."""


class BenchResult(msgspec.Struct, frozen=True):
    game: str
    players: int
    games: int
    seconds: float
    errors: int
    decisions: int
    peak_rss_mib: float
    wins: tuple[tuple[str, float], ...] = ()
    """Games won by each seat level (``--seats``), in the order the levels were given; empty without."""
    at_limit: int = 0
    """Games that stopped at the game's round limit rather than by its own end."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def line(self) -> str:
        per_game = self.decisions / self.games if self.games else 0.0
        return (
            f"{self.game} {self.players}p: {self.games} games, {self.games_per_second:.1f} games/s, "
            f"{self.errors} errors, {per_game:.1f} decisions/game, {self.at_limit} at the round limit"
        ) + (", wins: " + ", ".join(f"{name} {_count(won)}" for name, won in self.wins) if self.wins else "")


def _count(won: float) -> str:
    """A number of wins: whole, or with one decimal where shared wins left a fraction."""
    return f"{won:.0f}" if abs(won - round(won)) < 1e-9 else f"{won:.1f}"


def play_out(rules: Ruleset[Any, Any], state: Any, bots: Mapping[int, Bot], limit: int) -> tuple[Any, int]:
    """Let `bots` (seat -> Bot) play on from `state` until the game ends or `limit` decisions were taken:
    the last state and the number of decisions.

    This is the bench's loop: what a bot at a table goes through for each decision (whose turn it is, the
    legal actions, the seat's view, `apply`) and nothing a table adds for people: no `Match`, so no log, no
    undo record and no log lines in words (each state still carries what its action caused, as every state
    does). A bot that never looks at the view (``reads_view = False``, the random bot) is not given one.

    Raises:
        KeyError: when a seat with no bot is to act.
    """
    to_act, legal_actions, view, apply = rules.to_act, rules.legal_actions, rules.view, rules.apply
    choose = {seat: bot.choose for seat, bot in bots.items()}
    reads = {seat: getattr(bot, "reads_view", True) for seat, bot in bots.items()}
    taken = 0
    while taken < limit:
        seat = to_act(state)
        if seat is None:
            break
        legal = legal_actions(state)
        state = apply(state, choose[seat](view(state, seat) if reads[seat] else None, legal, seat))
        taken += 1
    return state, taken


def bench_options(rules: Ruleset[Any, Any], items: list[str], players: int) -> dict[str, str]:
    """The game options of ``-o KEY=VALUE`` items, checked as `chimera new` checks them, and checked to set
    up a game of `players`.

    Raises:
        ValueError: with one sentence saying what is wrong.
    """
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--option needs KEY=VALUE, not {item!r}.")
        key, value = key.strip(), value.strip()
        spec = next((o for o in rules.options if o.key == key), None)
        if spec is None:
            names = ", ".join(o.key for o in rules.options) or "none"
            raise ValueError(f"{rules.title} has no option {key!r}; its options are: {names}.")
        if (problem := spec.problem(value, players)) is not None:
            raise ValueError(problem)
        options[key] = value
    try:
        rules.new_game(GameConfig(players=players, options=options), 1)
    except IllegalAction as exc:  # options that do not go together, or not at this many players
        raise ValueError(exc.reason) from exc
    except games.InstallationIncomplete:
        pass  # `run_bench` says so, counting every game as an error
    return options


def seat_levels(rotation: int, levels: tuple[str, ...]) -> tuple[str, ...]:
    """The level in each seat in game number `rotation`: `levels` turned by one seat per game."""
    n = len(levels)
    return tuple(levels[(seat - rotation) % n] for seat in range(n))


def run_bench(
    game_id: str,
    players: int,
    count: int,
    seed: int,
    bot: str,
    *,
    err: TextIO | None = None,
    seats: tuple[str, ...] = (),
    options: Mapping[str, str] | None = None,
) -> BenchResult:
    """Play `count` games of `game_id` with `bot` in every seat, or with `seats` (one level per seat, turned
    round the table by one seat each game) and count each level's wins, with the game `options`; errors
    and games stopped at the round limit are counted, and the first error is shown.

    A game whose own files are missing (`games.InstallationIncomplete`) counts every game as an error and
    says so in one sentence; the caller exits non-zero whenever `BenchResult.errors` is not 0.
    """
    rules = games.get(game_id)
    factories = games.bots(game_id)
    levels = seats or (bot,) * players
    wins = dict.fromkeys(seats, 0.0)
    config = GameConfig(players=players, options=dict(options or {}))
    errors = decisions = at_limit = 0
    start = time.perf_counter()
    for k in range(count):
        game_seed = seed + k
        try:
            here = seat_levels(k, levels)
            bots = {i: factories[here[i]](rules, bot_seed(game_seed, i)) for i in range(players)}
            state, taken = play_out(rules, rules.new_game(config, game_seed), bots, LIMIT)
            decisions += taken
            if not rules.is_over(state):
                raise RuntimeError(f"game with seed {game_seed} did not end in {LIMIT} decisions")
            at_limit += ended_at_limit(rules, state)
            if seats:
                winners = rules.winner(state)
                for i in winners:
                    wins[here[i]] += 1 / len(winners)
        except games.InstallationIncomplete as exc:  # every game would fail alike: count them all, say why
            errors += count - k
            if err is not None:
                print(exc, file=err)
            break
        except Exception:
            errors += 1
            if errors == 1 and err is not None:
                print(f"first error (seed {game_seed}):", file=err)
                traceback.print_exc(file=err)
    seconds = time.perf_counter() - start
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak = rss_kib / 1024 if sys.platform != "darwin" else rss_kib / (1024 * 1024)
    return BenchResult(
        game_id, players, count, seconds, errors, decisions, peak, tuple(wins.items()), at_limit
    )
