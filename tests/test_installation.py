"""Issue 8 §1: a game whose own files are missing says the installation is incomplete, in one sentence, in every
command, and never blames a save; ``chimera bench`` exits non-zero when any game errs."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from chimera_tui import games
from chimera_tui.commands import cli
from chimera_tui.games.codename import content as codename_content
from chimera_tui.games.station import content as station_content
from chimera_tui.saves import folder

ROOT = Path(__file__).resolve().parents[1]
STATION = (
    "Chimera Station's data file modules.toml is missing: the installation is incomplete; reinstall "
    + ("chimera-tabletop.")
)


def _clear_caches() -> None:
    station_content.content.cache_clear()
    codename_content.load.cache_clear()


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """Every game's ``data/`` folder is an empty folder, as after an install that left the data out."""
    empty = tmp_path / "empty-data"
    empty.mkdir()
    monkeypatch.setattr(games, "data_dir", lambda package: empty)
    _clear_caches()
    yield empty
    monkeypatch.undo()
    _clear_caches()


def test_reading_a_missing_data_file_raises_the_dedicated_error(broken: Path) -> None:
    with pytest.raises(games.InstallationIncomplete) as caught:
        games.read_data("chimera_tui.games.station", "modules.toml")
    assert str(caught.value) == STATION
    codename_content.load.cache_clear()
    with pytest.raises(games.InstallationIncomplete, match=r"^Codename: Chimera's data file parts.toml is"):
        codename_content.load()


def test_bench_counts_every_game_as_an_error_says_why_and_exits_1(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["bench", "station", "--games", "3"]) == 1
    out, err = capsys.readouterr()
    last = out.strip().splitlines()[-1]
    assert re.fullmatch(
        r"station 2p: 3 games, [0-9.inf]+ games/s, 3 errors, 0.0 decisions/game, 0 at the round limit", last
    ), last
    assert err.strip() == STATION
    assert "Traceback" not in err


def test_a_game_that_reads_its_data_on_import_says_so_too(tmp_path: Path) -> None:
    """Codename reads its data when imported: a fresh process, so the import meets the empty folder."""
    code = (
        "import sys, pathlib\n"
        "from chimera_tui import games\n"
        "from chimera_tui.commands import cli\n"
        f"games.data_dir = lambda package: pathlib.Path({str(tmp_path)!r})\n"
        "sys.exit(cli.main(sys.argv[1:]))\n"
    )
    for argv in (["bench", "codename", "--games", "2"], ["new", "codename", "--saves", str(tmp_path)]):
        done = subprocess.run(
            [sys.executable, "-c", code, *argv],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 1, done.stderr
        assert done.stderr.strip() == (
            "Codename: Chimera's data file parts.toml is missing: the installation is incomplete; "
            "reinstall chimera-tabletop."
        )


def test_bench_exits_1_when_a_game_errs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from chimera_tui.engine import match

    def broken_play_out(*args: object, **kwargs: object) -> int:
        raise RuntimeError("a bug in the rules")

    monkeypatch.setattr("chimera_tui.commands.bench.play_out", broken_play_out)
    assert match.play_out is not broken_play_out
    assert cli.main(["bench", "station", "--games", "2"]) == 1
    out, _ = capsys.readouterr()
    assert ", 2 errors, " in out.strip().splitlines()[-1]


def test_new_game_says_the_installation_is_incomplete(
    broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["new", "station", "--saves", str(tmp_path / "saves")]) == 1
    assert capsys.readouterr().err.strip() == STATION


def test_load_never_blames_the_save(broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "saves" / "mine.chimera"
    save.parent.mkdir()
    shutil.copy(ROOT / "saves" / "station-build.chimera", save)
    for _ in range(2):  # a second load says the same (nothing left behind blames the save)
        assert cli.main(["load", str(save), "--saves", str(tmp_path / "saves")]) == 1
        assert capsys.readouterr().err.strip() == STATION
    assert folder.summarize(save, replay=True).error == STATION


def test_rules_say_the_installation_is_incomplete(broken: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "station"]) == 1
    err = capsys.readouterr().err
    assert "Chimera Station's data file rules.md is missing: the installation is incomplete" in err


def test_demo_says_the_installation_is_incomplete(
    broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["demo", "station", "--screenshot", str(tmp_path / "x.svg")]) == 1
    assert capsys.readouterr().err.strip() == STATION


async def test_the_new_game_dialog_says_so_for_a_game_that_reads_its_data_on_import(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Codename reads its data when imported: choosing it in the dialog says why it cannot start, no crash."""
    from chimera_tui.ui.app import ChimeraApp
    from chimera_tui.ui.screens.new_game import NewGameScreen

    def missing(game_id: str) -> object:
        raise games.InstallationIncomplete(game_id, "parts.toml")

    real_get = games.get
    monkeypatch.setattr(
        games, "get", lambda game_id: missing(game_id) if game_id == "codename" else real_get(game_id)
    )
    app = ChimeraApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen("codename"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        from textual.widgets import Button

        assert screen.query_one("#new-start", Button).disabled
        shown = " ".join(str(n.message) for n in app._notifications)
        assert "installation is incomplete" in shown
