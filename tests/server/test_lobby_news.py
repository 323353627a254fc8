"""The list of tables a lobby shows comes from the host when it changes (issue 23: idle lobbies asked for it
every 3 s, so 196 idle lobbies kept 16 % of a core busy doing nothing): once a session has asked for the list,
the host sends it again by itself whenever it may read differently, at most once every
`protocol.LIST_NEWS_INTERVAL` seconds, and never to a session sitting at a table."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from chimera_tui.server import protocol as P
from chimera_tui.server.link import HostLink
from chimera_tui.ui.screens.lobby import LobbyApp, LobbyScreen
from tests.server.helpers import hosted, until


class Lists:
    """Every list of tables a link received, as the lobby screen hears them (`HostLink.on_tables`)."""

    def __init__(self, link: HostLink) -> None:
        self.seen: list[tuple[P.TableInfo, ...]] = []
        link.on_tables(self.seen.append)

    def codes(self) -> list[str]:
        return [t.code for t in self.seen[-1]] if self.seen else []


async def test_a_lobby_hears_of_a_table_opened_after_it_asked_without_asking_again(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        heard = Lists(alice)
        assert await alice.list_tables() == ()
        asked = len(heard.seen)
        table = await bob.create("station", 2, seed=5)
        await until(lambda: heard.codes() == [table.code], "Alice's lobby to hear of Bob's table")
        assert len(heard.seen) > asked
        bob_seat = heard.seen[-1][0].seats[0]
        assert bob_seat.name == "Bob" and bob_seat.here
        await alice.close()
        await bob.close()


async def test_a_player_who_leaves_the_server_reads_disconnected_in_the_lobby_at_once(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        heard = Lists(alice)
        await bob.create("station", 2, seed=5)
        await alice.list_tables()
        await bob.close()
        await until(
            lambda: (
                bool(heard.seen)
                and not heard.seen[-1][0].seats[0].here
                and not heard.seen[-1][0].seats[0].elsewhere
            ),
            "Alice's lobby to show Bob disconnected",
        )
        await alice.close()


async def test_a_burst_of_changes_sends_one_list_at_once_and_one_more_after_the_interval(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(P, "LIST_NEWS_INTERVAL", 0.5)
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        heard = Lists(alice)
        await alice.list_tables()
        await asyncio.sleep(0.6)  # the interval since the last list sent by itself (none yet) is over
        asked = len(heard.seen)
        codes = [(await bob.create("station", 2, seed=n)).code for n in range(4)]  # four changes at once
        bob.leave()
        await until(lambda: len(heard.seen) > asked, "the first list")
        await until(lambda: set(codes) <= set(heard.codes()), "the list with every new table")
        await asyncio.sleep(1.5)  # three intervals: nothing changed, so nothing more is sent
        assert len(heard.seen) - asked <= 3  # one at once, one after the interval (at most one more)
        assert set(codes) <= set(heard.codes())
        await alice.close()
        await bob.close()


async def test_a_session_at_a_table_is_sent_no_list(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        carol = await h.link("SHA256:carol", "Carol")
        at_table, in_lobby = Lists(bob), Lists(carol)
        await bob.list_tables()
        await carol.list_tables()
        await bob.create("station", 2, seed=5)  # Bob sits at his table from now on
        sent_to_bob = len(at_table.seen)
        opened = await alice.create("station", 2, seed=1)
        await until(lambda: opened.code in in_lobby.codes(), "Carol's lobby to hear of Alice's table")
        await asyncio.sleep(0.1)
        assert len(at_table.seen) == sent_to_bob
        await alice.close()
        await bob.close()
        await carol.close()


async def test_a_session_that_never_asked_for_the_list_is_sent_none(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        carol = await h.link("SHA256:carol", "Carol")
        quiet, listening = Lists(alice), Lists(carol)
        await carol.list_tables()
        opened = await bob.create("station", 2, seed=5)
        await until(lambda: opened.code in listening.codes(), "Carol's lobby to hear of Bob's table")
        await asyncio.sleep(0.1)
        assert quiet.seen == []
        await alice.close()
        await bob.close()
        await carol.close()


async def test_the_lobby_screen_shows_a_new_table_without_a_key_or_its_clock_refresh(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)):
            await until(lambda: isinstance(app.screen, LobbyScreen) and app.screen._shown is not None)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen) and lobby.codes == []
            table = await (await h.link("SHA256:bob", "Bob")).create("codename", 2)
            await until(lambda: lobby.codes == [table.code], "the lobby to list Bob's table")


async def test_a_seated_player_in_the_lobby_hears_their_table_as_theirs_and_others_hear_it_as_open(
    tmp_path: Path,
) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        carol = await h.link("SHA256:carol", "Carol")
        heard_by_bob, heard_by_carol = Lists(bob), Lists(carol)
        table = await bob.create("station", 2, seed=5)
        bob.leave()  # Bob back in the lobby, his seat kept
        await bob.list_tables()
        await carol.list_tables()
        await alice.create("station", 2, seed=6)  # a change every lobby hears of
        await until(lambda: len(heard_by_carol.codes()) == 2 and len(heard_by_bob.codes()) == 2, "both lists")
        mine = {t.code: t.mine for t in heard_by_bob.seen[-1]}
        assert mine[table.code] and heard_by_bob.codes()[0] == table.code  # his own first
        assert not any(t.mine for t in heard_by_carol.seen[-1])
        await alice.close()
        await bob.close()
        await carol.close()
