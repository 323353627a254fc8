"""Pilot tests of the Chimera Station screen: a whole game by key presses (random keys with resizes: every
game's in tests/ui/test_mash.py), Enter on the board, on a locked hub and on an unusable place, the splice
dialog, the flush, two quick Enters on a question."""

from __future__ import annotations

from pathlib import Path

from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.station.results import ResultsScreen
from chimera_tui.ui.games.station.why_not import why_not
from chimera_tui.ui.games.station.widgets import ChoiceDialog
from chimera_tui.ui.widgets.hex_grid import HexGrid
from tests.ui.settle import until
from tests.ui.station_apps import _screen, _start_at_placement


def _app(tmp_path: Path, seats: str = "human,bot", seed: int = 3, side: str = "A") -> ChimeraApp:
    kinds = seats.split(",")
    start = new_start(
        "station", len(kinds), make_seats("station", len(kinds), kinds, []), seed, {"side": side}
    )
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


async def test_whole_game_by_keys(tmp_path: Path) -> None:
    """A 2-player game, human against the bot, played to the results by key presses alone."""
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        table = screen.table
        for _ in range(4000):
            if table.rules.is_over(table.match.state):
                break
            if isinstance(app.screen, ChoiceDialog):
                await pilot.press("enter")
            elif table.to_act() == 0 and app.screen is screen:
                await pilot.press("c")
            else:
                await pilot.pause(0.01)
        assert table.rules.is_over(table.match.state)
        await pilot.pause(0.1)
        assert isinstance(app.screen, ResultsScreen)
        humans = [e for e in table.match.log if e.seat == 0]
        assert len(humans) > 20
        await pilot.press("escape")
        assert app.screen is screen


async def test_enter_on_board_places_a_worker(tmp_path: Path) -> None:
    """Through the draft by dialogs, then Enter on a lit hex and Enter in its menu places a worker there."""
    app = _app(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        table = screen.table
        for _ in range(50):
            state = table.match.state
            if state.phase.value == "placement" and not state.tasks and table.to_act() == 0:
                break
            if isinstance(app.screen, ChoiceDialog):
                await pilot.press("enter")
            elif table.to_act() == 0 and app.screen is screen:
                await pilot.press("c")
            else:
                await pilot.pause(0.01)
        grid = screen.query_one(HexGrid)
        grid.focus()
        refinery = table.rules.legal_actions(table.match.state)
        assert any(getattr(a, "space", "") == "refinery" for a in refinery)
        from chimera_tui.games.station.content import content

        grid.cursor = content().hex_of["refinery"]
        before = len(table.match)
        await pilot.press("enter")
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")
        await pilot.pause()
        entry = table.match.log[before]
        assert entry.action.endswith("refinery")


async def test_enter_on_locked_hub_says_why(tmp_path: Path) -> None:
    """Enter on a dimmed place explains, in the rules' words, why nothing can be done there."""
    app = _app(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        table = screen.table
        for _ in range(50):
            state = table.match.state
            if state.phase.value == "placement" and not state.tasks and table.to_act() == 0:
                break
            if isinstance(app.screen, ChoiceDialog):
                await pilot.press("enter")
            elif table.to_act() == 0 and app.screen is screen:
                await pilot.press("c")
            else:
                await pilot.pause(0.01)
        from chimera_tui.games.station.content import content

        grid = screen.query_one(HexGrid)
        grid.focus()
        grid.cursor = content().hex_of["hub-b"]
        await pilot.press("enter")
        assert app.screen is screen
        key = f"hex:{grid.cursor}"
        assert "locked until round 3" in why_not(
            screen.state, screen.table, key, screen._legal, deciding=True
        )


async def test_splice_dialog_step_and_undo(tmp_path: Path) -> None:
    """The Splicing Lab asks by itself; a step is sent, and u in the next dialog takes it back."""
    import msgspec

    from chimera_tui.launch import load_start

    start = msgspec.structs.replace(
        load_start(Path(__file__).parents[2] / "saves" / "station-splice.chimera"), save_path=None
    )
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        screen = _screen(app)
        table = screen.table
        assert isinstance(app.screen, ChoiceDialog)
        before = len(table.match)
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert len(table.match) == before + 1
        await pilot.press("u")  # from the next dialog, or from the board when the splice ended by itself
        await pilot.pause(0.2)
        assert len(table.match) == before
        assert isinstance(app.screen, ChoiceDialog)  # asked again, for the same splice


# -- issue 8 §3 and issue 9: friction, secrecy and names -------------------------------------------------------


async def test_enter_on_an_unusable_place_shows_one_message(tmp_path: Path) -> None:
    """Issue 8 §3: Enter again and again on a place with nothing to do replaces its message, never stacks."""
    from chimera_tui.games.station.content import content

    start = _start_at_placement()
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        screen = _screen(app)
        grid = screen.query_one(HexGrid)
        grid.focus()
        grid.cursor = content().hex_of["hub-b"]
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause(0.05)
        assert app.screen is screen
        assert len(app._notifications) == 1


async def test_flush_is_offered_on_the_reactor_and_by_f_not_after_every_placement(tmp_path: Path) -> None:
    """Issue 8 §3 (ST-FLUSH-06/07): Enter on a Reactor space offers the flush at the start of the turn, `f` is
    in the footer, and placing a worker that leaves the Reactor alone asks nothing more."""
    from chimera_tui.games.station import Flush, Place

    start = _start_at_placement()
    assert start.match.state.players[0].card, "the sample seat still holds its starting card"
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        screen = _screen(app)
        assert any(isinstance(a, Flush) for a in screen._legal)
        assert screen.check_action("flush", ()) is True
        screen._offer("reactor:0")
        await pilot.pause(0.1)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert "Discard your starting card to flush the Reactor" in dialog.choices
        await pilot.press("escape")
        await pilot.pause(0.1)
        lounge = next(a for a in screen._legal if isinstance(a, Place) and a.space == "lounge")
        screen.submit(lounge)
        await pilot.pause(0.3)
        assert isinstance(app.screen, ChoiceDialog) and "Take 1 coin" in app.screen.choices
        await pilot.press("enter")
        await pilot.pause(0.3)
        if isinstance(app.screen, ChoiceDialog):
            assert "Pass (keep your starting card)" not in app.screen.choices
        assert all(t.kind != "flush_offer" for t in screen.table.match.state.tasks)
        assert screen.table.match.state.players[0].card


async def test_two_quick_enters_on_a_question_answer_it_once_and_keep_the_game(tmp_path: Path) -> None:
    """Enter twice in a burst (a fast typist, keys arriving together over SSH) on the first question: the
    second Enter reaches the dialog after it closed and must neither close the game nor answer again."""
    from textual import events

    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        screen = _screen(app)
        mine = [e for e in screen.table.match.log if e.seat == 0]
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        await pilot.pause(0.1)
        assert screen in app.screen_stack
        assert len([e for e in screen.table.match.log if e.seat == 0]) == len(mine) + 1
