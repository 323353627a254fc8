"""A replay looks like the live game (issue 15, audit G15-1, #8, #13): the replay screen keeps the game
screen's CSS type names and default CSS, so the game's own layout rules apply; the keys to move by round and
to either end show at 80 columns; the hint key is not offered; nobody "is thinking" in a replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.dom import DOMNode
from textual.widgets._footer import FooterKey

from chimera_tui.table.replay import ReplayTable
from chimera_tui.ui import games as ui_games
from chimera_tui.ui.games import screen_class
from chimera_tui.ui.games.generic import GenericGameScreen
from chimera_tui.ui.replay_app import ReplayApp
from chimera_tui.ui.screens.replay import ReplayControls, replay_class
from chimera_tui.ui.screens.replay_bar import ReplayBar, bar_content
from chimera_tui.ui.widgets.footer import KeysFooter
from tests.golden.transcript import replayed
from tests.ui.settle import until

OWN_SCREENS = sorted(path.parent.name for path in Path(ui_games.__file__).parent.glob("*/screen.py"))
"""Every game with its own screen (``ui/games/<id>/screen.py``): Imaginarium's too, once it is there."""


def _css_bases(cls: type[DOMNode]) -> list[type[DOMNode]]:
    """The classes Textual takes CSS from for `cls`: its type names and DEFAULT_CSS (only the first node base
    of each class counts)."""
    return list(cls._css_bases(cls))


@pytest.mark.parametrize("game", [*OWN_SCREENS, "generic"])
def test_a_replay_screen_keeps_the_game_screens_css_type_names(game: str) -> None:
    """Selectors such as ``StationScreen.-narrow`` (styles/station.tcss) and a screen's scoped DEFAULT_CSS
    (Chimera Con's) match the replay screen exactly as they match the live one."""
    base = GenericGameScreen if game == "generic" else screen_class(game)
    assert game == "generic" or base is not GenericGameScreen, f"{game} has a screen.py but no SCREEN"
    replay = replay_class(base)
    assert issubclass(replay, base) and issubclass(replay, ReplayControls)
    assert base._css_type_names <= replay._css_type_names, "a CSS type name of the game screen is lost"
    assert _css_bases(replay)[1:] == _css_bases(base), "the game screen's default CSS is not read"


async def test_the_station_replay_is_laid_out_as_the_live_screen(tmp_path: Path) -> None:
    """At 80×24 Station's narrow layout applies: one pane at a time, the board as wide as the screen."""
    match, seats = replayed("station-2p-seed11")
    app = ReplayApp(ReplayTable("station", match, seats, step=18, viewpoint=0), saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-narrow")
        assert screen.query_one("#station-left").region.width == 80, "the board's pane fills the width"
        assert not screen.query_one("#station-right").display, "the other panes wait for 1-4 or Tab"


@pytest.mark.parametrize("name", ["station-4p-seed13", "codename-3p-seed22", "codename-4p-seed23"])
async def test_the_round_and_end_keys_show_at_80_columns_and_the_hint_key_does_not(
    tmp_path: Path, name: str
) -> None:
    match, seats = replayed(name)
    replay = ReplayTable(match.rules.id, match, seats, step=0, viewpoint=None)
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        for step in range(0, replay.total + 1, 7):
            for seat in (None, *range(len(seats))):
                replay.go(step)
                replay.set_viewpoint(seat)
                text = bar_content(replay, 80)
                assert text.cell_length <= 80
                assert "< > round" in text.plain and "Home End" in text.plain, text.plain
        await pilot.pause()
        bar = app.screen.query_one(ReplayBar)
        assert "Home End" in str(bar.render())
        footer = app.screen.query_one(KeysFooter)
        shown = {key.description for key in footer.query(FooterKey)}
        assert {"Prev", "Next", "Jump", "View"} <= shown and "Hint" not in shown


@pytest.mark.parametrize("name", ["station-2p-seed11", "codename-2p-seed21"])
async def test_nobody_is_thinking_in_a_replay(tmp_path: Path, name: str) -> None:
    """Every seat of these games is a bot, which a live screen says "is thinking…"; the replay says who is
    to act."""
    match, seats = replayed(name)
    assert all(seat.is_bot for seat in seats)
    replay = ReplayTable(match.rules.id, match, seats, step=12)
    app = ReplayApp(replay, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayControls))
        await pilot.pause()
        actor = replay.to_act()
        assert actor is not None
        shown = "\n".join(str(widget.render()) for widget in app.screen.query("Static"))
        assert f"{replay.player_name(actor)} to act" in shown
        assert "thinking" not in shown
