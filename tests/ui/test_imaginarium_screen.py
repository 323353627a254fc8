"""Pilot tests of the Imaginarium screen (issue 12): whole games by keys (3 players, and 4 in teams), a move
by keys from a new game, the reasons of dimmed places, the rules topic under the cursor, trading one unit at
a time, the fork chosen on the track, undo, the results, that a cursor move repaints only the two places it
touches, and that no hand-off of a hot-seat game shows another seat's secrets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from msgspec.structs import replace

from chimera_tui.launch import GameStart, LaunchPlan, load_start, make_seats, new_start
from chimera_tui.table.base import Seat
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.dialogs.rules import RulesScreen
from chimera_tui.ui.games.imaginarium.screen import ImaginariumScreen
from chimera_tui.ui.games.imaginarium.widgets import BoardArea, ChoiceDialog, ResultsScreen, TrackArea
from chimera_tui.ui.widgets.action_log import ActionLog
from tests.ui.settle import settled, until

SAMPLES = Path(__file__).parents[2] / "saves"


def _new(tmp_path: Path, kinds: list[str], seed: int, options: dict[str, str] | None = None) -> ChimeraApp:
    n = len(kinds)
    start = new_start("imaginarium", n, make_seats("imaginarium", n, kinds, []), seed, options or {})
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


def _sample(stem: str, humans: int = 1) -> GameStart:
    """A sample position with its first `humans` seats played by people."""
    start = replace(load_start(SAMPLES / f"{stem}.chimera"), save_path=None)
    seats = tuple(Seat(s.name) if i < humans else s for i, s in enumerate(start.seats))
    return replace(start, seats=seats)


def _app(start: GameStart, tmp_path: Path) -> ChimeraApp:
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


def _screen(app: ChimeraApp) -> ImaginariumScreen:
    return next(s for s in app.screen_stack if isinstance(s, ImaginariumScreen))


def _next_key(screen: ImaginariumScreen) -> str:
    """The key a quick player presses now: Enter on the lit place under the cursor, else n (end the step),
    else c (every choice). Reorganizing ends at once (its moves could go on for ever)."""
    finish = screen.check_action("finish", ()) is True
    if finish and screen.state.current == "reorganize":
        return "n"
    focused = screen.focused
    on_lit = isinstance(focused, BoardArea | TrackArea) and focused.cursor in screen._places
    return "enter" if on_lit else "n" if finish else "c"


async def _play_by_keys(app: ChimeraApp, pilot: Any, limit: int = 6000) -> int:
    """Play the people's seats by keys until the end: Enter in a dialog or on a hand-off, else `_next_key`.
    Returns the presses."""
    screen = _screen(app)
    table = screen.table
    presses = 0
    for _ in range(limit):
        if table.rules.is_over(table.match.state):
            break
        actor = table.to_act()
        if isinstance(app.screen, (ChoiceDialog, HandOffScreen)):
            await pilot.press("enter")
        elif app.screen is screen and actor is not None and not table.seats[actor].is_bot and screen.deciding:
            await pilot.press(_next_key(screen))
        else:
            await pilot.pause(0.01)
            continue
        presses += 1
    return presses


async def test_a_new_game_opens_on_its_own_screen_and_takes_a_move_by_keys(tmp_path: Path) -> None:
    """Three people: the hand-off first, then Enter on the lit belt place and Enter in its menu reserves it."""
    app = _new(tmp_path, ["human", "human", "human"], 5)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ImaginariumScreen))
        screen = _screen(app)
        table = screen.table
        assert len(table.match) == 0 and screen.focused is screen.query_one("#belt")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.previews[0]
        await pilot.press("enter")
        await until(pilot, lambda: len(table.match) == 1)
        assert table.match.notations[0].split()[0] in ("place", "x1", "x2")


async def test_whole_three_player_game_by_keys(tmp_path: Path) -> None:
    """A 3-player game, one person against two bots, played to the results by key presses alone."""
    app = _new(tmp_path, ["human", "greedy", "greedy"], 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        presses = await _play_by_keys(app, pilot)
        table = _screen(app).table
        assert table.rules.is_over(table.match.state)
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert sum(1 for e in table.match.log if e.seat == 0) > 30 and presses > 30
        await pilot.press("escape")
        assert isinstance(app.screen, ImaginariumScreen)
        await pilot.press("r")
        assert isinstance(app.screen, ResultsScreen)


async def test_whole_four_player_team_game_by_keys(tmp_path: Path) -> None:
    """Team play at 4: two partners at the keyboard (seats 1 and 3) against two bots. Partners share the
    screen, so the game never hides the board between them; it hides it when the other team's seat... never
    plays here (bots), and the whole game is played by keys."""
    app = _new(tmp_path, ["human", "greedy", "human", "greedy"], 8, {"teams": "on"})
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        hand_offs = 0
        screen = _screen(app)
        table = screen.table
        seen: set[int] = set()
        for _ in range(8000):
            if table.rules.is_over(table.match.state):
                break
            if isinstance(app.screen, HandOffScreen):
                hand_offs += 1
            actor = table.to_act()
            if actor is not None and not table.seats[actor].is_bot:
                seen.add(actor)
            if isinstance(app.screen, ChoiceDialog | HandOffScreen):
                await pilot.press("enter")
            elif (
                app.screen is screen
                and actor is not None
                and not table.seats[actor].is_bot
                and screen.deciding
            ):
                await pilot.press(_next_key(screen))
            else:
                await pilot.pause(0.01)
        assert table.rules.is_over(table.match.state)
        assert seen == {0, 2}
        assert hand_offs <= 1  # at most the opening one: partners see the same screen


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


async def test_a_dimmed_place_says_why_and_question_mark_opens_its_topic(tmp_path: Path) -> None:
    """In planning, Enter on a project (nothing to do there) says why in one message, and ? opens the
    project's own rules topic."""
    app = _app(_sample("imaginarium-planning"), tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ImaginariumScreen))
        screen = _screen(app)
        office = screen.query_one("#office", BoardArea)
        office.focus()
        project = next(s.key for s in office.canvas.spots if s.key.startswith("proj:"))
        office.cursor = project
        for _ in range(2):
            await pilot.press("enter")
        await pilot.pause(0.1)
        assert app.screen is screen
        notes = [n.message for n in app._notifications]
        assert notes == [
            "Projects are completed by themselves at the end of a turn when you meet their condition."
        ]
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        panel = app.screen.query_one("RulesPanel")
        assert panel.topic_id == f"project-{project.split(':')[1]}"  # type: ignore[attr-defined]


