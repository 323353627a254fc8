"""SVG snapshots of the Codename: Chimera screen in every phase, at 80×24, 120×40 and 160×50.

Each app starts from a match advanced in code with the greedy bot for both seats (fixed seeds), stopped at the
first moment seat 1 (a person) must decide in the wanted phase; seat 2 is a bot. Saves go to a temporary
folder; cursors do not blink (tests/conftest.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chimera_tui import games
from chimera_tui.engine.match import Match
from chimera_tui.games.codename.bots import GreedyBot
from chimera_tui.games.codename.state import Phase
from chimera_tui.launch import GameStart, LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((120, 40), id="120x40"),
    pytest.param((160, 50), id="160x50"),
]
SEED = 24
"""A 2-player game in which the greedy bots reach every phase, the reaction window included."""


def advanced(phase: Phase, *, seed: int = SEED, players: int = 2, seats: str = "human,bot") -> GameStart:
    """A new match played by greedy bots until seat 1 must decide in `phase` (or, for OVER, to the end)."""
    kinds = seats.split(",")
    start = new_start("codename", players, make_seats("codename", players, kinds, []), seed, {})
    match: Match[Any, Any] = start.match
    rules = games.get("codename")
    bots = [GreedyBot(rules, i) for i in range(players)]
    while not (match.state.phase is phase and rules.to_act(match.state) in (0, None)):
        seat = rules.to_act(match.state)
        if seat is None:
            raise AssertionError(f"seed {seed}: the bots never reach {phase} with seat 1 to act")
        state = match.state
        match.submit(bots[seat].choose(rules.view(state, seat), rules.legal_actions(state), seat))
    return start


def app_at(tmp_path: Path, phase: Phase, **kwargs: object) -> ChimeraApp:
    return ChimeraApp(plan=LaunchPlan(start=advanced(phase, **kwargs)), saves=tmp_path, bot_delay=0.0)  # type: ignore[arg-type]


PHASES = [
    Phase.TORSO,
    Phase.DEAL,
    Phase.AUCTION,
    Phase.PICK,
    Phase.BUILD,
    Phase.TURN,
    Phase.JOIN,
    Phase.REACT,
]


class TestCodenamePhases:
    @pytest.mark.parametrize("size", SIZES)
    @pytest.mark.parametrize("phase", PHASES, ids=[p.value for p in PHASES])
    def test_phase(self, snap_compare, tmp_path: Path, phase: Phase, size) -> None:  # type: ignore[no-untyped-def]
        """The screen when the person at seat 1 must decide, in each phase."""
        assert snap_compare(app_at(tmp_path, phase), press=["wait:200"], terminal_size=size)

    @pytest.mark.parametrize("size", SIZES)
    def test_game_over(self, snap_compare, tmp_path: Path, size) -> None:  # type: ignore[no-untyped-def]
        """A game played to the end: the results screen (verdict, what each monster did, the chart) over the
        winner's monster; it waits for the results screen itself, not for a time."""

        async def results_shown(pilot) -> None:  # type: ignore[no-untyped-def]
            from chimera_tui.ui.games.codename.results import ResultsScreen
            from chimera_tui.ui.games.codename.screen import CodenameScreen
            from chimera_tui.ui.widgets.action_log import ActionLog

            def settled() -> bool:
                game = next(s for s in pilot.app.screen_stack if isinstance(s, CodenameScreen))
                logs = [log for log in game.query(ActionLog) if log.display and log.lines]
                return (
                    isinstance(pilot.app.screen, ResultsScreen)
                    and bool(logs)
                    and all(log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y for log in logs)
                )

            for _ in range(200):
                if settled():
                    break
                await pilot.pause()
            # a modal shows the screen below as it was last drawn: close and reopen the results (r) so
            # the table below is drawn with its log scrolled to the end
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("r")
            for _ in range(200):
                if settled():
                    break
                await pilot.pause()
            await pilot.pause()

        assert snap_compare(app_at(tmp_path, Phase.OVER), run_before=results_shown, terminal_size=size)


class TestCodenameFourPlayers:
    @pytest.mark.parametrize("size", SIZES)
    def test_arena(self, snap_compare, tmp_path: Path, size) -> None:  # type: ignore[no-untyped-def]
        """Four monsters: at 160×50 all at once, at 80×24 one page each (the turn order in the second line)."""
        app = app_at(tmp_path, Phase.TURN, players=4, seats="human,bot,bot,bot")
        assert snap_compare(app, press=["wait:200"], terminal_size=size)


class TestCodenameFlows:
    def test_action_menu(self, snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Enter on a card in the hand while building: the ways to attach it."""
        assert snap_compare(
            app_at(tmp_path, Phase.BUILD), press=["wait:200", "enter"], terminal_size=(80, 24)
        )

    @pytest.mark.parametrize("size", SIZES)
    def test_aiming(self, snap_compare, tmp_path: Path, size) -> None:  # type: ignore[no-untyped-def]
        """An arena turn: Enter on the torso aims it; the targets on the other monster are marked ◎."""
        assert snap_compare(
            app_at(tmp_path, Phase.TURN), press=["wait:200", "enter", "wait:100"], terminal_size=size
        )

    def test_all_choices(self, snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """The "c" key lists every legal action (here: the bids)."""
        assert snap_compare(app_at(tmp_path, Phase.AUCTION), press=["wait:200", "c"], terminal_size=(80, 24))

    def test_table_page_in_the_arena(self, snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """At 80×24, "t" shows the table page: the graveyard."""
        assert snap_compare(app_at(tmp_path, Phase.REACT), press=["wait:200", "t"], terminal_size=(80, 24))

    def test_hand_off_while_building(self, snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """Two people: after seat 1 finishes building, the hand-off screen hides everything."""
        app = app_at(tmp_path, Phase.BUILD, seats="human,human")
        keys = ["wait:200", "enter", "wait:200", "n", "wait:200"]  # passes the opening hand-off first
        assert snap_compare(app, press=keys, terminal_size=(80, 24))

    def test_rules_for_the_card(self, snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """? opens the rules on the topic under the cursor (drafting: the auction)."""
        assert snap_compare(
            app_at(tmp_path, Phase.AUCTION),
            press=["wait:200", "question_mark", "wait:200"],
            terminal_size=(80, 24),
        )


class TestAnswerAhead:
    @staticmethod
    def _to_the_first_bid(tmp_path: Path, then: list[str]) -> tuple[ChimeraApp, Any]:
        """Three people: the dealer takes a card; the first bidder, behind the hand-off, is offered to answer
        ahead by the line above the footer (issue 32: nothing opens by itself); `then` are keys after."""
        from textual.screen import ModalScreen

        start = advanced(Phase.DEAL, players=3, seats="human,human,human", seed=5)
        app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)

        async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
            for _ in range(100):
                await pilot.pause(0.02)
                state = pilot.app._table.match.state
                if state.phase is Phase.AUCTION and not isinstance(pilot.app.screen, ModalScreen):
                    break
                await pilot.press("enter")  # the hand-offs; on the deal, Enter takes the first card
            await pilot.press(*then)
            await pilot.pause(0.3)

        return app, run_before

    @pytest.mark.parametrize("size", SIZES)
    def test_offered_at_the_first_bid(self, snap_compare, size, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        app, run_before = self._to_the_first_bid(tmp_path, [])
        assert snap_compare(app, run_before=run_before, terminal_size=size)

    def test_the_box_opens_with_A(self, snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        app, run_before = self._to_the_first_bid(tmp_path, ["A"])
        assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))
