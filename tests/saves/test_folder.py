"""The save folder, its listing and autosave names."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import msgspec
import platformdirs
import pytest

from chimera_tui.saves import SaveError, list_saves, new_save_path, save_match, saves_dir
from tests.saves.cases import NOW, good_bytes, played, tampered
from tests.tinygame import RULES


@pytest.fixture
def user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """platformdirs' user data dir, redirected into tmp_path."""
    base = tmp_path / "data"
    calls: list[tuple[str, object]] = []

    def fake(appname: str, appauthor: object = None, *args: object, **kwargs: object) -> Path:
        calls.append((appname, appauthor))
        return base / appname

    monkeypatch.setattr(platformdirs, "user_data_path", fake)
    monkeypatch.delenv("CHIMERA_SAVES", raising=False)
    return base / "chimera-tabletop"


def test_the_default_folder_is_the_user_data_dir(user_data: Path) -> None:
    folder = saves_dir()
    assert folder == user_data / "saves"
    assert folder.is_dir()


def test_the_real_default_is_under_platformdirs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CHIMERA_SAVES", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    expected = platformdirs.user_data_path("chimera-tabletop", appauthor=False) / "saves"
    assert saves_dir() == expected
    assert expected.name == "saves" and expected.parent.name == "chimera-tabletop"


def test_the_environment_variable_beats_the_default(user_data: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CHIMERA_SAVES", str(tmp_path / "env" / "deep"))
    assert saves_dir() == tmp_path / "env" / "deep"
    assert (tmp_path / "env" / "deep").is_dir()
    assert not user_data.exists()


def test_an_empty_environment_variable_is_ignored(user_data: Path, monkeypatch) -> None:
    monkeypatch.setenv("CHIMERA_SAVES", "")
    assert saves_dir() == user_data / "saves"


def test_the_override_beats_the_environment(user_data: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CHIMERA_SAVES", str(tmp_path / "env"))
    assert saves_dir(str(tmp_path / "flag")) == tmp_path / "flag"
    assert (tmp_path / "flag").is_dir()
    assert not (tmp_path / "env").exists() and not user_data.exists()


def test_the_override_expands_the_home_folder(user_data: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert saves_dir("~/my saves") == tmp_path / "home" / "my saves"


def test_a_folder_that_cannot_be_created_is_explained(user_data: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SaveError) as caught:
        saves_dir(str(blocker))
    assert caught.value.message == f"The save folder '{blocker}' cannot be created: a file has that name."
    with pytest.raises(SaveError) as caught:
        saves_dir(str(blocker / "inside"))
    assert (
        caught.value.message == f"The save folder '{blocker / 'inside'}' cannot be created: not a directory."
    )


# -- listing -----------------------------------------------------------------------------------------------


def _set_mtime(path: Path, when: datetime) -> None:
    os.utime(path, (when.timestamp(), when.timestamp()))


def test_listing_mixes_good_and_bad_files_newest_first(tmp_path: Path) -> None:
    older = tmp_path / "older.chimera"
    newer = tmp_path / "newer.chimera"
    save_match(played(("take 1",)), older, now=NOW - timedelta(days=1))
    save_match(played(), newer, now=NOW)
    # File times disagree with the recorded times: the recorded ones win.
    _set_mtime(older, NOW + timedelta(days=3))
    _set_mtime(newer, NOW - timedelta(days=3))
    garbage = tmp_path / "garbage.chimera"
    garbage.write_bytes(b"\xc1\xc1\xc1")
    _set_mtime(garbage, NOW - timedelta(hours=12))
    empty = tmp_path / "empty.chimera"
    empty.write_bytes(b"")
    _set_mtime(empty, NOW - timedelta(days=9))
    unknown = tmp_path / "chess.chimera"
    unknown.write_bytes(tampered(game="chess", updated="2026-11-20T12:00:00+00:00"))
    (tmp_path / "notes.txt").write_text("not a save")
    (tmp_path / ".game.chimera.1a2b3c4d.tmp").write_bytes(good_bytes()[:10])
    (tmp_path / ".hidden.chimera").write_bytes(good_bytes())

    rows = list_saves(tmp_path)

    assert [row.path.name for row in rows] == [
        "newer.chimera",
        "garbage.chimera",
        "older.chimera",
        "chess.chimera",
        "empty.chimera",
    ]
    new, bad, old, chess, hollow = rows
    assert new.error is None
    assert (new.game, new.title, new.players) == ("pebbles", "Pebbles (test game)", ("Ada", "Brook"))
    assert new.round == RULES.round_label(played().state)
    assert new.updated == NOW and new.path == newer
    assert old.round == "11 pebbles left" and old.updated == NOW - timedelta(days=1)
    assert bad.error == f"'{garbage}' is not a Chimera Tabletop save: it is not MessagePack data."
    assert (bad.game, bad.title, bad.players, bad.updated) == ("", "", (), None)
    assert bad.when == NOW - timedelta(hours=12)
    assert hollow.error == f"'{empty}' is empty, so it holds no saved game."
    assert (chess.game, chess.title) == ("chess", "chess")
    assert chess.error == (
        f"'{unknown}' is a save of a game called 'chess', which this version of Chimera Tabletop does not have."
    )


def test_listing_does_not_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_match(played(), tmp_path / "a.chimera", now=NOW)
    (tmp_path / "b.chimera").write_bytes(tampered(log=["take 9"]))  # would fail to replay

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("listing replayed a log")

    monkeypatch.setattr("chimera_tui.engine.match.Match.replay", no_replay)
    rows = list_saves(tmp_path)
    assert [row.error for row in rows] == [None, None]


def test_listing_a_missing_or_empty_folder(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "nowhere") == []
    assert list_saves(tmp_path) == []


def test_a_bad_recorded_time_falls_back_to_the_file_time(tmp_path: Path) -> None:
    path = tmp_path / "odd.chimera"
    path.write_bytes(tampered(updated="yesterday-ish"))
    _set_mtime(path, NOW)
    (row,) = list_saves(tmp_path)
    assert row.error is None and row.updated is None and row.when == NOW


def test_summaries_are_plain_data(tmp_path: Path) -> None:
    save_match(played(), tmp_path / "a.chimera", now=NOW)
    (row,) = list_saves(tmp_path)
    assert msgspec.structs.asdict(row)["round"] == RULES.round_label(played().state)


# -- autosave names ----------------------------------------------------------------------------------------


def test_new_save_names_use_the_game_and_the_minute(tmp_path: Path) -> None:
    now = datetime(2026, 11, 21, 23, 50, 59, tzinfo=UTC)
    assert new_save_path(tmp_path, "station", now) == tmp_path / "station-2026-11-21-2350.chimera"
    assert not list(tmp_path.iterdir()), "naming a save must not create it"


def test_taken_names_get_a_numeric_suffix(tmp_path: Path) -> None:
    now = datetime(2026, 11, 21, 23, 50)
    first = new_save_path(tmp_path, "station", now)
    first.write_bytes(b"x")
    second = new_save_path(tmp_path, "station", now)
    assert second == tmp_path / "station-2026-11-21-2350-2.chimera"
    second.write_bytes(b"x")
    assert new_save_path(tmp_path, "station", now).name == "station-2026-11-21-2350-3.chimera"
    assert new_save_path(tmp_path, "arena", now).name == "arena-2026-11-21-2350.chimera"
