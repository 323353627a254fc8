"""The games' own screens in the lobby app over `RemoteTable`s, headless (Textual's Pilot), against a real
table host on a Unix socket: whole remote games, a spectator, the waiting screen, who is thinking, undo and
the rules, the log's fresh lines."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from chimera_tui.server import protocol as P
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.screens.lobby import LobbyApp, LobbyScreen, TurnClock, WaitingScreen, fresh
from chimera_tui.ui.screens.table_chat import ChatDialog
from tests.server.helpers import HANG, _screen_name, hosted, play, until


@pytest.mark.parametrize("game", ["codename", "station"])
async def test_a_whole_remote_game_plays_on_the_games_own_screen(tmp_path: Path, game: str) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            app.create_table(P.CreateTable(game=game, players=2, bots=(None, "random"), seed=3))
            await until(lambda: isinstance(app.screen, GameScreen))
            table = app.table
            assert table is not None and table.seat == 0
            rng = random.Random(1)
            async with asyncio.timeout(HANG * 6):
                while table.to_act() is not None:
                    step = table.step
                    if table.to_act() == 0 and table.legal_actions():
                        assert table.submit(rng.choice(list(table.legal_actions()))) is None
                    await until(lambda step=step: table.step != step or table.to_act() is None)
                    await pilot.pause()
            await pilot.pause()
            final = h.host.tables[table.code].match
            assert final is not None and table.step == len(final)
            assert table.match.state_at(0) is not None  # the whole game is known once it is over
            if game == "station":  # its results chart the whole game from the past states
                await until(lambda: type(app.screen).__name__ == "ResultsScreen")
            assert app.screen.is_attached


def test_fresh_lines_of_a_sliding_window() -> None:
    assert fresh((), ("a",)) == ("a",)
    assert fresh(("a", "b"), ("a", "b", "c")) == ("c",)
    assert fresh(("a", "b", "c"), ("b", "c", "d")) == ("d",)
    assert fresh(("a", "b"), ("a", "b")) == ()
    assert fresh(("a", "b"), ("x", "y")) == ("x", "y")


@pytest.mark.parametrize("game", ["codename", "station"])
async def test_a_spectator_watches_on_the_games_own_screen(tmp_path: Path, game: str) -> None:
    async with hosted(tmp_path) as h:
        player = await h.link("SHA256:alice", "Alice")
        mine = await player.create(game, 2, bots=(None, "random"), seed=4)
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:carol", "Carol"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen) and bool(app.screen.codes))
            await pilot.press("w")
            await until(lambda: isinstance(app.screen, GameScreen))
            watching = app.table
            assert watching is not None and watching.seat is None
            assert watching.legal_actions() == () and watching.submit(object()) is not None
            await play([mine], 6)
            match = h.host.tables[mine.code].match
            assert match is not None
            await until(lambda: watching.step == len(match) and watching.to_act() == 0)  # Alice's turn: still
            await pilot.pause()
            assert watching.view() == match.rules.view(match.state, None)
            assert isinstance(app.screen, GameScreen)
        await player.close()


async def test_the_game_replaces_the_waiting_screen_even_under_a_dialog(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            app.create_table(P.CreateTable(game="codename", players=2))
            await until(lambda: isinstance(app.screen, WaitingScreen))
            await pilot.press("ctrl+t")
            await until(lambda: isinstance(app.screen, ChatDialog))
            bob = await h.link("SHA256:bob", "Bob")
            assert app.table is not None
            await bob.join(app.table.code)
            await until(lambda: isinstance(app.screen, GameScreen))
            assert [type(s).__name__ for s in app.screen_stack][1:] == [
                "LobbyScreen",
                type(app.screen).__name__,
            ]
            await bob.close()


async def test_the_game_screen_shows_who_is_thinking_and_for_how_long(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            app.create_table(P.CreateTable(game="codename", players=2, bots=(None, "random"), seed=3))
            await until(lambda: isinstance(app.screen, GameScreen))
            await until(lambda: bool(app.screen.query(TurnClock)))
            clock = app.screen.query_one(TurnClock)
            table = app.table
            assert table is not None
            # No await from here to the render: the bot at the table moves between two awaits, and the
            # clock must be read for the seat that was to act when it ticked (CI once saw the turn pass).
            actor = table.to_act()
            assert actor is not None
            table.turn_since -= 65  # as if the seat to act had thought for over a minute
            clock._tick()
            shown = str(clock.render())
            assert shown.startswith(f"{table.player_name(actor)} thinking 1:0"), shown
            await pilot.pause()
            assert clock.region.y == 0 and clock.region.right == 80


async def test_undo_and_the_rules_over_a_remote_table(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            app.create_table(P.CreateTable(game="codename", players=2, seed=4))
            await until(lambda: isinstance(app.screen, WaitingScreen))
            bob = await h.link("SHA256:bob", "Bob")
            table = app.table
            assert table is not None
            b = await bob.join(table.code)
            await until(lambda: isinstance(app.screen, GameScreen) and table.to_act() == 0)
            game = app.screen
            match = h.host.tables[table.code].match
            assert match is not None
            assert table.submit(table.legal_actions()[0]) is None  # Alice takes a torso half
            await until(lambda: len(match) == 1 and table.step == 1 and b.step == 1)
            await pilot.press("u")  # hers to take back
            await until(lambda: len(match) == 0 and table.step == 0 and b.step == 0)
            assert table.submit(table.legal_actions()[0]) is None
            await until(lambda: b.step == 1 and bool(b.legal_actions()))
            assert b.submit(b.legal_actions()[0]) is None  # Bob's turn, then his action stands for Alice
            await until(lambda: table.step == 2)
            await pilot.press("u")
            await until(lambda: any("Only the player" in n.message for n in app._notifications))
            assert len(match) == 2
            await pilot.press("question_mark")  # the rules of what is under the cursor
            await until(lambda: _screen_name(app) == "RulesScreen")
            await pilot.press("escape")
            await until(lambda: app.screen is game)
            await bob.close()
