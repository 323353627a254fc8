"""Two `chimera serve` processes sharing one real PostgreSQL, with real SSH clients on each: one table played
from both hosts, a race between two moves from two hosts, kill -9 of the host driving a table, and the
database restarted under load."""

from __future__ import annotations

import asyncio
import re
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import asyncssh
import psycopg

from chimera_tui.server.store.postgres_watch import TABLE_LOCKS
from tests.server.helpers import HANG
from tests.server.postgres import Postgres
from tests.server.ssh_helpers import Screen, terminal
from tests.server.stored import StoredTables

F5 = b"\x1b[15~"
ESC = b"\x1b"


@dataclass
class Host:
    process: asyncio.subprocess.Process
    port: int
    log: Path

    def text(self) -> str:
        return self.log.read_text(errors="replace")


@asynccontextmanager
async def host(tmp: Path, name: str, url: str) -> AsyncIterator[Host]:
    """`chimera serve --db URL` as its own process (its log in tmp/NAME.log); killed at the end."""
    log = tmp / f"{name}.log"
    with log.open("wb") as err:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "chimera_tui",
            "serve",
            "--db",
            url,
            "--ssh",
            "127.0.0.1:0",
            "--data",
            str(tmp / name),
            "--saves",
            str(tmp / name / "saves"),
            "--away-limit",
            "5",
            stdout=asyncio.subprocess.PIPE,
            stderr=err,
        )
    try:
        assert process.stdout is not None
        async with asyncio.timeout(HANG):
            while True:
                line = (await process.stdout.readline()).decode()
                assert line, f"chimera serve ended before it listened: {log.read_text()}"
                if found := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
                    break
        yield Host(process, int(found.group(1)), log)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def player(port: int, name: str, key: asyncssh.SSHKey) -> Screen:
    conn = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None
        ),
        HANG,
    )
    screen = await terminal(conn)
    await screen.wait_for(b"lobby")
    return screen


async def wait(condition: Callable[[], object], what: str, *logs: Host) -> None:
    """Wait until `condition()` holds; fails (saying `what`, and the hosts' last log lines) after a bound
    that is a hang, never a timing assertion."""
    try:
        async with asyncio.timeout(HANG * 3):
            while not condition():
                await asyncio.sleep(0.05)
    except TimeoutError:
        tails = "\n".join(log.text()[-2000:] for log in logs)
        raise AssertionError(f"no {what}:\n{tails}") from None


async def open_table(screen: Screen, stored: StoredTables, keys: tuple[bytes, ...] = ()) -> str:
    """Open a Station table from the lobby (the dialog's first choices, then `keys`); its code."""
    before = set(stored.codes())
    screen.keys(b"n")
    await screen.wait_for(b"Open a table")
    for key in keys:
        await screen.press(key)
    screen.keys(F5)
    await wait(lambda: set(stored.codes()) - before, "the new table")
    (code,) = set(stored.codes()) - before
    return code


async def move(screen: Screen, stored: StoredTables, code: str) -> None:
    """The player of `screen` makes one move by keys (c lists every choice, Enter takes the first)."""
    step = stored.turn(code)[0]
    while stored.turn(code)[0] == step:
        await screen.press(b"c")
        await screen.press(b"\r")
        for _ in range(60):
            if stored.turn(code)[0] != step:
                return
            await asyncio.sleep(0.05)


async def back_to_lobby(screen: Screen) -> None:
    """Esc until the lobby shows again (an Esc that reaches a dialog first closes only the dialog)."""
    for _ in range(5):
        mark = len(screen.received)
        screen.keys(ESC)
        try:
            async with asyncio.timeout(4):
                while b"Enter joins or resumes" not in screen.received[mark:]:
                    await asyncio.sleep(0.05)
            return
        except TimeoutError:
            continue
    raise AssertionError("the lobby did not come back")


async def waiting_on_locks(url: str) -> int:
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        cursor = await conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        found = await cursor.fetchone()
        return int(found[0]) if found else 0


