"""Two hosts on one real PostgreSQL database (issue 35): Alice plays on host 1, Bob on host 2, at a turn-based
table, on a clock the test moves on; each of Bob's messages is queued by the host that drives the table and
sent once, though both hosts see every move and both look at the queue; and when the driving host stops
with a message waiting, the other takes the table over and sends it, once. A host that holds no copy of a
table (it missed the table's news) never drops that table's turn on a guess: the store says whether the
table ended (its turns are dropped then); else the driver sends it, or, if the host without a copy is the one
that took the table over, it takes the table up and sends it."""

from __future__ import annotations

import asyncio
import collections

from chimera_tui.server.host import TableHost
from chimera_tui.server.notify import outbox, words
from chimera_tui.server.notify.sending import NotifyOptions
from chimera_tui.server.remote_table import RemoteTable
from chimera_tui.server.store.steps import Query, Rows, Steps
from tests.server.clock import FakeClock
from tests.server.helpers import until
from tests.server.notify_helpers import HookServer
from tests.server.test_hosts import two_hosts
from tests.server.test_turns import _move
from tests.tinygame import Take

DAY = 24 * 3600.0


async def _settle(*hosts: TableHost) -> None:
    for _ in range(6):
        for host in hosts:
            await host.flush()
            if host.sender is not None:
                host.sender.wake()
        await asyncio.sleep(0.1)


def _states(code: str) -> Steps[dict[str, str]]:
    """The state of each message about table `code`, by key ("turn K7QX4 12 hook": "wait")."""
    found = yield Query("SELECT key, state FROM notify_outbox WHERE key LIKE ?", (f"% {code} %",))
    return {str(key): str(state) for key, state in (found or Rows()).rows}


async def _step(table: RemoteTable, others: list[RemoteTable]) -> None:
    step = table.step
    assert table.submit(Take(1)) is None
    await until(lambda: table.step > step and all(o.step > step for o in others))


async def test_two_hosts_send_each_message_once_and_the_survivor_sends_what_waited(
    pg_url: str, pebbles: None, hook_server: HookServer
) -> None:
    clock = FakeClock()
    options = NotifyOptions(hooks=True, hooks_to_private=True, grace=60.0, poll=0.1)
    async with two_hosts(pg_url, clock=clock, notify=options) as (one, two):
        alice = await one.link("SHA256:alice", "Alice")
        bob = await two.link("SHA256:bob", "Bob")
        await bob.notify("hook", hook_server.url)
        a = await alice.create("pebbles", 2, (), {"heap": "12"}, seed=3, pace="turn", turn_limit=DAY)
        b = await bob.join(a.code)
        await until(lambda: a.started and b.started and a.step == b.step)
        code = a.code
        drivers = [h.host for h in (one, two) if h.host.store.drives(code)]
        assert len(drivers) == 1
        # Twice: Bob moves on host 2 and leaves, Alice answers on host 1, Bob is told once.
        for turn in range(2):
            if a.to_act() == 0:
                await _step(a, [b])
            await _step(b, [a])
            await bob.close()
            await _step(a, [])
            await until(lambda: two.host.tables[code].to_act() == 1)
            clock.advance(61)
            await _settle(one.host, two.host)
            await hook_server.wait_for(turn + 1)
            bob = await two.link("SHA256:bob", "Bob")
            b = await bob.join(code)
            await until(lambda b=b: b.step == a.step)
        await bob.notify("test")  # a message any host may send: both look, one takes it
        await _settle(one.host, two.host)
        await hook_server.wait_for(3)
        await _settle(one.host, two.host)
        assert [m["event"] for m in hook_server.received] == ["turn", "turn", "test"]
        assert len({m["id"] for m in hook_server.received}) == 3
        # Bob leaves on his move; the driving host stops before the grace is over: the other one sends it.
        if a.to_act() == 0:
            await _step(a, [b])
        await _step(b, [a])
        await bob.close()
        await _step(a, [])
        driver = next(h for h in (one, two) if h.host.store.drives(code))
        other = two if driver is one else one
        await _settle(one.host, two.host)
        await driver.host.close()
        await until(lambda: other.host.store.drives(code))
        clock.advance(61)
        await _settle(other.host)
        await hook_server.wait_for(4)
        clock.advance(3600)
        await _settle(other.host)
        counts = collections.Counter(m["id"] for m in hook_server.received)
        assert len(hook_server.received) == 4 and set(counts.values()) == {1}


