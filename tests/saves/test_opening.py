"""Opening a save: samples open as new games, replaced bots and hostile names are told and made plain, and
a game can be saved into another folder."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from chimera_tui.launch import LaunchPlan, load_start
from chimera_tui.saves import SaveError, files, list_saves, load, save_into_folder, save_match, summarize
from chimera_tui.table.base import Seat
from chimera_tui.ui.app import ChimeraApp
from tests.saves.cases import MOVES, NOW, played, tampered

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "saves"

HOSTILE_NAMES = ("[/]", "[@click=app.quit]q[/]", "[bold]Bob", "\x1b[31mRed\x1b[0m", "Tab\tand\nnewline\x07")


# -- samples -----------------------------------------------------------------------------------------------


def test_a_shipped_sample_opens_as_a_new_game_in_the_saves_folder(tmp_path: Path) -> None:
    sample = SAMPLES / "station-build.chimera"
    before = sample.read_bytes()
    start = load_start(sample, folder=tmp_path)
    assert start.save_path is None and start.lock is None
    assert start.notices[0] == (
        f"'{sample}' is not in your saves folder, so it opened as a new game in '{tmp_path}'; "
        "the file you opened is never changed."
    )
    assert sample.read_bytes() == before


async def test_playing_a_sample_never_writes_it(tmp_path: Path) -> None:
    samples = tmp_path / "samples"
    samples.mkdir()
    sample = samples / "pebbles.chimera"
    save_match(played(MOVES[:1]), sample, now=NOW, seats=(Seat("Ada"), Seat("Brook")))
    before = sample.read_bytes()
    saves = tmp_path / "saves"
    app = ChimeraApp(plan=LaunchPlan(start=load_start(sample, folder=saves)), saves=saves, bot_delay=0.0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert app._table is not None
        assert app._table.submit_text("take 2") is None
        await pilot.pause()
        assert any("not in your saves folder" in n.message for n in app._notifications)
        played_now = app._table.match.notations
    assert sample.read_bytes() == before
    [copy] = list_saves(saves)
    assert copy.error is None
    assert load(copy.path).save.log == played_now and len(played_now) > 1


# -- bots this build lacks ---------------------------------------------------------------------------------


def test_a_replaced_bot_is_told(tmp_path: Path) -> None:
    path = tmp_path / "p.chimera"
    path.write_bytes(tampered(bots=[None, "deep-thought"], players=["Ada", "Brook"]))
    loaded = load(path)
    assert loaded.seats == (Seat("Ada"), Seat("Brook", "random"))
    assert loaded.notices == (
        "Seat 2 (Brook) was the bot 'deep-thought', which this version does not have; "
        "the random bot plays it now.",
    )
    start = load_start(path, folder=tmp_path)
    try:
        assert start.notices == loaded.notices
    finally:
        start.lock.release()
    assert summarize(path, replay=True).notices == loaded.notices


async def test_the_app_shows_the_replaced_bot(tmp_path: Path) -> None:
    path = tmp_path / "p.chimera"
    path.write_bytes(tampered(bots=[None, "deep-thought"], players=["Ada", "Brook"]))
    app = ChimeraApp(plan=LaunchPlan(start=load_start(path, folder=tmp_path)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert any("'deep-thought'" in n.message for n in app._notifications)


# -- names -------------------------------------------------------------------------------------------------


def test_names_from_a_save_are_plain_text(tmp_path: Path) -> None:
    path = tmp_path / "p.chimera"
    path.write_bytes(tampered(players=[HOSTILE_NAMES[3], HOSTILE_NAMES[4]], bots=[None, "\x1b]0;x\x07evil"]))
    loaded = load(path)
    assert [seat.name for seat in loaded.seats] == ["Red", "Tab and newline"]
    assert "\x1b" not in loaded.notices[0] and "\x07" not in loaded.notices[0]
    summary = summarize(path)
    assert summary.players == ("Red", "Tab and newline")


# -- another folder ----------------------------------------------------------------------------------------


def test_save_into_folder_writes_a_new_file_there(tmp_path: Path) -> None:
    other = tmp_path / "usb"
    other.mkdir()
    path = save_into_folder(played(), other, now=NOW)
    assert path.parent == other and path.name.startswith("pebbles-") and path.suffix == ".chimera"
    assert load(path).save.log == MOVES
    again = save_into_folder(played(), other, now=NOW)
    assert again != path  # never overwrites


def test_save_into_a_missing_folder_is_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as caught:
        save_into_folder(played(), tmp_path / "nope", now=NOW)
    assert caught.value.message == f"Could not save to '{tmp_path / 'nope'}': it does not exist."


def test_save_into_a_file_is_a_sentence(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    with pytest.raises(SaveError) as caught:
        save_into_folder(played(), tmp_path / "f", now=NOW)
    assert caught.value.message == f"Could not save to '{tmp_path / 'f'}': it is not a folder."


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (errno.EACCES, "permission denied"),
        (errno.EROFS, "the disk is read-only"),
        (errno.ENOSPC, "the disk is full"),
    ],
)
def test_save_into_an_unwritable_folder_is_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: int, words: str
) -> None:
    """Root may write anywhere, so the refusal is injected where the file is created."""
    real_open = os.open

    def refuse(target: object, flags: int, *args: object) -> int:
        if str(target).endswith(".tmp"):
            raise OSError(error, os.strerror(error))
        return real_open(target, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(files.os, "open", refuse)
    with pytest.raises(SaveError) as caught:
        save_into_folder(played(), tmp_path, now=NOW)
    assert caught.value.message.endswith(f": {words}.")
    assert list(tmp_path.iterdir()) == []


def test_an_option_the_rules_no_longer_have_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "p.chimera"
    path.write_bytes(
        tampered(config={"players": 2, "names": ["Ada", "Brook"], "options": {"heap": "12", "old": "x"}})
    )
    assert load(path).match.notations == MOVES
