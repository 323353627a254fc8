"""The registry of games (like ``pyspiel.register_game``).

Each game is a package ``chimera_tui.games.<id>`` exporting ``RULES`` (a `Ruleset`) and optionally ``BOTS``
(name -> bot factory). Packages are imported only when a game is asked for, so start-up stays fast.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from chimera_tui.engine.bots import BotFactory, bot_factories
from chimera_tui.engine.ruleset import Ruleset

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

KNOWN: dict[str, str] = {}
"""Game id -> display title, for every game this build ships (filled below, kept in menu order)."""

_MODULES: dict[str, str] = {}
_EXTRA: dict[str, tuple[Ruleset[Any, Any], Mapping[str, BotFactory]]] = {}


def _ship(game_id: str, title: str) -> None:
    KNOWN[game_id] = title
    _MODULES[game_id] = f"chimera_tui.games.{game_id}"


class UnknownGame(KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:
        names = ", ".join(game_ids()) or "none yet"
        return f"There is no game called {self.args[0]!r}; the games are: {names}."


class InstallationIncomplete(RuntimeError):
    """A file a shipped game needs (its data or rules text) is not installed: the installation, not a save or
    the player, is at fault. `str()` is the one sentence to show, e.g. "Chimera Station's data file
    modules.toml is missing: the installation is incomplete; reinstall chimera-tabletop."."""

    def __init__(self, game_id: str, filename: str) -> None:
        super().__init__(game_id, filename)
        self.game_id = game_id
        self.filename = filename

    def __str__(self) -> str:
        name = KNOWN.get(self.game_id, self.game_id)
        return (
            f"{name}'s data file {self.filename} is missing: the installation is incomplete; "
            "reinstall chimera-tabletop."
        )


def data_dir(package: str) -> Traversable:
    """The ``data/`` folder of a game package (tests point it elsewhere to play a broken installation)."""
    from importlib import resources  # not before the menu's first frame (`chimera bench --startup`)

    return resources.files(package).joinpath("data")


def read_data(package: str, filename: str) -> bytes:
    """The bytes of a game's data file, e.g. ``read_data("chimera_tui.games.station", "modules.toml")``.

    Raises:
        InstallationIncomplete: when the file is not installed.
    """
    try:
        return data_dir(package).joinpath(filename).read_bytes()
    except (FileNotFoundError, NotADirectoryError, ModuleNotFoundError):
        raise InstallationIncomplete(package.rpartition(".")[2], filename) from None


def register(rules: Ruleset[Any, Any], bots: Mapping[str, BotFactory] | None = None) -> None:
    """Add a game at run time (tests register their tiny game this way)."""
    _EXTRA[rules.id] = (rules, dict(bots or {}))


def unregister(game_id: str) -> None:
    """Remove a game added with `register`."""
    _EXTRA.pop(game_id, None)


def game_ids() -> tuple[str, ...]:
    """Every playable game id: the shipped ones in menu order, then any registered at run time."""
    return tuple(_MODULES) + tuple(g for g in _EXTRA if g not in _MODULES)


def get(game_id: str) -> Ruleset[Any, Any]:
    """The rules of `game_id`.

    Raises:
        UnknownGame: when no such game exists.
    """
    if game_id in _EXTRA:
        return _EXTRA[game_id][0]
    if game_id not in _MODULES:
        raise UnknownGame(game_id)
    rules: Ruleset[Any, Any] = importlib.import_module(_MODULES[game_id]).RULES
    return rules


def bots(game_id: str) -> dict[str, BotFactory]:
    """The bots available for `game_id`, strongest first, by name."""
    if game_id in _EXTRA:
        rules, extra = _EXTRA[game_id]
        return bot_factories(rules, extra)
    module = importlib.import_module(_MODULES[game_id]) if game_id in _MODULES else None
    if module is None:
        raise UnknownGame(game_id)
    return bot_factories(module.RULES, getattr(module, "BOTS", None))


def title(game_id: str) -> str:
    """The display title of `game_id` without importing its rules."""
    if game_id in KNOWN:
        return KNOWN[game_id]
    if game_id in _EXTRA:
        return _EXTRA[game_id][0].title
    raise UnknownGame(game_id)


# Games ship here as their issues land (menu order).
_ship("station", "Chimera Station")
_ship("codename", "Codename: Chimera")
_ship("imaginarium", "Imaginarium")
_ship("con", "Chimera Con")
