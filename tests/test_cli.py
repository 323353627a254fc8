"""The `chimera` command line: help everywhere, plain errors, bench's last line, demo's SVG."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from chimera_tui import games
from chimera_tui.commands import cli

ROOT = Path(__file__).resolve().parents[1]

LAUNCHER = """
import runpy, sys
from chimera_tui import games
from tests.tinygame import RULES
games.register(RULES)
sys.argv = ["chimera_tui", *sys.argv[1:]]
runpy.run_module("chimera_tui", run_name="__main__", alter_sys=True)
"""


def run(args: list[str], tmp_path: Path, *, with_test_game: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CHIMERA_SAVES": str(tmp_path / "saves"), "PYTHONPATH": str(ROOT)}
    prefix = ["-c", LAUNCHER] if with_test_game else ["-m", "chimera_tui"]
    return subprocess.run(
        [sys.executable, *prefix, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("command", [[], ["new"], ["load"], ["rules"], ["bench"], ["demo"]])
def test_every_command_has_help(command: list[str], tmp_path: Path) -> None:
    result = run([*command, "--help"], tmp_path, with_test_game=False)
    assert result.returncode == 0
    assert result.stdout.startswith("usage: chimera")
    assert "--help" in result.stdout


def test_bench_last_line_has_the_agreed_shape(tmp_path: Path) -> None:
    result = run(["bench", "pebbles", "--players", "3", "--games", "40", "--seed", "5"], tmp_path)
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(
        r"pebbles 3p: 40 games, [0-9.]+ games/s, 0 errors, [0-9.]+ decisions/game, 0 at the round limit", last
    ), last
    assert "peak memory" in result.stdout


def test_bench_refuses_bad_arguments_in_one_line(tmp_path: Path) -> None:
    result = run(["bench", "pebbles", "--players", "9"], tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "Pebbles (test game) is for 2 to 3 players."
    result = run(["bench", "pebbles", "--bot", "genius"], tmp_path)
    assert "no bot called 'genius'" in result.stderr


def test_demo_plays_a_whole_game_and_writes_an_svg(tmp_path: Path) -> None:
    svg = tmp_path / "out" / "demo.svg"
    result = run(
        ["demo", "pebbles", "--players", "2", "--seed", "3", "--size", "80x24", "--screenshot", str(svg)],
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    text = svg.read_text()
    assert text.startswith("<svg") and "Game" in text and "over" in text


def test_new_with_an_unknown_game_names_the_games(tmp_path: Path) -> None:
    result = run(["new", "chess"], tmp_path)
    assert result.returncode == 2
    assert "There is no game called 'chess'; the games are:" in result.stderr
    assert "pebbles" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "pebbles", "--players", "5"], "Pebbles (test game) is for 2 to 3 players, not 5."),
        (
            ["new", "pebbles", "--seats", "human,wizard"],
            "Seat 2: 'wizard' is not a seat kind; use human, bot or one of: random.",
        ),
        (["new", "pebbles", "-o", "heap=99"], "Option heap must be one of 9, 12, not '99'."),
        (
            ["new", "pebbles", "-o", "colour=red"],
            "Pebbles (test game) has no option 'colour'; its options are: heap.",
        ),
        (["new", "pebbles", "-o", "heap"], "--option needs KEY=VALUE, not 'heap'."),
    ],
)
def test_new_refuses_bad_setups_before_the_tui_starts(args: list[str], message: str, tmp_path: Path) -> None:
    result = run(args, tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == message


def test_rules_prints_a_topic_with_rich(tmp_path: Path) -> None:
    result = run(["rules", "pebbles", "--list"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "about-this-edition" in result.stdout


def test_without_games_the_commands_say_so_plainly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(games, "_MODULES", {})
    monkeypatch.setattr(games, "_EXTRA", {})
    for argv in (["bench", "station"], ["demo", "station"], ["new", "station"]):
        assert cli.main(argv) == 2
        assert "No game is installed in this build yet" in capsys.readouterr().err


def test_saves_option_sets_the_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CHIMERA_SAVES", raising=False)
    monkeypatch.setattr(cli, "_run_app", lambda args: 0)
    assert cli.main(["--saves", str(tmp_path / "here")]) == 0
    assert os.environ["CHIMERA_SAVES"] == str(tmp_path / "here")


@pytest.fixture
def pebbles() -> Iterator[object]:
    from tests.tinygame import RULES

    games.register(RULES)
    yield RULES
    games.unregister(RULES.id)


@pytest.mark.parametrize(
    "argv",
    [
        ["--saves", "{dir}", "--theme", "textual-light", "new", "pebbles"],
        ["new", "pebbles", "--saves", "{dir}", "--theme", "textual-light"],
        ["--theme", "textual-light", "new", "pebbles", "--saves", "{dir}"],
        ["--saves", "{dir}", "load", "x.chimera", "--theme", "textual-light"],
    ],
)
def test_global_options_work_before_and_after_the_command(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("CHIMERA_SAVES", raising=False)
    seen: list[object] = []
    monkeypatch.setattr(cli, "_run_app", lambda args: seen.append(args.theme) or 0)
    folder = str(tmp_path / "here")
    assert cli.main([a.replace("{dir}", folder) for a in argv]) == 0
    assert seen == ["textual-light"]
    assert os.environ["CHIMERA_SAVES"] == folder


def test_an_option_before_the_command_is_not_reset_after_it(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []
    monkeypatch.setattr(cli, "_run_app", lambda args: seen.append(args.theme) or 0)
    assert cli.main(["--theme", "nord", "new", "pebbles"]) == 0
    assert cli.main(["new", "pebbles"]) == 0
    assert seen == ["nord", None]


def test_a_bare_chimera_is_read_as_the_parser_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """``chimera`` with no words skips building the parser (issue 10's first frame) and must mean exactly what
    the parser makes of it: the menu, with no saves folder or theme given."""
    assert cli.no_arguments() == cli.build_parser().parse_args([])
    seen: list[argparse.Namespace] = []
    monkeypatch.setattr(cli, "_run_app", lambda args: seen.append(args) or 0)
    monkeypatch.setattr(sys, "argv", ["chimera"])
    assert cli.main() == 0
    assert seen == [cli.build_parser().parse_args([])]


@pytest.mark.parametrize("command", [["rules", "pebbles"], ["bench", "pebbles"], ["demo", "pebbles"]])
def test_every_command_accepts_the_global_options_after_it(command: list[str]) -> None:
    args = cli.build_parser().parse_args([*command, "--saves", "D", "--theme", "nord"])
    assert (args.saves, args.theme) == ("D", "nord")


def _fills(svg: Path) -> set[str]:
    return {colour.lower() for colour in re.findall(r'fill="(#[0-9a-fA-F]{6})"', svg.read_text())}


def test_demo_honours_the_theme(pebbles: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from textual.app import App

    light = App().get_theme("textual-light")
    assert light is not None and light.background is not None
    dark, bright = tmp_path / "dark.svg", tmp_path / "light.svg"
    common = ["demo", "pebbles", "--seed", "3", "--size", "60x16"]
    assert cli.main([*common, "--screenshot", str(dark)]) == 0
    assert cli.main([*common, "--screenshot", str(bright), "--theme", "textual-light"]) == 0
    background = light.background.lower()
    assert background in _fills(bright)
    assert background not in _fills(dark)


def test_demo_refuses_an_unknown_theme(
    pebbles: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    svg = tmp_path / "x.svg"
    assert cli.main(["--theme", "neon", "demo", "pebbles", "--screenshot", str(svg)]) == 2
    assert "There is no theme called 'neon'" in capsys.readouterr().err
    assert not svg.exists()
