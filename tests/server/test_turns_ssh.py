"""Tables that wait for you, over real SSH (asyncssh clients at 80×24, each session its own client process): a
turn-based table both players leave and come back to hours later on a clock the test moves on, "your turn"
said in the lobby while the move is made at the table, and finished tables with the leaderboard after a
restart."""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncssh

from chimera_tui.server.host import TableHost
from chimera_tui.server.remote_table import RemoteTable
from chimera_tui.server.ssh import SshFrontEnd, SshOptions
from tests.server.clock import FakeClock
from tests.server.helpers import HANG, until
from tests.server.ssh_helpers import Screen, terminal

HOUR = 3600.0
F5 = b"\x1b[15~"
DOWN = b"\x1b[B"


@asynccontextmanager
async def served(saves: Path, clock: FakeClock, **options: Any) -> AsyncIterator[tuple[TableHost, int]]:
    folder = Path(tempfile.mkdtemp(prefix="cht-"))
    host = TableHost(saves, bot_delay=0.01, clock=clock, **options)
    await host.open()
    server = await host.serve_unix(folder / "host.sock")
    front = SshFrontEnd(host, folder / "host.sock", folder / "data", SshOptions(port=0))
    await front.start()
    try:
        yield host, front.port
    finally:
        await front.close()
        server.close()
        await host.close()
        await server.wait_closed()
        shutil.rmtree(folder, ignore_errors=True)


async def session(port: int, name: str, key: asyncssh.SSHKey) -> tuple[asyncssh.SSHClientConnection, Screen]:
    conn = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None
        ),
        HANG,
    )
    screen = await terminal(conn)
    await screen.wait_for(b"lobby")
    return conn, screen


async def move(screen: Screen, host: TableHost, code: str) -> None:
    """One move by keys (c lists every choice, Enter takes the first), once the host holds it."""
    table = host.tables[code]
    step = table.version
    while table.version == step:
        await screen.press(b"c")
        await screen.press(b"\r")
        for _ in range(60):
            if table.version != step:
                return
            await asyncio.sleep(0.05)


async def test_a_turn_based_table_over_ssh_waits_for_hours_and_says_whose_turn_it_is(tmp_path: Path) -> None:
    clock = FakeClock()
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("alice", "bob")}
    async with served(tmp_path, clock) as (host, port):
        conn_a, alice = await session(port, "alice", keys["alice"])
        alice.keys(b"n")
        await alice.wait_for(b"Open a table")
        for key in (b"\t", b"\t", b"\r", DOWN, DOWN, b"\r"):  # the pace: turn-based, a day a move
            await alice.press(key)
        alice.keys(F5)
        await until(lambda: len(host.tables) == 1)
        (code,) = host.tables
        table = host.tables[code]
        assert (table.record.pace, table.record.turn_limit) == ("turn", 24 * HOUR)
        conn_b, bob = await session(port, "bob", keys["bob"])
        bob.keys(b"j")
        await bob.wait_for(b"The table's code")
        bob.keys(code.encode() + b"\r")
        for screen in (alice, bob):
            await screen.wait_for(b"thinking")
        screens = {0: alice, 1: bob}
        while table.match is not None and len({entry.seat for entry in table.match.log}) < 2:
            actor = table.to_act()
            assert actor is not None
            await move(screens[actor], host, code)
        # Both leave, and nothing happens for five hours: nobody is replaced while a move's time runs.
        for screen, conn in ((alice, conn_a), (bob, conn_b)):
            await screen.close()
            conn.close()
        await until(lambda: not any(table.here.values()))
        version = table.version
        await until(lambda: clock.waiting == 1)  # the move's deadline, a day away
        clock.advance(5 * HOUR)
        await asyncio.sleep(0)
        assert clock.waiting == 1 and table.version == version and not table.away
        actor = table.to_act()
        assert actor is not None
        names = ("alice", "bob")
        # The other player comes back first: their lobby says whose turn it is and for how long.
        conn_o, other = await session(port, names[1 - actor], keys[names[1 - actor]])
        await other.wait_for(f"{names[actor]}'s turn · 5 h".encode())
        # The player to act comes back: told on connecting, and their table comes first: "your turn · 5 h".
        conn_m, mover = await session(port, names[actor], keys[names[actor]])
        await mover.wait_for(b"waits for your move")
        await mover.wait_for(b"your turn \xc2\xb7 5 h")
        mover.keys(b"\r")  # resume the table under the cursor
        await mover.wait_for(b"thinking")
        mark = len(other.received)
        while table.to_act() == actor:
            await move(mover, host, code)
        # The other player, in the lobby, hears at once that it is their move.
        await other.wait_for(b"It is your move at", mark)
        await other.wait_for(code.encode(), mark)
        for screen, conn in ((other, conn_o), (mover, conn_m)):
            await screen.close()
            conn.close()


async def _play_out(a: RemoteTable, b: RemoteTable, rng: random.Random) -> None:
    while a.to_act() is not None:
        mover = a if a.to_act() == 0 else b
        step = mover.step
        await until(lambda: bool(mover.legal_actions()) and a.step == b.step == step)  # noqa: B023
        assert mover.submit(rng.choice(list(mover.legal_actions()))) is None
        await until(lambda: a.step > step and b.step > step)  # noqa: B023


async def _finished(host: TableHost) -> None:
    """Two Codename tables played to the end by Alice and Bob (random moves, through the host's socket)."""
    from tests.server.helpers import Hosted

    folder = Path(tempfile.mkdtemp(prefix="chf-"))
    server = await host.serve_unix(folder / "host.sock")
    try:
        h = Hosted(host, folder / "host.sock")
        alice, bob = await h.link("SHA256:alice-key", "alice"), await h.link("SHA256:bob-key", "bob")
        rng = random.Random(3)
        for seed in (21, 22):
            a = await alice.create("codename", 2, seed=seed)
            b = await bob.join(a.code)
            await until(lambda a=a, b=b: a.started and b.started)
            await _play_out(a, b, rng)
        await alice.close()
        await bob.close()
    finally:
        server.close()
        shutil.rmtree(folder, ignore_errors=True)


async def test_finished_tables_and_the_leaderboard_over_ssh_after_a_restart(tmp_path: Path) -> None:
    clock = FakeClock()
    host = TableHost(tmp_path, bot_delay=0.01, clock=clock)
    await host.open()
    await _finished(host)
    await host.close()
    async with served(tmp_path, clock) as (again, port):  # the server restarted
        assert again.tables == {}
        viewer = asyncssh.generate_private_key("ssh-ed25519")
        conn, carol = await session(port, "carol", viewer)
        carol.keys(b"f")
        await carol.wait_for(b"Finished tables")
        await carol.wait_for(b" won")  # the results, public tables listed for everyone
        await carol.press(b"\r")  # watch the first one again, on Codename's own screen
        await carol.wait_for(b"REPLAY")
        await carol.press(b"\x1b")
        await carol.press(b"\x1b")
        mark = len(carol.received)
        carol.keys(b"b")
        await carol.wait_for(b"Leaderboard", mark)
        await carol.wait_for(b"Nobody has finished", mark)  # Chimera Station's board, empty so far
        carol.keys(b"g")
        await carol.wait_for(b"Codename", mark)
        await carol.wait_for(b"alice", mark)
        await carol.wait_for(b"bob", mark)
        await carol.close()
        conn.close()