def driver_of(url: str, code: str) -> str | None:
    """The application name of the connection holding the table's driver lock."""
    with psycopg.connect(url, autocommit=True) as conn:
        found = conn.execute(
            "SELECT a.application_name FROM tables t JOIN pg_locks l ON l.locktype = 'advisory' "
            "AND l.classid = %s AND l.objid = t.id::oid AND l.granted "
            "JOIN pg_stat_activity a ON a.pid = l.pid WHERE t.code = %s",
            (TABLE_LOCKS, code),
        ).fetchone()
    return None if found is None else str(found[0])


async def test_players_on_two_hosts_play_one_table_and_of_two_racing_moves_one_stands(
    pg_url: str, tmp_path: Path
) -> None:
    stored = StoredTables(url=pg_url)
    alice_key, bob_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    async with host(tmp_path, "h1", pg_url) as one, host(tmp_path, "h2", pg_url) as two:
        alice = await player(one.port, "alice", alice_key)
        bob = await player(two.port, "bob", bob_key)
        code = await open_table(alice, stored)  # on host 1
        await alice.wait_for(code.encode())
        await bob.wait_for(code.encode())  # host 2's lobby lists it
        bob.keys(b"j")
        await bob.wait_for(b"The table's code")
        bob.keys(code.encode() + b"\r")
        for screen in (alice, bob):
            await screen.wait_for(b"thinking")
        seats = (alice, bob)
        movers: set[int] = set()
        while len(movers) < 2 or stored.turn(code)[0] < 4:  # moves from both hosts, each seen on the other
            step, actor = stored.turn(code)
            assert actor is not None
            other = seats[1 - actor]
            mark = len(other.received)
            await move(seats[actor], stored, code)
            await other.wait_for(b"Last:", mark)
            movers.add(actor)
        # Alice again, on host 2: she resumes her seat there (her table comes first in her lobby).
        again = await player(two.port, "alice", alice_key)
        await again.wait_for(code.encode())
        again.keys(b"\r")
        await again.wait_for(b"thinking")
        while stored.turn(code)[1] != 0:
            await move(bob, stored, code)
        step = stored.turn(code)[0]
        for screen in (alice, again):
            await screen.press(b"c")
        marks = (len(alice.received), len(again.received))
        async with await psycopg.AsyncConnection.connect(pg_url) as blocker:
            # Hold the table's row: both hosts' commits wait for it, each made on the same version.
            await blocker.execute("SELECT 1 FROM tables WHERE code = %s FOR UPDATE", (code,))
            alice.keys(b"\r")
            again.keys(b"\r")
            async with asyncio.timeout(HANG):
                while await waiting_on_locks(pg_url) < 2:
                    await asyncio.sleep(0.02)
            await blocker.rollback()
        await wait(lambda: "came second" in one.text() + two.text(), "the loser's host")
        await wait(lambda: stored.turn(code)[0] == step + 1, "the winning move")
        await asyncio.sleep(1.0)  # any second move would have landed by now
        assert stored.turn(code)[0] == step + 1
        assert (one.text().count("came second"), two.text().count("came second")) in ((1, 0), (0, 1))
        loser = again if "came second" in two.text() else alice
        winner = alice if loser is again else again
        await loser.wait_for(b"not played", marks[loser is again])  # the other player is told
        assert b"not played" not in winner.received[marks[winner is again] :]
        for screen in (alice, bob, again):
            assert b"Traceback" not in screen.received
        for server in (one, two):
            assert "Traceback" not in server.text()


async def sit_two(one: Host, two: Host, stored: StoredTables) -> tuple[Screen, Screen, str]:
    """Alice on host 1 opens a Station table for two people; Bob on host 2 joins it by its code."""
    alice = await player(one.port, "alice", asyncssh.generate_private_key("ssh-ed25519"))
    bob = await player(two.port, "bob", asyncssh.generate_private_key("ssh-ed25519"))
    code = await open_table(alice, stored)
    await bob.wait_for(code.encode())
    bob.keys(b"j")
    await bob.wait_for(b"The table's code")
    bob.keys(code.encode() + b"\r")
    for screen in (alice, bob):
        await screen.wait_for(b"thinking")
    return alice, bob, code


