"""Two hosts on one real PostgreSQL database (issue 35): Alice plays on host 1, Bob on host 2, at a turn-based
table, on a clock the test moves on; each of Bob's messages is queued by the host that drives the table and
sent once, though both hosts see every move and both look at the queue; and when the driving host stops
with a message waiting, the other takes the table over and sends it, once."""

from __future__ import annotations

import asyncio
import collections

from chimera_tui.server.host import TableHost
from chimera_tui.server.notify.sending import NotifyOptions
from chimera_tui.server.remote_table import RemoteTable
from tests.server.clock import FakeClock
from tests.server.helpers import until
from tests.server.notify_helpers import HookServer
from tests.server.test_hosts import two_hosts
from tests.tinygame import Take

DAY = 24 * 3600.0


async def _settle(*hosts: TableHost) -> None:
    for _ in range(6):
        for host in hosts:
            await host.flush()
            if host.sender is not None:
                host.sender.wake()
        await asyncio.sleep(0.1)


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
