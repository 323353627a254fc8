"""Autosave through a symlink writes the real file (the link stays a link) and keeps the file's mode."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from chimera_tui.saves import SaveError, load, save_match
from tests.saves.cases import MOVES, NOW, played

pytestmark = pytest.mark.skipif(os.name != "posix", reason="symlinks and POSIX modes")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_save_reached_through_a_symlink_updates_its_target(tmp_path: Path) -> None:
    elsewhere = tmp_path / "real" / "game.chimera"
    elsewhere.parent.mkdir()
    save_match(played(MOVES[:1]), elsewhere, now=NOW)
    link = tmp_path / "saves" / "game.chimera"
    link.parent.mkdir()
    link.symlink_to(elsewhere)
    save_match(played(), link, now=NOW)
    assert link.is_symlink() and os.readlink(link) == str(elsewhere)
    assert load(elsewhere).save.log == MOVES
    assert sorted(p.name for p in link.parent.iterdir()) == ["game.chimera"]
    assert sorted(p.name for p in elsewhere.parent.iterdir()) == ["game.chimera"]  # no temporary left


def test_a_chain_of_relative_symlinks_is_followed(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "target.chimera"
    target.parent.mkdir()
    save_match(played(MOVES[:1]), target, now=NOW)
    (tmp_path / "middle.chimera").symlink_to("deep/target.chimera")
    (tmp_path / "top.chimera").symlink_to("middle.chimera")
    save_match(played(), tmp_path / "top.chimera", now=NOW)
    assert (tmp_path / "top.chimera").is_symlink() and (tmp_path / "middle.chimera").is_symlink()
    assert load(target).save.log == MOVES


def test_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "game.chimera"
    link.symlink_to(tmp_path / "made-later.chimera")
    save_match(played(), link, now=NOW)
    assert link.is_symlink() and load(tmp_path / "made-later.chimera").save.log == MOVES


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o644, 0o660])
def test_the_permission_mode_is_kept(tmp_path: Path, mode: int) -> None:
    path = tmp_path / "game.chimera"
    save_match(played(MOVES[:1]), path, now=NOW)
    path.chmod(mode)
    save_match(played(), path, now=NOW)
    assert _mode(path) == mode
    assert load(path).save.log == MOVES


def test_the_mode_of_a_symlinks_target_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "target.chimera"
    save_match(played(MOVES[:1]), target, now=NOW)
    target.chmod(0o600)
    link = tmp_path / "link.chimera"
    link.symlink_to(target)
    save_match(played(), link, now=NOW)
    assert _mode(target) == 0o600 and link.is_symlink()


def test_a_symlink_to_a_device_is_not_written(tmp_path: Path) -> None:
    link = tmp_path / "game.chimera"
    link.symlink_to("/dev/null")
    with pytest.raises(SaveError) as caught:
        save_match(played(), link, now=NOW)
    assert caught.value.message == f"Could not save to '{link}': it is not a regular file."
    assert link.is_symlink() and os.readlink(link) == "/dev/null"


def test_a_symlink_to_a_folder_is_not_written(tmp_path: Path) -> None:
    (tmp_path / "dir").mkdir()
    link = tmp_path / "game.chimera"
    link.symlink_to(tmp_path / "dir")
    with pytest.raises(SaveError) as caught:
        save_match(played(), link, now=NOW)
    assert caught.value.message == f"Could not save to '{link}': it is a folder."