async def test_kill_9_of_the_driving_host_hands_its_timers_and_away_bot_to_the_other(
    pg_url: str, tmp_path: Path
) -> None:
    stored = StoredTables(url=pg_url)
    async with host(tmp_path, "h1", pg_url) as one, host(tmp_path, "h2", pg_url) as two:
        alice, bob, code = await sit_two(one, two, stored)
        assert driver_of(pg_url, code) == f"chimera serve {one.process.pid}"
        seats = (alice, bob)
        while stored.turn(code)[0] < 3:  # a few moves, then kill -9 of host 1 mid-game
            await move(seats[stored.turn(code)[1] or 0], stored, code)
        before = stored.turn(code)[0]
        log_before = _log(pg_url, code)
        mark = len(bob.received)
        one.process.kill()
        await one.process.wait()
        await wait(
            lambda: driver_of(pg_url, code) == f"chimera serve {two.process.pid}", "host 2 driving", two
        )
        # Alice's session went with host 1; Bob waits at the table, so after the away limit host 2's bot plays
        # her turns (Bob plays his own).
        while stored.turn(code)[0] < before + 4:
            if stored.turn(code)[1] == 1:
                await move(bob, stored, code)
            await asyncio.sleep(0.05)
        # Bob is told once, when the bot starts playing for her ("alice is away: a bot plays for them"); the
        # turn clock's "alice away, a bot plays" shows only while it is her turn, which a quick bot can end
        # before the clock's next redraw (once a second), so the test waited for it in vain under load.
        await bob.wait_for(b"alice is away: a bot plays", mark)
        assert any(entry == 0 for entry in _seats(pg_url, code)[len(log_before) :])  # moves for Alice after
        after = _log(pg_url, code)
        assert after[: len(log_before)] == log_before  # nothing lost
        assert b"Traceback" not in bob.received and "Traceback" not in two.text()


def _log(url: str, code: str) -> tuple[str, ...]:
    from chimera_tui.saves import decode_save

    with psycopg.connect(url, autocommit=True) as conn:
        found = conn.execute("SELECT save FROM tables WHERE code = %s", (code,)).fetchone()
    assert found is not None
    return decode_save(bytes(found[0]), code).log


def _seats(url: str, code: str) -> list[int]:
    """Who took each action of the table's match (replayed from the store)."""
    from chimera_tui.saves import decode_save, restore

    with psycopg.connect(url, autocommit=True) as conn:
        found = conn.execute("SELECT save FROM tables WHERE code = %s", (code,)).fetchone()
    assert found is not None
    return [entry.seat for entry in restore(decode_save(bytes(found[0]), code), code).match.log]


async def test_a_database_restarted_under_load_costs_one_line_and_no_move(
    pg_url: str, pg_server: Postgres, tmp_path: Path
) -> None:
    stored = StoredTables(url=pg_url)
    async with host(tmp_path, "h1", pg_url) as one, host(tmp_path, "h2", pg_url) as two:
        alice, bob, code = await sit_two(one, two, stored)
        seats = (alice, bob)
        playing = True

        async def play() -> None:  # the load: Alice and Bob move as fast as their screens answer
            while playing:
                try:
                    actor = stored.turn(code)[1]
                    if actor is not None:
                        await move(seats[actor], stored, code)
                except psycopg.Error:  # the database is down: this test's own reads fail too, so wait
                    await asyncio.sleep(0.1)

        mover = asyncio.get_running_loop().create_task(play())
        try:
            await wait(lambda: stored.turn(code)[0] > 4, "play", one, two)
            mark = len(bob.received)
            pg_server.stop()
            await bob.wait_for(b"cannot be reached", mark)
            await alice.wait_for(b"cannot be reached")
            await asyncio.sleep(2.0)  # moves meet no database for a while
            pg_server.start()
            await bob.wait_for(b"is back", mark)
            step = stored.turn(code)[0]
            await wait(lambda: stored.turn(code)[0] > step + 3, "play after the restart", one, two)
        finally:
            playing = False
            mover.cancel()
        for screen in (alice, bob):
            assert b"Traceback" not in screen.received
        for server in (one, two):
            assert server.process.returncode is None
            assert "Traceback" not in server.text()
            # The outage in each host's log: one line going, one back with a count, not the pool's own lines.
            assert server.text().count("lost the database") == 1, server.text()
            assert server.text().count("is reachable again after") == 1, server.text()
            assert "psycopg.pool" not in server.text(), server.text()
