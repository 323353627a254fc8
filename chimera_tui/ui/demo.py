"""`chimera demo`: a whole bots-only game played through the real screens, headless, ending in an SVG."""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

from chimera_tui import games
from chimera_tui.launch import LaunchError, LaunchPlan, make_seats, new_start

DEMO_TIMEOUT = 600.0
"""Seconds after which a demo gives up (a game that never ends is a bug, reported as such)."""


async def _play(app: object, size: tuple[int, int], path: Path) -> bool:
    from chimera_tui.ui.app import ChimeraApp

    assert isinstance(app, ChimeraApp)
    async with app.run_test(size=size, headless=True) as pilot:
        deadline = time.monotonic() + DEMO_TIMEOUT
        await pilot.pause()
        while time.monotonic() < deadline:
            table = app._table
            if table is not None and table.rules.is_over(table.match.state):
                break
            await pilot.pause(0.02)
        else:
            return False
        await pilot.pause(0.2)
        app.save_screenshot(filename=path.name, path=str(path.parent))
    return True


def _theme_problem(theme: str) -> str | None:
    """Why `theme` cannot be used (None when it can): the demo has no one to show a notification to."""
    from chimera_tui.ui.app import ChimeraApp

    known = ChimeraApp().available_themes
    if theme in known:
        return None
    return f"There is no theme called {theme!r}; the themes are: {', '.join(sorted(known))}."


def run_demo(
    game_id: str,
    players: int | None,
    seed: int,
    size: tuple[int, int],
    screenshot: str,
    *,
    theme: str | None = None,
) -> int:
    """Play `game_id` with the strongest bot in every seat and write the final screen to `screenshot`.

    `theme` is a Textual theme name (``--theme``); an unknown name is refused before the game starts.
    """
    from chimera_tui.ui.app import ChimeraApp

    rules = games.get(game_id)
    n = players or rules.min_players
    try:
        if not rules.min_players <= n <= rules.max_players:
            raise LaunchError(
                f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {n}."
            )
        seats = make_seats(game_id, n, ["bot"] * n, [])
        start = new_start(game_id, n, seats, seed, {})
    except LaunchError as exc:
        print(exc.message, file=sys.stderr)
        return exc.code
    if theme is not None and (problem := _theme_problem(theme)) is not None:
        print(problem, file=sys.stderr)
        return 2
    path = Path(screenshot).resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="chimera-demo-") as saves:
        app = ChimeraApp(plan=LaunchPlan(start=start), saves=Path(saves), bot_delay=0.0, theme=theme)
        finished = asyncio.run(_play(app, size, path))
    if not finished:
        print(f"The demo game did not end within {DEMO_TIMEOUT:.0f} seconds.", file=sys.stderr)
        return 1
    print(f"{rules.title}, {n} players, seed {seed}: final screen written to {path}")
    return 0
