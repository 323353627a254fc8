"""A save read back into a match: its game's rules found, its log replayed and checked against the digest
of the final state, its options and seats checked (a bot this build no longer has is replaced). Every
problem is one `SaveError` sentence naming the file; the file format itself is in format.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chimera_tui import games
from chimera_tui.engine import GameConfig, IllegalAction, Ruleset
from chimera_tui.engine.match import Match
from chimera_tui.engine.plain_text import plain_text
from chimera_tui.engine.ruleset import earlier_wordings
from chimera_tui.saves.errors import SaveError
from chimera_tui.saves.format import APP, SaveFile, read_save, state_digest
from chimera_tui.table.base import Seat


def _quoted(path: Path | str) -> str:
    return f"'{path}'"


@dataclass(frozen=True)
class LoadedSave:
    """A save read back: the envelope, the rules and the match rebuilt by replaying its log."""

    path: Path
    save: SaveFile
    rules: Ruleset[Any, Any]
    match: Match[Any, Any]
    seats: tuple[Seat, ...]
    """Who sits where, one per seat. A bot this build no longer has is replaced by the game's strongest."""
    notices: tuple[str, ...] = ()
    """Sentences a player should read on opening the game (a bot that was replaced, say)."""

    @property
    def game_id(self) -> str:
        return self.save.game


def unknown_game_message(path: Path | str, game_id: str) -> str:
    """The sentence for a save of a game this build does not have."""
    return (
        f"{_quoted(path)} is a save of a game called {game_id!r}, which this version of {APP} does not have."
    )


def rules_for(save: SaveFile, path: Path | str) -> Ruleset[Any, Any]:
    """The registered rules that can replay `save`.

    Raises:
        SaveError: when the game is unknown or the save's rules are newer than this build's.
    """
    name = _quoted(path)
    if save.rules_version < 0:
        raise SaveError(f"{name} is a damaged {APP} save (its rules version is {save.rules_version}).", path)
    try:
        rules = games.get(save.game)
    except games.UnknownGame as exc:
        raise SaveError(unknown_game_message(path, save.game), path) from exc
    if save.rules_version > rules.rules_version:
        raise SaveError(
            f"{name} was made with newer rules of {rules.title} "
            f"(rules version {save.rules_version}; this version has {rules.rules_version}).",
            path,
        )
    return rules


def restore(save: SaveFile, path: Path | str) -> LoadedSave:
    """`save` (read from `path`) with its match rebuilt by replaying the log and checked against the digest.

    Raises:
        SaveError: when the game is unknown, the rules are newer, the rules reject the log or the replayed
            state does not match the digest.
    """
    rules = rules_for(save, path)
    name = _quoted(path)
    older = save.rules_version < rules.rules_version
    prefix = (
        f"{name} was made with older rules of {rules.title} "
        f"(rules version {save.rules_version}; this version has {rules.rules_version}) and"
        if older
        else name
    )
    if (problem := _option_problem(save.config, rules)) is not None:
        raise SaveError(f"{prefix} cannot be replayed: {problem}", path)
    try:
        match = Match.replay(rules, save.config, save.seed, save.log)
    except IllegalAction as exc:
        raise SaveError(f"{prefix} cannot be replayed: {_sentence(exc.reason)}", path) from exc
    except games.InstallationIncomplete:
        raise  # the game's own files are missing: never blame the save
    except Exception as exc:  # the rules met input they never validated (a tampered option, say)
        raise SaveError(
            f"{prefix} cannot be replayed: the rules of {rules.title} cannot use its setup or its log.",
            path,
        ) from exc
    if not matches_digest(rules, match.state, save.digest):
        steps = len(save.log)
        actions = f"{steps} action{'' if steps == 1 else 's'}"
        if older:
            message = f"{prefix} no longer replays to the position it recorded."
        else:
            message = (
                f"{name} does not match its own record: replaying its {actions} gives a different position, "
                f"so the file was altered or the rules of {rules.title} changed."
            )
        raise SaveError(message, path)
    seats, notices = _seats(save, match)
    return LoadedSave(Path(path), save, rules, match, seats, notices)


def matches_digest(rules: Ruleset[Any, Any], state: Any, digest: bytes) -> bool:
    """Whether `state` is the position `digest` recorded, in this version's words or in the words an earlier
    version gave what it holds (`engine.ruleset.earlier_wordings`): correcting a sentence loses no save."""
    if state_digest(state) == digest:
        return True
    return any(state_digest(then) == digest for then in earlier_wordings(rules, state))


def _option_problem(config: GameConfig, rules: Ruleset[Any, Any]) -> str | None:
    """Why `config`'s options are not ones `rules` offer (a sentence), or None when they are. An option the
    rules no longer have is ignored, as the rules ignore it; a value they do not offer is refused before the
    rules meet it."""
    for key, value in config.options.items():
        spec = next((o for o in rules.options if o.key == key), None)
        if spec is not None and spec.problem(str(value), config.players) is not None:
            choices = ", ".join(spec.choices)
            shown = plain_text(str(value), 40)
            each = " (for everyone, or one per seat)" if spec.per_seat else ""
            return f"its option {plain_text(key, 40)!r} is {shown!r}, not one of {choices}{each}."
    return None


def _seats(save: SaveFile, match: Match[Any, Any]) -> tuple[tuple[Seat, ...], tuple[str, ...]]:
    """One `Seat` per seat of `match`, as `save` records them (names made plain text), and a sentence for
    every bot this build no longer has (the game's strongest bot takes its seat)."""
    available = games.bots(save.game)
    strongest = next(iter(available), None)
    seats = []
    notices = []
    for i in range(match.config.players):
        recorded = save.players[i] if i < len(save.players) else ""
        name = plain_text(recorded) or plain_text(match.config.name(i)) or f"Player {i + 1}"
        bot = save.bots[i] if i < len(save.bots) else None
        if bot is not None and bot not in available:
            replaced = plain_text(bot, 40) or "?"
            if strongest is None:
                notices.append(
                    f"Seat {i + 1} ({name}) was the bot {replaced!r}, which this version does not "
                    "have; a person plays it now."
                )
            else:
                notices.append(
                    f"Seat {i + 1} ({name}) was the bot {replaced!r}, which this version does not "
                    f"have; the {strongest} bot plays it now."
                )
            bot = strongest
        seats.append(Seat(name, bot))
    return tuple(seats), tuple(notices)


def load(path: Path | str) -> LoadedSave:
    """Read the save at `path` and rebuild its match by replaying the log through the game registry.

    Raises:
        SaveError: with one sentence naming the file and the problem, for every file that cannot be loaded.
    """
    return restore(read_save(path), path)


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."
