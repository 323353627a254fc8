"""SVG snapshots of the lobby with turn-based tables ("your turn · 3 h", "Bob's turn · 2 d"), the Finished list,
a leaderboard, a player's page, the dialogs that open and join a table, a table waiting for its players and its
chat, at 80×24 and 120×40, as Alice sees them. The host runs in a thread of its own on a clock
the test sets (so the times shown never change), with table codes drawn in order, in UTC."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from chimera_tui.server import seating
from chimera_tui.server.remote_table import RemoteTable
from chimera_tui.ui.screens.lobby import LobbyApp, LobbyScreen
from chimera_tui.ui.screens.lobby_board import BoardScreen
from chimera_tui.ui.screens.lobby_dialogs import CreateDialog, LineDialog
from chimera_tui.ui.screens.lobby_player import PlayerScreen
from chimera_tui.ui.screens.lobby_records import FinishedScreen
from chimera_tui.ui.screens.lobby_table import WaitingScreen
from chimera_tui.ui.screens.table_chat import ChatDialog
from tests.server.clock import FakeClock
from tests.server.helpers import Hosted, until
from tests.server.host_thread import HostThread
from tests.ui.settle import settled
from tests.ui.settle import until as ui_until

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
HOUR = 3600.0
DAY = 24 * HOUR


@pytest.fixture
def fixed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """UTC, and table codes in order (TBL01, TBL02, ...)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    codes = (f"TBL{n:02d}" for n in itertools.count(1))
    monkeypatch.setattr(seating, "new_code", lambda taken: next(codes))
    yield
    monkeypatch.undo()
    time.tzset()


async def _to_seat(tables: tuple[RemoteTable, ...], seat: int, rng: random.Random) -> None:
    """Play random moves until it is `seat`'s turn (the bots' turns come from the host)."""
    while tables[0].to_act() != seat:
        actor = tables[0].to_act()
        mover = next((t for t in tables if t.seat == actor), None)
        step = tables[0].step
        if mover is not None:
            await until(lambda mover=mover: bool(mover.legal_actions()))
            assert mover.submit(rng.choice(list(mover.legal_actions()))) is None
        await until(lambda step=step: all(t.step > step for t in tables) or tables[0].to_act() is None)


async def _play_out(tables: tuple[RemoteTable, RemoteTable], rng: random.Random) -> None:
    while tables[0].to_act() is not None:
        actor = tables[0].to_act()
        mover = next(t for t in tables if t.seat == actor)
        step = mover.step
        await until(lambda m=mover, s=step: bool(m.legal_actions()) and all(t.step == s for t in tables))
        assert mover.submit(rng.choice(list(mover.legal_actions()))) is None
        await until(lambda step=step: all(t.step > step for t in tables))


async def _lobby_tables(h: Hosted, clock: FakeClock) -> None:
    """Alice's two turn-based tables (Bob's turn for two days at one, hers for three hours at the other), a
    live table of Carol's against a bot, and a table of Dave's waiting for a player."""
    rng = random.Random(4)
    alice, bob = await h.link("SHA256:alice", "Alice"), await h.link("SHA256:bob", "Bob")
    carol, dave = await h.link("SHA256:carol", "Carol"), await h.link("SHA256:dave", "Dave")
    a = await alice.create("station", 2, seed=5, pace="turn", turn_limit=3 * DAY)
    b = await bob.join(a.code)
    await until(lambda: a.started and b.started)
    await _to_seat((a, b), 1, rng)
    clock.advance(2 * DAY - 3 * HOUR)
    b = await bob.create("codename", 2, seed=7, pace="turn", turn_limit=DAY)
    a = await alice.join(b.code)
    await until(lambda: a.started and b.started)
    await _to_seat((b, a), 1, rng)
    clock.advance(3 * HOUR)
    c = await carol.create("station", 2, bots=(None, "greedy"), seed=9)
    await until(lambda: c.started and c.to_act() == 0)
    await dave.create("con", 2, seed=2)
    for link in (alice, bob, carol, dave):
        await link.close()


