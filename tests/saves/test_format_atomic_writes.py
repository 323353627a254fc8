"""The save envelope's atomic writes: a failure at any step leaves the old file whole; a good save replaces
it, synced, readable by its owner only."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from chimera_tui.saves import SaveError, load, save_match
from chimera_tui.saves import files as fmt
from chimera_tui.saves import format as save_format
from tests.saves.cases import MOVES, NOW, played

# -- atomic writes -----------------------------------------------------------------------------------------


@pytest.fixture
def old_save(tmp_path: Path) -> Path:
    path = tmp_path / "game.chimera"
    save_match(played(MOVES[:1]), path, now=NOW)
    return path


def _assert_untouched(path: Path, before: bytes) -> None:
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name], "a temporary file was left behind"
    assert load(path).save.log == MOVES[:1]


def test_a_disk_full_mid_write_leaves_the_old_file(old_save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = old_save.read_bytes()
    real_write = os.write
    calls = []

    def half_then_full(fd: int, data: bytes | memoryview) -> int:
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(fd, bytes(data)[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(fmt.os, "write", half_then_full)
    with pytest.raises(SaveError) as caught:
        save_match(played(), old_save, now=NOW)
    monkeypatch.undo()
    assert len(calls) == 2
    assert caught.value.message == f"Could not save to '{old_save}': the disk is full."
    _assert_untouched(old_save, before)


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_a_failure_before_the_rename_leaves_the_old_file(
    step: str, old_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = old_save.read_bytes()

    def fail(*args: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(fmt.os, step, fail)
    with pytest.raises(SaveError) as caught:
        save_match(played(), old_save, now=NOW)
    monkeypatch.undo()
    assert caught.value.message == f"Could not save to '{old_save}': input/output error."
    _assert_untouched(old_save, before)


def test_an_interrupt_mid_write_leaves_the_old_file(old_save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = old_save.read_bytes()

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(fmt.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        save_match(played(), old_save, now=NOW)
    monkeypatch.undo()
    _assert_untouched(old_save, before)


def test_an_encoding_failure_touches_nothing(old_save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = old_save.read_bytes()

    def broken(state: object) -> bytes:
        raise TypeError("Encoding objects of type Widget is unsupported")

    monkeypatch.setattr(save_format, "state_digest", broken)
    with pytest.raises(TypeError):
        save_match(played(), old_save, now=NOW)
    monkeypatch.undo()
    _assert_untouched(old_save, before)


def test_a_successful_save_replaces_the_file_and_syncs_file_and_folder(
    old_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[bool] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else False)
        real_fsync(fd)

    monkeypatch.setattr(fmt.os, "fsync", spy)
    save_match(played(), old_save, now=NOW)
    monkeypatch.undo()
    assert load(old_save).save.log == MOVES
    assert [p.name for p in old_save.parent.iterdir()] == [old_save.name]
    assert len(synced) == 2
    if os.path.exists("/proc/self/fd"):
        assert synced == [False, True]  # the file first, then its folder


def test_saving_into_a_missing_folder_is_explained(tmp_path: Path) -> None:
    path = tmp_path / "gone" / "game.chimera"
    with pytest.raises(SaveError) as caught:
        save_match(played(), path, now=NOW)
    assert caught.value.message == f"Could not save to '{path}': the folder '{path.parent}' does not exist."
    assert not path.parent.exists()


def test_saving_over_a_folder_is_explained(tmp_path: Path) -> None:
    path = tmp_path / "game.chimera"
    path.mkdir()
    with pytest.raises(SaveError) as caught:
        save_match(played(), path, now=NOW)
    assert caught.value.message == f"Could not save to '{path}': it is a folder."
    assert [p.name for p in tmp_path.iterdir()] == ["game.chimera"] and path.is_dir()


def test_a_new_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:  # its seed shows hidden cards
    if os.name != "posix":
        pytest.skip("POSIX permissions")
    mask = os.umask(0o022)
    path = tmp_path / "new.chimera"
    save_match(played(), path, now=NOW)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o600
