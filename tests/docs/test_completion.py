"""Issue 36: `chimera --print-completion SHELL`, run through bash, zsh and fish themselves.

Each case is a line typed at the shell and Tab: the words it must offer and some it must not (another game's
topics, files that are not saves). A shell that is not installed is skipped, saying so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui.commands import cli
from chimera_tui.commands.completion import SHELLS, script
from chimera_tui.commands.completion_data import FREE, KINDS
from chimera_tui.commands.parser_tree import every_action
from tests.docs import shells

CASES: list[tuple[str, set[str], set[str]]] = [
    ("chimera ", {"new", "load", "learn", "replay", "rules", "serve", "tables", "players"}, set()),
    ("chimera --", {"--version", "--print-completion", "--saves", "--theme"}, set()),
    ("chimera new --", {"--players", "--seats", "--option", "--side", "--theme"}, {"--web"}),
    ("chimera rules ", {"station", "codename", "imaginarium", "con"}, set()),
    ("chimera rules con che", {"cheating", "cheat-windows"}, {"overview", "module-boiler"}),
    ("chimera rules station module-b", {"module-boiler", "module-bank"}, {"cheating", "module-hub-a"}),
    ("chimera new imaginarium -o ", {"chimera=on", "chimera=off", "teams=on"}, {"side=A", "points=3"}),
    ("chimera bench con --option ", {"points=1", "points=5"}, {"teams=on"}),
    ("chimera new station --seats ", {"human", "bot", "greedy", "search"}, {"dreamer"}),
    ("chimera bench imaginarium --bot ", {"greedy", "engine", "dreamer", "raider", "search:100"}, set()),
    ("chimera --theme chimera-", {"chimera-high-contrast"}, {"textual-dark"}),
    ("chimera learn ", {"station", "con"}, set()),
    ("chimera serve --client-start ", {"fork", "spawn"}, set()),
    ("chimera players ", {"list", "show", "ban", "rename", "mute"}, set()),
    ("chimera load ", {"game.chimera"}, {"notes.txt"}),
    ("chimera replay ga", {"game.chimera"}, set()),
    ("chimera --print-completion ", {"bash", "zsh", "fish"}, set()),
]


@pytest.fixture(scope="module", params=SHELLS)
def shell_script(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, Path]:
    shell: str = request.param
    if not shells.installed(shell):
        pytest.skip(f"{shell} is not installed here: its completion script is not tried")
    path = tmp_path_factory.mktemp(f"completion-{shell}") / f"chimera.{shell}"
    path.write_text(script(cli.build_parser(), shell), encoding="utf-8")
    return shell, path


@pytest.mark.parametrize(("line", "wanted", "unwanted"), CASES, ids=[c[0].strip() for c in CASES])
def test_tab_offers_what_the_line_can_take(
    shell_script: tuple[str, Path], line: str, wanted: set[str], unwanted: set[str], tmp_path: Path
) -> None:
    shell, path = shell_script
    work = tmp_path / "work"
    work.mkdir()
    (work / "game.chimera").write_bytes(b"")
    (work / "notes.txt").write_text("not a save")
    offered = set(shells.RUN[shell](path, line, work))
    assert wanted <= offered, (
        f"{shell}: {line!r}<Tab> lacks {sorted(wanted - offered)}; offered {sorted(offered)}"
    )
    assert not unwanted & offered, f"{shell}: {line!r}<Tab> offers {sorted(unwanted & offered)}"


def test_every_value_says_how_it_completes() -> None:
    """An option or positional added to a parser must be given a kind (or be free text), so Tab on it
    offers what it takes: a new argument is never left out by accident."""
    unsaid = sorted(
        {
            "/".join(action.option_strings) or action.dest
            for action in every_action(cli.build_parser())
            if action.nargs != 0 and action.choices is None and action.dest not in {*KINDS, *FREE}
        }
    )
    assert not unsaid, (
        f"say how {', '.join(unsaid)} complete: add each argument's dest to KINDS (game, topic, save, folder, "
        "file, ...) or to FREE (free text) in chimera_tui/commands/completion_data.py"
    )


@pytest.mark.parametrize("shell", SHELLS)
def test_chimera_prints_the_script_and_exits(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        cli.main(["--print-completion", shell])
    assert ended.value.code == 0
    printed = capsys.readouterr().out
    assert printed == script(cli.build_parser(), shell)
    assert "_chimera_topic" in printed and "cheat-windows" in printed


def test_an_unknown_shell_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        cli.main(["--print-completion", "tcsh"])
    assert ended.value.code == 2
    assert "invalid choice: 'tcsh'" in capsys.readouterr().err
