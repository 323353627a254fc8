"""Seeded random key presses with resizes on every game's screen: no exception, and the match is one the
rules reached (it replays to the same state).

Every registered game gets a short mash here (SHORT presses: CI stays quick as games arrive). The long one
(LONG presses per game, the issue-finding run of about ten minutes a game on two cores) runs only with
``CHIMERA_LONG_MASH=1`` in the environment.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from chimera_tui import games
from chimera_tui.engine.match import Match
from chimera_tui.launch import LaunchError, LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.rules import RulesScreen
from chimera_tui.ui.games.base import GameScreen

SHORT = 300
"""Presses per game in the default run."""

LONG = 5000
"""Presses per game with CHIMERA_LONG_MASH=1."""

LONG_MASH = os.environ.get("CHIMERA_LONG_MASH", "") not in ("", "0")

KEYS = [
    *"hjklcfuvn1234rtmbx?",
    "up", "down", "left", "right", "enter", "enter", "enter", "tab", "shift+tab", "escape", "space",
]  # fmt: skip
"""Every game's keys (a key a screen does not use does nothing), Enter weighted as players use it."""


def _app(game_id: str, tmp_path: Path, seed: int) -> ChimeraApp:
    rules = games.get(game_id)
    players = min(rules.max_players, max(rules.min_players, 3))
    kinds = ["human"] + ["bot"] * (players - 1)
    seats = make_seats(game_id, players, kinds, [])
    options = {o.key: o.choices[seed % len(o.choices)] for o in rules.options}
    try:  # a seeded choice of each option, where it suits this many players
        start = new_start(game_id, players, seats, seed, options)
    except LaunchError:
        start = new_start(game_id, players, seats, seed, {})
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


async def _mash(game_id: str, presses: int, seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    app = _app(game_id, tmp_path, seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app._table
        assert table is not None
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        batch: list[str] = []
        played = 0  # the most actions the match held at once (u takes some back: Imaginarium's dial, say)
        for i in range(presses):
            if i % 250 == 0:
                await pilot.press(*batch)
                batch = []
                await pilot.resize_terminal(rng.randint(40, 200), rng.randint(12, 60))
            key = rng.choice(KEYS)
            if key != "escape":
                batch.append(key)
                if len(batch) < 10:
                    continue
            await pilot.press(*batch)
            batch = []
            played = max(played, len(table.match))
            for _ in range(3):  # Esc closes dialogs only (on the board it would leave the game); the rules
                # screen (which takes the batch's letters as a search) is left after its batch, or a mash
                # would spend most of its presses searching the rules
                if app.screen is screen or (key != "escape" and not isinstance(app.screen, RulesScreen)):
                    break
                await pilot.press("escape")
        await pilot.pause()
        assert app.is_running
        match = table.match
        replayed = Match.replay(match.rules, match.config, match.seed, match.notations)
        assert replayed.state == match.state
        assert played > 3


@pytest.mark.parametrize("game_id", games.game_ids())
async def test_short_mash(game_id: str, tmp_path: Path) -> None:
    """SHORT seeded presses per game, in every CI run."""
    await _mash(game_id, SHORT, 11, tmp_path)


@pytest.mark.skipif(not LONG_MASH, reason="the long mash runs with CHIMERA_LONG_MASH=1")
@pytest.mark.parametrize("game_id", games.game_ids())
async def test_long_mash(game_id: str, tmp_path: Path) -> None:
    """LONG seeded presses per game (CHIMERA_LONG_MASH=1)."""
    await _mash(game_id, LONG, 5, tmp_path)
