"""Telling turn-based players of their turn (issue 35), on one host with its SQLite store, a clock the test
moves on, a real mail server (aiosmtpd, STARTTLS and a login) and a real HTTP server taking web hooks: the
address confirmed by a code before anything else goes there, "your move" after the grace and only while
the player is away, the reminder, the deadline, the result, the digest, the hourly limit, a mail server that
goes away and comes back, and a host stopped while messages wait."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from chimera_tui.server.host import TableHost
from chimera_tui.server.link import HostError
from chimera_tui.server.notify import outbox
from chimera_tui.server.notify.sending import NotifyOptions
from chimera_tui.server.remote_table import RemoteTable
from tests.server.clock import FakeClock
from tests.server.helpers import Hosted, hosted, until
from tests.server.notify_helpers import PASSWORD, HookServer, Mailbox, free_port
from tests.server.test_turns import DAY, HOUR, _move, _pair
from tests.tinygame import Take


async def _settle(host: TableHost) -> None:
    """Let the host queue and send what is due now (its sender runs on the loop)."""
    await host.flush()
    assert host.sender is not None
    host.sender.wake()
    for _ in range(5):
        await asyncio.sleep(0.05)
        await host.flush()


async def _back_and_play_out(h: Hosted, a: RemoteTable) -> None:
    """Bob comes back to Alice's table `a` and they play it to the end."""
    bob = await h.link("SHA256:bob", "Bob")
    b = await bob.join(a.code)
    await until(lambda: b.step == a.step)
    while a.to_act() is not None:
        await _move((a, b), Take(1))
    await _settle(h.host)


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


async def test_a_web_hook_gets_a_test_its_players_move_after_two_failures_and_the_result(
    tmp_path: Path, pebbles: None, hook_server: HookServer
) -> None:
    clock = FakeClock()
    options = NotifyOptions(
        hooks=True, hooks_to_private=True, grace=60.0, poll=0.1, public_url="ssh://play.example:2222"
    )
    async with hosted(tmp_path, clock=clock, notify=options) as h:
        _alice, bob, a, b = await _pair(h, pace="turn", turn_limit=DAY)
        set_ = await bob.notify("hook", hook_server.url + "#bobs-topic")
        assert set_.said == "Your web hook is set: t sends it a test." and set_.hooks_on and not set_.mail_on
        with pytest.raises(HostError, match="This server sends no e-mail"):
            await bob.notify("email", "bob@example.org")
        with pytest.raises(HostError, match="starts with https://"):
            await bob.notify("hook", "file:///etc/passwd")
        await bob.notify("test")
        await _settle(h.host)
        await hook_server.wait_for(1)
        test = hook_server.received[0]
        assert test["event"] == "test" and test["text"] == test["content"] == test["message"]
        assert test["topic"] == "bobs-topic"
        assert test["text"].endswith(
            "To stop these messages: ssh -p 2222 play.example, then p (your page) and e or h to remove it."
        )
        # Bob at the table when it becomes his move: nothing is sent.
        await _move((a, b), Take(1))
        clock.advance(5 * 60)
        await _settle(h.host)
        assert len(hook_server.received) == 1
        await _move((a, b), Take(1))  # Bob moves and leaves; Alice answers; the hook is down twice
        await bob.close()
        hook_server.fail = 2
        await _alone(a, Take(1))
        for wait in (61, 30, 60):  # the grace, then 30 s and a minute between tries
            clock.advance(wait)
            await _settle(h.host)
        await hook_server.wait_for(2)
        assert hook_server.received[1]["event"] == "turn"
        assert hook_server.received[1]["text"].startswith(
            f"Your move at {a.code} (Pebbles (test game)), 23 h left."
        )
        await _back_and_play_out(h, a)
        await hook_server.wait_for(3)
        ended = hook_server.received[2]
        assert ended["event"] == "result" and ended["text"].startswith(
            f"{a.code} (Pebbles (test game)) has ended: "
        )
        assert " won." in ended["text"] or "shared the win." in ended["text"]
        await _settle(h.host)
        assert len(hook_server.received) == 3  # each once


