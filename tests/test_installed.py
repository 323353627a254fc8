"""The product as a new user meets it: a release built from a clean clone, checked as PyPI would check it,
installed into a fresh virtual environment from the wheel alone (not editable, run from outside the
checkout), and every game started from it headless (issue 36: a release could be cut from main at any time).

An editable install reads data files straight from the checkout, so it once hid a wheel that shipped no
game data: New game crashed, `chimera bench` reported errors and still exited 0. `tests/release_build.py`
builds the sdist and, from it, the wheel with ``python -m build`` (and a second wheel from the tree, which is
what the README's Play command, ``pip install .``, builds), once per test run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from chimera_tui import __version__
from tests.release_build import ROOT, NotACheckout, Release, built_once

README = ROOT / "README.md"


@pytest.fixture(scope="session")
def release(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Release:
    """The sdist, the wheels and a venv with the wheel installed, shared by every xdist worker of the run."""
    base = tmp_path_factory.getbasetemp()
    shared = (base if worker_id == "master" else base.parent) / "chimera-release"
    try:
        return built_once(shared)
    except NotACheckout:
        pytest.skip("not a git checkout: what a clean clone holds is unknown, so no release is built")


def _play_command() -> str:
    """The README's Play command (the first ```sh block under "## Play")."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Play", 1)[1]
    match = re.search(r"```sh\n(.+?)\n```", section, re.S)
    assert match, "README.md has no ```sh block under ## Play"
    return match.group(1).strip()


def test_the_play_command_installs_non_editable() -> None:
    """The README's Play command is `pip install .`, which builds a wheel from the tree: the tree's wheel is
    checked to be the release's below, and the release's is what these tests install."""
    command = _play_command()
    assert "pip install ." in command and "-e" not in command.split(), command


def _names(wheel: Path) -> set[str]:
    return set(zipfile.ZipFile(wheel).namelist())


def test_the_wheel_ships_every_data_file_rules_text_style_and_the_man_page(release: Release) -> None:
    shipped = _names(release.wheel)
    copy = release.copy
    wanted = {
        "chimera_tui/" + str(path.relative_to(copy / "chimera_tui"))
        for path in (copy / "chimera_tui").glob("games/*/data/**/*")
        if path.is_file()
    } | {"chimera_tui/styles/" + path.name for path in (copy / "styles").iterdir() if path.is_file()}
    wanted.add(f"chimera_tabletop-{__version__}.data/data/share/man/man1/chimera.1")
    assert any("/data/rules.md" in name for name in wanted)
    missing = sorted(wanted - shipped)
    assert not missing, f"the wheel leaves out {missing}"


def test_the_sdist_builds_the_same_wheel_as_the_tree(release: Release) -> None:
    """Same files, same bytes: nothing the wheel needs is missing from the sdist, nothing differs."""
    from_sdist, from_tree = zipfile.ZipFile(release.wheel), zipfile.ZipFile(release.tree_wheel)
    assert sorted(from_sdist.namelist()) == sorted(from_tree.namelist())
    differ = [name for name in from_tree.namelist() if from_sdist.read(name) != from_tree.read(name)]
    assert not differ, f"the sdist's wheel and the tree's differ in {differ}"


def test_the_sdist_holds_the_changelog_and_no_half_test_suite(release: Release) -> None:
    import tarfile

    top = f"chimera_tabletop-{__version__}/"
    with tarfile.open(release.sdist) as sdist:
        names = {name.removeprefix(top) for name in sdist.getnames()}
    assert {"CHANGELOG.md", "man/chimera.1", "README.md", "pyproject.toml", "setup.py"} <= names
    assert not [name for name in names if name.startswith("tests/")]


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    assert found, f"{name} is not installed (pip install -e '.[test]' brings it)"
    return found


def test_twine_check_passes_the_wheel_and_the_sdist(release: Release) -> None:
    done = subprocess.run(
        [_tool("twine"), "check", "--strict", str(release.wheel), str(release.sdist)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.count("PASSED") == 2, done.stdout + done.stderr


def test_check_wheel_contents_finds_nothing_wrong(release: Release) -> None:
    """No duplicate files (W002 once: three packages' __init__.py were the same line), no stray top level."""
    done = subprocess.run(
        [_tool("check-wheel-contents"), str(release.wheel)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0 and "OK" in done.stdout, done.stdout + done.stderr


@pytest.fixture(scope="module")
def installed(release: Release, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The environment to run the release's venv in, with a home of its own outside the checkout."""
    home = tmp_path_factory.mktemp("user")
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "VIRTUAL_ENV", "PYTEST", "CHIMERA", "MANPATH"))
    }
    env.update(
        PATH=f"{release.bin}{os.pathsep}{env.get('PATH', '')}",
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


def test_chimera_version_is_the_package_metadata_version(installed: dict[str, str]) -> None:
    out = _run(installed, "chimera", "--version")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"chimera-tabletop {__version__}"
    meta = _run(
        installed, "python", "-c", "import importlib.metadata as m; print(m.version('chimera-tabletop'))"
    )
    assert meta.stdout.strip() == __version__, meta.stdout + meta.stderr


def test_man_chimera_finds_the_installed_page(installed: dict[str, str], release: Release) -> None:
    """`man` looks in ../share/man beside each folder of PATH, so the venv's bin on PATH is enough."""
    if shutil.which("man") is None:
        pytest.skip("man is not installed here: the installed man page is not looked up")
    where = _run(installed, "man", "-w", "chimera")
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()) == release.venv / "share" / "man" / "man1" / "chimera.1"
    shown = _run(installed | {"MANPAGER": "cat", "MANWIDTH": "80"}, "man", "chimera")
    assert shown.returncode == 0 and "CHIMERA(1)" in shown.stdout and "chimera serve" in shown.stdout, (
        shown.stderr
    )


def test_the_installed_completion_offers_every_game_s_topics(installed: dict[str, str]) -> None:
    out = _run(installed, "chimera", "--print-completion", "bash")
    assert out.returncode == 0, out.stderr
    for topic in ("module-boiler", "cheat-windows", "about-this-edition"):
        assert topic in out.stdout


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
