"""Two `chimera serve` hosts on one real PostgreSQL with messages on (issue 35), on a clock the test moves on
(`serve_on_clock`), with real SSH clients, a real mail server and a real web hook: Bob sets his address and
his hook on host B, Alice opens a turn-based table on host A, which drives it. Messages any host may send go
once though both hosts look at the queue. When it is Bob's move and he is away, host A takes the e-mail
saying so to a mail server that never answers, and is killed with kill -9 there, the hook's message still
waiting behind it: host B takes the table over, sends the hook's message at once and the e-mail once host A's
hold on it has lapsed, then the reminders; every message arrives once, and the queue ends with none waiting."""

from __future__ import annotations

import collections
import re
from pathlib import Path

import asyncssh
import psycopg

from tests.server.notify_helpers import PASSWORD, USER, HookServer, Mailbox, SilentServer
from tests.server.serve_on_clock import MovedClock, ServeProcess, serve_on_clock
from tests.server.ssh_helpers import Screen
from tests.server.stored import StoredTables
from tests.server.test_hosts_ssh import _seats, driver_of, move, open_table, player, wait

HOUR = 3600.0
DOWN = b"\x1b[B"
TURN_BASED = (b"\t", b"\t", b"\r", DOWN, DOWN, b"\r")
"""The new-table dialog's keys for a turn-based table, a day a move."""


