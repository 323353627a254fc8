"""Hostile player names: plain text everywhere (issue "Trust").

Each name goes through the command line, the new-game dialog and a save round trip, and is shown on every
screen of Chimera Station, Codename: Chimera and the generic game screen (hand-off, board, dialogs, results,
the load screen). Nothing may crash; where a name is shown, it is the cleaned name (`plain_text`) letter
for letter, so markup such as ``[bold]`` or ``[@click=app.quit]`` shows as the brackets it is.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual import events
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Input

from chimera_tui import games
from chimera_tui.commands.cli import build_parser
from chimera_tui.commands.opening import plan_launch
from chimera_tui.engine.bots import bot_seed
from chimera_tui.engine.match import Match
from chimera_tui.engine.plain_text import plain_text
from chimera_tui.launch import GameStart, LaunchPlan, make_seats, new_start
from chimera_tui.saves import list_saves, load, save_match
from chimera_tui.table.base import Seat
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen

NAMES = [
    "[/]",
    "[bold]Bob",
    "[@click=app.quit]q[/]",
    "\x1b[2J\x1b[31mEvil",
    "\x1b]0;pwn\x07",
    "Bob\r\nAlice",
    "\u202eecilA",
    "W" * 500,
    "",
    " ",
    "🐉龍のチメラ🐲",
    "[red]红[/red] $accent",
    "Tab\there\x00\x7f\x9b31m",
]
IDS = [repr(name)[:24] for name in NAMES]

BACKSLASHED = ["a\\[b]c", "x\\\\[/]"]
"""Backslashes before a bracket: ``rich.markup.escape`` doubles them and Textual's parser then shows them
doubled; names in markup are escaped with `chimera_tui.ui.seats.escape_markup`, or built as Content."""
EDGE_NAMES = NAMES + BACKSLASHED
EDGE_IDS = IDS + [repr(name) for name in BACKSLASHED]

OTHER = "Zed"
"""The second seat's name."""


def expected(name: str, seat: int = 0) -> str:
    """What the game must call the player who typed `name`: the cleaned name, or the default."""
    return plain_text(name) or f"Player {seat + 1}"


SCREEN_NAMES = list({expected(name): name for name in reversed(NAMES)}.values())[::-1]
"""The screens see only cleaned names: one name per distinct cleaned name ("", " " and an OSC sequence
all become "Player 1")."""
SCREEN_NAMES += BACKSLASHED
SCREEN_IDS = [repr(name)[:24] for name in SCREEN_NAMES]


def markup_reading(text: str) -> str | None:
    """What `text` would show if it were taken as Textual markup (None when it is not valid markup)."""
    try:
        return Content.from_markup(text).plain
    except Exception:
        return None


def screen_text(app: ChimeraApp) -> str:
    """Every character on the screen now, as plain text (what an SVG snapshot would show)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False)


def check_screen(app: ChimeraApp, name: str, *, must_show: bool) -> str:
    """The screen shows no markup reading of the name (only the literal name), and shows the name when
    `must_show`."""
    text = screen_text(app)
    shown = expected(name)
    reading = markup_reading(shown)
    if reading is not None and reading != shown and len(reading.strip()) >= 3:
        assert not (reading in text and shown not in text), f"markup took effect on {type(app.screen)}"
    assert "\x1b" not in text and "\u202e" not in text
    if must_show:
        assert shown in text, f"{shown!r} is not on {type(app.screen).__name__}:\n{text}"
    return text


async def press(app: ChimeraApp, pilot: Pilot[Any], key: str) -> None:
    """`key`, except that Escape only closes dialogs (on a game screen it would leave the game)."""
    from chimera_tui.ui.games.base import GameScreen

    if key != "escape" or not isinstance(app.screen, GameScreen):
        await pilot.press(key)
    await settle(pilot)


async def settle(pilot: Pilot[Any], until: Any = None, tries: int = 100) -> None:
    """Let timers and call_after_refresh run; with `until`, until it holds (tries bound a hang only)."""
    await pilot.pause()
    for _ in range(tries if until is not None else 0):
        if until():
            return
        await pilot.pause(0.02)


# -- the edges: command line, new-game dialog, saves -----------------------------------------------------------


@pytest.mark.parametrize("name", EDGE_NAMES, ids=EDGE_IDS)
def test_command_line_names_are_plain(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`chimera new station --names NAME,Zed` (the app's run is replaced by a note of what it would open)."""
    from chimera_tui.commands import cli

    argv = [
        "--saves",
        str(tmp_path),
        "new",
        "station",
        "--seats",
        "human,human",
        "--names",
        f"{name},{OTHER}",
    ]
    opened: list[LaunchPlan] = []
    monkeypatch.setenv("CHIMERA_SAVES", str(tmp_path))  # main() sets it from --saves: restored after
    monkeypatch.setattr(ChimeraApp, "run", lambda self, *a, **k: opened.append(self.plan))
    assert cli.main(argv) == 0
    [plan] = opened
    assert plan.start is not None
    assert [s.name for s in plan.start.seats] == [expected(name), OTHER]
    assert plan.start.match.config.names == (expected(name), OTHER)
    assert plan_launch(build_parser().parse_args(argv)).start is not None


