"""The lobby app and the games' own screens over `RemoteTable`s, headless (Textual's Pilot), against a real
table host on a Unix socket."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual import events
from textual.widgets import DataTable, Select, Static
from textual.widgets._footer import FooterKey

from chimera_tui.server import protocol as P
from chimera_tui.server.link import HostLink
from chimera_tui.server.remote_table import RemoteTable
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.screens.lobby import (
    CreateDialog,
    LobbyApp,
    LobbyScreen,
    TurnClock,
    WaitingScreen,
    fresh,
)
from chimera_tui.ui.screens.table_chat import ChatDialog, ChatLine
from chimera_tui.ui.widgets.footer import KeysFooter
from tests.server.helpers import HANG, Hosted, hosted, play, until


async def test_the_lobby_opens_a_table_that_waits_for_its_players(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("n")
            await until(lambda: isinstance(app.screen, CreateDialog))
            await pilot.press("f5")
            await until(lambda: isinstance(app.screen, WaitingScreen))
            (code,) = h.host.tables
            assert app.table is not None and app.table.code == code
            await pilot.press("ctrl+t")
            await until(lambda: isinstance(app.screen, ChatDialog))
            await pilot.press("h", "i", "enter")
            await until(lambda: [line for _, line in h.host.tables[code].chat] == ["Alice: hi"])
            await pilot.press("escape")
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await until(lambda: code in app.screen.codes)  # type: ignore[attr-defined]


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


async def test_the_remote_app_opens_nothing_and_writes_nothing_on_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", lambda url, *a, **k: opened.append(url))
    monkeypatch.chdir(tmp_path)
    async with hosted(tmp_path / "saves") as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            app.open_url("https://example.invalid/")
            assert app.deliver_screenshot() is None
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)  # no command palette
    assert opened == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves"]


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


async def test_the_create_dialog_asks_for_each_seat_and_every_option(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("n")
            await until(lambda: isinstance(app.screen, CreateDialog))
            dialog = app.screen
            assert isinstance(dialog, CreateDialog)
            dialog.query_one("#game", Select).value = "station"
            await until(lambda: dialog.query(".seat-option").first(Select).name == "side")
            dialog.query_one("#players", Select).value = 3
            await until(lambda: len(dialog.query(".seat")) == 2 and len(dialog.query(".seat-option")) == 3)
            dialog.query(".seat").last(Select).value = "greedy"
            dialog.query(".seat-option").last(Select).value = "B"  # the mat side is chosen per seat
            await pilot.pause()
            await pilot.press("f5")
            await until(lambda: isinstance(app.screen, WaitingScreen))
            (table,) = h.host.tables.values()
            assert table.record.bots == (None, None, "greedy")
            assert table.record.options == {"side": "A,A,B"}


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


async def test_the_create_dialog_offers_a_private_table(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)):
            await until(lambda: isinstance(app.screen, LobbyScreen))
            dialog = CreateDialog()
            await app.push_screen(dialog)
            assert dialog.request().private is False
            dialog.query_one("#visibility", Select).value = "private"
            assert dialog.request().private is True


def _screen_name(app: LobbyApp) -> str:
    return type(app.screen).__name__


async def _at_alices_first_question(h: Hosted, app: LobbyApp) -> tuple[HostLink, RemoteTable]:
    """Alice (`app`) opens a Station table from her lobby, Bob joins it: her first question is open. Bob's
    link and table."""
    await until(lambda: isinstance(app.screen, LobbyScreen))
    assert "ctrl+t" not in app.screen.active_bindings  # no chat key in the lobby
    app.create_table(P.CreateTable(game="station", players=2, seed=3))
    await until(lambda: isinstance(app.screen, WaitingScreen))
    bob = await h.link("SHA256:bob", "Bob")
    assert app.table is not None
    b = await bob.join(app.table.code)
    await until(lambda: _screen_name(app) == "ChoiceDialog")
    return bob, b


async def test_chat_opens_over_a_game_dialog_and_the_words_never_reach_the_game(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            bob, b = await _at_alices_first_question(h, app)
            game = app.screen_stack[-2]
            table = h.host.tables[b.code]
            step = len(table.match or ())
            # Typing "hello bob" and Enter used to answer the question; now they go to the chat's line.
            await pilot.press("ctrl+t", *"hello bob", "enter")
            await until(lambda: [line for _, line in table.chat] == ["Alice: hello bob"])
            await pilot.pause()
            assert len(table.match or ()) == step and _screen_name(app) == "ChoiceDialog"
            b.chat("[b]hi[/b] \x1b[31malice")  # markup shows as typed, the escape sequence never
            await until(lambda: len(app.chat_history) == 2)
            assert app.chat_history == ["Alice: hello bob", "Bob: [b]hi[/b] alice"]
            await pilot.press("ctrl+t")
            await until(lambda: isinstance(app.screen, ChatDialog))
            shown = str(app.screen.query_one("#chat-lines", Static).render())
            assert shown == "Alice: hello bob\nBob: [b]hi[/b] alice"  # the lines can be read again
            b.chat("still there?")
            await until(lambda: "still there?" in str(app.screen.query_one("#chat-lines", Static).render()))
            await pilot.press("ctrl+t", "escape")  # Ctrl+T again is no second chat; Esc says nothing
            await until(lambda: _screen_name(app) == "ChoiceDialog")
            assert len(table.chat) == 3 and len(table.match or ()) == step
            await pilot.press("escape")
            await until(lambda: app.screen is game)
            chat_key = app.screen.active_bindings["ctrl+t"]  # the chat key in the game's footer
            assert chat_key.binding.show and chat_key.enabled and chat_key.binding.description == "Chat"
            await pilot.pause()
            footer = app.screen.query_one(KeysFooter)
            chat = [key for key in footer.query(FooterKey) if key.description == "Chat"]
            assert chat and chat[0].region.right <= 80  # it shows whole at 80 columns
            await pilot.press("ctrl+s")  # the app says the host saves
            await until(lambda: any("saves the game" in n.message for n in app._notifications))
            await bob.close()


PASTE = "aaa \x1b[31mred\x1b[0m bbb\nsecond line\n"
"""The paste that said the chat's line and closed it (see also tests/server/test_chat_paste.py)."""


