"""Hostile player names: plain text everywhere (issue "Trust"). Every game with a hostile name in every seat,
at the widths where names are cut (80 and 120 columns), its results at 80×24, and Codename's line that says
whose decision it is, with the name as typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui import games
from chimera_tui.engine.bots import bot_seed
from chimera_tui.engine.match import Match
from chimera_tui.engine.plain_text import plain_text
from chimera_tui.launch import GameStart, LaunchPlan, make_seats, new_start
from chimera_tui.table.base import Seat
from chimera_tui.ui.app import ChimeraApp
from tests.ui.hostile_names import OTHER, SCREEN_NAMES, _pass_hand_off, check_screen, press, settle

# -- every game, every seat hostile, at the widths where names are cut -------------------------------------------


CUT_NAMES = [
    "[@click=app.quit]Q",
    "[bold]Bob[/bold]",
    "[/]",
    "a\\[b]c",
    "x\\\\[/]",
    "W" * 40,
]
"""One hostile name per seat: at the most players a game allows, 80 columns cut every one of them."""


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
@pytest.mark.parametrize("game_id", ["station", "codename", "imaginarium", "con"])
async def test_every_game_with_every_seat_hostile_where_names_are_cut(
    game_id: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """The most players the game allows, each with a hostile name (one seat a bot, so a bot's turn shows
    too): each screen a few keys reach, in play, at 80x24 and at a width between. Nothing may crash, and no
    name's markup may take effect (issue 20: Codename cut ``[@click=app.quit]Q`` to ``[@click=app.qui…``,
    which Rich's escape left unescaped, and the screen failed)."""
    rules = games.get(game_id)
    players = rules.max_players
    names = [CUT_NAMES[seat % len(CUT_NAMES)] for seat in range(players)]
    kinds = ["human"] * (players - 1) + ["bot"]
    seats = make_seats(game_id, players, kinds, names[: players - 1])
    start = new_start(game_id, players, seats, 5, {})
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        for key in ("enter", "tab", "tab", "c", "escape", "question_mark", "escape", "enter", "enter", "tab"):
            await press(app, pilot, key)
            for name in names[: players - 1]:
                check_screen(app, name, must_show=False)
        assert app.is_running


@pytest.mark.parametrize("game_id", ["station", "codename", "imaginarium", "con"])
async def test_every_games_results_with_every_seat_hostile_at_80x24(game_id: str, tmp_path: Path) -> None:
    """A whole random-bot game at the most players, replayed with a hostile name in every seat: the results
    and the board behind them at 80x24, where the names are cut."""
    rules = games.get(game_id)
    players = rules.max_players
    names = [CUT_NAMES[seat % len(CUT_NAMES)] for seat in range(players)]
    seats = make_seats(game_id, players, ["human"] * players, names)
    match = new_start(game_id, players, seats, 6, {}).match
    bots = {s: games.bots(game_id)["random"](rules, bot_seed(6, s)) for s in range(players)}
    while not rules.is_over(match.state):
        seat = rules.to_act(match.state)
        match.submit(bots[seat].choose(rules.view(match.state, seat), rules.legal_actions(match.state), seat))
    replayed = Match.replay(rules, match.config, match.seed, match.notations)
    start = GameStart(game_id=game_id, match=replayed, seats=tuple(Seat(s.name, s.bot) for s in seats))
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        for key in ("tab", "1", "2", "3", "escape", "tab", "r"):
            await press(app, pilot, key)
            for name in names:
                check_screen(app, name, must_show=False)
        assert app.is_running


WAITED_FOR = [name for name in SCREEN_NAMES if plain_text(name).strip()] + ["Bo[/i]"]


@pytest.mark.parametrize("name", WAITED_FOR, ids=[repr(name)[:24] for name in WAITED_FOR])
async def test_codename_says_whose_decision_it_is_with_the_name_as_typed(name: str, tmp_path: Path) -> None:
    """Enter while another seat decides says whose decision it is, in a notice naming that seat as typed. A
    name such as "[/]" or "Bo[/i]" took the notice for markup and ended the waiting player's app."""
    seats = make_seats("codename", 2, ["human", "random"], [OTHER, name])
    app = ChimeraApp(
        plan=LaunchPlan(start=new_start("codename", 2, seats, 3, {})), saves=tmp_path, bot_delay=60.0
    )
    rules = games.get("codename")
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await _pass_hand_off(app, pilot, OTHER, certain=False)
        await pilot.press("enter")  # Zed takes a torso half; the bot, slow here, takes the next two
        await settle(pilot, lambda: app._table is not None and app._table.to_act() == 1)
        assert app._table is not None and rules.to_act(app._table.match.state) == 1
        await pilot.press("enter")
        await settle(pilot, lambda: bool(app._notifications))
        assert app.is_running
        said = [n.message for n in app._notifications]
        assert f"It is {plain_text(name)}'s decision now; wait for your turn." in said
        await pilot.pause(0.2)
        check_screen(app, name, must_show=False)
