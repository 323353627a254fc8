"""A write cut short by kill -9 leaves ``.NAME.XXXXXXXX.tmp``: opening the save recovers it when it is a later
save of the same match, says so, and removes every stale temporary file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from chimera_tui.engine import GameConfig
from chimera_tui.launch import load_start
from chimera_tui.saves import encode_match, load, save_match
from chimera_tui.saves.files import temp_path_for
from tests.saves.cases import MOVES, NOW, played
from tests.saves.test_cli import ROOT

KILLED_MID_SAVE = """
import os, signal, sys
from pathlib import Path
from chimera_tui import games
from tests.tinygame import RULES
games.register(RULES)
from chimera_tui.saves import files, save_match
from tests.saves.cases import MOVES, NOW, played

def die(*args):
    os.kill(os.getpid(), signal.SIGKILL)  # after the temporary file is written and synced, before the rename

files.os.replace = die
save_match(played(MOVES), Path(sys.argv[1]), now=NOW)
"""


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.chimera"
    save_match(played(MOVES[:3]), path, now=NOW)
    return path


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_move_lost_to_kill_9_is_recovered_on_load(save: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", KILLED_MID_SAVE, str(save)], cwd=ROOT, env=env, timeout=60, check=False
    )
    assert result.returncode == -9
    assert len(_temps(save.parent)) == 1, "the killed write left its temporary file"
    assert load(save).save.log == MOVES[:3]
    start = load_start(save, folder=save.parent)
    try:
        assert start.match.notations == MOVES
        assert load(save).save.log == MOVES  # written back into the save itself
        assert _temps(save.parent) == []
        assert any(notice.startswith("Recovered 2 actions") for notice in start.notices), start.notices
    finally:
        start.lock.release()


def _temp_with(save: Path, data: bytes) -> Path:
    temp = temp_path_for(save)
    temp.write_bytes(data)
    return temp


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"\x00half a save", id="garbage"),
        pytest.param(encode_match(played(MOVES[:2]), now=NOW), id="older"),
        pytest.param(encode_match(played(MOVES, seed=1), now=NOW), id="other-seed"),
        pytest.param(
            encode_match(played(MOVES, config=GameConfig(players=3, names=(), options={})), now=NOW),
            id="other-setup",
        ),
        pytest.param(encode_match(played(("take 2", "roll", "take 1", "roll")), now=NOW), id="forked-log"),
    ],
)
def test_a_temporary_file_that_is_not_a_later_save_is_removed_unused(save: Path, data: bytes) -> None:
    before = save.read_bytes()
    _temp_with(save, data)
    start = load_start(save, folder=save.parent)
    try:
        assert start.match.notations == MOVES[:3]
        assert save.read_bytes() == before
        assert _temps(save.parent) == []
        assert not any("Recovered" in notice for notice in start.notices)
    finally:
        start.lock.release()


def test_the_longest_valid_temporary_file_wins(save: Path) -> None:
    _temp_with(save, encode_match(played(MOVES[:4]), now=NOW))
    _temp_with(save, encode_match(played(MOVES), now=NOW))
    _temp_with(save, b"junk")
    start = load_start(save, folder=save.parent)
    try:
        assert start.match.notations == MOVES
        assert _temps(save.parent) == []
    finally:
        start.lock.release()


def test_temporary_files_of_a_save_opened_as_a_copy_are_left_alone(save: Path, tmp_path: Path) -> None:
    temp = _temp_with(save, encode_match(played(MOVES), now=NOW))
    start = load_start(save, folder=tmp_path / "elsewhere")
    assert start.save_path is None and start.match.notations == MOVES[:3]
    assert temp.exists()


def test_temporary_files_of_other_saves_are_untouched(save: Path) -> None:
    other = save.with_name("other.chimera")
    save_match(played(MOVES[:1]), other, now=NOW)
    theirs = _temp_with(other, encode_match(played(MOVES[:2]), now=NOW))
    start = load_start(save, folder=save.parent)
    start.lock.release()
    assert theirs.exists()


def test_a_save_reached_through_a_symlink_recovers_beside_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real" / "game.chimera"
    target.parent.mkdir()
    save_match(played(MOVES[:3]), target, now=NOW)
    saves = tmp_path / "saves"
    saves.mkdir()
    link = saves / "game.chimera"
    link.symlink_to(target)
    _temp_with(target, encode_match(played(MOVES), now=NOW))
    start = load_start(link, folder=saves)
    try:
        assert start.match.notations == MOVES and start.save_path == link
        assert link.is_symlink() and load(target).save.log == MOVES
        assert _temps(target.parent) == []
    finally:
        start.lock.release()


def test_a_first_save_cut_short_becomes_the_save(tmp_path: Path) -> None:
    """kill -9 during a game's very first save leaves only ``.NAME.XXXXXXXX.tmp``: listing the folder makes it
    the save (the load screen does this in its worker), and leaves nothing stale behind."""
    from chimera_tui.saves import recover_orphans

    path = tmp_path / "first.chimera"
    _temp_with(path, encode_match(played(MOVES), now=NOW))
    _temp_with(path, b"\x00half a save")
    told = recover_orphans(tmp_path)
    assert told and "first.chimera" in told[0]
    assert load(path).save.log == MOVES
    assert _temps(tmp_path) == []


def test_an_orphan_that_is_no_save_is_removed_and_one_being_written_is_left_alone(tmp_path: Path) -> None:
    from chimera_tui.saves import recover_orphans

    broken = tmp_path / "broken.chimera"
    _temp_with(broken, b"\x00half a save")
    busy = tmp_path / "busy.chimera"
    busy_temp = _temp_with(busy, encode_match(played(MOVES), now=NOW))
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from chimera_tui.saves import acquire; lock = acquire(sys.argv[1]); "
            "print('held', flush=True); time.sleep(60)",
            str(busy),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert recover_orphans(tmp_path) == []
        assert not broken.exists() and busy_temp.exists() and not busy.exists()
    finally:
        holder.kill()
        holder.wait(10)
