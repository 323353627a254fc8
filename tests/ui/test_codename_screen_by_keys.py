"""The Codename: Chimera screen by keys and mouse: a whole game against a bot, aiming an attack, nothing to do
and why, the rules under the cursor, a click, the results screen."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from chimera_tui import games
from chimera_tui.games.codename.actions import AttackWith, Done, EndTurn
from chimera_tui.games.codename.state import Phase
from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.rulebook.text import slugify
from chimera_tui.saves import list_saves, load
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.dialogs.rules import RulesScreen
from chimera_tui.ui.games.codename.results import ResultsScreen
from chimera_tui.ui.games.codename.screen import CodenameScreen
from chimera_tui.ui.games.codename.widgets import ActionMenu
from chimera_tui.ui.widgets.card_grid import CardGrid
from tests.snapshots.test_codename_snapshots import advanced


def _app(tmp_path: Path, seats: str = "human,bot", seed: int = 24) -> ChimeraApp:
    kinds = seats.split(",")
    start = new_start("codename", len(kinds), make_seats("codename", len(kinds), kinds, []), seed, {})
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


async def test_a_whole_game_against_a_bot_by_keys(tmp_path: Path) -> None:
    """Enter on cards, the choices menu and "n" take a person from the torso choice to the end of the game."""
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CodenameScreen)
        table = app._table
        assert table is not None
        rules = table.rules
        phases = set()
        for _ in range(4000):
            state = table.match.state
            if rules.is_over(state):
                break
            await pilot.pause()
            if isinstance(app.screen, (ActionMenu, HandOffScreen)):
                await pilot.press("enter")
                continue
            if table.to_act() != 0:
                await pilot.pause(0.01)
                continue
            phases.add(state.phase)
            legal = rules.legal_actions(state)
            if state.phase in (Phase.TORSO, Phase.DEAL, Phase.AUCTION, Phase.PICK):
                await pilot.press("enter")  # the card under the cursor (the bids, in an auction)
            elif legal in ([Done()], [EndTurn()]) or (
                state.phase is Phase.TURN and len(legal) > 1 and _tired(state)
            ):
                await pilot.press("n")
            else:
                await pilot.press("c")  # every legal action; Enter takes the first
        assert rules.is_over(table.match.state)
        assert {Phase.TORSO, Phase.BUILD, Phase.TURN} <= phases
        for _ in range(50):
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)  # the game ends on its results, not a notification
        [summary] = list_saves(tmp_path)
        assert load(summary.path).match.notations == table.match.notations


def _tired(state) -> bool:  # type: ignore[no-untyped-def]
    """End some arena turns early, so that the game also plays "n" (end turn) with choices left."""
    return bool(state.arena_round % 3 == 0)


async def test_aiming_an_attack_with_the_cursor(tmp_path: Path) -> None:
    """Enter on your torso aims it; the targets are marked; Enter on one declares the attack on it."""
    app = ChimeraApp(plan=LaunchPlan(start=advanced(Phase.TURN)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, CodenameScreen)
        table = app._table
        assert table is not None
        mine = screen.query_one("#zone-monster-0", CardGrid)
        assert app.focused is mine
        torso = table.match.state.players[0].torso[0]
        assert mine.select(torso)
        await pilot.press("enter")
        assert screen._aim == "torso:0"
        other = screen.query_one("#zone-monster-1", CardGrid)
        assert app.focused is other
        marked = [c for c in other.cells if c.target]
        assert marked and all(c.mark == "◎" for c in marked)
        before = len(table.match.notations)
        target = other.current
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert table.match.log[before].action.startswith("attack torso:0 ")
        assert isinstance(table.rules.parse(table.match.state, table.match.notations[before]), AttackWith)
        assert target is not None and screen._aim is None


async def test_nothing_to_do_says_why(tmp_path: Path) -> None:
    """Enter on a card with no legal action tells the reason; "x" is not offered without an attack to aim."""
    app = ChimeraApp(plan=LaunchPlan(start=advanced(Phase.BUILD)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, CodenameScreen)
        await pilot.press("m")  # your monster: the torso has no action of its own while building
        mine = screen.query_one("#zone-monster-0", CardGrid)
        assert app._table is not None
        mine.select(app._table.match.state.players[0].torso[0])
        await pilot.press("enter")
        await pilot.pause()
        assert any("free place" in n.message for n in app._notifications)
        assert not isinstance(app.screen, ActionMenu)
        assert screen.check_action("cancel_aim", ()) is False


async def test_rules_open_on_the_card_under_the_cursor(tmp_path: Path) -> None:
    """? on a part or a torso half opens that card's own topic (issue 8 §3: not "Torso choice")."""
    app = ChimeraApp(plan=LaunchPlan(start=advanced(Phase.TURN)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, CodenameScreen)
        state = app._table.match.state  # type: ignore[union-attr]
        from chimera_tui.games.codename.content import load

        c = load()
        grid = screen.query_one("#zone-monster-0", CardGrid)
        half = state.players[0].torso[0]
        grid.select(half)
        await pilot.pause()
        assert screen.rules_topic() == slugify(c.torsos[half].name)
        if state.players[0].monster:
            part = state.players[0].monster[0].card
            grid.select(part)
            await pilot.pause()
            assert screen.rules_topic() == slugify(c.parts[part].name)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        assert isinstance(app.screen, RulesScreen)


def test_the_screen_is_registered() -> None:
    from chimera_tui.ui.games import screen_class

    assert "codename" in games.game_ids()
    assert screen_class("codename") is CodenameScreen


async def test_mouse_click_moves_the_cursor_and_chooses(tmp_path: Path) -> None:
    """The mouse works too: a click puts the cursor on a card, a second click opens its choices."""
    app = ChimeraApp(plan=LaunchPlan(start=advanced(Phase.TORSO)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, CodenameScreen)
        grid = screen.query_one("#zone-torsos", CardGrid)
        second = next(c for c in grid.cells if (c.x, c.y) == (1, 0))
        await pilot.click(grid, offset=(13, 1))  # border 1 + the second tile (11 wide with its seam)
        await pilot.pause()
        assert grid.current == second.key and screen._key == second.key
        await pilot.click(grid, offset=(13, 1))
        await pilot.pause()
        assert isinstance(app.screen, ActionMenu)


async def test_results_screen_at_the_end_and_again_with_r(tmp_path: Path) -> None:
    app = ChimeraApp(plan=LaunchPlan(start=advanced(Phase.OVER)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, ResultsScreen)
        chart = str(app.screen.query_one("#cn-results-chart", Static).render())
        assert "Cards on each monster" in chart and "end" in chart
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CodenameScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
