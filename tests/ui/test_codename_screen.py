"""The Codename: Chimera screen by keys: a whole game against a bot, aiming an attack, reasons, rules, hand-off."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
from textual.content import Content
from textual.widgets import Static

from chimera_tui import games
from chimera_tui.games.codename.actions import Attach, AttackWith, Done, EndTurn
from chimera_tui.games.codename.state import Phase
from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.rulebook.text import slugify
from chimera_tui.saves import list_saves, load
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.dialogs.rules import RulesScreen
from chimera_tui.ui.games.codename.results import ResultsScreen, story
from chimera_tui.ui.games.codename.screen import CodenameScreen
from chimera_tui.ui.games.codename.widgets import ActionMenu
from chimera_tui.ui.widgets.action_log import ActionLog
from chimera_tui.ui.widgets.card_grid import CardGrid
from tests.snapshots.test_codename_snapshots import advanced
from tests.ui.settle import settled, until


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


def test_dice_show_each_throw_in_words() -> None:
    """The dice display's data comes from the state's latest roll; a 6 rolled again under exploding sixes is
    shown as separate throws and said in words, never as "[17!]"."""
    from chimera_tui.games.codename.state import Roll, RollPart
    from chimera_tui.ui.games.codename.words import roll_view

    roll = Roll(
        "attack",
        1,
        (RollPart("bear-arm-1", ((2,), (4,)), 1), RollPart("wolf-claw-2", ((6, 2),), 1, 2)),
        "torso:0",
        0,
        bonus=3,
        defense=16,
        total=21,
        hit=True,
    )
    view = roll_view(roll, ["Ada", "Robo"])
    assert view is not None and view.total == 21 and view.title == "Robo attacks Ada's torso"
    assert [(g.label, g.dice, g.modifier) for g in view.groups] == [
        ("Bear Arm", (2, 4), 1),
        ("Wolf Claw", (6, 2), 1),
        ("Roar", (), 3),
    ]
    assert view.groups[1].extra == "+2 Pack Hunter (a 6 rolled again and added)"
    assert all(d <= 6 for g in view.groups for d in g.dice)
    assert view.outcome == "≥ Defense 16: DESTROYED"
    assert roll_view(None, []) is None


def test_names_fit_a_tile_and_menus_speak_to_the_player() -> None:
    from chimera_tui.ui.games.codename.view import short_name
    from chimera_tui.ui.games.codename.words import imperative

    assert short_name("squid-tentacle-1") == "S.Tentacle"
    assert short_name("crab-pincer-1") == "CrabPincer"
    assert all(
        len(short_name(card)) <= 10 for card in ("octopus-tentacle-1", "brawler-chest", "hunched-back")
    )
    assert imperative("attacks Wolf Claw with Ada's torso", "Ada") == "Attack Wolf Claw with your torso"
    assert imperative("growls and ends the turn", None) == "Growl and end the turn"


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


def test_results_story_is_rebuilt_from_the_log() -> None:
    start = advanced(Phase.OVER)
    match = start.match
    rules = games.get("codename")
    states = [match.state_at(i) for i in range(len(match) + 1)]
    actions = [rules.parse(states[i], e.action) for i, e in enumerate(match.log)]
    s = story(states, actions, [e.seat for e in match.log])
    final = match.state
    assert s.final == [len(p.torso) + len(p.monster) if p.alive else 0 for p in final.players]
    assert sum(s.lost) == len(final.graveyard) + sum(s.regrown)
    assert len(s.columns) == final.arena_round + 1 and s.columns[-1] == "end"
    assert all(h <= a for h, a in zip(s.hits, s.attacks, strict=True))
    assert s.verdict in final.events


async def test_choices_group_attacks_and_show_each_chance(tmp_path: Path) -> None:
    """Issue 8 §3: "c" lists one line per attacking part; its targets come with the exact chance."""
    app = ChimeraApp(plan=LaunchPlan(start=advanced(Phase.TURN)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        table = app._table
        assert table is not None
        attacks = [a for a in table.legal_actions() if isinstance(a, AttackWith)]
        await pilot.press("c")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ActionMenu)
        grouped = [label for label in menu.labels if label.startswith("Attack with ")]
        assert len(grouped) == len({a.part for a in attacks}) and len(menu.labels) < len(
            table.legal_actions()
        )
        assert all("%" in label for label in grouped)
        await pilot.press("enter")
        await pilot.pause()
        sub = app.screen
        assert isinstance(sub, ActionMenu) and all(
            re.match(r"\s*(\d+%|<1%|>99%) · ", lab) for lab in sub.labels
        )
        assert not any(re.search(r"[a-z]+-[a-z]+-\d", lab) for lab in (*menu.labels, *sub.labels))  # no ids


def test_a_window_is_closed_by_n_and_told_in_words() -> None:
    """CC-ARENA-21 on the screen: in a window the headline says what to do and "n" waits until the next turn."""
    from chimera_tui.games.codename.actions import Wait
    from chimera_tui.ui.games.codename import flows
    from chimera_tui.ui.games.codename.view import FINISH
    from chimera_tui.ui.games.codename.words import status_text
    from tests.games.codename.helpers import arena, monster

    s = arena(
        monster(("pelvis", "ribcage"), energy=5),
        monster(("ribcage", "pelvis"), (), ("lizard-arm-1",), energy=3),
    )
    s = msgspec.structs.replace(s, phase=Phase.WINDOW, window=(1,))
    assert flows._FINISH["wait"] == (Phase.WINDOW, "wait") and FINISH[Phase.WINDOW][0] == Wait()
    text = status_text(s, ["Ada", "Bob"], 1, 1, "")
    assert "Bob: 3 energy: attach from your inventory, or wait (n)" in text


def test_the_title_fits_80_columns() -> None:
    """Issue 32: at 80 columns "Codename: Chimera · Drafting, deal 1 · Ben: take a face-up card for 1 energy,"
    lost "or take none". The game's name gives way first; the status is cut ("…") only when it alone is too
    long, and the window's prompt is short enough not to be."""
    from chimera_tui.ui.games.codename.words import title_text

    deal = "Drafting, deal 1 · Ben: take a face-up card for 1 energy, or take none"
    assert title_text(deal, 78) == deal
    assert title_text(deal, 120) == f"Codename: Chimera · {deal}"
    window = "Arena round 12 · Ann: 11 energy: attach from your inventory, or wait (n)"
    assert title_text(window, 78) == window
    long = "Arena round 2 · react or let it roll (n) · Ann attacks Ben's Bear Arm with Wolf Head and Stinger"
    assert title_text(long, 78).endswith("…") and len(title_text(long, 78)) == 78


