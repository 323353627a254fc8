"""Where each player of a table is, in the lobby's words: at the table, in the lobby, at another table,
disconnected, away (issue 20, point 9: a player in the lobby read "alice (gone)" on their own screen)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from chimera_tui.server import protocol as P
from chimera_tui.ui.screens.lobby import LobbyApp, LobbyScreen
from chimera_tui.ui.screens.lobby_words import seats_text, turn_times
from tests.server.helpers import hosted, until


def test_each_place_in_words() -> None:
    seats = (
        P.SeatInfo(name="Ann", kind="person", here=True),
        P.SeatInfo(name="Bo", kind="person", elsewhere="lobby"),
        P.SeatInfo(name="Cy", kind="person", elsewhere="another table"),
        P.SeatInfo(name="Di", kind="person"),
        P.SeatInfo(name="Ed", kind="away"),
        P.SeatInfo(name="Bot 6", kind="bot", bot="greedy"),
        P.SeatInfo(name="Seat 7", kind="empty"),
        P.SeatInfo(name="Fay", kind="replaced", here=True),
        P.SeatInfo(name="Gus", kind="replaced", elsewhere="lobby"),
    )
    assert seats_text(seats) == (
        "Ann (at the table), Bo (in the lobby), Cy (at another table), Di (disconnected), "
        "Ed (away, disconnected: a bot plays), greedy bot, open, Fay (replaced by a bot, watching), "
        "Gus (replaced by a bot, in the lobby)"
    )


HOUR = 3600
DAY = 24 * HOUR


def test_a_turns_time_taken_and_left_add_up_to_its_limit_in_every_unit() -> None:
    """Both times in one unit (the finer of the two, minutes below two hours, hours below two days), the time
    taken rounded down and the time left rounded up."""
    limit = 3 * DAY
    assert turn_times(0, limit) == ("now", "3 d")
    assert turn_times(5 * HOUR, limit - 5 * HOUR) == ("5 h", "2 d 19 h")
    assert turn_times(DAY + 5.5 * HOUR, limit - DAY - 5.5 * HOUR) == ("1 d 5 h", "1 d 19 h")
    assert turn_times(2.5 * DAY, limit - 2.5 * DAY) == ("2 d 12 h", "12 h")
    assert turn_times(limit - 1.5 * HOUR, 1.5 * HOUR) == ("2 d 22 h 30 min", "1 h 30 min")
    assert turn_times(DAY - 1, 1) == ("23 h 59 min", "1 min")
    assert turn_times(25 * 60, DAY - 25 * 60) == ("25 min", "23 h 35 min")


async def test_the_lobby_says_where_every_player_of_a_table_is(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        table = await alice.create("codename", 4, seed=3)
        code = table.code
        bob = await h.link("SHA256:bob", "Bob")
        await bob.join(code)  # stays at the table
        carol = await h.link("SHA256:carol", "Carol")
        await carol.join(code)
        await carol.close()  # disconnected
        dave = await h.link("SHA256:dave", "Dave")
        await dave.join(code)
        dave.leave()
        await dave.create("station", 2)  # at another table
        alice.leave()  # back in the lobby, where her own screen lists the table
        await until(lambda: h.host.where("SHA256:alice") == "lobby")
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen) and code in app.screen.codes)
            await pilot.pause()
            grid = app.screen.query_one(DataTable)
            seats = str(grid.get_row(code)[2])
        assert seats == (
            "Alice (in the lobby), Bob (at the table), Carol (disconnected), Dave (at another table)"
        )
        for link in (alice, bob, dave):
            await link.close()


async def test_a_list_that_reads_the_same_draws_nothing(tmp_path: Path) -> None:
    """Every lobby asks for the list every few seconds; a table's turn a few seconds longer changes no word
    on the screen, so it must not redraw the grid (200 idle lobbies redrew and sent it every 3 s)."""
    seats = (P.SeatInfo(name="Ann", kind="person"), P.SeatInfo(name="Bo", kind="person"))

    def table(seconds: float, mine: bool) -> P.TableInfo:
        return P.TableInfo(
            code="K7QX", game="station", title="Chimera Station", seats=seats, started=True, to_act="Bo",
            mine=mine, turn_seconds=seconds,
        )  # fmt: skip

    async with hosted(tmp_path) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:alice", "Alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await pilot.pause()
            grid = lobby.query_one(DataTable)
            cleared: list[bool] = []
            original = grid.clear

            def clear(columns: bool = False) -> DataTable[str]:
                cleared.append(columns)
                return original(columns)

            grid.clear = clear  # type: ignore[method-assign]
            for seconds, mine, drawn in (
                (5.0, False, 1),
                (9.0, False, 1),
                (9.0, True, 2),
                (50, True, 2),
                (70, True, 3),
            ):
                lobby._tables = (table(seconds, mine),)
                lobby._fill()
                assert len(cleared) == drawn, (seconds, mine)
            assert str(grid.get_row("K7QX")[3]) == "Bo's turn · 1 min (yours)"
