"""Issue 36: the documentation site builds with ``mkdocs build --strict`` (no broken link, no page left out
of the navigation), every `chimera` command line a page shows parses with `chimera`'s own parser, every
section of the README as it stood before the site is a heading on some page, and the README, now short,
leads into the site with links that reach a file and a heading."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs.shell_lines import CommandLine, command_lines, problem

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
README = ROOT / "README.md"

README_SECTIONS = (
    "Play", "Test", "Play over SSH", "The command line", "Keys", "Fewer hand-offs at one terminal",
    "Rules that answer questions", "Learn to play", "Room: 80×24, 120×40, 160×50", "Saves",
    "Watching a game again", "Bots and how strong they are", "Architecture", "Measurements", "The games",
    "Chimera Station (`station`, 2–4 players)", "Codename: Chimera (`codename`, 2–4 players)",
    "Imaginarium (`imaginarium`, 2–6 players)", "Chimera Con (`con`, 2–5 players)", "Status", "Layout",
)  # fmt: skip
"""The README's section titles when the site was started (issue 36), when it was 2,048 lines: the site must say
all of it."""


def pages() -> list[Path]:
    return sorted(path for path in DOCS.rglob("*.md") if "hooks" not in path.relative_to(DOCS).parts)


def mkdocs_build(root: Path, out: Path) -> subprocess.CompletedProcess[str]:
    mkdocs = shutil.which("mkdocs", path=str(Path(sys.executable).parent)) or shutil.which("mkdocs")
    assert mkdocs, "mkdocs is not installed (pip install -e '.[test]' brings it)"
    return subprocess.run(
        [mkdocs, "build", "--strict", "--site-dir", str(out)],
        cwd=root,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    built = mkdocs_build(ROOT, out)
    assert built.returncode == 0, f"mkdocs build --strict failed:\n{built.stdout}\n{built.stderr}"
    return out


def test_the_site_builds_with_every_page_and_picture(site: Path) -> None:
    for page in pages():
        relative = page.relative_to(DOCS).with_suffix("")
        folder = relative.parent if relative.name == "index" else relative
        assert (site / folder / "index.html").is_file(), f"{page.relative_to(ROOT)} was not built"
    assert (site / "pictures" / "station-4p-final.svg").is_file()
    station = (site / "games" / "station" / "index.html").read_text(encoding="utf-8")
    assert "What this edition designed" in station, "the About this edition topic was not brought in"
    assert "test_first_turn_two_players-80x24.svg" in station
    assert (site / "pictures" / "snapshots" / "snapshots" / "test_station_snapshots").is_dir()
    changelog = (site / "changelog" / "index.html").read_text(encoding="utf-8")
    assert "0.1.0" in changelog and "0.2.0" in changelog


@pytest.fixture
def site_copy(tmp_path: Path) -> Path:
    """The site's sources in a folder of their own, to break on purpose."""
    copy = tmp_path / "project"
    copy.mkdir()
    shutil.copy2(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    shutil.copy2(ROOT / "CHANGELOG.md", copy / "CHANGELOG.md")
    shutil.copytree(DOCS, copy / "docs", ignore=shutil.ignore_patterns("__pycache__"))
    for pictures in ("screenshots", "tests"):  # where the hook takes the pictures from
        (copy / pictures).symlink_to(ROOT / pictures)
    return copy


def test_a_page_outside_the_navigation_fails_the_build(site_copy: Path, tmp_path: Path) -> None:
    (site_copy / "docs" / "stray.md").write_text("# A page nobody can reach\n", encoding="utf-8")
    built = mkdocs_build(site_copy, tmp_path / "out")
    assert built.returncode != 0 and "stray.md" in built.stderr, built.stderr


def test_a_broken_link_fails_the_build(site_copy: Path, tmp_path: Path) -> None:
    saves = site_copy / "docs" / "saves.md"
    saves.write_text(
        saves.read_text(encoding="utf-8") + "\nSee [nowhere](no-such-page.md).\n", encoding="utf-8"
    )
    built = mkdocs_build(site_copy, tmp_path / "out")
    assert built.returncode != 0 and "no-such-page.md" in built.stderr, built.stderr


def test_every_command_line_shown_in_the_docs_parses() -> None:
    shown = [command for page in [*pages(), README] for command in command_lines(page)]
    assert len(shown) >= 10, f"only {len(shown)} command lines found: is the scanner blind?"
    refused = [
        f"{command.page.relative_to(ROOT)}:{command.line}: {command.text}\n    {why}"
        for command in shown
        if (why := problem(command)) is not None
    ]
    assert not refused, "chimera's parser refuses these command lines:\n" + "\n".join(refused)


def test_the_check_catches_a_mistyped_command(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```sh\nchimera new station --players 3   # fine\nchimera nwe station\n```\n\n"
        "```console\n$ chimera serve --max-sesions 5 | tee log\n```\n\n"
        "```python\nchimera rules --bogus\n```\n\n```\n$ chimera rules con \\\n    --list cheat\n```\n",
        encoding="utf-8",
    )
    found = list(command_lines(page))
    assert [c.line for c in found] == [2, 3, 7, 15]
    assert [problem(c) is None for c in found] == [True, False, False, True]
    assert "invalid choice: 'nwe'" in (problem(found[1]) or "")
    assert "unrecognized arguments: --max-sesions" in (problem(found[2]) or "")
    assert CommandLine(page, 1, "chimera --version").words() == ["--version"]


def _headings() -> set[str]:
    found = set()
    for page in pages():
        for line in page.read_text(encoding="utf-8").splitlines():
            if heading := re.match(r"^#{1,6} (.+?)\s*$", line):
                found.add(heading.group(1))
    return found


def test_every_section_of_the_old_readme_is_a_heading_on_a_page() -> None:
    headings = _headings()
    missing = [
        title for title in README_SECTIONS if title not in headings and title.split(" (")[0] not in headings
    ]
    assert not missing, f"no page of the site has these README sections as a heading: {missing}"


def slug(heading: str) -> str:
    """A heading's anchor as GitHub and MkDocs' toc both write it for the headings used here."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def reaches(link: str) -> bool:
    """A relative link from the README reaches a file, and a heading of it when the link names one."""
    path, _, anchor = link.partition("#")
    target = ROOT / path
    if not target.exists():
        return False
    headings = re.findall(r"^#{1,6} (.+)$", target.read_text(encoding="utf-8"), re.MULTILINE)
    return not anchor or anchor in {slug(heading) for heading in headings}


def test_the_readme_is_short_and_its_links_reach_the_site() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150, "the README is to stay short: say more on a page of docs/"
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    local = [link for link in links if "://" not in link]
    assert sum(link.startswith("docs/") for link in local) >= 10, local
    broken = [link for link in local if not reaches(link)]
    assert not broken, f"README links that reach no file or no heading: {broken}"
