"""Answering ahead on the game screens (ui/games/ahead.py): offered by a line and the ``A`` key, never opened by
itself, never waited for, and the hand-off before any other person's eyes on this road too."""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui.games.codename.state import Phase
from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.ahead import AnswerAheadDialog
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.ahead import AheadLine
from chimera_tui.ui.games.codename.screen import CodenameScreen
from chimera_tui.ui.games.codename.widgets import ActionMenu


def _app(tmp_path: Path, game: str = "codename", seed: int = 5, names: list[str] | None = None) -> ChimeraApp:
    seats = make_seats(game, 3, ["human"] * 3, names or [])
    return ChimeraApp(
        plan=LaunchPlan(start=new_start(game, 3, seats, seed, {})), saves=tmp_path, bot_delay=0.0
    )


@pytest.mark.parametrize("seed", [1, 2])
async def test_enter_through_the_first_deal_reaches_the_first_bidder(tmp_path: Path, seed: int) -> None:
    """Issue 32: Enter through the torso halves and the first deal opened "Answer ahead" by itself, and after
    Esc the screen waited for Ben for ever. Now no box opens by itself, and the person to act is always the
    one at the keyboard: Enter (and the hand-offs) carry the draft on."""
    app = _app(tmp_path, seed=seed, names=["Ann", "Ben", "Cat"])
    async with app.run_test(size=(80, 24)) as pilot:
        table = app._table
        assert table is not None
        for _ in range(60):
            await pilot.pause()
            assert not isinstance(app.screen, AnswerAheadDialog)
            if table.match.state.phase is Phase.AUCTION and isinstance(app.screen, CodenameScreen):
                break
            await pilot.press("enter")
        assert table.match.state.phase is Phase.AUCTION
        assert table.seat == table.to_act() and table.legal_actions()
        taken = len(table.match)
        await pilot.press("escape" if isinstance(app.screen, ActionMenu) else "n")
        await pilot.press("n")  # pass
        await pilot.pause()
        assert len(table.match) > taken


async def test_a_line_offers_answering_ahead_and_only_A_opens_the_box(tmp_path: Path) -> None:
    """At a first bid the line says what answering ahead does; A opens the box; "pass for the rest of this
    auction" and g give it: the table passes for that person, who is not handed the keyboard again in this
    auction."""
    app = _app(tmp_path, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app._table
        assert table is not None
        for _ in range(60):
            await pilot.pause()
            if table.match.state.phase is Phase.AUCTION and isinstance(app.screen, CodenameScreen):
                break
            await pilot.press("enter")
        line = app.screen.query_one(AheadLine)
        assert "answer this auction ahead" in str(line.render())
        me, draft = table.seat, table.match.state.draft_round
        await pilot.press("A")
        await pilot.pause()
        assert isinstance(app.screen, AnswerAheadDialog)
        await pilot.press("enter", "g")  # the first row: pass for the rest of this auction
        await pilot.pause()
        assert table.match.notations[-1] == "pass" and table.seat != me
        while table.match.state.phase is Phase.AUCTION and table.match.state.draft_round == draft:
            assert table.seat != me
            if isinstance(app.screen, CodenameScreen):
                assert me is not None and not table.standing()  # another person's answers never show
            await pilot.press("enter" if isinstance(app.screen, HandOffScreen) else "b")
            await pilot.pause()


async def test_three_people_draft_by_answering_ahead_each_behind_a_hand_off(tmp_path: Path) -> None:
    """Through Codename's draft at 80×24, each person answering ahead with A at their first decision of a
    drafting round: whenever the screen (the board or the box) shows a new person's eyes, the hand-off
    screen came first, and the box only ever offers the keyboard seat's own answers."""
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app._table
        assert table is not None
        eyes: int | None = None
        handed = False
        boxes = hand_offs = 0
        answered: set[tuple[int, int]] = set()
        for _ in range(1500):
            await pilot.pause()
            state = table.match.state
            if state.phase is Phase.BUILD:
                break
            screen = app.screen
            if isinstance(screen, HandOffScreen):
                handed, hand_offs = True, hand_offs + 1
                await pilot.press("enter")
                continue
            seat = table.seat
            if seat != eyes:
                assert handed or eyes is None or not table.needs_hand_off(eyes, seat), (eyes, seat)
                eyes, handed = seat, False
            if isinstance(screen, AnswerAheadDialog):
                boxes += 1
                assert set(screen.offers) == set(table.offers()) | set(table.standing())
                # The first row passes; the second bids up to 1; the third, up to 2: by seat.
                await pilot.press(*(["down"] * (seat % 3)), "enter", "g")
                continue
            if isinstance(screen, ActionMenu):
                await pilot.press("enter")
                continue
            if not isinstance(screen, CodenameScreen) or table.to_act() != seat or seat is None:
                continue
            if table.suggestion() and (seat, state.draft_round) not in answered:
                answered.add((seat, state.draft_round))
                await pilot.press("A")
            elif state.phase is Phase.AUCTION:
                await pilot.press("n")
            else:
                await pilot.press("c")  # the dealer takes, the winner picks, the torso choice: the first
        assert table.match.state.phase is Phase.BUILD
        assert boxes >= 8 and hand_offs >= 8
