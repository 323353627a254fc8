"""A seat a bot took for good (a turn-based table whose creator chose "a bot takes the seat"): its person learns
at once, watches from then on (no decisions of the seat reach their screen, and the host refuses their
moves), and every lobby says so (issue 34: Dave's screen kept opening his seat's Station decisions while the
bot played, Enter said "Not allowed", and the lobby still said "dave (at the table)")."""

from __future__ import annotations

import random
from pathlib import Path

from textual.screen import ModalScreen

from chimera_tui.server import protocol as P
from chimera_tui.server.core import REPLACED
from chimera_tui.server.remote_table import RemoteTable
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.screens.lobby import LobbyApp, LobbyScreen
from chimera_tui.ui.screens.lobby_words import seats_text
from tests.server.clock import FakeClock
from tests.server.helpers import hosted, until

HOUR = 3600.0


async def _to_seat(tables: tuple[RemoteTable, ...], seat: int, rng: random.Random) -> None:
    """Random moves of the other seats until it is `seat`'s turn."""
    while tables[0].to_act() != seat:
        mover = next(t for t in tables if t.seat == tables[0].to_act())
        step = mover.step
        await until(lambda mover=mover: bool(mover.legal_actions()))
        assert mover.submit(rng.choice(list(mover.legal_actions()))) is None
        await until(lambda step=step: all(t.step > step for t in tables))


async def test_the_person_of_a_seat_a_bot_took_for_good_watches_and_the_lobby_says_so(tmp_path: Path) -> None:
    clock = FakeClock()
    rng = random.Random(2)
    async with hosted(tmp_path, clock=clock) as h:
        app = LobbyApp(str(h.socket), h.host.issue_ticket("SHA256:dave", "dave"))
        app.NOTIFICATION_TIMEOUT = 600
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            app.create_table(
                P.CreateTable(
                    game="station", players=2, seed=4, pace="turn", turn_limit=12 * HOUR, on_timeout="replace"
                )
            )
            await until(lambda: app.table is not None)
            dave = app.table
            assert dave is not None
            bob_link = await h.link("SHA256:bob", "bob")
            bob = await bob_link.join(dave.code)
            await until(lambda: dave.started and bob.started and isinstance(app.screen, GameScreen))
            await _to_seat((bob, dave), 0, rng)  # dave's turn, and he does not move for 12 hours
            step = dave.step
            clock.advance(12 * HOUR)
            await until(lambda: dave.step > step)
            # He learns at once, and watches: the seat's dialogs are closed and none opens again.
            await until(lambda: any("A bot has your seat" in (n.title or "") for n in app._notifications))
            assert dave.replaced and dave.seat is None and isinstance(app.screen, GameScreen)
            # Every lobby says so: a watcher at the table, replaced by a bot.
            (listed,) = await bob_link.list_tables()
            assert seats_text(listed.seats).startswith("dave (replaced by a bot, watching)")
            # The bot plays his seat on while bob plays his: dave's screen is never asked for a decision.
            seen_the_bot_decide = 0
            for _ in range(12):
                if bob.to_act() is None:
                    break
                if bob.to_act() == 0:
                    seen_the_bot_decide += 1
                    assert dave.legal_actions() == () and not isinstance(app.screen, ModalScreen)
                    before = bob.step
                    await until(lambda before=before: bob.step > before or bob.to_act() is None)
                else:
                    await _to_seat((bob,), 0, rng)
                await pilot.pause()
            assert seen_the_bot_decide
            assert dave.submit_text("pass") is not None  # refused at his terminal, in words
            # And the host refuses what a stale or hostile client sends for the seat.
            session = next(s for s in h.host._sessions["SHA256:dave"] if s.table is not None)
            assert await h.host.act(session, "pass") == REPLACED
            assert await h.host.undo(session) == REPLACED
            await bob_link.close()
