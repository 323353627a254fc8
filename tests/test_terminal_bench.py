"""`chimera bench --terminal` and `--startup` measure through a real pseudo-terminal (figures, not timings, are
checked here: the benchmark's numbers go in docs/measurements.md, never into assertions about speed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui.commands import cli
from chimera_tui.commands.terminal_bench import KeyFigures, first_frame, keys_side_by_side

SAMPLE = Path(__file__).resolve().parents[1] / "saves" / "station-4p-round4.chimera"


def keys_on_save(save: Path, presses: int, **options: object) -> tuple[int, list[KeyFigures]]:
    """`chimera load` alone (no app beside it): the bytes of its first paint and its figures per key."""
    (app,) = keys_side_by_side(save, presses, plain=False, trivial=False, **options)  # type: ignore[arg-type]
    return app.first_paint, list(app.figures.values())


def test_keys_on_a_save_write_bytes_and_never_touch_the_save() -> None:
    before = SAMPLE.read_bytes()
    # A whole second of silence ends each answer: on a loaded machine a screen such as the rules can pause
    # for more than the bench's 0.3 s mid-paint, and its tail would be counted under the next key.
    first_paint, figures = keys_on_save(SAMPLE, presses=2, quiet=1.0)
    assert first_paint > 1000, "the first frame of a board holds at least a screenful of text"
    assert [f.name for f in figures] == [
        "left/right",
        "up/down",
        "tab",
        "enter",
        "escape (enter)",
        "?",
        "escape (?)",
        "c",
        "escape (c)",
    ]
    for figure in figures:  # the first press of each kind is reported apart from the others
        assert figure.first_size is not None and figure.first_size > 0, figure
        assert len(figure.sizes) in (2, 5) and all(size > 0 for size in figure.sizes), figure
        assert "first" in figure.line()
    assert SAMPLE.read_bytes() == before


def test_a_cursor_move_costs_far_less_than_a_screenful() -> None:
    """The board repaints only the two cells a cursor move touches (a full 80x24 repaint is ~24 KB)."""
    first_paint, figures = keys_on_save(SAMPLE, presses=4, keys=("left/right",))
    assert max(figures[0].sizes) < first_paint / 4


def test_first_frame_is_seen_for_both_apps() -> None:
    bare, ours = first_frame(runs=1)
    assert bare > 0 and ours > 0


def test_the_command_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--terminal", str(SAMPLE), "--presses", "1", "--size", "100x30"]) == 0
    out = capsys.readouterr().out
    assert "at 100x30: first paint" in out and "left/right" in out and "tab" in out
    assert "(frame-diff off: " in out, "the same app writing what Textual writes is measured beside it"
    assert "trivial Textual app" in out and "× trivial key" in out


def test_a_missing_save_or_a_bad_size_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--terminal", "no-such.chimera"]) == 2
    assert cli.main(["bench", "--terminal", str(SAMPLE), "--size", "big"]) == 2
    err = capsys.readouterr().err
    assert "no save file" in err and "80x24" in err