async def test_a_mail_server_that_goes_away_and_a_restart_lose_nothing_and_send_nothing_twice(
    tmp_path: Path, pebbles: None, mailbox: Mailbox, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "chimera.server.notify")
    clock = FakeClock()
    options = NotifyOptions(mail=mailbox.options(), grace=60.0, poll=0.1)
    async with hosted(tmp_path, clock=clock, notify=options) as h:
        alice, bob, a, b = await _pair(h, pace="turn", turn_limit=DAY)
        await bob.notify("email", "bob@example.org")
        await mailbox.wait_for(1)
        await bob.notify("confirm", mailbox.code())
        mailbox.stop()  # the mail server goes away
        await _move((a, b), Take(1))
        await _move((a, b), Take(1))
        await bob.close()
        await _alone(a, Take(1))
        clock.advance(61)
        await _settle(h.host)
        clock.advance(30)
        await _settle(h.host)
        code = a.code
        await alice.close()
    assert "a message (turn) to SHA256:bob by email waits: cannot reach the mail server" in caplog.text
    assert PASSWORD not in caplog.text and "bob@example.org" not in caplog.text
    assert len(mailbox.messages) == 1
    mailbox.start()  # it comes back, and so does the host, on the same store
    async with hosted(tmp_path, clock=clock, notify=options) as h:
        clock.advance(120)
        await _settle(h.host)
        await mailbox.wait_for(2)
        assert mailbox.bodies()[1].startswith(f"Your move at {code} ")
        clock.advance(3600)
        await _settle(h.host)
    assert len(mailbox.messages) == 2  # once, though the table was taken up again by a new host


async def test_a_digest_once_a_day_and_no_more_than_the_hourly_limit(
    tmp_path: Path, pebbles: None, hook_server: HookServer
) -> None:
    clock = FakeClock()
    options = NotifyOptions(hooks=True, hooks_to_private=True, grace=60.0, poll=0.1, per_hour=2)
    async with hosted(tmp_path, clock=clock, notify=options) as h:
        _alice, bob, a, b = await _pair(h, pace="turn", turn_limit=12 * HOUR)
        await bob.notify("hook", hook_server.url)
        for _ in range(3):
            await bob.notify("test")
        await _settle(h.host)
        await hook_server.wait_for(2)
        clock.advance(30 * 60)
        await _settle(h.host)
        assert len(hook_server.received) == 2  # the hourly limit: the third waits
        clock.advance(31 * 60)
        await _settle(h.host)
        await hook_server.wait_for(3)
        daily = await bob.notify("digest", "on")
        assert daily.digest and daily.said == "One message a day from now on."
        await _move((a, b), Take(1))
        await bob.close()
        clock.advance(3 * HOUR)  # Bob's move: no single message for a player who takes a digest
        await _settle(h.host)
        assert len(hook_server.received) == 3
        clock.advance(10 * HOUR)  # Bob's time runs out: held for the digest
        await until(lambda: a.to_act() == 0)
        await _settle(h.host)
        assert len(hook_server.received) == 3
        await _alone(a, Take(1))
        clock.advance(11 * HOUR)  # a day since the digest was chosen
        await _settle(h.host)
        await hook_server.wait_for(4)
        digest = hook_server.received[3]["text"]
        assert digest.startswith(
            f"Your day at Chimera. Waiting for you: your move at {a.code} (Pebbles (test game)), 1 h left."
        )
        assert f"At {a.code} (Pebbles (test game)): Bob's time ran out: a bot played their turn." in digest
        clock.advance(3600)
        await _settle(h.host)
        assert len(hook_server.received) == 4


async def test_the_queue_holds_each_event_once_and_a_claimed_message_for_one_host(tmp_path: Path) -> None:
    clock = FakeClock()
    async with hosted(tmp_path, clock=clock) as h:
        run, now = h.host.store.run, clock.now()
        await run(outbox.set_hook("acct", "https://hooks.example.org/x", "token-of-acct-000000001", now))
        event = outbox.Event("turn ABCDE 3", "acct", "turn", "", now, "ABCDE", 3, 1)
        assert await run(outbox.queue(event, now)) == 1
        assert await run(outbox.queue(event, now)) == 0  # queued again by a host taking the table over
        (row,) = await run(outbox.due(now))
        assert await run(outbox.claim(row.id, "host-1", now, now + 120))
        assert not await run(outbox.claim(row.id, "host-2", now, now + 120))
        assert await run(outbox.due(now)) == []
        assert await run(outbox.claim(row.id, "host-2", now + 121, now + 240))  # host 1 died meanwhile
        assert await run(outbox.stop_all("token-of-acct-000000001", now))
        assert (await run(outbox.settings_of("acct", now))).hook == ""


