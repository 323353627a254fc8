"""The save file: a versioned MessagePack envelope around config, seed and action log.

A save holds what a match *is* (game, rules version, config, seed, the log of action notations) plus what a
save list shows without replaying (player names, a round label, timestamps) and a digest of the final state,
so a file that was altered, or rules that changed, are caught when the log is replayed on load.

Schema evolution (msgspec's rules): the envelope is a map, so new fields may be added with defaults; the type
of an existing field never changes; anything larger bumps `FORMAT_VERSION`. A file whose format is newer
than this build's is refused with a message saying so, never guessed at.

Writes are atomic: the bytes are encoded first (a failure there touches nothing), then written to a hidden
temporary file in the same folder, flushed, fsynced and renamed over the target, and the folder is fsynced.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from chimera_tui import games
from chimera_tui.engine import GameConfig, IllegalAction, Ruleset
from chimera_tui.engine.match import Match
from chimera_tui.engine.plain_text import plain_text
from chimera_tui.saves.errors import SaveError
from chimera_tui.saves.files import read_bytes, write_atomic
from chimera_tui.saves.wording import field_problem, malformed_detail
from chimera_tui.table.base import Seat

MAGIC = "chimera-tabletop-save"
"""The value of every save's ``magic`` field: tells our files from other programs' MessagePack."""

FORMAT_VERSION = 1
"""The envelope format this build writes and the newest it reads."""

EXTENSION = ".chimera"
"""The suffix of save files."""

APP = "Chimera Tabletop"


class SaveFile(msgspec.Struct, frozen=True, kw_only=True):
    """The envelope, exactly as stored (a MessagePack map)."""

    magic: str = MAGIC
    """Always `MAGIC`."""
    format_version: int = FORMAT_VERSION
    """The envelope format; see `FORMAT_VERSION`."""
    game: str
    """Registry key of the game."""
    rules_version: int
    """`Ruleset.rules_version` of the rules that wrote the log."""
    config: GameConfig
    seed: int
    log: tuple[str, ...] = ()
    """Every applied action's notation, in order: the authoritative history."""
    players: tuple[str, ...] = ()
    """Display names by seat, for save lists."""
    bots: tuple[str | None, ...] = ()
    """Who plays each seat: a bot's name, or None for a person (missing seats are people)."""
    round: str = ""
    """`Ruleset.round_label` of the final state, for save lists."""
    created: str = ""
    """When the match was first saved (ISO 8601 with offset)."""
    updated: str = ""
    """When this save was written (ISO 8601 with offset)."""
    digest: bytes
    """`state_digest` of the state after the whole log."""


class _Probe(msgspec.Struct):
    """Just enough of any map to tell whose file it is and which format it uses."""

    magic: Any = None
    format_version: Any = None


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


_DIGEST_ENCODER = msgspec.msgpack.Encoder(order="deterministic")
_ENCODER = msgspec.msgpack.Encoder()
_PROBE = msgspec.msgpack.Decoder(_Probe)
_DECODER = msgspec.msgpack.Decoder(SaveFile)


def state_digest(state: object) -> bytes:
    """A 32-byte blake2b digest of `state`'s deterministic MessagePack encoding."""
    return hashlib.blake2b(_DIGEST_ENCODER.encode(state), digest_size=32).digest()


def _stamp(now: datetime) -> str:
    """`now` as ISO 8601 with its offset (a naive time is taken as local time)."""
    if now.tzinfo is None:
        now = now.astimezone()
    return now.isoformat(timespec="seconds")


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _quoted(path: Path | str) -> str:
    return f"'{path}'"


# -- writing -----------------------------------------------------------------------------------------------


def snapshot(
    match: Match[Any, Any],
    *,
    now: datetime,
    created: datetime | str | None = None,
    seats: Sequence[Seat] | None = None,
) -> SaveFile:
    """The envelope describing `match` as of `now`.

    Args:
        now: The time of this save (the caller's clock: rules stay pure).
        created: When the match was first saved (a `SaveFile.created` string passes through); default `now`.
        seats: Who sits where (names and bots); default: people named as in the match's config.
    """
    rules = match.rules
    state = match.state
    stamp = _stamp(now)
    if created is None:
        first = stamp
    elif isinstance(created, str):
        first = created
    else:
        first = _stamp(created)
    return SaveFile(
        game=rules.id,
        rules_version=rules.rules_version,
        config=match.config,
        seed=match.seed,
        log=match.notations,
        players=tuple(seat.name for seat in seats)
        if seats is not None
        else tuple(match.config.name(seat) for seat in range(match.config.players)),
        bots=tuple(seat.bot for seat in seats) if seats is not None else (),
        round=rules.round_label(state),
        created=first,
        updated=stamp,
        digest=state_digest(state),
    )


