"""Answering ahead on the game screens (ui/games/ahead.py): the dialog the table's questions open, and the
hand-off that comes before any other person's eyes, on this new road too."""

from __future__ import annotations

from pathlib import Path

from chimera_tui.games.codename.state import Phase
from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.ahead import AnswerAheadDialog
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.codename.screen import CodenameScreen
from chimera_tui.ui.games.codename.widgets import ActionMenu


def _app(tmp_path: Path, game: str = "codename", seed: int = 5) -> ChimeraApp:
    seats = make_seats(game, 3, ["human"] * 3, [])
    return ChimeraApp(
        plan=LaunchPlan(start=new_start(game, 3, seats, seed, {})), saves=tmp_path, bot_delay=0.0
    )


async def test_three_people_draft_by_answering_ahead_each_behind_a_hand_off(tmp_path: Path) -> None:
    """Through Codename's draft at 80×24: the table asks each person ahead in a dialog; whenever the screen
    (the board or that dialog) shows a new person's eyes, the hand-off screen came first, and the dialog
    only ever offers the keyboard seat's own answers."""
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app._table
        assert table is not None
        eyes: int | None = None
        handed = False
        dialogs = hand_offs = 0
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
                dialogs += 1
                assert table.asking() is not None and table.asking().seat == seat
                assert set(screen.offers) == set(table.offers())
                # The first row passes; the second bids up to 1; the third, up to 2: by seat.
                await pilot.press(*(["down"] * (seat % 3)), "enter", "end", "enter")
                continue
            if isinstance(screen, ActionMenu):
                await pilot.press("enter")
                continue
            if not isinstance(screen, CodenameScreen) or table.to_act() != seat:
                continue
            if state.phase is Phase.AUCTION:
                await pilot.press("n")
            else:
                await pilot.press("c")  # the dealer takes, the winner picks, the torso choice: the first
        assert table.match.state.phase is Phase.BUILD
        assert dialogs >= 8 and hand_offs >= 8