async def _finished_tables(h: Hosted, clock: FakeClock) -> None:
    """Three Codename tables played to the end by Alice, Bob and Carol (random moves), hours apart."""
    rng = random.Random(8)
    links = {name: await h.link(f"SHA256:{name.lower()}", name) for name in ("Alice", "Bob", "Carol")}
    for n, (first, second) in enumerate((("Alice", "Bob"), ("Bob", "Carol"), ("Carol", "Alice"))):
        a = await links[first].create("codename", 2, seed=11 + n)
        b = await links[second].join(a.code)
        await until(lambda a=a, b=b: a.started and b.started)
        await _play_out((a, b), rng)
        clock.advance(5 * HOUR)
    for link in links.values():
        await link.close()


def _app(tmp_path: Path, setup: Any) -> tuple[LobbyApp, HostThread]:
    clock = FakeClock()
    host = HostThread(tmp_path, clock=clock).__enter__()
    host.run(lambda h: setup(h, clock))
    assert host.hosted is not None
    app = LobbyApp(str(host.hosted.socket), host.hosted.host.issue_ticket("SHA256:alice", "Alice"))
    app.NOTIFICATION_TIMEOUT = 600  # the toast "1 table waits for your move" stays until the picture is taken
    return app, host


def _snapshot(snap_compare: Any, size: tuple[int, int], tmp_path: Path, setup: Any, shown: Any) -> bool:
    """Whether Alice's lobby over the host `setup` made, as `shown` leaves it at `size`, is its snapshot."""
    app, host = _app(tmp_path, setup)
    try:
        return bool(snap_compare(app, run_before=shown, terminal_size=size))
    finally:
        host.__exit__()


def _opened_by(key: str, screen: type) -> Any:
    """A `shown` that presses `key` in the lobby and waits for `screen`."""

    async def shown(pilot: Pilot[Any]) -> None:
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
        await pilot.press(key)
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, screen))
        await settled(pilot, pilot.app.export_screenshot)

    return shown


@pytest.mark.parametrize("size", SIZES)
def test_lobby_with_turn_based_tables(snap_compare, size, tmp_path, fixed) -> None:  # type: ignore[no-untyped-def]
    """Alice's tables first, hers to move first ("your turn · 3 h, 21 h left"), then Bob's turn for two days,
    then Carol's live table and Dave's waiting one."""

    async def shown(pilot: Pilot[Any]) -> None:
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen) and pilot.app.screen.codes)
        await ui_until(pilot, lambda: len(pilot.app.screen.codes) == 4)  # type: ignore[attr-defined]
        await settled(pilot, pilot.app.export_screenshot)

    assert _snapshot(snap_compare, size, tmp_path, _lobby_tables, shown)


async def _a_seat_a_bot_took(h: Hosted, clock: FakeClock) -> None:
    """Dave's turn-based Station table with Alice: Dave's time ran out and a bot took his seat for good; he
    watches it still. Then it is Alice's turn."""
    rng = random.Random(6)
    dave, alice = await h.link("SHA256:dave", "Dave"), await h.link("SHA256:alice", "Alice")
    d = await dave.create("station", 2, seed=5, pace="turn", turn_limit=12 * HOUR, on_timeout="replace")
    a = await alice.join(d.code)
    await until(lambda: d.started and a.started)
    await _to_seat((d, a), 0, rng)
    step = a.step
    clock.advance(12 * HOUR)
    await until(lambda: a.step > step and a.to_act() == 1 and d.replaced)
    await alice.close()
    _WATCHING.append(dave)  # his connection stays open (and at the table) while the picture is taken


_WATCHING: list[Any] = []


@pytest.mark.parametrize("size", SIZES)
def test_lobby_with_a_seat_a_bot_took_for_good(snap_compare, size, tmp_path, fixed) -> None:  # type: ignore[no-untyped-def]
    """Dave's seat, which a bot took for good when his time ran out, reads "Dave (replaced by a bot,
    watching)" in Alice's lobby (issue 34: it read "dave (at the table)")."""

    async def shown(pilot: Pilot[Any]) -> None:
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen) and pilot.app.screen.codes)
        await settled(pilot, pilot.app.export_screenshot)

    assert _snapshot(snap_compare, size, tmp_path, _a_seat_a_bot_took, shown)