@pytest.mark.parametrize("name", EDGE_NAMES, ids=EDGE_IDS)
async def test_new_game_dialog_names_are_plain(name: str, tmp_path: Path) -> None:
    app = ChimeraApp(saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        app.screen.query_one("#seat-name-0", Input).value = name
        await pilot.press("f5")
        await settle(pilot, lambda: app._table is not None)
        assert app._table is not None
        assert app._table.seats[0].name == expected(name)
        check_screen(app, name, must_show=False)


async def test_a_name_pasted_into_the_new_game_dialog_is_its_first_line_as_plain_text(tmp_path: Path) -> None:
    """A paste reaches the name field as plain text (`ui.pasting`): the escape sequences the terminal passed on
    inside the paste would otherwise be drawn back to the terminal as they are."""
    app = ChimeraApp(saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        field = app.screen.query_one("#seat-name-0", Input)
        field.focus()
        await settle(pilot)
        app.post_message(events.Paste("\x1b[2J\r\n\x1b[31mBob\x07 the\tGreat\x1b[0m\nsecond line"))
        await settle(pilot, lambda: field.value != "")
        assert field.value == "Bob the Great"


@pytest.mark.parametrize("name", EDGE_NAMES, ids=EDGE_IDS)
def test_names_survive_a_save_round_trip(name: str, tmp_path: Path) -> None:
    seats = make_seats("codename", 2, ["human", "bot"], [name])
    start = new_start("codename", 2, seats, 3, {})
    path = tmp_path / "game.chimera"
    save_match(start.match, path, now=datetime(2026, 1, 1, tzinfo=UTC), seats=start.seats)
    loaded = load(path)
    assert loaded.seats[0].name == expected(name)
    [row] = list_saves(tmp_path)
    assert row.players[0] == expected(name)


# -- every screen ----------------------------------------------------------------------------------------------


def _start(game_id: str, name: str, kinds: str = "human,human", seed: int = 3) -> GameStart:
    kind_list = kinds.split(",")
    seats = make_seats(game_id, len(kind_list), kind_list, [name, OTHER][: len(kind_list)])
    return new_start(game_id, len(kind_list), seats, seed, {})


def _finished(game_id: str, name: str, seed: int = 4) -> GameStart:
    """A whole bots' game of `game_id`, replayed with `name` in the first seat (so results show it)."""
    rules = games.get(game_id)
    seats = make_seats(game_id, 2, ["human", "human"], [name, OTHER])
    start = new_start(game_id, 2, seats, seed, {})
    match = start.match
    bots = {s: games.bots(game_id)["random"](rules, bot_seed(seed, s)) for s in range(2)}
    while not rules.is_over(match.state):
        seat = rules.to_act(match.state)
        legal = rules.legal_actions(match.state)
        match.submit(bots[seat].choose(rules.view(match.state, seat), legal, seat))
    replayed = Match.replay(rules, match.config, match.seed, match.notations)
    return GameStart(game_id=game_id, match=replayed, seats=tuple(Seat(s.name, s.bot) for s in seats))


async def _pass_hand_off(app: ChimeraApp, pilot: Pilot[Any], name: str, *, certain: bool) -> None:
    """Past the hand-off screen, checking it names the player; `certain`: the game opens on one (when the
    first seat sees nothing private yet, as in Station and Codename, it need not)."""
    await settle(pilot)
    if certain:
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        assert isinstance(app.screen, HandOffScreen)
    if isinstance(app.screen, HandOffScreen):
        check_screen(app, name, must_show=True)
        await pilot.press("enter")
        await settle(pilot)


@pytest.mark.parametrize("name", SCREEN_NAMES, ids=SCREEN_IDS)
async def test_station_screens(name: str, tmp_path: Path) -> None:
    from chimera_tui.ui.games.station.widgets import ChoiceDialog

    app = ChimeraApp(plan=LaunchPlan(start=_start("station", name)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await _pass_hand_off(app, pilot, name, certain=False)
        await settle(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        check_screen(app, name, must_show=True)  # the dialog names the player deciding
        await pilot.press("escape")
        await settle(pilot)
        check_screen(app, name, must_show=True)
        for key in ("c", "escape", "tab", "question_mark", "escape"):
            await press(app, pilot, key)
            check_screen(app, name, must_show=False)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        seen = ""
        for key in ("escape", "1", "2", "3", "4", "v", "v", "v", "c"):
            await press(app, pilot, key)
            seen += check_screen(app, name, must_show=False)
        assert app.is_running


@pytest.mark.parametrize("name", SCREEN_NAMES, ids=SCREEN_IDS)
async def test_station_results(name: str, tmp_path: Path) -> None:
    app = ChimeraApp(plan=LaunchPlan(start=_finished("station", name)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "ResultsScreen")
        assert type(app.screen).__name__ == "ResultsScreen"
        check_screen(app, name, must_show=True)
        await pilot.press("escape")
        await settle(pilot)
        check_screen(app, name, must_show=True)
        await pilot.resize_terminal(80, 24)
        for key in ("1", "2", "3", "4", "r"):
            await press(app, pilot, key)
            check_screen(app, name, must_show=False)


@pytest.mark.parametrize("name", SCREEN_NAMES, ids=SCREEN_IDS)
async def test_codename_screens(name: str, tmp_path: Path) -> None:
    app = ChimeraApp(plan=LaunchPlan(start=_start("codename", name)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await _pass_hand_off(app, pilot, name, certain=False)
        check_screen(app, name, must_show=True)
        for key in ("c", "escape", "enter", "escape", "question_mark", "escape"):
            await press(app, pilot, key)
            check_screen(app, name, must_show=False)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        for key in ("tab", "tab", "tab", "t", "m", "c", "escape"):
            await press(app, pilot, key)
            check_screen(app, name, must_show=False)
        assert app.is_running


@pytest.mark.parametrize("name", SCREEN_NAMES, ids=SCREEN_IDS)
async def test_codename_end(name: str, tmp_path: Path) -> None:
    app = ChimeraApp(plan=LaunchPlan(start=_finished("codename", name)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await settle(pilot)
        check_screen(app, name, must_show=True)
        for key in ("escape", "tab", "t", "m"):
            await press(app, pilot, key)
            check_screen(app, name, must_show=False)
        assert app.is_running


@pytest.mark.parametrize("name", EDGE_NAMES, ids=EDGE_IDS)
async def test_generic_screen_and_load_screen(name: str, tmp_path: Path, pebbles: None) -> None:
    app = ChimeraApp(plan=LaunchPlan(start=_start("pebbles", name, seed=7)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await _pass_hand_off(app, pilot, name, certain=True)
        check_screen(app, name, must_show=True)
        await pilot.press("enter")  # a move: the hand-off to the other player
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("u")  # refused (not this seat's move): a notification, plain
        await settle(pilot)
        check_screen(app, name, must_show=True)
        await pilot.press("escape", "l")
        await settle(pilot)
        assert type(app.screen).__name__ == "LoadGameScreen"
        check_screen(app, name, must_show=True)
        await pilot.press("ctrl+p")
        await settle(pilot)
        check_screen(app, name, must_show=False)
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running


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