async def test_the_stop_link_of_a_web_host_shows_a_button_and_its_post_stops_every_message(
    tmp_path: Path, mailbox: Mailbox
) -> None:
    import aiohttp

    from chimera_tui.server.web import WebFrontEnd, WebOptions

    port = free_port()
    options = NotifyOptions(
        mail=mailbox.options(), hooks=True, poll=0.1, public_url=f"http://127.0.0.1:{port}"
    )
    async with hosted(tmp_path, notify=options) as h:
        front = WebFrontEnd(h.host, h.socket, WebOptions(port=port))
        await front.start()
        try:
            bob = await h.link("SHA256:bob", "Bob")
            with pytest.raises(HostError, match=r"Hooks here may not reach 127\.0\.0\.1: it is a private"):
                await bob.notify("hook", "http://127.0.0.1:9/x")
            await bob.notify("email", "bob@example.org")
            await mailbox.wait_for(1)
            await bob.notify("confirm", mailbox.code())
            await bob.notify("hook", "https://hooks.example.org/bob")
            await bob.notify("test")
            await mailbox.wait_for(2)
            link = mailbox.bodies()[1].rsplit("To stop these messages: ", 1)[1].strip()
            assert link.startswith(f"http://127.0.0.1:{port}/stop/")
            assert str(mailbox.messages[1]["List-Unsubscribe"]).strip() == f"<{link}>"
            async with aiohttp.ClientSession() as client:
                async with client.get(link) as page:  # a mail scanner following the link stops nothing
                    assert page.status == 200 and "Stop these messages" in await page.text()
                    assert "form-action 'self'" in page.headers["Content-Security-Policy"]
                assert (await bob.notify()).email_confirmed
                async with client.post(link, data={"List-Unsubscribe": "One-Click"}) as done:
                    assert done.status == 200 and "Done: nothing more is sent." in await done.text()
                async with client.post(link, data={"List-Unsubscribe": "One-Click"}) as again:
                    assert again.status == 404
                async with client.post(f"http://127.0.0.1:{port}/stop/<script>") as bad:
                    assert bad.status == 404
            after = await bob.notify()
            assert (after.email, after.hook) == ("", "")
        finally:
            await front.close()


async def test_a_live_table_sends_no_move_but_its_result(
    tmp_path: Path, pebbles: None, hook_server: HookServer
) -> None:
    clock = FakeClock()
    options = NotifyOptions(hooks=True, hooks_to_private=True, grace=60.0, poll=0.1)
    async with hosted(tmp_path, clock=clock, notify=options) as h:
        _alice, bob, a, b = await _pair(
            h, away_limit=2 * HOUR
        )  # live, its away bot later than the hour below
        await bob.notify("hook", hook_server.url)
        await _move((a, b), Take(1))
        await bob.close()  # Bob's move, Bob gone: a live table tells nobody (its away bot plays)
        clock.advance(3600)
        await _settle(h.host)
        assert hook_server.received == []
        await _back_and_play_out(h, a)
        await hook_server.wait_for(1)
        assert [m["event"] for m in hook_server.received] == ["result"]


async def test_nobody_can_flood_a_strangers_mailbox_with_codes(tmp_path: Path, mailbox: Mailbox) -> None:
    clock = FakeClock()
    async with hosted(tmp_path, clock=clock, notify=NotifyOptions(mail=mailbox.options(), poll=0.1)) as h:
        mallory, eve = await h.link("SHA256:mallory", "Mallory"), await h.link("SHA256:eve", "Eve")
        for asker in (mallory, eve, mallory):
            await asker.notify("email", "victim@example.org")
        for asker in (mallory, eve):
            with pytest.raises(HostError, match="Too many codes went to that address this hour"):
                await asker.notify("email", "victim@example.org")
        with pytest.raises(HostError, match="is not an e-mail address"):
            await eve.notify("email", "victim@example.org\r\nBcc: all@example.org")
        await mailbox.wait_for(3)
        clock.advance(3601)
        await eve.notify("email", "victim@example.org")  # an hour later, one more
        await mailbox.wait_for(4)