async def test_every_tile_names_its_energy_cost() -> None:
    """Issue 32: a part with an attack bonus lost its cost on a tile ("Bear Arm 2d+1 D6" beside "Wolf Head
    2d D5 2e"): the detail had one column less than the tile, kept for a mark even where there was none. A
    hand, the torso halves and a monster's unmarked parts now show every card's whole line."""
    from dataclasses import replace

    from textual.app import App, ComposeResult

    from chimera_tui.games.codename.content import load
    from chimera_tui.ui.games.codename import view as v
    from chimera_tui.ui.widgets.card_grid import PITCH_X, TILE_W

    parts = load().parts
    hand = v.row_cells(tuple(parts), 4)
    for cell in hand:
        d = parts[cell.key]
        assert cell.mark == "" and cell.detail.endswith(f" {d.cost}e"), (d.name, cell.detail)
        assert len(cell.detail) <= TILE_W
    assert all(c.detail.endswith("e") for c in v.row_cells(tuple(load().torsos), 4))
    bear = next(c for c in hand if parts[c.key].name == "Bear Arm")

    class Hand(App[None]):
        def compose(self) -> ComposeResult:
            grid = CardGrid()
            grid.cells = (replace(bear, x=0, y=0),)
            yield grid

    app = Hand()
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        grid = app.query_one(CardGrid)
        drawn = "".join(seg.text for seg in grid.render_line(1))
    assert drawn[:PITCH_X].rstrip() == "2d+1 D6 3e"


async def test_the_log_keeps_its_lines_during_the_draft_at_80_by_24(tmp_path: Path) -> None:
    """Issue 32: in the draft at 80x24 the table page's log had two lines (one under a line asking ahead):
    the caption took two lines with the deck's count, and each card of the deal a blank line. The count is
    in the row's title, the caption one line, the cards as tall as their text: the log shows four lines."""
    from tests.snapshots.test_codename_snapshots import app_at

    for phase in (Phase.DEAL, Phase.AUCTION):
        app = app_at(tmp_path, phase)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda app=app: isinstance(app.screen, CodenameScreen))
            await pilot.pause(0.3)
            log = app.screen.query_one("#cn-table-log", ActionLog)
            note = app.screen.query_one("#cn-table-note", Static)
            row = app.screen.query_one("#zone-row")
            assert note.region.height == 1, phase
            assert "cards in the deck" in str(row.border_title)
            assert log.scrollable_content_region.height >= 4, (phase, log.region)
