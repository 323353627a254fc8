"""Saves to test with: good ones played out from Pebbles, and one builder per kind of bad file.

Shared by the engine tests (test_format_*.py) and the command-line tests (test_cli.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

from chimera_tui.engine import GameConfig
from chimera_tui.engine.match import Match
from chimera_tui.saves import encode_match
from tests.tinygame import RULES

NOW = datetime(2026, 11, 21, 23, 50, 7, tzinfo=UTC)
CONFIG = GameConfig(players=2, names=("Ada", "Brook"), options={"heap": "12"})
SEED = 4242
MOVES = ("take 1", "roll", "take 2", "roll", "take 1")


def played(moves: Sequence[str] = MOVES, *, config: GameConfig = CONFIG, seed: int = SEED) -> Match[Any, Any]:
    """A Pebbles match after `moves`."""
    return Match.replay(RULES, config, seed, moves)


def good_bytes() -> bytes:
    return encode_match(played(), now=NOW)


def tampered(**changes: Any) -> bytes:
    """A good save with some envelope fields replaced (as raw MessagePack, so any type can be put in)."""
    raw = msgspec.msgpack.decode(good_bytes())
    raw.update(changes)
    return msgspec.msgpack.encode(raw)


def _write(data: bytes) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        path = folder / "game.chimera"
        path.write_bytes(data)
        return path

    return build


def _missing(folder: Path) -> Path:
    return folder / "nowhere.chimera"


def _directory(folder: Path) -> Path:
    path = folder / "folder.chimera"
    path.mkdir()
    return path


BAD_FILES: dict[str, tuple[Callable[[Path], Path], str]] = {
    # case: (builder, the message with {p} standing for the quoted path)
    "missing": (_missing, "There is no save file at {p}."),
    "directory": (_directory, "{p} is a folder, not a save file."),
    "empty": (_write(b""), "{p} is empty, so it holds no saved game."),
    "truncated": (
        lambda folder: _write(good_bytes()[:-20])(folder),
        "{p} is a truncated Chimera Tabletop save: the file ends before the save does.",
    ),
    "truncated-early": (
        lambda folder: _write(good_bytes()[:3])(folder),
        "{p} is truncated or is not a Chimera Tabletop save: its data ends too early.",
    ),
    "random-bytes": (
        _write(bytes.fromhex("c1 7f 45 4c 46 02 01 01 00 c1 c1")),
        "{p} is not a Chimera Tabletop save: it is not MessagePack data.",
    ),
    "text-file": (
        _write(b"Dear diary, today I played Chimera Station.\n"),
        "{p} is not a Chimera Tabletop save: it is not MessagePack data.",
    ),
    "other-msgpack-map": (
        _write(msgspec.msgpack.encode({"name": "tetris", "score": 9000, "log": ["a", "b"]})),
        "{p} is not a Chimera Tabletop save: it holds MessagePack data of another kind.",
    ),
    "other-msgpack-array": (
        _write(msgspec.msgpack.encode([1, 2, 3])),
        "{p} is not a Chimera Tabletop save: it holds MessagePack data of another kind.",
    ),
    "trailing-junk": (
        lambda folder: _write(good_bytes() + b"\x00junk")(folder),
        "{p} is a damaged Chimera Tabletop save: there are extra bytes after the end of the save.",
    ),
    "newer-format": (
        _write(tampered(format_version=7, game={"a new": "shape"})),
        "{p} was made by a newer version of Chimera Tabletop (format 7; this version reads up to 1).",
    ),
    "bad-format-version": (
        _write(tampered(format_version="one")),
        "{p} is a damaged Chimera Tabletop save (its format version is 'one').",
    ),
    "no-format-version": (
        _write(msgspec.msgpack.encode({"magic": "chimera-tabletop-save", "game": "pebbles"})),
        "{p} is a damaged Chimera Tabletop save (it has no format version).",
    ),
    "negative-rules-version": (
        _write(tampered(rules_version=-3)),
        "{p} is a damaged Chimera Tabletop save (its rules version is -3).",
    ),
    "wrong-field-type": (
        _write(tampered(seed="forty-two")),
        "{p} is a damaged Chimera Tabletop save: its seed is text where a whole number belongs.",
    ),
    "int-timestamp": (
        _write(tampered(created=1234)),
        "{p} is a damaged Chimera Tabletop save: its creation time is a whole number where text belongs.",
    ),
    "missing-digest": (
        _write(
            msgspec.msgpack.encode(
                {k: v for k, v in msgspec.msgpack.decode(good_bytes()).items() if k != "digest"}
            )
        ),
        "{p} is a damaged Chimera Tabletop save: it has no digest.",
    ),
    "bad-player-count-type": (
        _write(tampered(config={"players": "two", "names": [], "options": {}})),
        "{p} is a damaged Chimera Tabletop save: its number of players is text where a whole number belongs.",
    ),
    "unknown-game": (
        _write(tampered(game="chess")),
        "{p} is a save of a game called 'chess', which this version of Chimera Tabletop does not have.",
    ),
    "newer-rules": (
        _write(tampered(rules_version=2)),
        "{p} was made with newer rules of Pebbles (test game) (rules version 2; this version has 1).",
    ),
    "illegal-step": (
        _write(tampered(log=["take 1", "take 2", "take 5", "roll"])),
        "{p} cannot be replayed: step 3 ('take 5') is not legal: "
        "You may take 1 or 2 pebbles, at most the 9 left; not 5.",
    ),
    "unparsable-step": (
        _write(tampered(log=["take 1", "jump"])),
        "{p} cannot be replayed: step 2 ('jump') is not legal: "
        "'jump' is not a Pebbles action (try 'take 1', 'take 2' or 'roll').",
    ),
    "bad-seat-count": (
        _write(tampered(config={"players": 7, "names": [], "options": {}})),
        "{p} cannot be replayed: Pebbles (test game) is for 2 to 3 players; 7 were asked for.",
    ),
    "bad-option": (
        _write(tampered(config={"players": 2, "names": [], "options": {"heap": "lots"}})),
        "{p} cannot be replayed: its option 'heap' is 'lots', not one of 9, 12.",
    ),
    "digest-mismatch": (
        _write(tampered(digest=bytes(32))),
        "{p} does not match its own record: replaying its 5 actions gives a different position, "
        "so the file was altered or the rules of Pebbles (test game) changed.",
    ),
    "tampered-seed": (
        _write(tampered(seed=SEED + 1)),
        "{p} does not match its own record: replaying its 5 actions gives a different position, "
        "so the file was altered or the rules of Pebbles (test game) changed.",
    ),
}


def expected_message(case: str, path: Path) -> str:
    template = BAD_FILES[case][1]
    return template.format(p=f"'{path}'", n=len(good_bytes()))
