"""The command line of `chimera serve`: its flags with their help, and their checking into `ServeFlags`.

Light on purpose (argparse only): `chimera_tui.commands.cli` builds every parser at start, and the server's own
modules (asyncssh, aiohttp) load only when `serve` runs. Each bad value is one sentence naming the flag.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from chimera_tui.server.protocol import CHAT_LIMIT

DEFAULT_SSH = "127.0.0.1:2222"


class FlagError(ValueError):
    """A flag whose value is not allowed; the message is one sentence."""


@dataclass(frozen=True)
class Bound:
    """A numeric flag: its name, default, range and unit (for the help and the error)."""

    flag: str
    default: float
    low: float
    high: float
    whole: bool = True
    unit: str = ""

    @property
    def dest(self) -> str:
        return self.flag.removeprefix("--").replace("-", "_")

    def parse(self, text: str) -> float:
        """The flag's value from `text`.

        Raises:
            FlagError: when it is not a number in range.
        """
        kind = "a whole number" if self.whole else "a number"
        unit = f" {self.unit}" if self.unit else ""
        problem = (
            f"{self.flag} must be {kind} from {_fmt(self.low)} to {_fmt(self.high)}{unit}, not {text!r}."
        )
        try:
            value = int(text) if self.whole else float(text)
        except ValueError:
            raise FlagError(problem) from None
        if not self.low <= value <= self.high:
            raise FlagError(problem)
        return value


BOUNDS: tuple[tuple[Bound, str], ...] = (
    (Bound("--max-sessions", 64, 1, 10_000), "players connected at once, SSH and web together"),
    (Bound("--sessions-per-key", 3, 1, 100), "sessions one identity (SSH key or browser) may have open"),
    (Bound("--tables-per-key", 5, 1, 1000), "unfinished tables one identity may have opened"),
    (Bound("--connections-per-minute", 20, 1, 10_000), "new connections one address may open a minute"),
    (
        Bound("--idle-timeout", 30, 1, 24 * 60, whole=False, unit="minutes"),
        "minutes without a key press before a session is closed",
    ),
    (Bound("--chat-lines", 5, 1, 100), "chat lines one session may say per --chat-window"),
    (Bound("--chat-window", 10, 1, 3600, whole=False, unit="seconds"), "seconds --chat-lines counts over"),
    (Bound("--chat-length", CHAT_LIMIT, 1, CHAT_LIMIT, unit="characters"), "longest chat line"),
    (
        Bound("--away-limit", 120, 5, 3600, whole=False, unit="seconds"),
        "seconds an absent player's turn waits before a bot plays it",
    ),
)


@dataclass(frozen=True)
class ServeFlags:
    """The checked values of the flags (addresses still as text: `serve.parse_address` reads them)."""

    max_sessions: int
    sessions_per_key: int
    tables_per_key: int
    connections_per_minute: int
    idle_timeout: float
    """Seconds."""
    chat_lines: int
    chat_window: float
    chat_length: int
    away_limit: float
    bot_workers: int | None = None
    """Worker processes for the search bots (None: one per core)."""


BOT_WORKERS = Bound("--bot-workers", 0, 1, 256)
"""Its default (one per core) is worked out at start; 0 only stands for it here."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the flags of `chimera serve` to `parser`."""
    parser.add_argument(
        "--ssh",
        default=DEFAULT_SSH,
        metavar="HOST:PORT",
        help=f"where SSH players connect (default {DEFAULT_SSH}; bind beyond 127.0.0.1 only on purpose)",
    )
    parser.add_argument(
        "--web",
        metavar="HOST:PORT",
        help="also serve the game to browsers here, e.g. 127.0.0.1:8022 (one client process per tab)",
    )
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        help="--web runs behind a TLS reverse proxy: trust its X-Forwarded-Proto, -Host and -For headers "
        "(https pages link wss:// and get a Secure cookie)",
    )
    parser.add_argument(
        "--saves",
        default=argparse.SUPPRESS,
        metavar="DIR",
        help="a folder of table saves from an older chimera serve, imported once into the store",
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        help="where tables are kept: postgresql://USER@HOST/DATABASE, which several hosts may share "
        "(default: an SQLite file in the data folder; also the CHIMERA_DB environment variable)",
    )
    parser.add_argument("--authorized-keys", metavar="FILE", help="only the keys in this file may log in")
    parser.add_argument(
        "--client-start",
        choices=("fork", "spawn"),
        default="fork",
        help="fork each session's client process from a warm parent that has imported everything (default; "
        "a few MiB and milliseconds a session), or spawn a new interpreter for each (about 40 MiB)",
    )
    parser.add_argument(
        "--data",
        metavar="DIR",
        help="folder for the host key and the SQLite store (default: your data folder)",
    )
    parser.add_argument(
        BOT_WORKERS.flag,
        default=None,
        metavar="N",
        help="worker processes the search bots think in, beside the tables and the players' sessions "
        f"(default one per core; {_fmt(BOT_WORKERS.low)} to {_fmt(BOT_WORKERS.high)})",
    )
    from chimera_tui.server.notify.flags import add_notify_arguments

    add_notify_arguments(parser)
    limits = parser.add_argument_group("limits")
    for bound, text in BOUNDS:
        unit = f" {bound.unit}" if bound.unit else ""
        limits.add_argument(
            bound.flag,
            default=None,
            metavar=bound.unit.upper() if bound.unit in ("minutes", "seconds") else "N",
            help=f"{text} (default {_fmt(bound.default)}{unit}; {_fmt(bound.low)} to {_fmt(bound.high)})",
        )


def read_flags(args: argparse.Namespace) -> ServeFlags:
    """The limits from parsed arguments (defaults for flags not given).

    Raises:
        FlagError: for the first value that is not allowed.
    """
    values: dict[str, float] = {}
    workers = getattr(args, BOT_WORKERS.dest, None)
    for bound, _ in BOUNDS:
        text = getattr(args, bound.dest, None)
        values[bound.dest] = bound.default if text is None else bound.parse(str(text))
    return ServeFlags(
        max_sessions=int(values["max_sessions"]),
        sessions_per_key=int(values["sessions_per_key"]),
        tables_per_key=int(values["tables_per_key"]),
        connections_per_minute=int(values["connections_per_minute"]),
        idle_timeout=values["idle_timeout"] * 60.0,
        chat_lines=int(values["chat_lines"]),
        chat_window=values["chat_window"],
        chat_length=int(values["chat_length"]),
        away_limit=values["away_limit"],
        bot_workers=None if workers is None else int(BOT_WORKERS.parse(str(workers))),
    )


def _fmt(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)
