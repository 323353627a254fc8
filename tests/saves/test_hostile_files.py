"""Files that attack the loader: devices, FIFOs, folders, huge, deep, truncated, flipped, unreadable.

Each kind gets one clear sentence from `chimera load` (exit 1) in a bounded time, and nothing ever blocks or
reads without limit. Messages never show decoder wording.
"""

from __future__ import annotations

import errno
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from chimera_tui.saves import SaveError, files, load
from tests.saves.cases import good_bytes
from tests.saves.test_cli import LAUNCHER, _run

DECODER_WORDS = (
    "Expected `",
    "got `",
    "at `$",
    "(byte ",
    "trailing characters",
    "data is malformed",
    "invalid literal",
    "Error:",
    "Error(",
)
"""Words and marks of msgspec's and Python's own messages, which a person must never read."""


def _symlink_to(target: str) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        if not os.path.exists(target):
            pytest.skip(f"{target} does not exist here")
        path = folder / "device.chimera"
        path.symlink_to(target)
        return path

    return build


def _fifo(folder: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = folder / "x.chimera"
    os.mkfifo(path)
    return path


def _directory(folder: Path) -> Path:
    path = folder / "dir.chimera"
    path.mkdir()
    return path


def _huge(folder: Path) -> Path:
    path = folder / "huge.chimera"
    with path.open("wb") as out:
        out.truncate(files.MAX_SIZE + 1)  # sparse: costs no disk
    return path


def _write(name: str, data: bytes) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        path = folder / name
        path.write_bytes(data)
        return path

    return build


def _flipped() -> bytes:
    data = bytearray(good_bytes())
    data[-5] ^= 0xFF  # inside the digest: the save no longer matches its record
    return bytes(data)


HOSTILE: dict[str, tuple[Callable[[Path], Path], str]] = {
    "dev-zero": (_symlink_to("/dev/zero"), "{p} is a device, not a save file."),
    "dev-urandom": (_symlink_to("/dev/urandom"), "{p} is a device, not a save file."),
    "fifo": (_fifo, "{p} is a named pipe, not a save file."),
    "directory": (_directory, "{p} is a folder, not a save file."),
    "huge": (_huge, f"{{p}} is too large to be a save file ({files.MAX_SIZE + 1:,} bytes)."),
    "deep": (
        _write("deep.chimera", b"\x91" * 500_000 + b"\x00"),
        "{p} is not a Chimera Tabletop save: its data is nested too deeply.",
    ),
    "truncated": (
        _write("cut.chimera", good_bytes()[:-20]),
        "{p} is a truncated Chimera Tabletop save: the file ends before the save does.",
    ),
    "flipped-byte": (
        _write("flip.chimera", _flipped()),
        "{p} does not match its own record: replaying its 5 actions gives a different position, "
        "so the file was altered or the rules of Pebbles (test game) changed.",
    ),
    "dangling-symlink": (
        lambda folder: (folder / "gone.chimera").symlink_to(folder / "nowhere") or folder / "gone.chimera",
        "There is no save file at {p}.",
    ),
    "symlink-loop": (
        lambda folder: (
            (folder / "loop.chimera").symlink_to(folder / "loop.chimera") or folder / "loop.chimera"
        ),
        "{p} could not be read: too many levels of symbolic links.",
    ),
}


@pytest.mark.cli
@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_chimera_load_says_one_sentence_in_bounded_time(case: str, tmp_path: Path) -> None:
    build, template = HOSTILE[case]
    path = build(tmp_path)
    result = _run(["-c", LAUNCHER, "load", str(path)], tmp_path)  # timeout=60: a hang fails the test
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == template.format(p=f"'{path}'")


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_load_never_blocks_and_says_one_sentence(case: str, tmp_path: Path) -> None:
    build, template = HOSTILE[case]
    path = build(tmp_path)
    outcome: list[BaseException | None] = []

    def attempt() -> None:
        try:
            load(path)
        except BaseException as exc:  # the test inspects whatever it was
            outcome.append(exc)
        else:
            outcome.append(None)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive(), "load() blocked on the file"
    [error] = outcome
    assert isinstance(error, SaveError)
    assert error.message == template.format(p=f"'{path}'")


@pytest.mark.cli
def test_an_unreadable_file_via_chimera_load(tmp_path: Path) -> None:
    if os.name != "posix" or os.geteuid() == 0:
        pytest.skip("root reads any file: see the injected test below")
    path = tmp_path / "locked.chimera"
    path.write_bytes(good_bytes())
    path.chmod(0)
    result = _run(["-c", LAUNCHER, "load", str(path)], tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip() == f"'{path}' could not be read: permission denied."


def test_an_unreadable_file_is_one_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As root chmod 000 does not stop a read, so the refusal is injected where the file is opened."""
    path = tmp_path / "locked.chimera"
    path.write_bytes(good_bytes())
    real_open = os.open

    def refuse(target: object, flags: int, *args: object) -> int:
        if str(target) == str(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(target))
        return real_open(target, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(files.os, "open", refuse)
    with pytest.raises(SaveError) as caught:
        load(path)
    assert caught.value.message == f"'{path}' could not be read: permission denied."


def test_a_file_that_grows_past_the_limit_while_read_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The size is checked again while reading (a file can lie about its size, like /proc files)."""
    path = tmp_path / "growing.chimera"
    path.write_bytes(good_bytes())
    real_stat = os.stat

    def small(target: object, *args: object, **kwargs: object) -> os.stat_result:
        info = real_stat(target, *args, **kwargs)  # type: ignore[arg-type]
        if str(target) == str(path):
            return os.stat_result((info.st_mode, *info[1:6], 0, *info[7:]))
        return info

    monkeypatch.setattr(files, "MAX_SIZE", 100)
    monkeypatch.setattr(files.os, "stat", small)
    with pytest.raises(SaveError) as caught:
        load(path)
    assert caught.value.message == f"'{path}' is too large to be a save file (more than 100 bytes)."


def test_every_flipped_byte_gives_a_plain_sentence_or_a_good_load(tmp_path: Path) -> None:
    good = good_bytes()
    path = tmp_path / "flip.chimera"
    outcomes = set()
    for position in range(len(good)):
        for mask in (0xFF, 0x01, 0x80):
            data = bytearray(good)
            data[position] ^= mask
            path.write_bytes(bytes(data))
            try:
                load(path)
            except SaveError as exc:
                assert "\n" not in exc.message and exc.message.endswith("."), exc.message
                for word in DECODER_WORDS:
                    assert word not in exc.message.replace(f"'{path}'", "'FILE'"), exc.message
                outcomes.add(exc.message.replace(f"'{path}'", "FILE")[:40])
            else:
                outcomes.add("loaded")
    assert len(outcomes) > 5  # many different damages were met, each explained
