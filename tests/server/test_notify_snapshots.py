"""Your page with where you are told of your turns (issue 35), at 80×24 and 120×40: on a server that sends
e-mail and posts to web hooks, Alice's confirmed address, her hook (its host only: its path is a secret) and
the keys that change them; and after `d`, one message a day."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from chimera_tui.server.notify import outbox
from chimera_tui.server.notify.mail import MailOptions
from chimera_tui.server.notify.sending import NotifyOptions
from chimera_tui.ui.screens.lobby import LobbyApp, LobbyScreen
from chimera_tui.ui.screens.lobby_player import PlayerScreen
from tests.server.clock import FakeClock
from tests.server.helpers import Hosted
from tests.server.host_thread import HostThread
from tests.server.test_lobby_snapshots import SIZES, _finished_tables, fixed  # noqa: F401 - a fixture
from tests.ui.settle import settled
from tests.ui.settle import until as ui_until

OPTIONS = NotifyOptions(mail=MailOptions(host="127.0.0.1", port=9, sender="chimera@example.org"), hooks=True)


async def _alice_is_told(h: Hosted, clock: FakeClock) -> None:
    await _finished_tables(h, clock)
    run, now = h.host.store.run, clock.now()
    await run(
        outbox.set_email("SHA256:alice", "alice@example.org", "1111-2222", "stop-token-of-alice-0001", now)
    )
    assert await run(outbox.confirm_email("SHA256:alice", "1111-2222", now)) is None
    await run(outbox.set_hook("SHA256:alice", "https://ntfy.example.org/secret-topic", "-", now))


def _page(pressed: str) -> Any:
    async def shown(pilot: Pilot[Any]) -> None:
        await ui_until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
        await pilot.press("p")
        await ui_until(
            pilot,
            lambda: (
                isinstance(pilot.app.screen, PlayerScreen)
                and pilot.app.screen.query_one("#records", DataTable).row_count == 1
                and pilot.app.screen.told is not None
            ),
        )
        if pressed:
            await pilot.press(pressed)
            await ui_until(
                pilot,
                lambda: (
                    "one message a day."
                    in str(pilot.app.screen.query_one("#records-notify", Static).render())
                ),
            )
        await settled(pilot, pilot.app.export_screenshot)

    return shown


@pytest.mark.parametrize("pressed", [pytest.param("", id="set"), pytest.param("d", id="daily")])
@pytest.mark.parametrize("size", SIZES)
def test_your_page_with_messages(snap_compare, size, pressed, tmp_path, fixed) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    clock = FakeClock()
    host = HostThread(tmp_path, clock=clock, notify=OPTIONS).__enter__()
    try:
        host.run(lambda h: _alice_is_told(h, clock))
        assert host.hosted is not None
        app = LobbyApp(str(host.hosted.socket), host.hosted.host.issue_ticket("SHA256:alice", "Alice"))
        app.NOTIFICATION_TIMEOUT = 600
        assert snap_compare(app, run_before=_page(pressed), terminal_size=size)
    finally:
        host.__exit__()