async def test_a_paste_into_the_chat_goes_to_its_line_as_plain_text_and_never_to_the_game(
    tmp_path: Path,
) -> None:
    """A paste reaches the open chat's line whole: its lines joined, as plain text, as much as fits."""
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            bob, b = await _at_alices_first_question(h, app)
            table = h.host.tables[b.code]
            step = len(table.match or ())
            await pilot.press("ctrl+t")
            await until(lambda: isinstance(app.screen, ChatDialog))
            line = app.screen.query_one(ChatLine)
            app.post_message(events.Paste(PASTE))
            await until(lambda: line.value == "aaa red bbb second line")
            assert isinstance(app.screen, ChatDialog)  # still open: the paste's line breaks said nothing
            await pilot.press("enter")
            await until(lambda: [line for _, line in table.chat] == ["Alice: aaa red bbb second line"])
            await pilot.press("ctrl+t")
            await until(lambda: isinstance(app.screen, ChatDialog))
            line = app.screen.query_one(ChatLine)
            await pilot.press(*"hi ")
            app.post_message(events.Paste(PASTE * 40))  # more than the line takes
            await until(lambda: len(line.value) == P.CHAT_LIMIT)
            assert line.value.startswith("hi aaa red bbb second line aaa red") and "\x1b" not in line.value
            await pilot.press("escape")
            await until(lambda: _screen_name(app) == "ChoiceDialog")
            assert len(table.match or ()) == step and len(table.chat) == 1
            await bob.close()


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


async def test_the_create_dialog_tabs_through_its_fields_offers_the_away_limit_and_shows_its_keys(
    tmp_path: Path,
) -> None:
    async with hosted(tmp_path, away_limit=300.0) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("n")
            await until(lambda: isinstance(app.screen, CreateDialog))
            dialog = app.screen
            assert isinstance(dialog, CreateDialog)
            assert dialog.request().away_limit == 300.0  # the host's default comes first
            order = []
            for _ in range(5):
                order.append(app.focused.id if app.focused else None)
                await pilot.press("tab")
            # never the scrolling box; what a live table does when its time runs out is not asked (hidden)
            assert order == ["game", "visibility", "pace", "away", "players"]
            keys = {b.binding.action for b in dialog.active_bindings.values() if b.binding.show}
            assert {"open", "dismiss_none"} <= keys and dialog.query_one(KeysFooter).display
            dialog.query_one("#away", Select).value = 60.0
            await pilot.pause()
            await pilot.press("f5")
            await until(lambda: isinstance(app.screen, WaitingScreen))
            (table,) = h.host.tables.values()
            assert table.record.away_limit == 60.0 and table.record.pace == "live"


async def test_the_create_dialog_opens_a_turn_based_table(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("n")
            await until(lambda: isinstance(app.screen, CreateDialog))
            dialog = app.screen
            assert isinstance(dialog, CreateDialog)
            dialog.query_one("#pace", Select).value = str(86400.0)
            await pilot.pause()
            assert (
                dialog.query_one("#timeout", Select).display and not dialog.query_one("#away", Select).display
            )
            dialog.query_one("#timeout", Select).value = "replace"
            await pilot.pause()
            await pilot.press("f5")
            await until(lambda: isinstance(app.screen, WaitingScreen))
            (table,) = h.host.tables.values()
            record = table.record
            assert (record.pace, record.turn_limit, record.on_timeout) == ("turn", 86400.0, "replace")


async def test_the_lobby_shows_every_state_whole_at_80_columns_and_keeps_the_cursor(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        mine = await alice.create("station", 3, bots=(None, "greedy", "random"), seed=2, private=True)
        await until(lambda: mine.started)
        other = await (await h.link("SHA256:carol", "Carol With A Long Name")).create("codename", 2)
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.codes) == 2)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            grid = lobby.query_one(DataTable)
            await pilot.pause()
            assert grid.max_scroll_x == 0  # nothing is cut off at the right
            state = grid.get_row(mine.code)[3]
            assert "(yours, private)" in str(state)
            assert lobby.codes == [mine.code, other.code]
            await pilot.press("down")
            lobby._shown = None  # the next refresh redraws
            lobby.action_refresh()
            await until(lambda: lobby._shown is not None)
            await pilot.pause()
            assert lobby.codes[grid.cursor_row] == other.code  # a refresh leaves the cursor where it was
        await alice.close()


async def test_a_list_of_tables_arriving_as_the_lobby_is_taken_down_fails_nothing(tmp_path: Path) -> None:
    """When the app ends, the lobby's widgets are removed before its refreshes stop: a list of tables that
    arrives then is dropped, not an error (the session starter's warm-up failed on it now and then)."""
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)):
            await until(lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await lobby.query_one("#tables", DataTable).remove()
            lobby._shown = None  # a list other than the one shown: what a refresh answered then draws
            lobby._fill()
            assert lobby.is_attached