async def test_trading_one_unit_at_a_time_with_a_running_total(tmp_path: Path) -> None:
    app = _app(_sample("imaginarium-trading"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert "Trades left" in dialog.context and "so far" in dialog.context
        assert dialog.choices[-1] == "Done trading"
        buy = next(i for i, c in enumerate(dialog.choices) if c.startswith("Buy"))
        for _ in range(buy):
            await pilot.press("down")
        left = _screen(app).state.trades
        await pilot.press("enter")
        await until(
            pilot, lambda: isinstance(app.screen, ChoiceDialog) and _screen(app).state.trades == left - 1
        )
        context = app.screen.context  # type: ignore[attr-defined]
        assert f"Trades left {left - 1}" in context and "+1" in context


async def test_the_fork_is_chosen_on_the_track_and_undone(tmp_path: Path) -> None:
    start = _sample("imaginarium-fork")
    app = _app(start, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ImaginariumScreen))
        screen = _screen(app)
        await pilot.pause(0.2)
        track = screen.query_one(TrackArea)
        assert screen.focused is track and track.cursor in screen._places
        lit = sorted(k for k in screen._places if k.startswith("space:"))
        assert len(lit) == 2
        before = len(start.match)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("enter")
        await until(pilot, lambda: len(start.match) == before + 1)
        assert start.match.notations[before].startswith("fork ")
        await pilot.pause(
            0.2
        )  # the daydream goes on: its dialog opens by itself; u there takes the fork back
        await pilot.press("u")
        await until(pilot, lambda: len(start.match) == before)


async def test_a_cursor_move_repaints_only_the_two_places(tmp_path: Path) -> None:
    """Refresh only what changed: moving along the belt marks dirty the two places' rectangles, no more."""
    app = _app(_sample("imaginarium-4p-round4"), tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ImaginariumScreen))
        await pilot.pause(0.3)
        belt = _screen(app).query_one("#belt", BoardArea)
        belt.focus()
        await pilot.pause(0.1)
        regions: list[Any] = []
        original = belt.refresh

        def spy(*args: Any, **kwargs: Any) -> Any:
            regions.extend(args)
            return original(*args, **kwargs)

        belt.refresh = spy  # type: ignore[method-assign]
        here = belt.current
        await pilot.press("right")
        there = belt.current
        assert here is not None and there is not None and here.key != there.key
        area = sum(r.width * r.height for r in regions)
        assert regions and area == here.width * here.height + there.width * there.height


async def test_results_at_the_end(tmp_path: Path) -> None:
    app = _app(_sample("imaginarium-over"), tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        results = app.screen
        assert isinstance(results, ResultsScreen)
        labels = [label for label, _ in results.rows]
        assert labels[-1] == "Total" and any(label.startswith("Most") for label in labels)
        assert results.columns[-1] == "end" and results.track.spots
        text = (await settled(pilot, app.export_screenshot)).replace("&#160;", " ")
        assert "VP over the rounds" in text and "The dream track at the end" in text


def test_the_finished_game_is_public() -> None:
    """Once it is over, every seat's view (and the public one) shows every team's screen."""
    start = _sample("imaginarium-over")
    state = start.match.state
    rules = start.match.rules
    for seat in (None, 0, 1):
        assert rules.view(state, seat).teams == state.teams


async def test_narrow_panes_by_v_and_tab(tmp_path: Path) -> None:
    """At 80×24 one pane shows at a time: v cycles them, Tab visits every area and shows its pane."""
    app = _app(_sample("imaginarium-actions"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ImaginariumScreen))
        screen = _screen(app)
        shown = []
        for _ in range(4):
            await pilot.press("v")
            shown.append(screen._pane)
        assert sorted(shown) == ["dream", "log", "table", "workshops"]
        visited = []
        for _ in range(6):
            await pilot.press("tab")
            visited.append(screen.focused.id if screen.focused else None)
        assert set(visited) == {"belt", "office", "workshops", "track", "dreams", "im-log"}


def test_sample_saves_load() -> None:
    for path in sorted(SAMPLES.glob("imaginarium-*.chimera")):
        start = load_start(path)
        assert start.game_id == "imaginarium" and len(start.match) > 0
        assert msgspec.structs.replace(start, save_path=None).seats[0].bot is None


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