def _rows(url: str, query: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(query, args).fetchall()  # type: ignore[arg-type]  # the test's own queries


def _kind(body: str) -> str:
    for start, kind in (
        ("Your code:", "confirm"),
        ("A test", "test"),
        ("Your move", "turn"),
        ("Reminder", "reminder"),
    ):
        if body.startswith(start):
            return kind
    return body[:40]


async def _bob_sets_his_address_and_hook(bob: Screen, mailbox: Mailbox, hooks: HookServer) -> None:
    await bob.press(b"p")
    await bob.wait_for(b"Told of your turns")
    await bob.press(b"e")
    await bob.wait_for(b"Your e-mail address")
    mark = len(bob.received)
    await bob.press(b"bob@example.org\r")
    await bob.wait_for(b"A code is on its way", mark)
    await mailbox.wait_for(1)
    await bob.press(b"c")
    await bob.wait_for(b"The code sent to your address")
    mark = len(bob.received)
    await bob.press(mailbox.code().encode() + b"\r")
    await bob.wait_for(b"(confirmed)", mark)
    await bob.press(b"h")
    mark = len(bob.received)
    await bob.press(hooks.url.encode() + b"\r")
    await bob.wait_for(b"Your web hook is set", mark)
    await bob.press(b"t")  # a test to both: a message any host may send, and both look at the queue
    await mailbox.wait_for(2)
    await hooks.wait_for(1)


async def test_a_host_killed_while_messages_wait_and_two_hosts_on_one_database_send_each_once(
    pg_url: str, tmp_path: Path
) -> None:
    clock = MovedClock(tmp_path / "clock")
    mailbox, hooks = Mailbox(), HookServer()
    silent = SilentServer(mailbox.port)
    login = tmp_path / "smtp-login"
    login.write_text(f"{USER}\n{PASSWORD}\n")
    login.chmod(0o600)
    authority = tmp_path / "ca.pem"
    mailbox.authority.cert_pem.write_to_path(str(authority))  # the hosts trust the mail server's authority
    flags = ("--db", pg_url, "--smtp", f"127.0.0.1:{mailbox.port}", "--smtp-login", str(login))
    flags += ("--smtp-from", "chimera@example.org", "--hooks-to-private")
    env = {"SSL_CERT_FILE": str(authority)}
    stored = StoredTables(url=pg_url)
    alice_key, bob_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    mailbox.start()
    await hooks.start()
    try:
        async with (
            serve_on_clock(tmp_path, "a", clock, *flags, env=env) as one,
            serve_on_clock(tmp_path, "b", clock, *flags, env=env) as two,
        ):
            bob = await player(two.port, "bob", bob_key)
            await _bob_sets_his_address_and_hook(bob, mailbox, hooks)
            await bob.close()
            alice = await player(one.port, "alice", alice_key)
            code = await open_table(alice, stored, TURN_BASED)
            assert driver_of(pg_url, code) == f"chimera serve {one.process.pid}"  # the host it was opened on
            bob = await player(two.port, "bob", bob_key)
            bob.keys(b"j")
            await bob.wait_for(b"The table's code")
            bob.keys(code.encode() + b"\r")
            for screen in (alice, bob):
                await screen.wait_for(b"thinking")
            seats = (alice, bob)
            while stored.turn(code)[1] != 0 or 1 not in _movers(pg_url, code):  # Bob has moved; Alice's turn
                await move(seats[stored.turn(code)[1] or 0], stored, code)
            await bob.close()
            (bob_id,) = _rows(pg_url, "SELECT identity FROM identities WHERE name = 'bob'")[0]
            await wait(lambda: not _here(pg_url, code, bob_id), "Bob gone from both hosts", one, two)
            while stored.turn(code)[1] != 1:  # Alice moves on host A until it is Bob's move
                await move(alice, stored, code)
            step = stored.turn(code)[0]
            mailbox.stop()
            await silent.start()
            clock.advance(121)  # past the grace: host A takes the e-mail, and waits for the silent server
            await wait(lambda: silent.connections > 0, "host A sending the e-mail", one)
            (claim,) = _rows(
                pg_url,
                "SELECT claim, claimed_until FROM notify_outbox WHERE key = %s",
                (f"turn {code} {step} email",),
            )
            assert claim[0] and float(claim[1]) > clock.now()  # taken by host A for a while
            assert _state(pg_url, f"turn {code} {step} hook") == ("wait", "")  # the hook's, waiting behind it
            await one.kill()
            await wait(
                lambda: driver_of(pg_url, code) == f"chimera serve {two.process.pid}", "host B driving", two
            )
            await hooks.wait_for(2)  # host B sends what waited for the hook at once
            assert silent.connections == 1  # and leaves the e-mail host A holds
            await silent.stop()
            mailbox.start()
            clock.advance(121)  # host A's hold on the e-mail lapses: host B sends it
            await mailbox.wait_for(3)
            clock.advance(18 * HOUR)  # a quarter of the day left: the reminders
            await mailbox.wait_for(4)
            await hooks.wait_for(3)
            clock.advance(HOUR)
            await wait(lambda: not _waiting(pg_url), "an empty queue", two)
            _check(pg_url, mailbox, hooks, two)
    finally:
        mailbox.stop()
        await silent.stop()
        await hooks.stop()


def _movers(url: str, code: str) -> set[int]:
    return set(_seats(url, code))


def _here(url: str, code: str, identity: object) -> bool:
    """Whether Bob is still at the table (a host's presence rows) or online (the messages' rows)."""
    seats = _rows(url, "SELECT seat FROM presence WHERE code = %s AND seat = 1", (code,))
    online = _rows(url, "SELECT host FROM notify_online WHERE account = %s", (identity,))
    return bool(seats or online)


def _state(url: str, key: str) -> tuple[str, str]:
    ((state, claim),) = _rows(url, "SELECT state, claim FROM notify_outbox WHERE key = %s", (key,))
    return str(state), str(claim)


def _waiting(url: str) -> list[tuple[object, ...]]:
    return _rows(url, "SELECT key FROM notify_outbox WHERE state = 'wait'")


def _check(url: str, mailbox: Mailbox, hooks: HookServer, two: ServeProcess) -> None:
    """Each message once by each way, as the queue says it was sent; none lost."""
    mails = collections.Counter(_kind(body) for body in mailbox.bodies())
    posts = collections.Counter(str(post["event"]) for post in hooks.received)
    assert mails == {"confirm": 1, "test": 1, "turn": 1, "reminder": 1}, mailbox.bodies()
    assert posts == {"test": 1, "turn": 1, "reminder": 1}, hooks.received
    assert len({post["id"] for post in hooks.received}) == 3
    assert len({mail["Message-ID"] for mail in mailbox.messages}) == 4
    sent = _rows(url, "SELECT kind, channel FROM notify_outbox WHERE state = 'sent' ORDER BY id")
    assert collections.Counter((str(k), str(c)) for k, c in sent) == {
        ("confirm", "email"): 1,
        ("test", "email"): 1,
        ("test", "hook"): 1,
        ("turn", "email"): 1,
        ("turn", "hook"): 1,
        ("reminder", "email"): 1,
        ("reminder", "hook"): 1,
    }
    states = {str(state) for (state,) in _rows(url, "SELECT DISTINCT state FROM notify_outbox")}
    assert states <= {"sent", "dropped"}, states  # the turns of earlier moves: no longer true, dropped
    assert re.search(r"sent a message \(turn\) to \S+ by email", two.text()), two.text()[-3000:]
    assert "Traceback" not in two.text() and "gave up" not in two.text()