def encode_match(
    match: Match[Any, Any],
    *,
    now: datetime,
    created: datetime | str | None = None,
    seats: Sequence[Seat] | None = None,
) -> bytes:
    """The bytes of a save of `match` (see `snapshot`)."""
    return _ENCODER.encode(snapshot(match, now=now, created=created, seats=seats))


def save_match(
    match: Match[Any, Any],
    path: Path | str,
    *,
    now: datetime,
    created: datetime | str | None = None,
    seats: Sequence[Seat] | None = None,
) -> SaveFile:
    """Save `match` to `path` atomically and return what was written (see `snapshot` for the arguments).

    Raises:
        SaveError: when the file cannot be written (nothing is overwritten).
    """
    save = snapshot(match, now=now, created=created, seats=seats)
    write_atomic(path, _ENCODER.encode(save))
    return save


# -- reading -----------------------------------------------------------------------------------------------


_MALFORMED = (msgspec.DecodeError, UnicodeDecodeError, RecursionError)
"""What msgspec raises for bytes that are not (complete, well-formed, reasonably nested) MessagePack."""


def _malformed(data: bytes, path: Path | str, exc: BaseException) -> SaveError:
    """The error for `data` that is not well-formed MessagePack (`exc` says how)."""
    name = _quoted(path)
    ours = MAGIC.encode() in data[:256]  # `magic` is the envelope's first field
    if isinstance(exc, RecursionError):
        message = f"{name} is not a {APP} save: its data is nested too deeply."
    elif "truncated" in str(exc):
        if ours:
            message = f"{name} is a truncated {APP} save: the file ends before the save does."
        else:
            message = f"{name} is truncated or is not a {APP} save: its data ends too early."
    elif ours:
        detail = (
            "some text in it is not valid UTF-8"
            if isinstance(exc, UnicodeDecodeError)
            else malformed_detail(str(exc))
        )
        message = f"{name} is a damaged {APP} save: {detail}."
    else:
        message = f"{name} is not a {APP} save: it is not MessagePack data."
    return SaveError(message, path)


def decode_save(data: bytes, path: Path | str) -> SaveFile:
    """The envelope in `data` (read from `path`, which the messages name), checked but not replayed.

    Raises:
        SaveError: when `data` is not a save this build can read.
    """
    name = _quoted(path)
    try:
        probe = _PROBE.decode(data)
    except msgspec.ValidationError as exc:
        # The top level is not a map. The typed decoder stops at the first wrong value, so check the rest
        # too: a text file starting with a letter is a valid MessagePack number followed by garbage.
        try:
            msgspec.msgpack.decode(data)
        except _MALFORMED as inner:
            raise _malformed(data, path, inner) from exc
        raise SaveError(
            f"{name} is not a {APP} save: it holds MessagePack data of another kind.", path
        ) from exc
    except _MALFORMED as exc:
        raise _malformed(data, path, exc) from exc
    if probe.magic != MAGIC:
        raise SaveError(f"{name} is not a {APP} save: it holds MessagePack data of another kind.", path)
    version = probe.format_version
    if version is None:
        raise SaveError(f"{name} is a damaged {APP} save (it has no format version).", path)
    if type(version) is not int or version < 1:
        raise SaveError(f"{name} is a damaged {APP} save (its format version is {version!r}).", path)
    if version > FORMAT_VERSION:
        raise SaveError(
            f"{name} was made by a newer version of {APP} "
            f"(format {version}; this version reads up to {FORMAT_VERSION}).",
            path,
        )
    try:
        return _DECODER.decode(data)
    except msgspec.ValidationError as exc:
        raise SaveError(f"{name} is a damaged {APP} save: {field_problem(str(exc))}.", path) from exc
    except _MALFORMED as exc:  # the probe skipped over it (e.g. bad UTF-8 in a field it ignores)
        raise _malformed(data, path, exc) from exc


def read_save(path: Path | str) -> SaveFile:
    """The envelope of the save at `path`, without replaying it (for save lists).

    Raises:
        SaveError: when the file is not a save this build can read.
    """
    return decode_save(read_bytes(path), path)


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
    if state_digest(match.state) != save.digest:
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
