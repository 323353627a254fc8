"""The Codename: Chimera screen between seats: two people building hand off, and the next builder sees nothing
of the private building; players' names are plain text."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
from textual.content import Content
from textual.widgets import Static

from chimera_tui import games
from chimera_tui.games.codename.actions import Attach, Done
from chimera_tui.games.codename.state import Phase
from chimera_tui.launch import LaunchPlan
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.codename.results import ResultsScreen
from chimera_tui.ui.games.codename.screen import CodenameScreen
from chimera_tui.ui.widgets.action_log import ActionLog
from chimera_tui.ui.widgets.card_grid import CardGrid
from tests.snapshots.test_codename_snapshots import advanced
from tests.ui.settle import settled, until


async def test_two_people_building_hand_off(tmp_path: Path) -> None:
    """Building is private: "n" (done) hides the first builder's monster behind the hand-off screen."""
    app = ChimeraApp(
        plan=LaunchPlan(start=advanced(Phase.BUILD, seats="human,human")), saves=tmp_path, bot_delay=0.0
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert app._table is not None
        assert isinstance(app.screen, HandOffScreen)  # a two-person game opens on the hand-off
        await pilot.press("enter")
        await pilot.pause(0.1)
        await pilot.press("n")
        await pilot.pause(0.1)
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, CodenameScreen)
        assert app._table.seat == 1
        first = screen.query_one("#zone-monster-0", CardGrid)
        names = {c.key for c in first.cells}
        assert names == set(app._table.match.state.players[0].torso)  # seat 1's parts are not shown


HOSTILE = ["[/]", "[bold]Bob", "[@click=app.quit]q[/]", "back\\"]


async def test_player_names_are_plain_text(tmp_path: Path) -> None:
    """Issue 9: a name is never markup: "[/]" does not crash, "[bold]Bob" is not bold, no action links."""
    for phase in (Phase.AUCTION, Phase.TURN, Phase.OVER):
        start = advanced(phase, seats="human,bot")
        start = msgspec.structs.replace(
            start,
            seats=tuple(
                msgspec.structs.replace(s, name=n) for s, n in zip(start.seats, HOSTILE, strict=False)
            ),
        )
        app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause(0.3)
            if isinstance(app.screen, ResultsScreen):
                text = str(app.screen.query_one("#cn-results-verdict", Static).render())
                await pilot.press("escape")
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CodenameScreen)
            line = screen.query_one("#cn-players", Static).render()
            assert isinstance(line, Content)
            assert "[/]" in line.plain and "[bold]Bob" in line.plain
            assert not any(
                "bold" in str(span.style) and "Bob" in line.plain[span.start : span.end][:3]
                for span in line.spans
                if span.start > 0
            )
            title = screen.query_one("#zone-monster-1", CardGrid).border_title
            shown = title if isinstance(title, Content) else Content.from_markup(str(title))
            assert "[bold]Bob" in shown.plain
            if phase is Phase.OVER:
                assert "Bob" in text or "[/]" in text or "nobody" in text.lower() or "share" in text


def _screen_text(app: ChimeraApp) -> str:
    """What the terminal shows, as text (the SVG export without its generated class names)."""
    svg = app.export_screenshot()
    return re.sub(r"terminal-[0-9a-z-]+", "t", svg)


async def _second_builder_sees(tmp_path: Path, attach_first: bool) -> str:
    start = advanced(Phase.BUILD, seats="human,human")
    match = start.match
    rules = games.get("codename")
    if attach_first:
        attaches = [a for a in rules.legal_actions(match.state) if isinstance(a, Attach)]
        assert attaches
        match.submit(attaches[-1])
    match.submit(Done())
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path / str(attach_first), bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, CodenameScreen))
        assert app._table is not None and app._table.seat == 1
        # Everything the seat sees: the whole log in words (every entry, with what it caused), and the rest
        # of the screen. The log panels are compared as text, not as drawn, since how a log wraps and how
        # far it has scrolled while the screen lays out depends on the machine's load.
        table = app._table
        words = "\n".join(table.log()) + repr(table.log_events())
        await settled(pilot, lambda: _screen_text(app))
        for log in app.screen.query(ActionLog):
            log.display = False
        # Under load the panels can settle in a layout that depends on the order the layouts came in (a
        # panel measured while a scrollbar was still shown), not on what they hold: one more resize lays
        # the whole screen out again from the same content, so only content decides what is compared.
        await pilot.resize_terminal(159, 50)
        await settled(pilot, lambda: _screen_text(app))
        await pilot.resize_terminal(160, 50)
        shown = await settled(pilot, lambda: _screen_text(app))
        return shown + words


async def test_secrecy_the_next_builder_sees_nothing_of_private_building(tmp_path: Path) -> None:
    """Issue 9: after the hand-off, Player 2's screen (log included) is the same whatever Player 1 built."""
    built = await _second_builder_sees(tmp_path, True)
    nothing = await _second_builder_sees(tmp_path, False)
    assert "attaches" not in built
    assert built == nothing
