"""A release as it would be cut: the sdist and the wheel built from a clean copy of the checkout with
``python -m build`` (the wheel from the sdist, as a release's is), a second wheel built from the copy's tree
(what ``pip install .`` builds), and a fresh virtual environment with the wheel installed alone, its
dependencies from the index.

Building takes about a minute, so it is done once per test run however many pytest-xdist workers ask for it:
the first takes a lock in the run's shared temporary folder and builds, the others wait and reuse it.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Release:
    copy: Path
    """The clean copy the release was built from."""
    sdist: Path
    wheel: Path
    """The wheel built from the sdist: the one a release ships."""
    tree_wheel: Path
    """The wheel built from the copy's tree, as ``pip install .`` builds it."""
    venv: Path
    """A fresh virtual environment with `wheel` installed."""

    @property
    def bin(self) -> Path:
        return self.venv / ("Scripts" if os.name == "nt" else "bin")


class NotACheckout(Exception):
    """The tests do not run from a git checkout, so what a clean clone holds is unknown."""


def project_files() -> list[Path]:
    """The files a clean clone would have: tracked and new files, not ignored ones.

    Raises:
        NotACheckout: outside a git checkout.
    """
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        raise NotACheckout from None
    names = [name for name in out.decode().split("\0") if name]
    return [ROOT / name for name in names if (ROOT / name).is_file()]


def clean_copy(dest: Path) -> Path:
    """A copy of the checkout holding only what a clean clone holds (no .venv, no build output)."""
    for path in project_files():
        target = dest / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    return dest


def run(args: list[str], cwd: Path, what: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, (
        f"{what} failed ({' '.join(args)}):\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    )
    return done


def _build(folder: Path) -> Release:
    copy = clean_copy(folder / "clone" / "chimera-tabletop")
    dist, tree = folder / "dist", folder / "tree"
    run([sys.executable, "-m", "build", "--outdir", str(dist), str(copy)], folder, "python -m build")
    run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tree), str(copy)], folder, "build --wheel")
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    (tree_wheel,) = tree.glob("*.whl")
    env_dir = folder / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    release = Release(copy, sdist, wheel, tree_wheel, env_dir)
    run([str(release.bin / "python"), "-m", "pip", "install", "-q", str(wheel)], folder, "pip install WHEEL")
    return release


def built_once(shared: Path) -> Release:
    """The release, built in `shared` by the first worker to ask and reused by the rest."""
    shared.mkdir(parents=True, exist_ok=True)
    with open(shared / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        folder = shared / "release"
        done = shared / "done"
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            release = _build(folder)
            done.write_text("built\n")
            return release
    dist = folder / "dist"
    return Release(
        folder / "clone" / "chimera-tabletop",
        next(dist.glob("*.tar.gz")),
        next(dist.glob("*.whl")),
        next((folder / "tree").glob("*.whl")),
        folder / "venv",
    )
