"""The product as a new user meets it: installed with the README's Play command (not editable), run from
outside the checkout.

An editable install reads data files straight from the checkout, so it once hid a wheel that shipped no
game data: New game crashed, `chimera bench` reported errors and still exited 0. These tests build and
install the project exactly as the README's Play command does, into a fresh virtual environment, and play
every registered game with the installed `chimera`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def _project_files() -> list[Path]:
    """The files a clean clone would have: tracked and new files, not ignored ones."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the clean-clone copy needs git")
    names = [name for name in out.decode().split("\0") if name]
    return [ROOT / name for name in names if (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def clean_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the checkout holding only what a clean clone holds (no .venv, no build output)."""
    dest = tmp_path_factory.mktemp("clone") / "chimera-tabletop"
    for path in _project_files():
        target = dest / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    return dest


def _play_command() -> str:
    """The README's Play command (the first ```sh block under "## Play")."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Play", 1)[1]
    match = re.search(r"```sh\n(.+?)\n```", section, re.S)
    assert match, "README.md has no ```sh block under ## Play"
    return match.group(1).strip()


def test_the_play_command_installs_non_editable() -> None:
    """The README's Play command is `pip install .`, which builds a wheel: what these tests install."""
    command = _play_command()
    assert "pip install ." in command and "-e" not in command.split(), command


def test_the_wheel_ships_every_data_file_rules_text_and_style(clean_copy: Path, tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(clean_copy), "-w", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    wanted = {
        "chimera_tui/" + str(path.relative_to(clean_copy / "chimera_tui"))
        for path in (clean_copy / "chimera_tui").glob("games/*/data/**/*")
        if path.is_file()
    } | {"chimera_tui/styles/" + path.name for path in (clean_copy / "styles").iterdir() if path.is_file()}
    assert any("/data/rules.md" in name for name in wanted)
    missing = sorted(wanted - shipped)
    assert not missing, f"the wheel leaves out {missing}"


@pytest.fixture(scope="module")
def installed(clean_copy: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A fresh venv with the project installed by `pip install .`; yields the environment to run it in."""
    home = tmp_path_factory.mktemp("user")
    env_dir = home / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    result = subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "-q", "."],
        cwd=clean_copy,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, f"pip install . failed:\n{result.stdout}\n{result.stderr}"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "VIRTUAL_ENV", "PYTEST", "CHIMERA"))
    }
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        HOME=str(home),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        PYTHONDONTWRITEBYTECODE="1",
        CHIMERA_WORKDIR=str(home),
    )
    yield env


def _run(env: dict[str, str], *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(args), cwd=env["CHIMERA_WORKDIR"], env=env, capture_output=True, text=True, timeout=timeout
    )


def _games(env: dict[str, str]) -> list[str]:
    out = _run(env, "python", "-c", "from chimera_tui import games; print(' '.join(games.KNOWN))")
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_the_installed_package_is_the_wheel_not_the_checkout(installed: dict[str, str]) -> None:
    out = _run(installed, "python", "-c", "import chimera_tui; print(chimera_tui.__file__)")
    assert out.returncode == 0, out.stderr
    assert "site-packages" in out.stdout and str(ROOT) not in out.stdout, out.stdout


def test_every_game_plays_bench_games_with_no_error_once_installed(installed: dict[str, str]) -> None:
    ids = _games(installed)
    assert {"station", "codename"} <= set(ids)
    for game in ids:
        out = _run(installed, "chimera", "bench", game, "--games", "3", "--seed", "1")
        last = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
        assert out.returncode == 0, f"{game}: exit {out.returncode}\n{out.stdout}\n{out.stderr}"
        assert " 0 errors" in last, f"{game}: {last}"


def test_every_game_prints_its_rules_and_about_this_edition_once_installed(installed: dict[str, str]) -> None:
    for game in _games(installed):
        whole = _run(installed, "chimera", "rules", game)
        assert whole.returncode == 0, f"{game}: {whole.stderr}"
        assert len(whole.stdout) > 2000, f"{game}: the rules text is missing or short"
        about = _run(installed, "chimera", "rules", game, "about-this-edition")
        assert about.returncode == 0, f"{game}: {about.stderr}"
        assert "edition" in about.stdout.lower()


def test_every_game_plays_a_demo_through_its_screen_once_installed(installed: dict[str, str]) -> None:
    for game in _games(installed):
        shot = Path(installed["CHIMERA_WORKDIR"]) / f"{game}.svg"
        out = _run(installed, "chimera", "demo", game, "--players", "2", "--screenshot", str(shot))
        assert out.returncode == 0, f"{game}: exit {out.returncode}\n{out.stdout}\n{out.stderr}"
        assert shot.is_file() and "<svg" in shot.read_text(encoding="utf-8")[:2000], game
