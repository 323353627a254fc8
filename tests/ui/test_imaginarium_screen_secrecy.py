"""Pilot tests of the Imaginarium screen (issue 12): no hand-off of a hot-seat game shows another seat's
secrets, the Exhausteur's victim chooses after a hand-off, and players' names are never markup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec.structs import replace

from chimera_tui.launch import make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.imaginarium.screen import ImaginariumScreen
from chimera_tui.ui.games.imaginarium.widgets import ChoiceDialog, ResultsScreen
from chimera_tui.ui.widgets.action_log import ActionLog
from tests.ui.imaginarium_apps import _app, _next_key, _sample, _screen
from tests.ui.settle import settled, until


def _hidden_changed(state: Any, viewer: int) -> Any:
    """`state` with everything `viewer` may not see changed: other teams' screens and every pile's order."""
    mine = state.seats[viewer].team
    teams = tuple(
        tm if i == mine else replace(tm, stock=(31, 32, 33, 34), frags=(7, 7, 7, 7, 7), vp=(9,) * len(tm.vp))
        for i, tm in enumerate(state.teams)
    )
    return replace(
        state,
        teams=teams,
        deck=tuple(reversed(state.deck)),
        pile=tuple(reversed(state.pile)),
        helpers=tuple(reversed(state.helpers)),
    )


async def _screen_text(app: ChimeraApp, pilot: Any) -> str:
    """What the screen shows (the log compared as words, since how it wraps and scrolls depends on load)."""
    screen = _screen(app)
    for log in screen.query(ActionLog):
        log.display = False
    text = await settled(pilot, app.export_screenshot)
    for log in screen.query(ActionLog):
        log.display = True
    return text + "\n".join(screen.table.log())


async def test_no_hand_off_shows_another_seats_secrets(tmp_path: Path) -> None:
    """Hot-seat, three people: at every hand-off of two rounds, the screen shown to the next player is the
    same whatever the other teams hold behind their screens and whatever order the piles are in; and it
    never shows another team's stock line."""
    start = _sample("imaginarium-planning", humans=3)
    app = _app(start, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        match = start.match
        first_round = match.state.round
        checked = 0
        for _ in range(3000):
            if match.state.round > first_round + 1 or match.rules.is_over(match.state):
                break
            if isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")
                await until(pilot, lambda: not isinstance(app.screen, HandOffScreen))
                await pilot.pause(0.1)
                screen = _screen(app)
                seat = screen.table.seat
                assert seat is not None
                if isinstance(app.screen, ChoiceDialog):
                    app.screen.dismiss(None)
                    await until(pilot, lambda s=screen: app.screen is s)
                shown = await _screen_text(app, pilot)
                real = match._states[-1]
                match._states[-1] = _hidden_changed(real, seat)
                screen._table_changed()
                screen._asked = len(match)  # the same step: no dialog by itself
                changed = await _screen_text(app, pilot)
                match._states[-1] = real
                screen._table_changed()
                assert changed == shown, f"a hidden fact reached {match.state.names[seat]}'s screen"
                assert "C 31  W 32" not in changed
                checked += 1
                continue
            screen = _screen(app)
            if isinstance(app.screen, ChoiceDialog):
                await pilot.press("enter")
            elif app.screen is screen and screen.deciding:
                await pilot.press(_next_key(screen))
            else:
                await pilot.pause(0.02)
        assert checked >= 6


async def test_the_exhausteurs_victim_chooses_after_a_hand_off(tmp_path: Path) -> None:
    """Out of turn: the Exhausteur's victim is handed the keyboard, then asked which fragment to hand over,
    seeing only its own fragments."""
    start = _sample("imaginarium-exhausteur", humans=3)
    app = _app(start, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert all(c.startswith("Hand over") for c in dialog.choices)
        assert "Exhausteur" in dialog.context and "Behind your screen" in dialog.context
        before = len(start.match)
        await pilot.press("enter")
        await until(pilot, lambda: len(start.match) > before)
        assert start.match.notations[before].startswith("hand ")


async def test_hostile_names_are_plain_text(tmp_path: Path) -> None:
    """A player's name is never markup: on the board, in a dialog and on the results, `[/]` and `[bold]Bob`
    show as typed and crash nothing."""
    from chimera_tui import games
    from chimera_tui.engine.bots import bot_seed

    names = ["[/]", "[bold]Bob", "[@click=app.quit]q[/]"]
    seats = make_seats("imaginarium", 3, ["human", "greedy", "greedy"], names)
    for finish in (False, True):
        start = new_start("imaginarium", 3, seats, 2, {})
        match = start.match
        rules = match.rules
        bots = {s: games.bots("imaginarium")["greedy"](rules, bot_seed(2, s)) for s in range(3)}
        while finish and not rules.is_over(match.state):
            seat = rules.to_act(match.state)
            match.submit(
                bots[seat].choose(rules.view(match.state, seat), rules.legal_actions(match.state), seat)
            )
        app = _app(start, tmp_path / str(finish))
        async with app.run_test(size=(160, 50)) as pilot:
            await until(pilot, lambda a=app: isinstance(a.screen, ResultsScreen | ImaginariumScreen))
            if not finish:
                await until(pilot, lambda a=app: _screen(a).deciding)
                await pilot.press("c")
                await until(pilot, lambda a=app: isinstance(a.screen, ChoiceDialog))
            else:
                await until(pilot, lambda a=app: isinstance(a.screen, ResultsScreen))
            text = (await settled(pilot, app.export_screenshot)).replace("&#160;", " ")
            assert "[/]" in text and "[bold]Bob" in text and app.is_running
