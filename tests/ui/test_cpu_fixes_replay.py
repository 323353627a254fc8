"""The real app through a pseudo-terminal shows the same picture with the Textual fixes that take CPU out of
keys (issue 37) as without them, for every key `chimera bench --terminal` presses on each game's sample: the
replay of `test_frame_diff_replay`, the app with every fix beside the app without these.

The snapshot tests cannot see what these fixes change: a screenshot is one full repaint (which
``kept-frames`` leaves to Textual), while the fixes change which widgets a partial repaint asks for their lines,
which lines a screen shown again hands on, and what a focus or a highlight repaints: only the frames written
one after the other to a terminal show it. Slow (two apps through a terminal, about 20 s a game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_frame_diff_replay import SAVES, replay_bench_keys

CPU_FIXES = (
    "strip-caches,component-styles,option-highlight,partial-renders,kept-frames,focus-refresh,callback-params"
)
"""The fixes of issue 37's CPU work (`chimera_tui.ui.textual_fixes`)."""


@pytest.mark.parametrize(
    ("sample", "size"),
    [
        ("station-4p-round4.chimera", (80, 24)),
        ("imaginarium-4p-round4.chimera", (80, 24)),
        ("codename-4p-fight.chimera", (80, 24)),
        ("con-4p-turn.chimera", (80, 24)),
        ("imaginarium-4p-round4.chimera", (160, 50)),
    ],
)
def test_every_bench_key_shows_the_same_picture_with_and_without_the_cpu_fixes(
    sample: str, size: tuple[int, int], tmp_path: Path
) -> None:
    replay_bench_keys(SAVES / sample, size, tmp_path, CPU_FIXES)
