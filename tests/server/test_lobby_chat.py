"""A table's chat in the lobby app, headless (Textual's Pilot), against a real table host on a Unix socket: it
opens over a game's dialog, and its words and pastes never reach the game."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from chimera_tui.server import protocol as P
from chimera_tui.server.link import HostLink
from chimera_tui.server.remote_table import RemoteTable
from chimera_tui.ui.screens.lobby import LobbyApp, LobbyScreen, WaitingScreen
from chimera_tui.ui.screens.table_chat import ChatDialog, ChatLine
from chimera_tui.ui.widgets.footer import KeysFooter
from tests.server.helpers import Hosted, _screen_name, hosted, until


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
