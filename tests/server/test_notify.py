"""Telling turn-based players of their turn (issue 35), on one host with its SQLite store, a clock the test
moves on, a real mail server (aiosmtpd, STARTTLS and a login) and a real HTTP server taking web hooks: the
address confirmed by a code before anything else goes there, "your move" after the grace and only while
the player is away, the reminder, the deadline, the result, the digest, the hourly limit, a mail server that
goes away and comes back, and a host stopped while messages wait."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from chimera_tui.server.host import TableHost
from chimera_tui.server.link import HostError
from chimera_tui.server.notify.sending import NotifyOptions
from chimera_tui.server.remote_table import RemoteTable
from tests.server.clock import FakeClock
from tests.server.helpers import hosted, until
from tests.server.notify_helpers import PASSWORD, Mailbox
from tests.server.test_turns import DAY, HOUR, _move, _pair
from tests.tinygame import Take


@pytest.fixture
def mailbox() -> object:
    box = Mailbox()
    box.start()
    yield box
    box.stop()


async def _settle(host: TableHost) -> None:
    """Let the host queue and send what is due now (its sender runs on the loop)."""
    await host.flush()
    assert host.sender is not None
    host.sender.wake()
    for _ in range(5):
        await asyncio.sleep(0.05)
        await host.flush()


async def _alone(table: RemoteTable, action: object) -> None:
    """`table`'s player moves while the other player is away."""
    step = table.step
    assert table.submit(action) is None
    await until(lambda: table.step > step)


async def test_an_address_is_confirmed_by_its_code_then_told_of_each_move_after_the_grace(
    tmp_path: Path, pebbles: None, mailbox: Mailbox
) -> None:
    clock = FakeClock()
    options = NotifyOptions(mail=mailbox.options(), grace=120.0, poll=0.1, public_url="https://play.example")
    async with hosted(tmp_path, clock=clock, notify=options) as h:
        alice, bob, a, b = await _pair(h, pace="turn", turn_limit=DAY)
        title = f"{a.code} (Pebbles (test game))"
        said = await bob.notify("email", "bob@example.org")
        assert (
            said.said == "A code is on its way to bob@example.org: type it here (c) to confirm the address."
        )
        assert not said.email_confirmed and said.code_pending
        await mailbox.wait_for(1)
        assert mailbox.messages[0]["To"] == "bob@example.org" and "Your code: " in mailbox.bodies()[0]
        assert mailbox.logins == [("chimera", PASSWORD)]
        # Nothing but the code goes to an address not yet confirmed: Bob's move passes unmentioned.
        await _move((a, b), Take(1))
        await bob.close()
        clock.advance(10 * 60)
        await _settle(h.host)
        assert len(mailbox.messages) == 1
        with pytest.raises(HostError, match="Give an e-mail address first"):
            await alice.notify("confirm", "0000-0000")  # Alice has no address at all
        bob = await h.link("SHA256:bob", "Bob")
        wrong = "1234-5678" if mailbox.code() != "1234-5678" else "8765-4321"
        with pytest.raises(HostError, match="That code is wrong"):
            await bob.notify("confirm", wrong)
        confirmed = await bob.notify("confirm", mailbox.code())
        assert confirmed.email_confirmed and not confirmed.code_pending
        b = await bob.join(a.code)
        await until(lambda: b.step == a.step)
        await _move((a, b), Take(1))  # Bob moves, and leaves
        await bob.close()
        await _alone(a, Take(1))  # Alice answers: Bob's move, Bob away
        # After the grace (not before), one message says so.
        await _settle(h.host)
        clock.advance(60)
        await _settle(h.host)
        assert len(mailbox.messages) == 1
        clock.advance(61)
        await _settle(h.host)
        await mailbox.wait_for(2)
        text = mailbox.bodies()[1]
        assert text.startswith(f"Your move at {title}, 23 h left.")
        assert "To stop these messages: https://play.example/stop/" in text
        assert mailbox.messages[1]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        # The reminder, when a quarter of the move's time is left; then the deadline passes.
        clock.advance(18 * HOUR)
        await _settle(h.host)
        await mailbox.wait_for(3)
        assert mailbox.bodies()[2].startswith(f"Reminder: your move at {title}, only 5 h left.")
        clock.advance(6 * HOUR)
        await until(lambda: a.to_act() == 0)
        await _settle(h.host)
        await mailbox.wait_for(4)
        assert mailbox.bodies()[3].startswith(f"At {title}: Bob's time ran out: a bot played their turn.")
        await _settle(h.host)
        assert len(mailbox.messages) == 4
