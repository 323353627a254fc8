"""Two processes on one save: the second is told who plays it and may open a copy; a crashed holder frees it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from chimera_tui.commands.opening import load_plan
from chimera_tui.launch import LaunchError, SaveInUseError, load_start
from chimera_tui.saves import SaveInUse, acquire, is_in_use, save_match
from chimera_tui.saves.lock import lock_path_for, read_holder
from tests.saves.cases import NOW, played
from tests.saves.test_cli import LAUNCHER, ROOT, _run

HOLDER = """
import sys
from pathlib import Path
from chimera_tui import games
from tests.tinygame import RULES
games.register(RULES)
from chimera_tui.launch import load_start
start = load_start(Path(sys.argv[1]), folder=Path(sys.argv[2]))
print("holding", flush=True)
sys.stdin.readline()
start.lock.release()
print("released", flush=True)
"""
"""A second `chimera` process, reduced to what matters: it opens the save as `chimera load` does and keeps
its lock until told to stop."""


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A save in the saves folder `chimera load` uses in these tests (tmp_path / "saves")."""
    path = tmp_path / "saves" / "game.chimera"
    path.parent.mkdir()
    save_match(played(), path, now=NOW)
    return path


@pytest.fixture
def holder(save: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process playing `save`."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(save), str(save.parent)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "holding"  # bounded: the child prints at once
    yield process
    if process.poll() is None:
        process.kill()
    process.wait(timeout=30)


@pytest.mark.cli
def test_a_second_chimera_load_says_who_holds_the_save(save: Path, holder: subprocess.Popen[str]) -> None:
    before = save.read_bytes()
    result = _run(["-c", LAUNCHER, "load", str(save)], save.parent.parent)  # CHIMERA_SAVES = save.parent
    assert result.returncode == 1
    message = result.stderr.strip()
    assert message.startswith(f"'{save}' is being played by another Chimera Tabletop (process {holder.pid} ")
    assert f"on host {socket.gethostname()}" in message
    assert message.endswith(f"To play a copy of it in your saves folder, run: chimera load --copy {save}")
    assert save.read_bytes() == before


def test_in_process_the_holder_is_named_and_a_copy_can_be_opened(
    save: Path, holder: subprocess.Popen[str]
) -> None:
    with pytest.raises(SaveInUseError) as caught:
        load_start(save, folder=save.parent)
    assert f"process {holder.pid}" in caught.value.message
    holder_info = is_in_use(save)
    assert holder_info is not None and holder_info.pid == holder.pid
    with pytest.raises(LaunchError) as refused:
        load_plan(save, folder=save.parent, ask=lambda question: False)
    assert "chimera load --copy" in refused.value.message
    asked: list[str] = []
    plan = load_plan(save, folder=save.parent, ask=lambda question: asked.append(question) or True)
    assert plan.start is not None and plan.start.save_path is None  # a new file in the saves folder
    assert plan.start.lock is None
    assert asked and asked[0].endswith("Open a copy of it in your saves folder instead? [y/N]")
    assert any("copy of" in notice for notice in plan.start.notices)


def test_a_holder_killed_with_sigkill_leaves_the_save_free(save: Path, holder: subprocess.Popen[str]) -> None:
    assert read_holder(save) is not None and read_holder(save).pid == holder.pid  # type: ignore[union-attr]
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait(timeout=30)
    assert lock_path_for(save).exists()  # the dead process could not tidy up
    assert is_in_use(save) is None
    start = load_start(save, folder=save.parent)
    try:
        assert start.lock is not None and start.lock.held
        assert read_holder(save) is not None and read_holder(save).pid == os.getpid()  # type: ignore[union-attr]
    finally:
        start.lock.release()
    assert not lock_path_for(save).exists()


def test_a_released_save_opens_in_the_other_process(save: Path, holder: subprocess.Popen[str]) -> None:
    assert holder.stdin is not None and holder.stdout is not None
    holder.stdin.write("\n")
    holder.stdin.flush()
    assert holder.stdout.readline().strip() == "released"
    start = load_start(save, folder=save.parent)
    assert start.lock is not None and start.lock.held
    start.lock.release()


def test_a_symlink_and_its_target_share_one_lock(tmp_path: Path, save: Path) -> None:
    link = tmp_path / "link.chimera"
    link.symlink_to(save)
    with acquire(save) as lock:
        assert acquire(link) is lock  # this process holds it already: the same lock
    assert not lock_path_for(save).exists()


def test_taking_a_lock_twice_in_one_process_is_the_same_lock(save: Path) -> None:
    first = acquire(save)
    assert acquire(save) is first
    first.release()
    first.release()  # idempotent
    second = acquire(save)
    assert second is not first and second.held
    second.release()


def test_a_folder_without_write_permission_gives_a_lock_that_holds_nothing(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from chimera_tui.saves import lock as lock_module

    real_open = os.open

    def refuse(target: object, flags: int, *args: object) -> int:
        if str(target).endswith(".lock"):
            raise PermissionError(13, "Permission denied")
        return real_open(target, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(lock_module.os, "open", refuse)
    lock = acquire(save)
    assert not lock.held
    lock.release()


def test_save_in_use_is_a_save_error(save: Path, holder: subprocess.Popen[str]) -> None:
    with pytest.raises(SaveInUse) as caught:
        acquire(save)
    assert caught.value.holder is not None and caught.value.holder.pid == holder.pid