@pytest.mark.parametrize("size", SIZES)
def test_finished_list(snap_compare, size, tmp_path, fixed) -> None:  # type: ignore[no-untyped-def]
    """The Finished list: Alice's two tables marked hers, Bob and Carol's public one, latest first."""

    async def shown(pilot: Pilot[Any]) -> None:
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
        await pilot.press("f")
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, FinishedScreen) and pilot.app.screen.codes)
        # The rows are in the grid once codes are; wait until they are drawn (on a loaded machine three equal
        # screenshots could still be the empty grid), so the picture is never taken before its rows.
        await ui_until(pilot, lambda: "TBL01" in pilot.app.export_screenshot())
        await settled(pilot, pilot.app.export_screenshot)

    assert _snapshot(snap_compare, size, tmp_path, _finished_tables, shown)


@pytest.mark.parametrize("size", SIZES)
def test_leaderboard(snap_compare, size, tmp_path, fixed) -> None:  # type: ignore[no-untyped-def]
    """Codename's leaderboard after those three tables: each player's rating, games and wins, Alice marked."""

    async def shown(pilot: Pilot[Any]) -> None:
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
        link = pilot.app.link  # type: ignore[attr-defined]
        assert link is not None
        await pilot.app.push_screen(BoardScreen(link, "codename"))
        await ui_until(
            pilot,
            lambda: (
                isinstance(pilot.app.screen, BoardScreen)
                and pilot.app.screen.query_one("#records", DataTable).row_count == 3
            ),
        )
        await settled(pilot, pilot.app.export_screenshot)

    assert _snapshot(snap_compare, size, tmp_path, _finished_tables, shown)


async def _no_tables(h: Hosted, clock: FakeClock) -> None:
    """An empty host."""


@pytest.mark.parametrize("size", SIZES)
def test_open_a_table_dialog(snap_compare, size, tmp_path, fixed) -> None:  # type: ignore[no-untyped-def]
    """`n` in the lobby: the game on top, then the fields in a box that scrolls at 80×24, lined up with it."""
    assert _snapshot(snap_compare, size, tmp_path, _no_tables, _opened_by("n", CreateDialog))


@pytest.mark.parametrize("size", SIZES)
def test_join_by_code_dialog(snap_compare, size, tmp_path, fixed) -> None:  # type: ignore[no-untyped-def]
    """`j` in the lobby: a line for the code of a table to join."""
    assert _snapshot(snap_compare, size, tmp_path, _no_tables, _opened_by("j", LineDialog))


@pytest.mark.parametrize("size", SIZES)
def test_waiting_for_players_and_the_chat(snap_compare, size, tmp_path, fixed) -> None:  # type: ignore[no-untyped-def]
    """A Station table Alice opened, waiting for its second player with its code (TBL01), and its chat (Ctrl+T)
    over it after she said a line full of markup, shown as typed."""

    async def shown(pilot: Pilot[Any]) -> None:
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
        await pilot.press("n")
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, CreateDialog))
        await pilot.press("f5")
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, WaitingScreen))
        await pilot.press("ctrl+t")
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, ChatDialog))
        await pilot.press(*"who [b]joins[/b]?", "enter")
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, WaitingScreen))
        await pilot.press("ctrl+t")
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, ChatDialog))
        await ui_until(pilot, lambda: "joins" in str(pilot.app.export_screenshot()))
        await settled(pilot, pilot.app.export_screenshot)

    assert _snapshot(snap_compare, size, tmp_path, _no_tables, shown)


@pytest.mark.parametrize("size", SIZES)
def test_your_page(snap_compare, size, tmp_path, fixed) -> None:  # type: ignore[no-untyped-def]
    """`p` in the lobby after Alice's two finished Codename tables: her rating, games, wins and its course."""

    async def shown(pilot: Pilot[Any]) -> None:
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
        await pilot.press("p")
        await ui_until(
            pilot,
            lambda: (
                isinstance(pilot.app.screen, PlayerScreen)
                and pilot.app.screen.query_one("#records", DataTable).row_count == 1
            ),
        )
        await ui_until(pilot, lambda: "(provisional)" in pilot.app.export_screenshot())  # its row drawn
        await settled(pilot, pilot.app.export_screenshot)

    assert _snapshot(snap_compare, size, tmp_path, _finished_tables, shown)
