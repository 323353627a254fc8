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
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from chimera_tui.engine import GameConfig
from chimera_tui.engine.match import Match
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