async def test_a_host_without_a_copy_of_a_table_leaves_its_turn_to_the_driver_but_drops_those_of_an_ended_one(
    pg_url: str, pebbles: None, hook_server: HookServer
) -> None:
    clock = FakeClock()
    options = NotifyOptions(hooks=True, hooks_to_private=True, grace=60.0, poll=0.1)
    async with two_hosts(pg_url, clock=clock, notify=options) as (one, two):
        senders = [one.host.sender, two.host.sender]
        for sender in senders:  # the test says when each host looks at the queue
            assert sender is not None
            await sender.stop()
        first, second = senders
        assert first is not None and second is not None
        alice = await one.link("SHA256:alice", "Alice")
        bob = await two.link("SHA256:bob", "Bob")
        await bob.notify("hook", hook_server.url)
        a = await alice.create("pebbles", 2, (), {"heap": "9"}, seed=3, pace="turn", turn_limit=DAY)
        b = await bob.join(a.code)
        await until(lambda: a.started and b.started and a.step == b.step)
        code = a.code
        assert one.host.store.drives(code) and not two.host.store.drives(code)
        if a.to_act() == 0:
            await _step(a, [b])
        await _step(b, [a])
        await bob.close()
        await _step(a, [])  # Bob's move, and Bob is away: host 1 queues "your move"
        step = a.step
        await until(lambda: two.host.tables[code].to_act() == 1)
        del two.host.tables[code]  # host 2 missed the news of this table: it holds no copy now
        clock.advance(61)
        await _settle(one.host, two.host)
        now = clock.now()
        test = outbox.Event("test SHA256:bob lookup", "SHA256:bob", "test", words.TEST, now)
        await two.host.store.run(outbox.queue_to(test, "hook", hook_server.url, now))
        # Host 2 looks first: Bob's move is left to the driver, the message behind it goes.
        await second.send_due()
        await hook_server.wait_for(1)
        assert [m["event"] for m in hook_server.received] == ["test"]
        states = await two.host.store.run(_states(code))
        assert states[f"turn {code} {step} hook"] == "wait"
        assert code in two.host.tables  # it follows the table again, from the store
        first.start()
        await _settle(one.host, two.host)
        await hook_server.wait_for(2)
        assert [m["event"] for m in hook_server.received] == ["test", "turn"]
        await first.stop()
        # The table ends within the grace of Bob's next turns; host 2 forgets it, host 1 keeps it (Alice is
        # there) but does not look: the turns of a table that ended are dropped by host 2, after the store.
        bob = await two.link("SHA256:bob", "Bob")
        b = await bob.join(code)
        await until(lambda: b.step == a.step)
        while a.to_act() is not None:
            await _move((a, b), Take(1))
        await bob.close()
        await _settle(one.host, two.host)
        two.host.tables.pop(code, None)
        waiting = [k for k, v in (await two.host.store.run(_states(code))).items() if v == "wait"]
        assert any(key.startswith("turn ") for key in waiting) and "result" in " ".join(waiting)
        clock.advance(DAY + 1)
        await second.send_due()
        await hook_server.wait_for(3)
        states = await two.host.store.run(_states(code))
        assert "wait" not in states.values(), states
        assert [m["event"] for m in hook_server.received] == ["test", "turn", "result"]
        assert code not in two.host.tables


async def test_a_host_that_takes_over_a_table_it_holds_no_copy_of_takes_it_up_and_sends_its_turn(
    pg_url: str, pebbles: None, hook_server: HookServer
) -> None:
    clock = FakeClock()
    options = NotifyOptions(hooks=True, hooks_to_private=True, grace=60.0, poll=0.1)
    async with two_hosts(pg_url, clock=clock, notify=options) as (one, two):
        alice = await one.link("SHA256:alice", "Alice")
        bob = await two.link("SHA256:bob", "Bob")
        await bob.notify("hook", hook_server.url)
        a = await alice.create("pebbles", 2, (), {"heap": "12"}, seed=3, pace="turn", turn_limit=DAY)
        b = await bob.join(a.code)
        await until(lambda: a.started and b.started and a.step == b.step)
        code = a.code
        if a.to_act() == 0:
            await _step(a, [b])
        await _step(b, [a])
        await bob.close()
        await _step(a, [])
        step = a.step
        await until(lambda: two.host.tables[code].to_act() == 1)
        del two.host.tables[code]  # host 2 missed the news of this table
        await _settle(one.host, two.host)
        await one.host.close()  # host 1 stops with Bob's move waiting; host 2 takes the table over
        await until(lambda: two.host.store.drives(code))
        await until(lambda: code in two.host.tables)  # taken up from the store, its timer running here
        clock.advance(61)
        await _settle(two.host)
        await hook_server.wait_for(1)
        assert [m["event"] for m in hook_server.received] == ["turn"]
        clock.advance(DAY)  # Bob's time runs out on host 2: a bot plays his turn
        await until(lambda: len(two.host.tables[code].match or ()) > step)
        await _settle(two.host)
        await hook_server.wait_for(2)
        assert [m["event"] for m in hook_server.received] == ["turn", "deadline"]
