"""Chimera Con's own screen: it opens for a new game, shows the seat's hand and every chimera, plays a move by
the keyboard, opens the rules topic of the highlighted card with ?, and a whole 3-player hot-seat game is
played to the end by keys alone (Enter takes the highlighted choice; hand-offs are passed with Enter)."""

from __future__ import annotations

from pathlib import Path

from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.con.screen import ConScreen
from chimera_tui.ui.games.con.words import topic_for
from chimera_tui.ui.screens.handoff import HandOffScreen


def _app(tmp_path: Path, kinds: list[str], options: dict[str, str] | None = None) -> ChimeraApp:
    seats = make_seats("con", len(kinds), kinds, [])
    return ChimeraApp(
        plan=LaunchPlan(start=new_start("con", len(kinds), seats, 5, options or {})), saves=tmp_path
    )


async def test_the_screen_opens_and_a_key_makes_a_move(tmp_path: Path) -> None:
    app = _app(tmp_path, ["human", "bot", "bot"])
    async with app.run_test(size=(80, 24)) as pilot:
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConScreen)
        table = app._table
        assert table is not None
        board = str(screen.query_one("#con-board").render())
        assert "Player 1" in board
        hand = str(screen.query_one("#con-cards-text").render())
        assert "Your hand · 6 creature cards" in hand
        await pilot.press("enter")
        await pilot.pause()
        assert table.match.notations[0].startswith("build ")


def test_the_rules_topic_follows_the_card_named() -> None:
    assert topic_for("sub LEV-H") == "card-lev-h"
    assert topic_for("cheat LUCK2") == "cheat-luck"
    assert topic_for("use BAS-H.0 p2 b") == "card-bas-h"
    assert topic_for("attack p2") == "attacking" and topic_for("greedy") == "getting-greedy"


async def test_a_whole_three_player_game_by_keys(tmp_path: Path) -> None:
    app = _app(tmp_path, ["human", "human", "human"], {"points": "1"})
    async with app.run_test(size=(100, 30)) as pilot:
        table = app._table
        assert table is not None
        for _ in range(4000):
            if table.rules.is_over(table.match.state):
                break
            await pilot.press("enter")  # a hand-off screen or the highlighted choice
            await pilot.pause()
        assert table.rules.is_over(table.match.state)
        assert max(table.match.state.points) == 1
